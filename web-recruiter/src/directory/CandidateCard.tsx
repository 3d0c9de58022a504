import {
  type CandidateCard as Card,
  type ContactedCandidate,
  cleanLocation,
  locationText,
} from '@healthtal/contracts';
import { Avatar, Box, Checkbox, Chip, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ContactedNote } from '../outreach/sequences/ContactedNote';
import {
  candidateName,
  emailProvenance,
  initialsOf,
  matchSummary,
  type SpecialtyTone,
  specialtyTone,
  visibleSkills,
} from './candidate-card';
import { ContactButtons } from './contacts/ContactButtons';
import { milesText } from './search/near';

/** Badge colours per specialty family: dark text on a light tint, AA contrast in every pair. */
const TONE_COLOURS: Record<SpecialtyTone, { bg: string; fg: string }> = {
  surgery: { bg: '#fde8e8', fg: '#9b1c1c' },
  nursing: { bg: '#e0f2f1', fg: '#0f5e57' },
  pharmacy: { bg: '#f3e8ff', fg: '#6b21a8' },
  dental: { bg: '#fef3c7', fg: '#854d0e' },
  therapy: { bg: '#dcfce7', fg: '#166534' },
  'mental-health': { bg: '#e0e7ff', fg: '#3730a3' },
  physician: { bg: '#dbeafe', fg: '#1e40af' },
  other: { bg: '#f1f5f9', fg: '#334155' },
};

export function SpecialtyBadge({ specialty }: { specialty: string | null }) {
  if (!specialty) return null;
  const colours = TONE_COLOURS[specialtyTone(specialty)];
  return (
    <Chip
      size="small"
      label={specialty}
      sx={{ bgcolor: colours.bg, color: colours.fg, fontWeight: 600 }}
      data-tone={specialtyTone(specialty)}
    />
  );
}

type Props = {
  card: Card;
  selected?: boolean;
  onToggleSelected?: (id: string) => void;
  showFullName?: boolean;
  /** The caller's last sequence email to them, and a global opt-out (issue 36). */
  contact?: ContactedCandidate;
};

/**
 * One result (spec §3): initials, name, specialty badge, title, organization and location (null
 * texts hidden), education chips, the first five skills then "+N more", contact reveal, and the
 * provenance HealthTal adds: when the email was verified and its status.
 */
export const CandidateCard = memo(function CandidateCard({
  card,
  selected,
  onToggleSelected,
  showFullName = true,
  contact,
}: Props) {
  const name = candidateName(card.firstName, card.lastName, showFullName);
  const location = cleanLocation(card.location) ?? locationText(card.city, card.state);
  // With a "Within" search: how far the practice is from its place (issue 35).
  const distance = milesText(card.distanceMiles);
  const skills = visibleSkills(card.skills);
  const why = matchSummary(card.matched);
  const provenance = emailProvenance(card.emailVerifiedAt, new Date(), card.emailStatus, card.hasEmail);
  const headingId = `candidate-${card.id}`;
  // Issue 37: dense, so a laptop shows five or more and a phone the first near the top. Where and
  // for whom on one line (cut short with the whole text on hover), the chips on one more.
  const place = [location, distance].filter(Boolean).join(' · ');
  const facts: [key: string, text: string][] = [];
  if (card.title) facts.push(['title', card.title]);
  if (card.organization) facts.push(['organization', card.organization]);
  if (place) facts.push(['place', place]);
  return (
    <Paper variant="outlined" component="article" aria-labelledby={headingId} sx={{ px: 1.5, py: 1 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        {onToggleSelected ? (
          <Checkbox
            size="small"
            checked={selected ?? false}
            onChange={() => onToggleSelected(card.id)}
            slotProps={{ input: { 'aria-label': `Select ${name}` } }}
            sx={{ p: 0.5, ml: -0.5 }}
          />
        ) : null}
        <Avatar
          sx={{
            bgcolor: 'primary.main',
            width: 32,
            height: 32,
            fontSize: '0.875rem',
            display: { xs: 'none', sm: 'flex' },
          }}
          aria-hidden
        >
          {initialsOf(card.firstName, card.lastName)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={{ xs: 0.5, md: 1 }}
            sx={{ alignItems: { xs: 'flex-start', md: 'center' }, justifyContent: 'space-between' }}
          >
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}
            >
              <Typography
                variant="h6"
                component="h2"
                id={headingId}
                sx={{ fontSize: '1rem', lineHeight: 1.6 }}
              >
                <MuiLink component={RouterLink} to={`/physician/${card.id}`} underline="hover">
                  {name}
                </MuiLink>
              </Typography>
              <SpecialtyBadge specialty={card.specialty} />
            </Stack>
            <Box sx={{ flexShrink: 0 }}>
              <ContactButtons
                candidateId={card.id}
                hasEmail={card.hasEmail}
                emailStatus={card.emailStatus}
                hasPhone={card.hasPhone}
                linkedinUrl={card.linkedinUrl}
                hasLinkedin={card.hasLinkedin}
              />
            </Box>
          </Stack>
          {facts.length > 0 ? (
            <Typography
              variant="body2"
              color="text.secondary"
              noWrap
              title={facts.map(([, text]) => text).join(' · ')}
            >
              {facts.map(([key, text], i) => (
                <Box component="span" key={key} sx={key === 'title' ? { color: 'text.primary' } : undefined}>
                  {i > 0 ? ' · ' : null}
                  {text}
                </Box>
              ))}
            </Typography>
          ) : null}
          {card.education.length > 0 || skills.shown.length > 0 || provenance || why || contact ? (
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                columnGap: 1.5,
                rowGap: 0.25,
                mt: 0.5,
              }}
            >
              {card.education.length > 0 ? (
                <Stack
                  direction="row"
                  spacing={0.5}
                  useFlexGap
                  sx={{ flexWrap: 'wrap' }}
                  aria-label="Education"
                >
                  {card.education.map((e) => (
                    <Chip
                      key={`${e.school}|${e.degree}`}
                      size="small"
                      variant="outlined"
                      label={e.degree ? `${e.school} · ${e.degree}` : e.school}
                    />
                  ))}
                </Stack>
              ) : null}
              {skills.shown.length > 0 ? (
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Skills">
                  {skills.shown.map((skill) => (
                    <Chip key={skill} size="small" label={skill} />
                  ))}
                  {skills.more ? <Chip size="small" variant="outlined" label={skills.more} /> : null}
                </Stack>
              ) : null}
              {provenance ? (
                <Typography variant="caption" color="text.secondary" component="p">
                  {provenance}
                </Typography>
              ) : null}
              <ContactedNote contact={contact} />
              {why ? (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="p"
                  aria-label="Why this match"
                >
                  {`Why this match: ${why}`}
                </Typography>
              ) : null}
            </Box>
          ) : null}
        </Box>
      </Stack>
    </Paper>
  );
});

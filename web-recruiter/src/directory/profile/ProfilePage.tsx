import {
  CANDIDATE_FIELDS,
  type CandidateFieldTable,
  CandidateProfile,
  cleanLocation,
  humanDate,
  locationText,
  sourceLabel,
} from '@healthtal/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import {
  Avatar,
  Box,
  Button,
  Chip,
  Container,
  Divider,
  IconButton,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ApiError, api } from '../../app/api';
import { PageSpinner } from '../../app/RequireAuth';
import { useToast } from '../../app/toast';
import { ContactedNote } from '../../outreach/sequences/ContactedNote';
import { useContacted } from '../../outreach/sequences/sequences-api';
import { SpecialtyBadge } from '../CandidateCard';
import { candidateName, emailProvenance, initialsOf, RevealMessages as M } from '../candidate-card';
import { ContactButtons } from '../contacts/ContactButtons';
import { Paywall } from '../search/Paywall';
import { titled } from '../search/search-screen';
import { ExperienceSections } from './ExperienceSections';
import { LicensesSection } from './LicensesSection';
import { ProfileActions } from './ProfileActions';
import { RegistrySection } from './RegistrySection';

/**
 * One professional (spec §2 "Physician profile", at /physician/:id and /physicians/:id): the full
 * record without contact details, the reveal buttons, a favourite toggle (local only, not kept),
 * Add to List, Email and Export PDF (issue 37), and a not-found state.
 */
export function ProfilePage() {
  const { id = '' } = useParams();
  const toast = useToast();
  const profile = useQuery({
    queryKey: ['candidate', id],
    queryFn: () => api(`/api/v1/candidates/${id}`, { schema: CandidateProfile }),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
  const status = profile.error instanceof ApiError ? profile.error.status : null;

  useEffect(() => {
    if (profile.isError && status !== 404 && status !== 403)
      toast(titled(M.profileErrorTitle, status === null ? M.unexpected : M.profileError), 'error');
  }, [profile.isError, status, toast]);

  if (profile.isPending) return <PageSpinner />;
  if (status === 404 || status === 400) return <NotFound />;
  if (status === 403) return <Paywall locked>{<Box sx={{ minHeight: '60vh' }} />}</Paywall>;
  if (profile.isError)
    return <LoadFailed detail={status === null ? M.unexpected : M.profileError} retry={profile.refetch} />;
  if (!profile.data) return <NotFound />;
  return <Profile profile={profile.data} />;
}

/** The server failed (or could not be reached): say so, not "not found" (issue 37), and offer a retry. */
function LoadFailed({ detail, retry }: { detail: string; retry: () => unknown }) {
  return (
    <Container sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {M.profileErrorTitle}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {detail}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 2 }}>
        <Button variant="contained" onClick={() => void retry()}>
          {M.tryAgainButton}
        </Button>
        <Button variant="outlined" component={RouterLink} to="/directory">
          {M.backToDirectory}
        </Button>
      </Stack>
    </Container>
  );
}

function BackButton() {
  const location = useLocation();
  const navigate = useNavigate();
  // Spec: /physicians/… goes back to /search, /physician/… back in history.
  const toSearch = location.pathname.includes('/physicians/');
  return (
    <Button startIcon={<ArrowBack />} onClick={() => (toSearch ? navigate('/search') : navigate(-1))}>
      Back
    </Button>
  );
}

function NotFound() {
  return (
    <Container sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Profile not found
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {M.notFound}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/directory" sx={{ mt: 2 }}>
        {M.backToDirectory}
      </Button>
    </Container>
  );
}

/** A record field's value as the profile shows it: a list joined, a number as digits, nothing when empty. */
function shown(value: unknown): string | null {
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : null;
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Fields a section of their own shows, with their sources: the credential is education's. */
const IN_SECTIONS = new Set(['credential']);

/** The record's rows, in the field table's order: each field with a profile label (CANDIDATE_FIELDS). */
const FIELDS: [string, (p: CandidateProfile) => string | null][] = Object.entries(
  CANDIDATE_FIELDS as CandidateFieldTable,
).flatMap(([field, { profile }]) => {
  if (!profile?.label || IN_SECTIONS.has(field)) return [];
  const { show } = profile;
  const read = (p: CandidateProfile) => (p as unknown as Record<string, unknown>)[field];
  if (show === 'date') return [[profile.label, (p) => (read(p) ? humanDate(read(p) as string) : null)]];
  if (show) return [[profile.label, (p) => show(p as unknown as Record<string, unknown>)]];
  return [[profile.label, (p) => shown(read(p))]];
});

function Profile({ profile: p }: { profile: CandidateProfile }) {
  const [favourite, setFavourite] = useState(false);
  // With the registry's prefix and suffix: "Dr. Harold Leroy Smitson II".
  const name = [
    p.namePrefix,
    candidateName(p.firstName, [p.middleName, p.lastName].filter(Boolean).join(' ')),
    p.nameSuffix,
  ]
    .filter(Boolean)
    .join(' ');
  const location = cleanLocation(p.location) ?? locationText(p.city, p.state);
  const provenance = emailProvenance(p.emailVerifiedAt, new Date(), p.emailStatus, p.hasEmail);
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <BackButton />
      <Paper variant="outlined" sx={{ p: 3, mt: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 24 }} aria-hidden>
            {initialsOf(p.firstName, p.lastName)}
          </Avatar>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h4" component="h1">
              {name}
            </Typography>
            {p.title ? <Typography>{p.title}</Typography> : null}
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
              <SpecialtyBadge specialty={p.specialty} />
            </Stack>
          </Box>
          <Tooltip title={favourite ? 'Remove from favorites' : 'Add to favorites'}>
            <IconButton
              aria-label="Favorite"
              aria-pressed={favourite}
              onClick={() => setFavourite((f) => !f)}
            >
              {favourite ? <Favorite color="error" /> : <FavoriteBorder />}
            </IconButton>
          </Tooltip>
        </Stack>
        <ProfileActions candidateId={p.id} name={name} />
        {p.organization ? <Typography sx={{ mt: 2 }}>{p.organization}</Typography> : null}
        {location ? <Typography color="text.secondary">{location}</Typography> : null}
        <Divider sx={{ my: 2 }} />
        <Typography variant="h6" component="h2" gutterBottom>
          Contact
        </Typography>
        <ContactButtons
          candidateId={p.id}
          hasEmail={p.hasEmail}
          emailStatus={p.emailStatus}
          hasPhone={p.hasPhone}
          linkedinUrl={p.linkedinUrl}
          hasLinkedin={p.hasLinkedin}
          size="medium"
        />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {[provenance, `Source: ${sourceLabel(p.source)}`].filter(Boolean).join(' · ')}
        </Typography>
        <ProfileContacted candidateId={p.id} />
        <Divider sx={{ my: 2 }} />
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { sm: '200px 1fr' }, gap: 1, m: 0 }}>
          {FIELDS.flatMap(([label, read]) => {
            const value = read(p);
            return value
              ? [
                  <Typography key={`${label}-t`} component="dt" color="text.secondary">
                    {label}
                  </Typography>,
                  <Typography key={`${label}-d`} component="dd" sx={{ m: 0 }}>
                    {value}
                  </Typography>,
                ]
              : [];
          })}
        </Box>
        <LicensesSection profile={p} />
        <ExperienceSections profile={p} year={new Date().getFullYear()} />
        {p.registry ? <RegistrySection registry={p.registry} /> : null}
        {p.education.length > 0 ? (
          <>
            <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
              Education
            </Typography>
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
              {p.education.map((e) => (
                <Chip
                  key={`${e.school}|${e.degree}`}
                  variant="outlined"
                  label={e.degree ? `${e.school} · ${e.degree}` : e.school}
                />
              ))}
            </Stack>
          </>
        ) : null}
        {p.skills.length > 0 ? (
          <>
            <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
              Skills
            </Typography>
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
              {p.skills.map((skill) => (
                <Chip key={skill} label={skill} />
              ))}
            </Stack>
          </>
        ) : null}
      </Paper>
    </Container>
  );
}

/** "Contacted by you on …" and a global opt-out, under the contact buttons (issue 36). */
function ProfileContacted({ candidateId }: { candidateId: string }) {
  const contacted = useContacted([candidateId]);
  return <ContactedNote contact={contacted.get(candidateId)} />;
}

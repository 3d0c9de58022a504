import { type ContactedCandidate, humanDate, SequenceViewMessages as M } from '@healthtal/contracts';
import MailOutlined from '@mui/icons-material/MailOutlined';
import UnsubscribeOutlined from '@mui/icons-material/UnsubscribeOutlined';
import { Box, Typography } from '@mui/material';

/** The theme's dark orange of warnings: 7:1 on white, where MUI's orange is under 4.5:1. */
const OPTED_OUT_COLOUR = '#9a3412';

/** On a card and the profile: a caption line, the opt-out in the warning colour. */
export function ContactedNote({ contact }: { contact: ContactedCandidate | undefined }) {
  if (!contact) return null;
  return (
    <Typography variant="caption" component="p" color="text.secondary" aria-label="Outreach">
      {contact.lastContactedAt ? M.contactedByYou(humanDate(contact.lastContactedAt)) : null}
      {contact.lastContactedAt && contact.optedOut ? ' · ' : null}
      {contact.optedOut ? (
        <Box component="span" sx={{ color: OPTED_OUT_COLOUR, fontWeight: 600 }}>
          {M.optedOut}
        </Box>
      ) : null}
    </Typography>
  );
}

/**
 * In a results table row: icons only, so the row keeps its height and width (the density of issue
 * 37); each says its text to a screen reader and on hover.
 */
export function ContactedIcons({ contact }: { contact: ContactedCandidate | undefined }) {
  if (!contact) return null;
  const icon = { fontSize: 14, mr: 0.5, verticalAlign: 'text-bottom' } as const;
  return (
    <>
      {contact.lastContactedAt ? (
        <MailOutlined
          titleAccess={M.contactedByYou(humanDate(contact.lastContactedAt))}
          sx={{ ...icon, color: 'primary.main' }}
        />
      ) : null}
      {contact.optedOut ? (
        <UnsubscribeOutlined titleAccess={M.optedOut} sx={{ ...icon, color: OPTED_OUT_COLOUR }} />
      ) : null}
    </>
  );
}

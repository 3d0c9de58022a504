import { composeLinks } from '@healthtal/contracts';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { Recipient } from './recipients';

type Props = { recipients: Recipient[]; loading: boolean };

/**
 * One preview per recipient with its own compose links: each candidate gets a message addressed to
 * them ("Hi Pat"), never the template's "{{first_name}}", and no recipient sees the others' addresses.
 */
export function RecipientMessages({ recipients, loading }: Props) {
  if (recipients.length === 0) return null;
  return (
    <Stack spacing={1.5} aria-label="Messages" role="list" aria-busy={loading}>
      {recipients.map((r) => (
        <Paper
          key={r.candidateId}
          variant="outlined"
          sx={{ p: 1.5 }}
          role="listitem"
          aria-label={`Message to ${r.name}`}
        >
          <Typography variant="subtitle2">
            {r.name === r.email ? r.email : `${r.name} <${r.email}>`}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }} aria-label="Subject preview">
            {r.subject || '(no subject)'}
          </Typography>
          {/* A scrolling region a keyboard can reach and scroll (axe: scrollable-region-focusable). */}
          <Box
            role="region"
            tabIndex={0}
            aria-label="Message preview"
            sx={{ whiteSpace: 'pre-wrap', typography: 'body2', maxHeight: '8em', overflow: 'auto', my: 1 }}
          >
            {r.body || '(empty message)'}
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Open in">
            {composeLinks([r.email], r.subject, r.body).map((link) => (
              <Button
                key={link.label}
                size="small"
                variant="contained"
                href={link.href}
                target={link.href.startsWith('mailto:') ? undefined : '_blank'}
                rel="noopener noreferrer"
                disabled={loading}
              >
                {link.label}
              </Button>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

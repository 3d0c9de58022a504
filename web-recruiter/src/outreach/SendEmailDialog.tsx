import { DEMO_DISABLED_TOOLTIP } from '@healthtal/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useAuth } from '../app/auth';
import { useToast } from '../app/toast';
import { RevealMessages } from '../directory/candidate-card';
import { emailsOf, SEND_EMAIL_REVEAL_MAX } from '../directory/contacts/reveal-emails';
import { revealRefusal } from '../directory/contacts/reveal-refusal';
import { useEmailTemplates } from './outreach-api';
import { PlaceholderHint } from './PlaceholderHint';
import { RecipientMessages } from './RecipientMessages';
import { useRecipients } from './recipients';
import { TemplatePicker } from './TemplatePicker';

type Props = { open: boolean; onClose: () => void; candidateIds: string[] };

/**
 * Send Email (spec §2, §7): the selected candidates' emails (from the 24-hour cache, or revealed on
 * request), a subject and body (optionally from a saved template) whose placeholders are filled for
 * each recipient, and per recipient a preview with compose links for three web mail services plus
 * the default email app. Demo accounts cannot send email (spec §6).
 */
export function SendEmailDialog({ open, onClose, candidateIds }: Props) {
  const auth = useAuth();
  const toast = useToast();
  const templates = useEmailTemplates(open && auth.status === 'signed-in');
  const [emails, setEmails] = useState<Map<string, string>>(new Map());
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const userId = auth.me?.user.id;
  const allowed = auth.can('contacts');

  useEffect(() => {
    if (!open || !userId || !allowed) return;
    void emailsOf(userId, candidateIds, false).then(setEmails);
  }, [open, userId, allowed, candidateIds]);

  const revealAll = async () => {
    if (!userId) return;
    setBusy(true);
    try {
      setEmails(await emailsOf(userId, candidateIds, true));
    } catch (error) {
      const refusal = revealRefusal(error, auth.can('basic') && !auth.can('premium') && auth.can('not-demo'));
      toast(refusal.message, refusal.severity, { action: refusal.action });
    } finally {
      setBusy(false);
    }
  };

  const { recipients, loading } = useRecipients(emails, subject, body);
  const missing = Math.min(candidateIds.length, SEND_EMAIL_REVEAL_MAX) - emails.size;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="send-email-title">
      <DialogTitle id="send-email-title">Send Email</DialogTitle>
      <DialogContent>
        {!allowed ? (
          <Alert severity="info">
            {auth.me?.demo.isDemo ? DEMO_DISABLED_TOOLTIP : RevealMessages.subscriptionRequired}
          </Alert>
        ) : (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Typography variant="body2" aria-label="Recipients">
              To:{' '}
              {recipients.length > 0 ? recipients.map((r) => r.email).join(', ') : 'no revealed emails yet'}
            </Typography>
            {missing > 0 ? (
              <Button variant="outlined" onClick={() => void revealAll()} disabled={busy}>
                {busy ? 'Revealing…' : `Reveal ${missing} ${missing === 1 ? 'email' : 'emails'}`}
              </Button>
            ) : null}
            {candidateIds.length > SEND_EMAIL_REVEAL_MAX ? (
              <Alert severity="info">
                At most {SEND_EMAIL_REVEAL_MAX} recipients per email; export the rest.
              </Alert>
            ) : null}
            <TemplatePicker
              templates={templates.data}
              onLoad={(template) => {
                setSubject(template.subject);
                setBody(template.body);
              }}
            />
            <TextField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
            <TextField
              label="Message"
              value={body}
              onChange={(e) => setBody(e.target.value)}
              multiline
              minRows={5}
            />
            <PlaceholderHint />
            <RecipientMessages recipients={recipients} loading={loading} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

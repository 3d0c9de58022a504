import { ContactMessageRequest, ContactMessages } from '@healthtal/contracts';
import { Alert, Box, Button, Container, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { api } from '../app/api';
import { errorsFromServer, FormField, fieldErrorsOf, useFormState } from '../app/forms';

const FIELDS = [
  ['name', 'Name', 'name'],
  ['email', 'Email', 'email'],
  ['phone', 'Phone', 'tel'],
  ['subject', 'Subject', 'off'],
] as const;

/** The contact form: name, email, phone, subject, message, with the spec's messages. */
export function ContactPage() {
  const form = useFormState({
    name: '',
    email: '',
    phone: '',
    subject: '',
    message: '',
  });
  const { values, set, setValues, errors, setErrors, busy, setBusy } = form;
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ContactMessageRequest.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues));
    // A new attempt replaces the last one's outcome: no old error beside a later success (issue 37).
    setErrors({});
    setSent(false);
    setBusy(true);
    try {
      await api('/api/v1/contact-messages', { method: 'POST', json: parsed.data });
      setSent(true);
      setValues({ name: '', email: '', phone: '', subject: '', message: '' });
    } catch (error) {
      setErrors(
        errorsFromServer(error, `${ContactMessages.sendFailedTitle}: ${ContactMessages.sendFailedText}`),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Contact us
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        Questions about plans, data or your account? We answer within one business day.
      </Typography>
      {sent ? (
        <Alert severity="success" sx={{ my: 2 }}>
          Thank you! Your message has been sent. We will get back to you soon.
        </Alert>
      ) : null}
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
          {FIELDS.map(([key, label, autoComplete]) => (
            <TextField
              key={key}
              label={label}
              required
              autoComplete={autoComplete}
              value={values[key]}
              onChange={(e) => set(key, e.target.value)}
              error={Boolean(errors[key])}
              helperText={errors[key]}
            />
          ))}
          <FormField form={form} name="message" label="Message" required multiline minRows={5} />
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Sending…' : 'Send Message'}
          </Button>
        </Stack>
      </Box>
    </Container>
  );
}

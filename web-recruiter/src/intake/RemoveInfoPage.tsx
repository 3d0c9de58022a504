import { RemovalMessages, RemovalRequestAccepted, RemovalRequestForm } from '@healthtal/contracts';
import { Alert, Box, Button, Container, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { api } from '../app/api';
import { errorsFromServer, FormField, fieldErrorsOf, useFormState } from '../app/forms';

/** Remove My Information: an email address, then a confirmation link by mail. */
export function RemoveInfoPage() {
  const form = useFormState({ email: '' });
  const { values, errors, setErrors, busy, setBusy } = form;
  const [answer, setAnswer] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = RemovalRequestForm.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues));
    setBusy(true);
    try {
      const accepted = await api('/api/v1/removal-requests', {
        method: 'POST',
        json: parsed.data,
        schema: RemovalRequestAccepted,
      });
      setAnswer(accepted.message);
    } catch (error) {
      setErrors(errorsFromServer(error, RemovalMessages.requestFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Remove My Information
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        Enter the email address we may hold. We send it a link; once you confirm, your personal data is erased
        from HealthTal and kept out of future updates. Requests are completed within 30 days.
      </Typography>
      {answer ? (
        <Alert severity="success" sx={{ my: 2 }} role="status">
          {answer}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2 }}>
          <Stack spacing={2}>
            {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
            <FormField form={form} name="email" label="Email" type="email" autoComplete="email" required />
            <Button type="submit" variant="contained" disabled={busy}>
              Request removal
            </Button>
          </Stack>
        </Box>
      )}
    </Container>
  );
}

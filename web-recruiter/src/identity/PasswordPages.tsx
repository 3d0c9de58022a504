import { AuthMessages, EmailRequest, ResetPasswordRequest } from '@healthtal/contracts';
import { Alert, Box, Button, Container, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { api } from '../app/api';
import { errorsFromServer, FormField, fieldErrorsOf, useFormState } from '../app/forms';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const form = useFormState({ email: '' });
  const { values, errors, setErrors, busy, setBusy } = form;
  const [sent, setSent] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = EmailRequest.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues));
    setBusy(true);
    try {
      await api('/api/v1/auth/forgot-password', { method: 'POST', json: parsed.data });
      setSent(true);
    } catch (error) {
      setErrors(errorsFromServer(error, AuthMessages.tooManyAttempts));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container maxWidth="xs" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Reset your password
      </Typography>
      {sent ? (
        <Alert severity="success">If an account exists for {values.email}, a reset link is on its way.</Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={2}>
            {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
            <FormField form={form} name="email" label="Email" type="email" autoComplete="email" required />
            <Button type="submit" variant="contained" disabled={busy}>
              Send reset link
            </Button>
          </Stack>
        </Box>
      )}
    </Container>
  );
}

/** The link in the reset email lands here with its token. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const form = useFormState({
    password: '',
    confirmPassword: '',
  });
  const { values, errors, setErrors, busy, setBusy } = form;
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ResetPasswordRequest.safeParse({ ...values, token: params.get('token') ?? '' });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues));
    setBusy(true);
    try {
      await api('/api/v1/auth/reset-password', { method: 'POST', json: parsed.data });
      setDone(true);
    } catch (error) {
      setErrors(errorsFromServer(error, AuthMessages.invalidOrExpiredLink));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container maxWidth="xs" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Choose a new password
      </Typography>
      {done ? (
        <>
          <Alert severity="success">Your password is changed. Log in with the new one.</Alert>
          <Button component={RouterLink} to="/login" variant="contained" sx={{ mt: 3 }}>
            Log in
          </Button>
        </>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={2}>
            {errors.form || errors.token ? (
              <Alert severity="error">{errors.form ?? AuthMessages.invalidOrExpiredLink}</Alert>
            ) : null}
            <FormField
              form={form}
              name="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              required
            />
            <FormField
              form={form}
              name="confirmPassword"
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              required
            />
            <Button type="submit" variant="contained" disabled={busy}>
              Save new password
            </Button>
          </Stack>
        </Box>
      )}
    </Container>
  );
}

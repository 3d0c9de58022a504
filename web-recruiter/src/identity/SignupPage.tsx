import { AuthMessages, SignupRequest, SignupResponse } from '@healthtal/contracts';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  Container,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import type { FormEvent } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { ApiError, api } from '../app/api';
import { useAuth } from '../app/auth';
import { FormField, fieldErrorsOf, useFormState } from '../app/forms';
import { useToast } from '../app/toast';

/** Sign-up (spec §5): email, password twice, optional source, phone, terms; submit disabled until terms. */
export function SignupPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const form = useFormState({
    email: '',
    password: '',
    confirmPassword: '',
    source: '',
    phone: '',
    acceptTerms: false,
  });
  const { values, set, errors, setErrors, busy, setBusy } = form;

  if (auth.status === 'signed-in') return <Navigate to="/search" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = SignupRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setBusy(true);
    try {
      const answer = await api('/api/v1/auth/signup', {
        method: 'POST',
        json: values,
        schema: SignupResponse,
      });
      // Spec §4: a user without a session must verify first ('Check your email'); a sign-up that
      // comes with a session says 'Account created!'. Both go on to the waiting screen.
      toast(answer.verificationRequired ? AuthMessages.checkEmailTitle : AuthMessages.accountCreated);
      navigate('/check-email-confirmation', { state: { email: parsed.data.email } });
    } catch (error) {
      setErrors(signupErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Create your account
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {errors.form ? <SignupError message={errors.form} /> : null}
          <FormField form={form} name="email" label="Email" type="email" autoComplete="email" required />
          <FormField
            form={form}
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            helperText={'At least 6 characters.'}
          />
          <FormField
            form={form}
            name="confirmPassword"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            required
          />
          <FormField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" required />
          <FormField form={form} name="source" label="Where did you hear about us? (optional)" />
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={values.acceptTerms}
                  onChange={(e) => set('acceptTerms', e.target.checked)}
                />
              }
              label={
                <>
                  I accept the{' '}
                  <Link component={RouterLink} to="/terms">
                    terms and conditions
                  </Link>
                </>
              }
            />
            {errors.acceptTerms ? <FormHelperText error>{errors.acceptTerms}</FormHelperText> : null}
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={!values.acceptTerms || busy}>
            {busy ? 'Creating account…' : 'Create account'}
          </Button>
          <Typography variant="body2">
            Already have an account?{' '}
            <Link component={RouterLink} to="/login">
              Log in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </Container>
  );
}

/** The form-level error; for a known address, the spec's title and a way to sign in. */
function SignupError({ message }: { message: string }) {
  if (message !== AuthMessages.alreadyRegistered)
    return (
      <Alert severity="error" role="alert">
        {message}
      </Alert>
    );
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{AuthMessages.alreadyRegisteredTitle}</AlertTitle>
      {message}{' '}
      <Link component={RouterLink} to="/login">
        Log in
      </Link>
    </Alert>
  );
}

/** The spec's sign-up error catalogue over the server's answer. */
function signupErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return { form: AuthMessages.signupFailed };
  if (error.status === 409) return { form: AuthMessages.alreadyRegistered };
  const fields = error.problem.errors ?? {};
  if (Object.keys(fields).length > 0) return { ...fields };
  return { form: error.problem.detail ?? AuthMessages.signupFailed };
}

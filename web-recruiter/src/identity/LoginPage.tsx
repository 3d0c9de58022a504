import { AuthMessages, LoginRequest } from '@healthtal/contracts';
import { Alert, Box, Button, Container, Link, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '../app/api';
import { useAuth } from '../app/auth';
import { type FieldErrors, fieldErrorsOf } from '../app/forms';
import { useToast } from '../app/toast';
import { DEFAULT_RETURN_PATH, safeReturnPath } from './return-to';

/**
 * Where to go after signing in, in the spec's order: return_to, the prior location, /directory.
 * Only a path of this site counts (`isSameOriginPath`): `/%5Cevil.example` is /directory.
 */
export function loginTarget(returnTo: string | null, from: unknown): string {
  return safeReturnPath(returnTo, safeReturnPath(from, DEFAULT_RETURN_PATH));
}

export function LoginPage() {
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  /** The address a sign-in was refused for because it is not confirmed yet: it may ask for a new link. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const target = loginTarget(params.get('return_to'), (location.state as { from?: unknown } | null)?.from);

  if (auth.status === 'signed-in')
    return <Navigate to={target === DEFAULT_RETURN_PATH ? '/search' : target} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setUnconfirmed(null);
    // Spec §5: email and password are required.
    const parsed = LoginRequest.safeParse({ email, password });
    setFieldErrors(parsed.success ? {} : fieldErrorsOf(parsed.error.issues));
    if (!parsed.success) return;
    setBusy(true);
    try {
      await auth.login(email, password);
      toast('Success!');
      navigate(target, { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : AuthMessages.loginFailed);
      setUnconfirmed(
        caught instanceof ApiError && caught.field('email') === AuthMessages.emailNotConfirmed ? email : null,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container maxWidth="xs" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Log in
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {error ? (
            <Alert
              severity="error"
              action={unconfirmed ? <ResendVerification email={unconfirmed} onSent={setError} /> : undefined}
            >
              {error}
            </Alert>
          ) : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            error={Boolean(fieldErrors.email)}
            helperText={fieldErrors.email}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            error={Boolean(fieldErrors.password)}
            helperText={fieldErrors.password}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Signing in…' : 'Log in'}
          </Button>
          <Link component={RouterLink} to="/forgot-password">
            Forgot password?
          </Link>
          <Typography variant="body2">
            No account?{' '}
            <Link component={RouterLink} to="/signup">
              Get Started
            </Link>
          </Typography>
        </Stack>
      </Box>
    </Container>
  );
}

/** The refused sign-in's way on: a new verification link for the address that tried. */
function ResendVerification({ email, onSent }: { email: string; onSent: (error: string | null) => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await api('/api/v1/auth/resend-verification', { method: 'POST', json: { email } });
      toast(AuthMessages.verificationResent(email), 'info');
      onSent(null);
    } catch (caught) {
      onSent(caught instanceof ApiError ? caught.message : AuthMessages.loginFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button color="inherit" size="small" onClick={resend} disabled={busy}>
      {AuthMessages.resendVerification}
    </Button>
  );
}

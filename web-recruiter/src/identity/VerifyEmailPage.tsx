import { AuthMessages } from '@healthtal/contracts';
import { Alert, Button, CircularProgress, Container, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '../app/api';

type State = { kind: 'loading' } | { kind: 'verified'; email: string } | { kind: 'error'; message: string };

/** The link in the verification email lands here: the token is spent once, then the visitor logs in. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>({ kind: 'loading' });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return; // StrictMode runs effects twice; the token is single use.
    sent.current = true;
    if (!token) {
      setState({ kind: 'error', message: AuthMessages.invalidOrExpiredLink });
      return;
    }
    api<{ email: string }>('/api/v1/auth/verify-email', { method: 'POST', json: { token } })
      .then((answer) => setState({ kind: 'verified', email: answer.email }))
      .catch((error) =>
        setState({
          kind: 'error',
          message: error instanceof ApiError ? error.message : AuthMessages.invalidOrExpiredLink,
        }),
      );
  }, [token]);

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Email verification
      </Typography>
      {state.kind === 'loading' ? <CircularProgress aria-label="Verifying" /> : null}
      {state.kind === 'verified' ? (
        <>
          <Alert severity="success">Your email {state.email} is verified. You can log in now.</Alert>
          <Button component={RouterLink} to="/login" variant="contained" sx={{ mt: 3 }}>
            Log in
          </Button>
        </>
      ) : null}
      {state.kind === 'error' ? <Alert severity="error">{state.message}</Alert> : null}
    </Container>
  );
}

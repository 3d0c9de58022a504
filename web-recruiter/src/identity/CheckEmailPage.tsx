import { AuthMessages } from '@healthtal/contracts';
import { Alert, Button, Container, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ApiError, api } from '../app/api';
import { useToast } from '../app/toast';

/** After sign-up: the address from navigation state, a spam hint, resend, and the way back to log in. */
export function CheckEmailPage() {
  const location = useLocation();
  const toast = useToast();
  const email = (location.state as { email?: unknown } | null)?.email;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    // Opened directly (no sign-up just before): there is no address to send to (spec).
    if (typeof email !== 'string') {
      setError(AuthMessages.noEmailToResend);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api('/api/v1/auth/resend-verification', { method: 'POST', json: { email } });
      toast(AuthMessages.emailSent);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {AuthMessages.checkEmailTitle}
      </Typography>
      <Typography gutterBottom>
        {typeof email === 'string' ? (
          <>
            We sent a verification link to <strong>{email}</strong>.
          </>
        ) : (
          'We sent you a verification link.'
        )}{' '}
        Click it to activate your account.
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        Not there? Check your spam or junk folder.
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        <Button variant="outlined" onClick={resend} disabled={busy}>
          Resend verification email
        </Button>
        <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
          Back to log in
        </Link>
      </Stack>
    </Container>
  );
}

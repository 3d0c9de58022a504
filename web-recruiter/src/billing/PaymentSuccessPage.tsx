import { BillingMessages, PAYMENT_RECHECK_DELAYS_MS } from '@healthtal/contracts';
import { Alert, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useAuth } from '../app/auth';
import { useToast } from '../app/toast';
import { safeReturnPath } from '../identity/return-to';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Back from checkout: the webhook may land a moment after the browser, so the page waits 3 s,
 * re-reads the subscription, waits 2 s and re-reads again before celebrating (spec §4).
 */
export function PaymentSuccessPage() {
  const auth = useAuth();
  const toast = useToast();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  // Where checkout started, with `upgraded=true` (the search page's welcome toast); else the directory.
  const next = safeReturnPath(params.get('return_to'));
  const [state, setState] = useState<'checking' | 'done' | 'unverified'>(
    sessionId ? 'checking' : 'unverified',
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!sessionId) {
      toast(BillingMessages.paymentUnverified, 'error');
      return;
    }
    void (async () => {
      try {
        for (const delay of PAYMENT_RECHECK_DELAYS_MS) {
          await wait(delay);
          await auth.reload();
        }
        toast(BillingMessages.paymentSuccessful);
      } catch {
        toast(BillingMessages.paymentSuccessful, 'info');
      }
      setState('done');
    })();
  }, [sessionId, auth, toast]);

  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {state === 'unverified' ? 'Payment not verified' : BillingMessages.paymentSuccessful}
      </Typography>
      {state === 'checking' ? (
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress aria-label="Confirming your subscription" />
          <Typography color="text.secondary">Confirming your subscription…</Typography>
        </Stack>
      ) : null}
      {state === 'unverified' ? <Alert severity="error">{BillingMessages.paymentUnverified}</Alert> : null}
      {state === 'done' ? (
        <Typography color="text.secondary">
          {BillingMessages.welcome(auth.me?.subscription.plan_name)}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 4 }}>
        <Button component={RouterLink} to={next} variant="contained">
          {BillingMessages.toDirectory}
        </Button>
        <Button component={RouterLink} to="/account" variant="outlined">
          View Account Settings
        </Button>
      </Stack>
    </Container>
  );
}

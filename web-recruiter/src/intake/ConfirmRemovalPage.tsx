import { RemovalConfirmationResult, RemovalMessages } from '@healthtal/contracts';
import { Alert, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '../app/api';

type State = { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

/** The link in the removal email: loading, then success or the spec's error. */
export function ConfirmRemovalPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>(
    token ? { kind: 'loading' } : { kind: 'error', message: RemovalMessages.noToken },
  );
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return; // the token is single use: StrictMode must not spend it twice
    sent.current = true;
    api('/api/v1/removal-requests/confirm', {
      method: 'POST',
      json: { token },
      schema: RemovalConfirmationResult,
    })
      .then((result) => setState({ kind: 'success', message: result.message }))
      .catch((error) =>
        setState({
          kind: 'error',
          message: error instanceof ApiError && error.status < 500 ? error.message : RemovalMessages.failed,
        }),
      );
  }, [token]);

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Confirm removal
      </Typography>
      {state.kind === 'loading' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress aria-label="Processing your removal" />
          <Typography>Processing your removal request…</Typography>
        </Stack>
      ) : null}
      {state.kind === 'success' ? (
        <Alert severity="success" role="status">
          {state.message}
        </Alert>
      ) : null}
      {state.kind === 'error' ? <Alert severity="error">{state.message}</Alert> : null}
      {state.kind !== 'loading' ? (
        <Button component={RouterLink} to="/" sx={{ mt: 3 }}>
          Return Home
        </Button>
      ) : null}
    </Container>
  );
}

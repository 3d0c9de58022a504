import { RemovalConfirmationResult, RemovalMessages, RemovalOptOutResult } from '@healthtal/contracts';
import { Alert, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '../app/api';

type State =
  | { kind: 'asking' }
  | { kind: 'loading' }
  | { kind: 'success'; message: string }
  | { kind: 'error'; message: string };

/**
 * The link in the removal email: it explains and waits for Confirm removal; only that press erases
 * (issue 37: mail scanners open links, so opening the page must change nothing). The same link also
 * offers to stop recruiting email only, erasing nothing (issue 36). Then loading, success or the
 * spec's error.
 */
export function ConfirmRemovalPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>(
    token ? { kind: 'asking' } : { kind: 'error', message: RemovalMessages.noToken },
  );

  // Either choice posts the token: erase (confirm), or stop recruiting email only (opt-out, issue 36).
  const send = (choice: 'confirm' | 'opt-out') => {
    if (!token) return;
    setState({ kind: 'loading' });
    const post = { method: 'POST', json: { token } } as const;
    const answer =
      choice === 'confirm'
        ? api('/api/v1/removal-requests/confirm', { ...post, schema: RemovalConfirmationResult })
        : api('/api/v1/removal-requests/opt-out', { ...post, schema: RemovalOptOutResult });
    answer
      .then((result) => setState({ kind: 'success', message: result.message }))
      .catch((error) =>
        setState({
          kind: 'error',
          message: error instanceof ApiError && error.status < 500 ? error.message : RemovalMessages.failed,
        }),
      );
  };

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Confirm removal
      </Typography>
      {state.kind === 'asking' ? (
        <>
          <Typography gutterBottom>{RemovalMessages.confirmExplanation}</Typography>
          <Button variant="contained" color="error" onClick={() => send('confirm')} sx={{ mt: 2 }}>
            {RemovalMessages.confirmButton}
          </Button>
          <Typography sx={{ mt: 4 }} gutterBottom>
            {RemovalMessages.optOutExplanation}
          </Typography>
          <Button variant="outlined" onClick={() => send('opt-out')} sx={{ mt: 1 }}>
            {RemovalMessages.optOutButton}
          </Button>
        </>
      ) : null}
      {state.kind === 'loading' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress aria-label="Processing your removal" />
          <Typography>{RemovalMessages.processing}</Typography>
        </Stack>
      ) : null}
      {state.kind === 'success' ? (
        <Alert severity="success" role="status">
          {state.message}
        </Alert>
      ) : null}
      {state.kind === 'error' ? <Alert severity="error">{state.message}</Alert> : null}
      {state.kind !== 'loading' ? (
        <Button component={RouterLink} to="/" sx={{ mt: 3, display: 'block', width: 'fit-content' }}>
          Return Home
        </Button>
      ) : null}
    </Container>
  );
}

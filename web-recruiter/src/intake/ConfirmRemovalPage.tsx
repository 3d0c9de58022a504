import { RemovalConfirmationResult, RemovalMessages } from '@healthtal/contracts';
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
 * (issue 37: mail scanners open links, so opening the page must change nothing). Then loading,
 * success or the spec's error.
 */
export function ConfirmRemovalPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>(
    token ? { kind: 'asking' } : { kind: 'error', message: RemovalMessages.noToken },
  );

  const confirm = () => {
    if (!token) return;
    setState({ kind: 'loading' });
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
  };

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Confirm removal
      </Typography>
      {state.kind === 'asking' ? (
        <>
          <Typography gutterBottom>{RemovalMessages.confirmExplanation}</Typography>
          <Button variant="contained" color="error" onClick={confirm} sx={{ mt: 2 }}>
            {RemovalMessages.confirmButton}
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

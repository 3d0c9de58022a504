import Lock from '@mui/icons-material/Lock';
import { Button, Container, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { RevealQuotaNote } from '../../billing/RevealQuotaNote';
import { PAYWALL, PAYWALL_TEASER as T } from './search-screen';

/** /login, coming back to this search afterwards. */
export function useLoginLink(): string {
  const { pathname, search } = useLocation();
  return `/login?${new URLSearchParams({ return_to: `${pathname}${search}` })}`;
}

type Props = { count: number | null | undefined; signedIn: boolean; onWhy: () => void };

function headline(count: number | null | undefined, signedIn: boolean): string {
  if (count === undefined) return PAYWALL.title;
  if (!signedIn) return T.signedOut;
  return count === null ? T.counting : T.matches(count);
}

/**
 * Above the blurred results once the paywall is closed: how many match (signed in; a signed-out
 * visitor is asked to log in, search needs an account, spec §6) and the ways on. Not a modal: the
 * header and the rest of the app stay usable.
 */
export function PaywallTeaser({ count, signedIn, onWhy }: Props) {
  const login = useLoginLink();
  return (
    <Container maxWidth="xl" sx={{ pt: 3, position: 'sticky', top: 64, zIndex: 2 }}>
      <Paper
        component="section"
        aria-label={T.label}
        elevation={3}
        sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Lock color="primary" />
        <Stack sx={{ flex: 1, minWidth: 240 }}>
          <Typography role="status" sx={{ fontWeight: 600 }}>
            {headline(count, signedIn)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {T.hint}
          </Typography>
          <RevealQuotaNote variant="body2" />
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button onClick={onWhy}>{T.showPlans}</Button>
          {signedIn ? null : (
            <Button component={RouterLink} to={login} variant="outlined">
              {PAYWALL.logIn}
            </Button>
          )}
          <Button component={RouterLink} to="/pricing" variant="contained">
            {T.startPlan}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

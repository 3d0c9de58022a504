import { Box } from '@mui/material';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useAuth } from '../../app/auth';
import { PaywallTeaser } from './PaywallTeaser';

// Subscribers never see it: the dialog is fetched only for a locked page.
const PaywallDialog = lazy(() => import('./PaywallDialog').then((m) => ({ default: m.PaywallDialog })));

type Props = {
  locked: boolean;
  /**
   * On a search: how many match (a free account's search answers it), null signed out or while it
   * loads. Left out elsewhere (a profile).
   */
  count?: number | null;
  children: ReactNode;
};

/**
 * The paywall (spec §2): the page shows blurred and inert beneath the spec's modal. Ours (issue 17):
 * it never traps. Esc or Close dismisses it, and the header stays reachable; what remains is a
 * teaser above the blurred page with the number of matches, Start a plan and, signed out, Log in.
 */
export function Paywall({ locked, count, children }: Props) {
  const signedIn = useAuth().status === 'signed-in';
  const [dismissed, setDismissed] = useState(false);
  return (
    <>
      {locked && dismissed ? (
        <PaywallTeaser count={count} signedIn={signedIn} onWhy={() => setDismissed(false)} />
      ) : null}
      <Box
        inert={locked || undefined}
        aria-hidden={locked || undefined}
        sx={locked ? { filter: 'blur(4px)', pointerEvents: 'none', userSelect: 'none' } : undefined}
      >
        {children}
      </Box>
      {locked && !dismissed ? (
        <Suspense fallback={null}>
          <PaywallDialog signedIn={signedIn} onClose={() => setDismissed(true)} />
        </Suspense>
      ) : null}
    </>
  );
}

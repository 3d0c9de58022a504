import { Box } from '@mui/material';
import { lazy, type ReactNode, Suspense } from 'react';

// Subscribers never see it: the dialog is fetched only for a locked page.
const PaywallDialog = lazy(() => import('./PaywallDialog').then((m) => ({ default: m.PaywallDialog })));

/**
 * The paywall (spec §2): the page shows blurred and inert beneath a modal that cannot be dismissed,
 * with the spec's title, text, three benefits, Get Started and Contact Sales.
 */
export function Paywall({ locked, children }: { locked: boolean; children: ReactNode }) {
  return (
    <>
      <Box
        inert={locked || undefined}
        aria-hidden={locked || undefined}
        sx={locked ? { filter: 'blur(4px)', pointerEvents: 'none', userSelect: 'none' } : undefined}
      >
        {children}
      </Box>
      {locked ? (
        <Suspense fallback={null}>
          <PaywallDialog />
        </Suspense>
      ) : null}
    </>
  );
}

import type { TooltipProps } from '@mui/material';
import { lazy, Suspense } from 'react';

const MuiTooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * MUI's Tooltip (with Popper) loaded after the first paint: until it arrives the child renders
 * without a tooltip. Keeps Popper out of the first download of the search page.
 */
export function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <MuiTooltip {...props} />
    </Suspense>
  );
}

import type { ReactElement } from 'react';
import { LazyTooltip } from './lazy-tooltip';

/** A button that is off with a reason, shown as its tooltip (the demo and plan gates of spec §6). */
export function Gated({ reason, children }: { reason: string | null; children: ReactElement }) {
  return reason ? (
    <LazyTooltip title={reason} enterDelay={700} enterNextDelay={300}>
      <span>{children}</span>
    </LazyTooltip>
  ) : (
    children
  );
}

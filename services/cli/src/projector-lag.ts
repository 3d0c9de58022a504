import type { ReadModelReadiness } from '@healthtal/contracts';
import type { EventStore } from '@healthtal/eventstore';
import { type Projection, type ReadModelState, readModelStates } from '@healthtal/projections';
import type pg from 'pg';

/**
 * Readiness detail: each read model's state, lag (events and seconds) and parked events. Not ready
 * while one is not installed, has parked events, or lags more than `maxLagSeconds`; the reason names
 * them. A read model catching up within the bound is ready.
 */
export async function projectorLag(
  pool: pg.Pool,
  store: EventStore,
  projections: readonly Pick<Projection, 'name' | 'handles'>[],
  { maxLagSeconds }: { maxLagSeconds: number },
) {
  const states = await readModelStates(pool, store, projections, { maxLagSeconds });
  const detail: Record<string, ReadModelReadiness> = {};
  for (const { name, status, lagEvents, lagSeconds, parked } of states)
    detail[name] = { status, lagEvents, lagSeconds, parked };
  const blocking = states.filter((state) => !servable(state));
  return {
    ready: blocking.length === 0,
    detail,
    ...(blocking.length > 0 ? { reason: blocking.map(describe).join('; ') } : {}),
  };
}

const servable = (state: ReadModelState) => state.status === 'caught up' || state.status === 'catching up';

function describe(state: ReadModelState): string {
  if (state.status === 'parked')
    return `${state.name} has ${state.parked} parked event${state.parked === 1 ? '' : 's'}`;
  if (state.status === 'lagging')
    return `${state.name} lags ${state.lagSeconds} s (${state.lagEvents} events)`;
  return `${state.name} is ${state.status}`;
}

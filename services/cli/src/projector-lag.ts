import { type Clock, systemClock } from '@healthtal/api';
import type { ReadModelReadiness } from '@healthtal/contracts';
import type { EventStore } from '@healthtal/eventstore';
import { type Projection, type ReadModelState, readModelStates } from '@healthtal/projections';
import type pg from 'pg';
import type { ProjectorThread, ProjectorThreadState } from './projector-thread';

/**
 * Readiness detail: each read model's state, lag (events and seconds) and parked events. Not ready
 * while one is not installed, has parked events, has stalled (events wait and its checkpoint stands
 * still) or lags more than `maxLagSeconds`, nor while the projectors' thread of this process is not
 * running (it is being started again, ADR 0043), nor while its first start has not every read model
 * tailing the store (ADR 0071); the reason names them. A read model catching up within the bounds is
 * ready. Lag and standing still are counted in `clock`'s time.
 */
export async function projectorLag(
  pool: pg.Pool,
  store: EventStore,
  projections: readonly Pick<Projection, 'name' | 'handles'>[],
  {
    maxLagSeconds,
    thread,
    starting,
    clock = systemClock,
  }: {
    maxLagSeconds: number;
    thread?: () => ProjectorThreadState;
    /** What the projectors' first start is on (projector-thread.ts); null once every read model tails the store. */
    starting?: () => ReturnType<ProjectorThread['starting']>;
    clock?: Pick<Clock, 'now'>;
  },
) {
  const states = await readModelStates(pool, store, projections, { maxLagSeconds, now: clock.now });
  const detail: Record<string, ReadModelReadiness> = {};
  for (const { name, status, lagEvents, lagSeconds, parked } of states)
    detail[name] = { status, lagEvents, lagSeconds, parked };
  const reasons = states.filter((state) => !servable(state)).map(describe);
  const threadState = thread?.();
  const start = starting?.() ?? null;
  if (threadState && !threadState.running) reasons.unshift(describeThread(threadState, clock.now()));
  else if (start) reasons.unshift(describeStart(start));
  return {
    ready: reasons.length === 0,
    detail: start ? { ...detail, starting: start } : detail,
    ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
  };
}

/**
 * The first start, until every read model tails the store: the read model it is on, and how far an
 * install's replay has come (ADR 0071).
 */
function describeStart(start: NonNullable<ReturnType<ProjectorThread['starting']>>): string {
  if (start.readModel === null) return 'starting the read models';
  if (start.eventsReplayed === 0 && start.percentOfLog === null)
    return `starting the read models: ${start.readModel}`;
  const share = start.percentOfLog === null ? '' : `, ${start.percentOfLog} % of the event log`;
  return `installing the read model ${start.readModel}: ${start.eventsReplayed.toLocaleString('en-US')} events replayed${share}`;
}

function describeThread(state: Extract<ProjectorThreadState, { running: false }>, now: Date): string {
  const seconds = Math.round((now.getTime() - state.since.getTime()) / 1000);
  return `the projectors' thread is not running for ${seconds} s (${state.attempts} restarts tried; last: ${state.lastError})`;
}

const servable = (state: ReadModelState) => state.status === 'caught up' || state.status === 'catching up';

function describe(state: ReadModelState): string {
  if (state.status === 'parked')
    return `${state.name} has ${state.parked} parked event${state.parked === 1 ? '' : 's'}`;
  if (state.status === 'stalled')
    return `${state.name} stands still while ${state.lagEvents === 1 ? '1 event waits' : `${state.lagEvents} events wait`} (the oldest for ${state.lagSeconds} s)`;
  if (state.status === 'lagging')
    return `${state.name} lags ${state.lagSeconds} s (${state.lagEvents} events)`;
  return `${state.name} is ${state.status}`;
}

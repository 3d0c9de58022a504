import { type Clock, type ReadModels, systemClock } from '@healthtal/api';
import type { ParkedEventRow, ReadModelRow } from '@healthtal/contracts';
import { type EventStore, formatPosition } from '@healthtal/eventstore';
import {
  listParked,
  type ParkedEvent,
  type Projection,
  type ReadModelState,
  readModelStates,
  retryParked,
} from '@healthtal/projections';
import type pg from 'pg';

/** `clock`: the time lag is counted in. */
export type ReadModelSettings = { maxLagSeconds: number; clock?: Pick<Clock, 'now'> };

/**
 * What the API's console routes and `/readyz` need of the read models, over the projections
 * runtime: the API itself never imports @healthtal/projections.
 */
export function createReadModels(
  pool: pg.Pool,
  store: EventStore,
  projections: readonly Projection[],
  { maxLagSeconds, clock = systemClock }: ReadModelSettings,
): ReadModels {
  return {
    status: async () =>
      (await readModelStates(pool, store, projections, { maxLagSeconds, now: clock.now })).map(toRow),
    parked: async ({ readModel, ids, offset, limit, descending, byId }) => {
      const { rows, total } = await listParked(pool, {
        ...(readModel ? { projection: readModel } : {}),
        ...(ids ? { ids } : {}),
        offset,
        limit,
        descending,
        ...(byId ? { byId } : {}),
      });
      return { rows: rows.map(toParkedRow), total };
    },
    retry: async (name) => {
      const projection = projections.find((candidate) => candidate.name === name);
      return projection ? retryParked(pool, store, projection) : null;
    },
  };
}

export const toRow = (state: ReadModelState): ReadModelRow => ({
  id: state.name,
  status: state.status,
  lagEvents: state.lagEvents,
  lagSeconds: state.lagSeconds,
  parked: state.parked,
  checkpointUpdatedAt: state.checkpointUpdatedAt?.toISOString() ?? null,
});

const toParkedRow = (parked: ParkedEvent): ParkedEventRow => ({
  id: `${parked.projection}:${parked.eventId}`,
  readModel: parked.projection,
  eventId: parked.eventId,
  streamId: parked.streamId,
  eventType: parked.eventType,
  position: formatPosition(parked.position),
  error: parked.error,
  attempts: parked.attempts,
  firstSeenAt: parked.firstSeenAt.toISOString(),
  lastSeenAt: parked.lastSeenAt.toISOString(),
});

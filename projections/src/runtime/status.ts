import { READ_MODEL_LAG_COUNT_LIMIT, type ReadModelStatus } from '@healthtal/contracts';
import type { EventStore } from '@healthtal/eventstore';
import type pg from 'pg';
import { parkedCounts } from './parked-events';
import type { Projection } from './projection';

/** How old the oldest unapplied event may get before a read model counts as lagging. */
export const DEFAULT_MAX_LAG_SECONDS = 300;
/**
 * How long events may wait while the checkpoint stands still before a read model counts as stalled
 * (its projector is not running, or fails every batch). A working projector moves its checkpoint
 * with every batch, a second or so apart even in an import's catch-up (ADR 0043).
 */
export const DEFAULT_STALL_SECONDS = 10;

export type ReadModelState = {
  name: string;
  status: ReadModelStatus;
  lagEvents: number;
  lagSeconds: number;
  parked: number;
  checkpointUpdatedAt: Date | null;
};

type CheckpointRow = { name: string; commit_position: string; prepare_position: string; updated_at: Date };

/**
 * Where each read model stands: events of its types after its checkpoint (counted, not read), how
 * long ago the first of them was recorded, and how many events it has parked.
 */
export async function readModelStates(
  pool: pg.Pool,
  store: EventStore,
  projections: readonly Pick<Projection, 'name' | 'handles'>[],
  {
    maxLagSeconds = DEFAULT_MAX_LAG_SECONDS,
    stallSeconds = DEFAULT_STALL_SECONDS,
    now = () => new Date(),
  } = {},
): Promise<ReadModelState[]> {
  const [checkpoints, parked] = await Promise.all([
    pool.query<CheckpointRow>(
      'select name, commit_position, prepare_position, updated_at from projection_checkpoints',
    ),
    parkedCounts(pool),
  ]);
  const byName = new Map(checkpoints.rows.map((row) => [row.name, row]));
  return Promise.all(
    projections.map(async ({ name, handles }): Promise<ReadModelState> => {
      const checkpoint = byName.get(name);
      const parkedCount = parked.get(name) ?? 0;
      if (!checkpoint)
        return {
          name,
          status: 'not installed',
          lagEvents: 0,
          lagSeconds: 0,
          parked: parkedCount,
          checkpointUpdatedAt: null,
        };
      const after = {
        commit: Number(checkpoint.commit_position),
        prepare: Number(checkpoint.prepare_position),
      };
      const lagEvents = await store.countEvents({ after, types: handles, limit: READ_MODEL_LAG_COUNT_LIMIT });
      const [first] =
        lagEvents > 0 ? await store.readAll({ fromPosition: after, limit: 1, types: handles }) : [];
      const lagSeconds = first
        ? Math.max(0, Math.floor((now().getTime() - first.recordedAt.getTime()) / 1000))
        : 0;
      const standingSeconds = (now().getTime() - checkpoint.updated_at.getTime()) / 1000;
      const status: ReadModelStatus =
        parkedCount > 0
          ? 'parked'
          : lagSeconds > stallSeconds && standingSeconds > stallSeconds
            ? 'stalled'
            : lagSeconds > maxLagSeconds
              ? 'lagging'
              : lagEvents > 0
                ? 'catching up'
                : 'caught up';
      return {
        name,
        status,
        lagEvents,
        lagSeconds,
        parked: parkedCount,
        checkpointUpdatedAt: checkpoint.updated_at,
      };
    }),
  );
}

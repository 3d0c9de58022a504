import type { AllPosition, EventStore, RecordedEvent } from '@healthtal/eventstore';
import { inTransaction, isAfter, START } from '@healthtal/eventstore';
import type pg from 'pg';
import { readCheckpoint, writeCheckpoint } from './checkpoints';
import { writeParked } from './parked-events';
import { applyIsolatingPoison, type PoisonedEvent } from './poison';
import type { ProjectorLogger } from './projection';
import { LIVE_SCHEMA, type Projection, rebuildSchemaOf } from './projection';

const REBUILD_BATCH = 2000;

export type RebuildProgress = { events: number; position: AllPosition };
/** What a replay left out: events that failed MAX_ATTEMPTS times (parked by a rebuild). */
export type ReplayResult = RebuildProgress & { poisoned: PoisonedEvent[] };

/**
 * Replays every event into fresh tables in a side schema while the live tables keep serving, then,
 * in one transaction that holds the live checkpoint's lock, applies the last events, drops the old
 * tables, moves the new ones in and sets the checkpoint. Readers see the old model or the new one,
 * never a half-built one.
 */
export async function rebuildProjection(
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
  onProgress?: (progress: RebuildProgress) => void,
  logger?: Pick<ProjectorLogger, 'error'>,
): Promise<RebuildProgress> {
  // Two processes starting together must not build the same side schema at once.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [`rebuild:${projection.name}`]);
    return await rebuildLocked(pool, store, projection, onProgress, logger);
  } finally {
    await lock
      .query('select pg_advisory_unlock(hashtext($1))', [`rebuild:${projection.name}`])
      .catch(() => undefined);
    lock.release();
  }
}

async function rebuildLocked(
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
  onProgress?: (progress: RebuildProgress) => void,
  logger?: Pick<ProjectorLogger, 'error'>,
): Promise<RebuildProgress> {
  const schema = rebuildSchemaOf(projection);
  const replayed = await replayIntoSchema(pool, store, projection, schema, { onProgress });
  let { position } = replayed;
  let count = replayed.events;
  const { poisoned } = replayed;
  const replay = async (client: pg.PoolClient, events: RecordedEvent[]) => {
    const relevant = events.filter((event) => projection.handles.includes(event.type));
    if (relevant.length > 0) await applyIsolatingPoison(client, projection, relevant, poisoned);
    position = events[events.length - 1]!.position;
    count += events.length;
  };

  await inTransaction(pool, schema, async (client) => {
    const live = await readCheckpoint(client, projection.name, { lock: true });
    for (;;) {
      const events = await store.readAll({
        fromPosition: position,
        limit: REBUILD_BATCH,
        types: projection.handles,
      });
      if (events.length === 0) break;
      await replay(client, events);
    }
    for (const table of projection.tables) {
      await client.query(`drop table if exists "${LIVE_SCHEMA}"."${table}" cascade`);
      await client.query(`alter table "${schema}"."${table}" set schema "${LIVE_SCHEMA}"`);
    }
    await client.query(`drop schema "${schema}" cascade`);
    await replaceParked(client, projection.name, poisoned);
    const finalPosition = live && isAfter(live.position, position) ? live.position : position;
    await writeCheckpoint(client, projection.name, { version: projection.version, position: finalPosition });
  });
  for (const { event, error } of poisoned)
    logger?.error(
      { projection: projection.name, eventId: event.metadata.eventId, eventType: event.type, err: error },
      'event parked during rebuild: the read model was built without it',
    );
  onProgress?.({ events: count, position });
  return { events: count, position };
}

/**
 * The rebuilt tables hold every event but the poisoned ones: those are the read model's parked
 * events now, and whatever was parked or failing before is applied in them (or poisoned again).
 */
async function replaceParked(client: pg.PoolClient, projection: string, poisoned: PoisonedEvent[]) {
  await client.query('delete from projection_parked_events where projection = $1', [projection]);
  for (const { event, error, attempts } of poisoned)
    await writeParked(client, projection, event, error, attempts);
}

/**
 * How long after `until` events are still read: PostgreSQL stamps an event with its transaction's
 * start, so one that started before `until` can sit in `$all` behind one stamped after it. No append
 * transaction lasts anywhere near this long.
 */
const LATE_COMMIT_GRACE_MS = 60_000;

export type ReplayOptions = {
  /** Only events recorded at or before this moment: the read model as it stood then. */
  until?: Date;
  onProgress?: (progress: RebuildProgress) => void;
};

/**
 * Creates the projection's tables in `schema` (dropped first if it exists) and applies every event
 * it handles, up to `until` when given. Used by rebuilds before they swap the tables in, and by the
 * auditor's replay, which leaves them where they are for querying.
 */
export async function replayIntoSchema(
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
  schema: string,
  { until, onProgress }: ReplayOptions = {},
): Promise<ReplayResult> {
  await pool.query(`drop schema if exists "${schema}" cascade`);
  await pool.query(`create schema "${schema}"`);
  await inTransaction(pool, schema, (client) => client.query(projection.createSql));

  let position: AllPosition = START;
  let count = 0;
  const poisoned: PoisonedEvent[] = [];
  const pages = readAllUntil(store, { types: projection.handles, ...(until ? { until } : {}) });
  for await (const page of pages) {
    const wanted = page.events.filter((event) => projection.handles.includes(event.type));
    if (wanted.length > 0)
      await inTransaction(pool, schema, (client) =>
        applyIsolatingPoison(client, projection, wanted, poisoned),
      );
    position = page.position;
    count += wanted.length;
    onProgress?.({ events: count, position });
  }
  return { events: count, position, poisoned };
}

/**
 * `$all` from the start in pages, with only the events recorded at or before `until` when it is
 * given; `position` is where the page ended, whatever was left out of it.
 */
export async function* readAllUntil(
  store: EventStore,
  { until, types }: { until?: Date; types?: readonly string[] },
): AsyncGenerator<{ events: RecordedEvent[]; position: AllPosition }> {
  const stopAfter = until ? until.getTime() + LATE_COMMIT_GRACE_MS : Number.POSITIVE_INFINITY;
  let position: AllPosition = START;
  for (;;) {
    const page = await store.readAll({
      fromPosition: position,
      limit: REBUILD_BATCH,
      ...(types ? { types } : {}),
    });
    if (page.length === 0) return;
    const last = page[page.length - 1]!;
    position = last.position;
    yield { events: until ? page.filter((event) => event.recordedAt <= until) : page, position };
    if (last.recordedAt.getTime() > stopAfter) return;
  }
}

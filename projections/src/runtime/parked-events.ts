import { type AllPosition, type EventStore, inTransaction, type RecordedEvent } from '@healthtal/eventstore';
import type pg from 'pg';
import { readCheckpoint } from './checkpoints';
import { describeFailure, ProjectionNotInstalled } from './failures';
import { LIVE_SCHEMA, type Projection } from './projection';

/** A row of `projection_parked_events`: an event a read model could not apply. */
export type ParkedEvent = {
  projection: string;
  eventId: string;
  streamId: string;
  eventType: string;
  position: AllPosition;
  status: 'failing' | 'parked';
  error: string;
  attempts: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
};

type Row = {
  projection: string;
  event_id: string;
  stream_id: string;
  event_type: string;
  commit_position: string;
  prepare_position: string;
  status: 'failing' | 'parked';
  error: string;
  attempts: number;
  first_seen_at: Date;
  last_seen_at: Date;
};

const toParked = (row: Row): ParkedEvent => ({
  projection: row.projection,
  eventId: row.event_id,
  streamId: row.stream_id,
  eventType: row.event_type,
  position: { commit: Number(row.commit_position), prepare: Number(row.prepare_position) },
  status: row.status,
  error: row.error,
  attempts: row.attempts,
  firstSeenAt: row.first_seen_at,
  lastSeenAt: row.last_seen_at,
});

const eventColumns = (projection: string, event: RecordedEvent) => [
  projection,
  event.metadata.eventId,
  event.streamId,
  event.type,
  event.position.commit,
  event.position.prepare,
];

/**
 * Counts one more failure of `event`, in a statement of its own (the failed transaction is gone),
 * so the count survives a restart. Returns the failures so far.
 */
export async function recordFailure(
  pool: pg.Pool,
  projection: string,
  event: RecordedEvent,
  error: unknown,
): Promise<number> {
  const { rows } = await pool.query<{ attempts: number }>(
    `insert into projection_parked_events as p
       (projection, event_id, stream_id, event_type, commit_position, prepare_position, status, error, attempts)
     values ($1, $2, $3, $4, $5, $6, 'failing', $7, 1)
     on conflict (projection, event_id) do update
       set attempts = p.attempts + 1, error = excluded.error, last_seen_at = now()
     returning attempts`,
    [...eventColumns(projection, event), describeFailure(error)],
  );
  return rows[0]!.attempts;
}

/** Marks `event` parked, inside the caller's transaction. */
export async function writeParked(
  client: pg.PoolClient,
  projection: string,
  event: RecordedEvent,
  error: unknown,
  attempts: number,
): Promise<void> {
  await client.query(
    `insert into projection_parked_events
       (projection, event_id, stream_id, event_type, commit_position, prepare_position, status, error, attempts)
     values ($1, $2, $3, $4, $5, $6, 'parked', $7, $8)
     on conflict (projection, event_id) do update
       set status = 'parked', error = excluded.error, attempts = excluded.attempts, last_seen_at = now()`,
    [...eventColumns(projection, event), describeFailure(error), attempts],
  );
}

/**
 * Drops the failure counts of events the checkpoint has passed since (they succeeded on a later
 * try). Parked rows stay: their events are still missing from the read model.
 */
export async function forgetPassedFailures(pool: pg.Pool, projection: string): Promise<void> {
  await pool.query(
    `delete from projection_parked_events p using projection_checkpoints c
     where p.projection = $1 and p.status = 'failing' and c.name = p.projection
       and (p.commit_position, p.prepare_position) <= (c.commit_position, c.prepare_position)`,
    [projection],
  );
}

/** How many events each read model has parked (read models without any are left out). */
export async function parkedCounts(pool: pg.Pool): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ projection: string; n: number }>(
    `select projection, count(*)::int as n from projection_parked_events where status = 'parked' group by projection`,
  );
  return new Map(rows.map((row) => [row.projection, row.n]));
}

/**
 * Parked events in `$all` order (oldest first unless `descending`), or in order of their console
 * id (`<read model>:<event id>`) with `byId`; of one read model when given,
 * and only those named when `ids` (`<read model>:<event id>`, the console's record ids) is given.
 */
export async function listParked(
  pool: pg.Pool,
  {
    projection,
    offset = 0,
    limit = 100,
    descending = false,
    ids,
    byId = false,
  }: {
    projection?: string;
    offset?: number;
    limit?: number;
    descending?: boolean;
    ids?: readonly string[];
    byId?: boolean;
  } = {},
): Promise<{ rows: ParkedEvent[]; total: number }> {
  const where = `status = 'parked' and ($1::text is null or projection = $1)
    and ($2::text[] is null or projection || ':' || event_id = any($2::text[]))`;
  const params = [projection ?? null, ids ?? null];
  const order = descending ? 'desc' : 'asc';
  const orderBy = byId
    ? `(projection || ':' || event_id::text) collate "C" ${order}`
    : `commit_position ${order}, prepare_position ${order}, projection`;
  const [list, count] = await Promise.all([
    pool.query<Row>(
      `select * from projection_parked_events where ${where}
       order by ${orderBy} offset $3 limit $4`,
      [...params, offset, limit],
    ),
    pool.query<{ n: number }>(
      `select count(*)::int as n from projection_parked_events where ${where}`,
      params,
    ),
  ]);
  return { rows: list.rows.map(toParked), total: count.rows[0]!.n };
}

export type RetryResult = { retried: number; applied: number; stillParked: number };

/**
 * Applies each parked event of `projection` again, oldest first, once whatever made it fail has
 * been fixed. The checkpoint is long past it, so the event is read back from the store and applied
 * with `projection.apply` (not applyBatch), holding the checkpoint's lock so no live batch writes
 * the same rows meanwhile. An event that applies leaves the table; one that fails again stays
 * parked with its count, error and time brought up to date.
 */
export async function retryParked(
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
): Promise<RetryResult> {
  const { rows } = await listParked(pool, { projection: projection.name, limit: 10_000 });
  let applied = 0;
  for (const parked of rows) {
    try {
      const event = await readParkedEvent(store, parked);
      await inTransaction(pool, LIVE_SCHEMA, async (client) => {
        if (!(await readCheckpoint(client, projection.name, { lock: true })))
          throw new ProjectionNotInstalled(projection.name);
        await projection.apply(client, [event]);
        await client.query('delete from projection_parked_events where projection = $1 and event_id = $2', [
          projection.name,
          parked.eventId,
        ]);
      });
      applied++;
    } catch (error) {
      await pool.query(
        `update projection_parked_events set attempts = attempts + 1, error = $3, last_seen_at = now()
         where projection = $1 and event_id = $2`,
        [projection.name, parked.eventId, describeFailure(error)],
      );
    }
  }
  return { retried: rows.length, applied, stillParked: rows.length - applied };
}

/** The parked event as the store holds it: read from just before its position, matched by id. */
async function readParkedEvent(store: EventStore, parked: ParkedEvent): Promise<RecordedEvent> {
  const { commit, prepare } = parked.position;
  const events = await store.readAll({
    fromPosition: { commit, prepare: prepare - 1 },
    limit: 10,
    types: [parked.eventType],
  });
  const event = events.find((candidate) => candidate.metadata.eventId === parked.eventId);
  if (!event) throw new Error(`Event ${parked.eventId} is no longer in the store at ${commit}/${prepare}`);
  return event;
}

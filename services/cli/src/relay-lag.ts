import { type EventStore, isAfter } from '@healthtal/eventstore';
import type pg from 'pg';

/** Counting stops here: "at least this many" is all an alert needs. */
const LAG_COUNT_LIMIT = 100_000;

/**
 * Events the Kafka relay has not published yet, for /metrics: counted from the relay's checkpoint
 * (the furthest one, if several relays ran under other names). Null when no relay has run here,
 * so a deployment without Kafka exports no relay gauge at all.
 */
export async function relayLag(pool: pg.Pool, store: EventStore): Promise<number | null> {
  const { rows } = await pool
    .query<{ commit_position: string; prepare_position: string }>(
      'select commit_position, prepare_position from relay_checkpoints',
    )
    .catch(() => ({ rows: [] }));
  if (rows.length === 0) return null;
  const furthest = rows
    .map((row) => ({ commit: Number(row.commit_position), prepare: Number(row.prepare_position) }))
    .reduce((a, b) => (isAfter(b, a) ? b : a));
  return store.countEvents({ after: furthest, limit: LAG_COUNT_LIMIT });
}

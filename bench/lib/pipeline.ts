/** The pipeline benchmark's pieces: a read model that records its own lag, and the two transports. */
import { PostgresEventStore } from '@healthtal/eventstore';
import { type Projection, Projector, readCheckpoint } from '@healthtal/projections';
import { startKafkaProjector, startRelay } from '@healthtal/relay';
import { startMockCluster } from '@healthtal/relay/testing';
import type pg from 'pg';
import { type BenchDatabase, onTeardown } from './database';
import { BENCH_EVENT, benchEvent, benchRegistry, elapsedSince, range, type Timed, WRITERS } from './workload';

/**
 * One row per event, stamped with how long after the event was created (just before its append)
 * the row was written. The row commits a moment later, with the rest of its batch.
 */
export const lagProjection: Projection = {
  name: 'bench_pipeline',
  version: 1,
  tables: ['bench_pipeline'],
  handles: [BENCH_EVENT],
  createSql: 'create table bench_pipeline (event_id uuid primary key, lag_ms double precision not null)',
  async apply(client, events) {
    await client.query(
      `insert into bench_pipeline (event_id, lag_ms)
       select r.event_id, extract(epoch from clock_timestamp() - r.occurred_at) * 1000
       from jsonb_to_recordset($1::jsonb) as r(event_id uuid, occurred_at timestamptz)
       on conflict (event_id) do nothing`,
      [
        JSON.stringify(
          events.map((e) => ({ event_id: e.metadata.eventId, occurred_at: e.metadata.occurredAt })),
        ),
      ],
    );
  },
};

export type Transport = 'direct' | 'kafka';

/** Store plus running projector (and, for Kafka, the mock cluster and relay), torn down at the end. */
export async function startPipeline(db: BenchDatabase, transport: Transport) {
  const { pool } = db;
  const store = new PostgresEventStore({ pool, registry: benchRegistry });
  const projector = new Projector({ pool, store, projection: lagProjection, batchSize: 2000 });
  if (transport === 'direct') {
    await projector.start();
    const stop = async () => {
      await projector.stop();
      await store.close();
    };
    onTeardown('stop direct pipeline', stop);
    return { store, stop };
  }
  const cluster = await startMockCluster();
  const relay = await startRelay({ store, pool, brokers: cluster.brokers, registry: benchRegistry });
  const fed = await startKafkaProjector({
    projector,
    store,
    brokers: cluster.brokers,
    registry: benchRegistry,
  });
  const stop = async () => {
    await fed.stop();
    await relay.stop();
    await store.close();
    await cluster.stop();
  };
  onTeardown('stop Kafka pipeline', stop);
  return { store, stop };
}

const rowsIn = async (pool: pg.Pool) =>
  Number((await pool.query<{ n: string }>('select count(*) as n from bench_pipeline')).rows[0]!.n);

/** Waits until the read model holds `count` rows; ms since `start`. */
export async function waitForRows(pool: pg.Pool, count: number, start: number, timeoutMs = 120_000) {
  while ((await rowsIn(pool)) < count) {
    if (elapsedSince(start) > timeoutMs) throw new Error(`read model stuck below ${count} rows`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return elapsedSince(start);
}

/**
 * `WRITERS` writers appending batches of `batch` on a schedule that adds up to `rate` events/s for
 * `seconds`; a writer that falls behind appends at once until it is back on schedule.
 */
export async function pacedWrite(
  store: PostgresEventStore,
  { rate, seconds, batch, prefix }: { rate: number; seconds: number; batch: number; prefix: string },
): Promise<Timed> {
  const intervalMs = (WRITERS * batch * 1000) / rate;
  const batches = Math.max(1, Math.round((seconds * 1000) / intervalMs));
  const start = performance.now();
  await Promise.all(
    range(WRITERS).map(async (writer) => {
      for (let i = 0; i < batches; i++) {
        const due = start + i * intervalMs + (writer * intervalMs) / WRITERS;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        await store.append(
          `${prefix}-w${writer}s${i % 16}`,
          range(batch).map(() => benchEvent(writer)),
        );
      }
    }),
  );
  return { events: batches * WRITERS * batch, ms: elapsedSince(start) };
}

/** Ascending lag of every row, ms. */
export async function lags(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ lag_ms: number }>('select lag_ms from bench_pipeline order by lag_ms');
  return rows.map((row) => row.lag_ms);
}

export const checkpointOf = (pool: pg.Pool) => readCheckpoint(pool, lagProjection.name);

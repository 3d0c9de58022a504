import { type AllPosition, comparePositions, type EventStore, START } from '@healthtal/eventstore';
import { type Projection, Projector, readCheckpoint } from '@healthtal/projections';
import type pg from 'pg';
import { BENCH_EVENT, batchedWrite, elapsedSince, type Timed } from './workload';

/** A simple read model: events per stream, one set-based upsert per batch. */
export const countsProjection: Projection = {
  name: 'bench_counts',
  version: 1,
  tables: ['bench_counts'],
  handles: [BENCH_EVENT],
  createSql: 'create table bench_counts (stream_id text primary key, events int not null)',
  async apply(client, events) {
    await client.query(
      `insert into bench_counts (stream_id, events)
       select r.stream_id, count(*) from jsonb_to_recordset($1::jsonb) as r(stream_id text) group by r.stream_id
       on conflict (stream_id) do update set events = bench_counts.events + excluded.events`,
      [JSON.stringify(events.map((e) => ({ stream_id: e.streamId })))],
    );
  },
};

const checkpointAtHead = async (pool: pg.Pool, store: EventStore) => {
  const [checkpoint, head] = await Promise.all([
    readCheckpoint(pool, countsProjection.name),
    store.headPosition(),
  ]);
  return checkpoint !== null && comparePositions(checkpoint.position, head) === 0;
};

const newProjector = (pool: pg.Pool, store: EventStore) =>
  new Projector({ pool, store, projection: countsProjection, batchSize: 1000 });

/** Reads `$all` from the start in pages of 1,000. */
export async function readAllThroughput(store: EventStore): Promise<Timed> {
  let position: AllPosition = START;
  let events = 0;
  const start = performance.now();
  for (;;) {
    const page = await store.readAll({ fromPosition: position, limit: 1000 });
    if (page.length === 0) break;
    events += page.length;
    position = page[page.length - 1]!.position;
  }
  return { events, ms: elapsedSince(start) };
}

export type ProjectorResults = {
  /** New projection: start() → install() → rebuildProjection over the whole store. */
  rebuild: Timed;
  /** Installed projection, stopped while `events` were appended, then start() from its checkpoint. */
  catchUp: Timed;
  /** Running projector while `events` are appended; ms is until caughtUp after the last append. */
  live: Timed & { appendMs: number; lagMs: number };
  /** Sum of the read model's counters vs BenchEventHappened events in the store. */
  check: { counted: number; stored: number };
  /** Whether the checkpoint equalled the store's head each time caughtUp() resolved. */
  atHead: boolean[];
};

const storedEvents = async (pool: pg.Pool) => {
  const { rows } = await pool.query<{ n: string }>(
    'select count(*) as n from eventstore.events where type = $1',
    [BENCH_EVENT],
  );
  return Number(rows[0]!.n);
};

export async function projectorScenarios(
  pool: pg.Pool,
  store: EventStore,
  events: number,
  onStep: (message: string) => void,
): Promise<ProjectorResults> {
  // 1. A new projection: start() installs it, i.e. rebuilds it from position 0 over every event.
  const before = await storedEvents(pool);
  onStep(`rebuild path over ${before.toLocaleString('en-US')} events…`);
  let projector = newProjector(pool, store);
  let start = performance.now();
  await projector.start();
  await projector.caughtUp();
  const rebuild = { events: before, ms: elapsedSince(start) };
  const atHead = [await checkpointAtHead(pool, store)];
  await projector.stop();

  // 2. Stopped projector falls behind by `events`; a new one resumes from its checkpoint.
  onStep(`appending ${events.toLocaleString('en-US')} events with the projector stopped…`);
  const behind = await batchedWrite({ kind: 'store', store }, events, 1000, 'projcatchup');
  onStep('checkpoint catch-up path…');
  projector = newProjector(pool, store);
  start = performance.now();
  await projector.start();
  await projector.caughtUp();
  const catchUp = { events: behind.events, ms: elapsedSince(start) };
  atHead.push(await checkpointAtHead(pool, store));

  // 3. Live: the projector is running while the events are appended.
  onStep(`live path: appending ${events.toLocaleString('en-US')} events with the projector running…`);
  start = performance.now();
  const appended = await batchedWrite({ kind: 'store', store }, events, 1000, 'projlive');
  const appendDone = performance.now();
  await projector.caughtUp();
  const live = {
    events: appended.events,
    ms: elapsedSince(start),
    appendMs: appendDone - start,
    lagMs: elapsedSince(appendDone),
  };
  atHead.push(await checkpointAtHead(pool, store));
  await projector.stop();

  const { rows } = await pool.query<{ n: string | null }>('select sum(events) as n from public.bench_counts');
  return {
    rebuild,
    catchUp,
    live,
    atHead,
    check: { counted: Number(rows[0]!.n ?? 0), stored: await storedEvents(pool) },
  };
}

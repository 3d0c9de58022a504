import os from 'node:os';
import { importCandidates, syntheticSource } from '@healthtal/directory-import';
import {
  compactIndexesAfterBulkLoad,
  isAfter,
  PersonalDataKeys,
  reportConnectionErrors,
} from '@healthtal/eventstore';
import { directoryProjection, readCheckpoint } from '@healthtal/projections';
import pg from 'pg';
import { createEventStore } from '../event-store';
import type { SeedWorkerData, SeedWorkerMessage } from './seed';
import { SEED_APPLICATION_NAME } from './seed-application';

/**
 * The background seed's process (seed.ts, ADR 0036): the synthetic import on connections of its
 * own, so that generating, encrypting and serialising 1.5 million candidates never holds up a
 * request nor weighs on the API's memory. Its first message is what to seed; it sends its progress
 * and its end. Any later message, the API's process going away (the channel closes) or SIGINT /
 * SIGTERM (Ctrl-C reaches the whole process group) end it after the batches in flight.
 */
if (!process.send) throw new Error('seed-worker runs as a child process with an IPC channel (seed.ts)');
const { connection, size, seed, eventStore, databaseIsLocal } = await new Promise<SeedWorkerData>((resolve) =>
  process.once('message', (data) => resolve(data as SeedWorkerData)),
);
const post = (message: SeedWorkerMessage) => {
  if (process.connected) process.send!(message);
};
// Background work: it yields to the threads that answer requests (the API's, the search workers')
// whenever they have work.
os.setPriority(os.constants.priority.PRIORITY_LOW);
const abort = new AbortController();
const stop = () => abort.abort();
process.on('message', stop);
process.on('disconnect', stop);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
/** A pause that a stop ends at once. */
const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    const end = () => {
      clearTimeout(timer);
      abort.signal.removeEventListener('abort', end);
      resolve();
    };
    const timer = setTimeout(end, ms);
    abort.signal.addEventListener('abort', end);
  });

const POOL_SIZE = 4;
const pool = new pg.Pool({ ...connection, max: POOL_SIZE, application_name: SEED_APPLICATION_NAME });
// A connection lost: the next query reconnects, or fails and is reported.
reportConnectionErrors(pool, () => undefined);
const lowered = new Set<number>();
/** Cancels what this process's connections are running (a stop during the index rebuild). */
async function cancelOwnQueries(): Promise<void> {
  await pool.query(
    'select pg_cancel_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
    [SEED_APPLICATION_NAME],
  );
}

/** The server processes writing the seed yield too, when the database runs on this machine (embedded). */
async function lowerServerPriority(): Promise<void> {
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1',
    [SEED_APPLICATION_NAME],
  );
  for (const { pid } of rows.filter((row) => !lowered.has(row.pid))) {
    lowered.add(pid);
    os.setPriority(pid, os.constants.priority.PRIORITY_LOW);
  }
}
const store = createEventStore(pool, new PersonalDataKeys(pool), eventStore);

/**
 * Waits until the directory read model has applied every candidate the seed wrote, so the index
 * rebuild after it does not take cores from the last of the seed becoming searchable.
 */
async function directoryCaughtUp(): Promise<void> {
  const head = await store.headPosition({ types: ['CandidateImported'] });
  while (!abort.signal.aborted) {
    const checkpoint = await readCheckpoint(pool, directoryProjection.name);
    if (checkpoint && !isAfter(head, checkpoint.position)) return;
    await pause(1000);
  }
}

try {
  const summary = await importCandidates({
    pool,
    store,
    source: syntheticSource(size, seed),
    signal: abort.signal,
    // Fewer, larger createStreams calls, as the NPPES import writes (docs/adr/0019).
    batchSize: 4000,
    onProgress: (tick) => {
      post({ tick });
      // The pool opens its connections as the first batches need them: each is lowered once.
      if (databaseIsLocal && lowered.size < POOL_SIZE) lowerServerPriority().catch(() => undefined);
    },
  });
  // A finished seed of a PostgreSQL store: once the directory has it all, the store's key-ordered
  // indexes are rebuilt full (bulk-load.ts) on this process's low-priority connections, before the
  // seed says it is done.
  if (summary.complete && summary.imported > 0 && eventStore.EVENT_STORE !== 'esdb') {
    await directoryCaughtUp();
    if (!abort.signal.aborted) {
      // A stop does not wait for the rebuild: its statement is cancelled, and the next start drops
      // the copy it leaves (dropInterruptedIndexRebuilds).
      const cancel = () => cancelOwnQueries().catch(() => undefined);
      abort.signal.addEventListener('abort', cancel, { once: true });
      await compactIndexesAfterBulkLoad(pool).catch((error: unknown) => {
        if (!abort.signal.aborted) throw error;
      });
    }
  }
  post({ summary });
} catch (error) {
  post({
    error: abort.signal.aborted
      ? null
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error),
  });
} finally {
  await store.close();
  await pool.end();
  // The open channel would keep this process alive; what was sent is flushed before it closes.
  if (process.connected) process.disconnect();
}

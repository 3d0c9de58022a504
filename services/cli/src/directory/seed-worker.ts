import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PersonalDataKeys } from '@healthtal/eventstore';
import pg from 'pg';
import { createEventStore } from '../event-store';
import { importCandidates, syntheticSource } from './import';
import type { SeedWorkerData, SeedWorkerMessage } from './seed';

/**
 * The background seed's thread (seed.ts): the synthetic import on connections of its own, so that
 * generating, encrypting and serialising 1.5 million candidates never holds up a request. Posts its
 * progress and its end; the message STOP_SEED ends it after the batches in flight.
 */
const { connection, size, seed, eventStore, databaseIsLocal } = workerData as SeedWorkerData;
const port = parentPort!;
const post = (message: SeedWorkerMessage) => port.postMessage(message);
// Background work: on Linux a thread has its own nice value, and this one yields to the threads that
// answer requests (the API's, the search workers') whenever they have work.
os.setPriority(os.constants.priority.PRIORITY_LOW);
const abort = new AbortController();
port.on('message', () => abort.abort());

const pool = new pg.Pool({ ...connection, max: 4 });
pool.on('error', () => undefined); // an idle connection lost: the next query reconnects, or fails and is reported
if (databaseIsLocal) {
  // The server processes writing the seed yield too (the embedded database runs on this machine).
  pool.on('connect', (client) => {
    client.query<{ pid: number }>('select pg_backend_pid() as pid').then(
      ({ rows }) => os.setPriority(rows[0]!.pid, os.constants.priority.PRIORITY_LOW),
      () => undefined,
    );
  });
}
const store = createEventStore(pool, new PersonalDataKeys(pool), eventStore);
try {
  const summary = await importCandidates({
    pool,
    store,
    source: syntheticSource(size, seed),
    signal: abort.signal,
    batchSize: 4000,
    onProgress: (tick) => post({ tick }),
  });
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
  port.close();
}

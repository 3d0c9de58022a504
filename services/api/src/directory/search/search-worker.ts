import { parentPort, workerData } from 'node:worker_threads';
import { reportConnectionErrors } from '@healthtal/eventstore';
import pg from 'pg';
import { pino } from 'pino';
import { answer } from './in-process-shard';
import { SearchReplica } from './search-replica';
import { type ShardAnswer, type ShardRequest, STOP, snapshotFileOf } from './search-shard';
import type { SearchWorkerData, WorkerMessage } from './search-workers';

/**
 * A search worker: one part of the directory's index on a thread of its own, loaded and kept in step
 * with the read model through its own connections, answering the API thread's shard requests.
 */
const { connection, part, logLevel, snapshotDir } = workerData as SearchWorkerData;
const port = parentPort!;
const logger = pino({ level: logLevel }).child({ searchWorker: `${part.part + 1} of ${part.of}` });
const pool = new pg.Pool({ ...connection, max: 2 });
reportConnectionErrors(pool, (error) => logger.warn({ err: error }, 'database connection failed'));
/** A query's answer hands its uuid bytes over rather than copying them. */
const post = (message: WorkerMessage) => {
  const result = 'result' in message ? (message.result as Partial<ShardAnswer>) : null;
  port.postMessage(message, result?.ids instanceof Uint8Array ? [result.ids.buffer as ArrayBuffer] : []);
};
const replica = new SearchReplica(
  pool,
  logger,
  part,
  (status) => post({ status }),
  snapshotDir ? snapshotFileOf(snapshotDir, part) : null,
);

port.on('message', ({ id, request }: { id: number; request: ShardRequest | typeof STOP }) => {
  (request === STOP ? replica.stop().then(() => pool.end()) : answer(replica, request)).then(
    (result) => post({ id, result }),
    (error: unknown) =>
      post({ id, error: error instanceof Error ? error.message : String(error), ...codeOf(error) }),
  );
});
function codeOf(error: unknown): { code?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? { code } : {};
}

replica.start().catch((error) => logger.error({ err: error }, 'search index failed to load'));

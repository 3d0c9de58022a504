import type { Worker } from 'node:worker_threads';
import { type ConnectionOptions, connectionOf, startWorkerThread } from '@healthtal/api';
import { type Projector, projections } from '@healthtal/projections';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { EventStoreSettings } from './event-store';

/** What the API, readiness and tests use of a projector, whichever thread runs it. */
export type RunningProjector = Pick<Projector, 'name' | 'handles' | 'start' | 'caughtUp' | 'stop'>;

/** What the projectors' thread (projector-worker.ts) starts from. */
export type ProjectorWorkerData = {
  connection: ConnectionOptions;
  poolSize: number;
  eventStore: EventStoreSettings;
};

/** From this thread to the projectors': a request, answered by the reply with its id. */
export type ProjectorRequest = { id: number } & (
  | { op: 'start' | 'caughtUp' | 'stop'; projection: string }
  | { op: 'forget'; subject: string }
  | { op: 'close' }
);

/** From the projectors' thread: all started (or why not), a request's answer, a log line. */
export type ProjectorReply =
  | { started: true }
  | { failed: string }
  | { id: number; error?: string }
  | { log: 'info' | 'error'; details: object; message: string };

export type ProjectorThread = {
  projectors: RunningProjector[];
  /** An erased subject's key leaves the projectors' key cache too (PersonalDataKeys.forget). */
  forget(subject: string): Promise<void>;
  stop(): Promise<void>;
};

const RESTART_PAUSE_MS = 1000;

/**
 * Every read model's projector on a worker thread of its own (projector-worker.ts, ADR 0034): a
 * bulk import's pages of events (unpacked, decrypted, turned into rows) are never between a request
 * and the API's thread. The thread has its own connections (as many as the API's pool) and tails the
 * store as the API's thread did; read-your-writes waits on the checkpoints it writes
 * (projection-waits.ts), as it does for projectors in other processes. Resolves once every read
 * model is installed and tailing; a thread that dies later is started again.
 */
export async function startProjectorThread(options: {
  pool: pg.Pool;
  eventStore: EventStoreSettings;
  logger: Logger;
}): Promise<ProjectorThread> {
  const { pool, eventStore, logger } = options;
  const data: ProjectorWorkerData = {
    connection: connectionOf(pool),
    poolSize: pool.options.max ?? 10,
    eventStore,
  };
  const pending = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let nextId = 0;
  let closing = false;
  let worker: Worker | null = null;

  const spawn = () =>
    new Promise<void>((resolve, reject) => {
      const thread = startWorkerThread(import.meta.url, 'projector-worker', data);
      worker = thread;
      let started = false;
      thread.on('message', (reply: ProjectorReply) => {
        if ('log' in reply) logger[reply.log](reply.details, reply.message);
        else if ('started' in reply) {
          started = true;
          resolve();
        } else if ('failed' in reply) reject(new Error(reply.failed));
        else answer(reply);
      });
      thread.on('error', (error) => logger.error({ err: error }, "the projectors' thread failed"));
      thread.once('exit', (code) => {
        for (const request of pending.values()) request.reject(new Error("the projectors' thread stopped"));
        pending.clear();
        if (!started)
          return reject(new Error(`the projectors' thread stopped before it started (exit ${code})`));
        if (closing) return;
        logger.error({ code }, "the projectors' thread stopped; starting it again");
        setTimeout(() => {
          if (!closing)
            spawn().catch((error) => logger.error({ err: error }, "the projectors' thread did not start"));
        }, RESTART_PAUSE_MS);
      });
    });

  const answer = (reply: { id: number; error?: string }) => {
    const request = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error === undefined) request?.resolve();
    else request?.reject(new Error(reply.error));
  };

  const request = (body: DistributiveOmit<ProjectorRequest, 'id'>) =>
    new Promise<void>((resolve, reject) => {
      if (!worker) return reject(new Error("the projectors' thread is not running"));
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...body, id } satisfies ProjectorRequest);
    });

  const stop = async () => {
    closing = true;
    await request({ op: 'close' }).catch(() => undefined);
    await worker?.terminate();
    worker = null;
  };

  try {
    await spawn();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    projectors: projections.map(({ name, handles }) => ({
      name,
      handles,
      start: () => request({ op: 'start', projection: name }),
      caughtUp: () => request({ op: 'caughtUp', projection: name }),
      stop: () => request({ op: 'stop', projection: name }),
    })),
    forget: (subject) => request({ op: 'forget', subject }),
    stop,
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

import type { Worker } from 'node:worker_threads';
import { type ConnectionOptions, connectionOf, startWorkerThread } from '@healthtal/api';
import { type Projector, projections } from '@healthtal/projections';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { EventStoreSettings } from './event-store';

/** What the API, readiness and tests use of a projector, whichever thread runs it. */
export type RunningProjector = Pick<Projector, 'name' | 'handles' | 'start' | 'caughtUp' | 'stop'>;

/** Where the projectors' thread (projector-worker.ts) connects to. */
export type ProjectorThreadSettings = {
  connection: ConnectionOptions;
  poolSize: number;
  eventStore: EventStoreSettings;
};

/** From this thread to the projectors': a request, answered by the reply with its id. */
export type ProjectorRequest = { id: number } & (
  | ({ op: 'open' } & ProjectorThreadSettings)
  | { op: 'start' | 'caughtUp' | 'stop'; projection: string }
  | { op: 'forget'; subject: string }
  | { op: 'close' }
);

/** From the projectors' thread: a request's answer, or a log line. */
export type ProjectorReply =
  | { id: number; error?: string }
  | { log: 'info' | 'error'; details: object; message: string };

export type RunningProjectors = {
  projectors: RunningProjector[];
  /** An erased subject's key leaves the projectors' key cache too (PersonalDataKeys.forget). */
  forget(subject: string): Promise<void>;
};

export type ProjectorThread = {
  /** Connects, installs every read model (rebuilding one after a version bump) and tails the store. */
  start(options: { pool: pg.Pool; eventStore: EventStoreSettings }): Promise<RunningProjectors>;
  stop(): Promise<void>;
};

const RESTART_PAUSE_MS = 1000;

/**
 * Every read model's projector on a worker thread of its own (projector-worker.ts, ADR 0034): a
 * bulk import's pages of events (unpacked, decrypted, turned into rows) are never between a request
 * and the API's thread. The thread is created here, so that it loads its modules while the database
 * starts and migrates; `start` then gives it its connections (a pool the size of the API's) and
 * resolves once every read model tails the store. Read-your-writes waits on the checkpoints it writes
 * (projection-waits.ts), as for projectors in other processes. A thread that dies after it started
 * is started again.
 */
export function createProjectorThread(logger: Logger): ProjectorThread {
  const pending = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let nextId = 0;
  let settings: ProjectorThreadSettings | null = null;
  let closing = false;
  let worker: Worker | null = null;

  const request = (body: DistributiveOmit<ProjectorRequest, 'id'>) =>
    new Promise<void>((resolve, reject) => {
      if (!worker) return reject(new Error("the projectors' thread is not running"));
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...body, id } satisfies ProjectorRequest);
    });

  const answer = (reply: { id: number; error?: string }) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error === undefined) waiting?.resolve();
    else waiting?.reject(new Error(reply.error));
  };

  const spawn = () => {
    const thread = startWorkerThread(import.meta.url, 'projector-worker', {});
    worker = thread;
    thread.on('message', (reply: ProjectorReply) => {
      if ('log' in reply) logger[reply.log](reply.details, reply.message);
      else answer(reply);
    });
    thread.on('error', (error) => logger.error({ err: error }, "the projectors' thread failed"));
    thread.once('exit', (code) => {
      worker = null;
      for (const waiting of pending.values()) waiting.reject(new Error("the projectors' thread stopped"));
      pending.clear();
      if (closing || !settings) return;
      logger.error({ code }, "the projectors' thread stopped; starting it again");
      setTimeout(restart, RESTART_PAUSE_MS);
    });
  };
  const restart = () => {
    if (closing || !settings) return;
    spawn();
    request({ op: 'open', ...settings }).catch((error) =>
      logger.error({ err: error }, "the projectors' thread did not start again"),
    );
  };
  spawn();

  return {
    async start({ pool, eventStore }) {
      const wanted = { connection: connectionOf(pool), poolSize: pool.options.max ?? 10, eventStore };
      await request({ op: 'open', ...wanted });
      settings = wanted;
      return {
        projectors: projections.map(({ name, handles }) => ({
          name,
          handles,
          start: () => request({ op: 'start', projection: name }),
          caughtUp: () => request({ op: 'caughtUp', projection: name }),
          stop: () => request({ op: 'stop', projection: name }),
        })),
        // A thread that is not running holds no key: the one started next begins with an empty cache.
        forget: (subject) => request({ op: 'forget', subject }).catch(() => undefined),
      };
    },
    async stop() {
      closing = true;
      await request({ op: 'close' }).catch(() => undefined);
      await worker?.terminate();
    },
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

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

/**
 * The read model the projectors' thread is starting: installing (replaying its events into new
 * tables) or, with nothing replayed, checking it is installed and tailing the store from its
 * checkpoint. `percentOfLog`: how far into `$all` the replay is; null before its first page.
 */
export type StartingReadModel = { readModel: string; eventsReplayed: number; percentOfLog: number | null };

/** From the projectors' thread: a request's answer, a log line, or how far its start has come. */
export type ProjectorReply =
  | { id: number; error?: string }
  | { log: 'info' | 'error'; details: object; message: string }
  | { starting: StartingReadModel };

export type RunningProjectors = {
  projectors: RunningProjector[];
  /** An erased subject's key leaves the projectors' key cache too (PersonalDataKeys.forget). */
  forget(subject: string): Promise<void>;
};

/** Whether the projectors' thread runs its projectors now; readiness is 503 while it does not. */
export type ProjectorThreadState =
  | { running: true }
  | { running: false; since: Date; attempts: number; lastError: string };

export type ProjectorThread = RunningProjectors & {
  /**
   * Connects, installs every read model (rebuilding one after a version bump) and tails the store.
   * Resolves once every read model tails it; a start that fails is tried again as a restart is
   * (ADR 0043). The projectors can be asked for before: a caughtUp waits for the start.
   */
  start(options: { pool: pg.Pool; eventStore: EventStoreSettings }): Promise<RunningProjectors>;
  state(): ProjectorThreadState;
  /** What the first start is doing until every read model tails the store; null once they do. */
  starting(): StartingReadModel | { readModel: null } | null;
  stop(): Promise<void>;
};

export type ProjectorThreadOptions = {
  /** Told of each thread started (a test ends one, as a crash would). */
  onThread?: (thread: Worker) => void;
};

/** The pause before starting the projectors again: doubling from the first, never over the last. */
const RESTART_BACKOFF_MS = { first: 250, max: 5000 };
export const restartPauseMs = (attempt: number) =>
  Math.min(RESTART_BACKOFF_MS.first * 2 ** attempt, RESTART_BACKOFF_MS.max);

/**
 * Every read model's projector on a worker thread of its own (projector-worker.ts, ADR 0034): a
 * bulk import's pages of events (unpacked, decrypted, turned into rows) are never between a request
 * and the API's thread. The thread is created here, so that it loads its modules while the database
 * starts and migrates; `start` then gives it its connections (a pool the size of the API's) and
 * resolves once every read model tails the store. Read-your-writes waits on the checkpoints it writes
 * (projection-waits.ts), as for projectors in other processes.
 *
 * Supervised for ever (ADR 0043): a thread that ends after it started is started again, and when its
 * projectors cannot start (the database is still down) it is tried again, pausing 250 ms doubling to
 * 5 s, until they run; a database that comes back is tailed again within seconds.
 */
export function createProjectorThread(logger: Logger, options: ProjectorThreadOptions = {}): ProjectorThread {
  const pending = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let nextId = 0;
  let settings: ProjectorThreadSettings | null = null;
  let closing = false;
  let worker: Worker | null = null;
  /** Since when the projectors have not been running, and the restarts tried since; null while they run. */
  let down: { since: Date; attempts: number; lastError: string } | null = null;
  let restartTimer: NodeJS.Timeout | null = null;
  /** Until the first start has every read model tailing: which one it is on. */
  let starting: StartingReadModel | { readModel: null } | null = null;
  let running: { resolve(): void; reject(error: Error): void } | null = null;
  const nowRunning = () => {
    starting = null;
    running?.resolve();
    running = null;
  };

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
    options.onThread?.(thread);
    thread.on('message', (reply: ProjectorReply) => {
      if ('log' in reply) logger[reply.log](reply.details, reply.message);
      else if ('starting' in reply) starting &&= reply.starting;
      else answer(reply);
    });
    thread.on('error', (error) => logger.error({ err: error }, "the projectors' thread failed"));
    thread.once('exit', (code) => {
      worker = null;
      for (const waiting of pending.values()) waiting.reject(new Error("the projectors' thread stopped"));
      pending.clear();
      if (closing || !settings) return;
      logger.error({ code }, "the projectors' thread stopped; starting it again");
      stopped("the projectors' thread stopped");
    });
  };

  /** The projectors are not running: tried again after the pause, for as long as it takes. */
  const stopped = (reason: string) => {
    down = { since: down?.since ?? new Date(), attempts: down?.attempts ?? 0, lastError: reason };
    if (restartTimer || closing) return;
    restartTimer = setTimeout(restart, restartPauseMs(down.attempts));
  };
  const restart = async () => {
    restartTimer = null;
    if (closing || !settings || !down) return;
    if (!worker) spawn();
    const attempts = ++down.attempts;
    try {
      await request({ op: 'open', ...settings });
      logger.info({ attempts }, "the projectors' thread runs its projectors again");
      down = null;
      nowRunning();
    } catch (error) {
      const message = (error as Error).message.split('\n')[0] ?? '';
      logger.warn(
        { err: message, attempts, retryInMs: restartPauseMs(attempts) },
        "the projectors' thread did not start again; trying again",
      );
      stopped(message);
    }
  };
  spawn();

  const runningProjectors: RunningProjectors = {
    projectors: projections.map(({ name, handles }) => ({
      name,
      handles,
      start: () => request({ op: 'start', projection: name }),
      caughtUp: async () => {
        await started;
        await request({ op: 'caughtUp', projection: name });
      },
      stop: () => request({ op: 'stop', projection: name }),
    })),
    // A thread that is not running holds no key: the one started next begins with an empty cache.
    forget: (subject) => request({ op: 'forget', subject }).catch(() => undefined),
  };
  let started: Promise<void> | null = null;

  return {
    ...runningProjectors,
    start({ pool, eventStore }) {
      settings = { connection: connectionOf(pool), poolSize: pool.options.max ?? 10, eventStore };
      starting = { readModel: null };
      started ??= new Promise<void>((resolve, reject) => {
        running = { resolve, reject };
      });
      request({ op: 'open', ...settings }).then(nowRunning, (error: Error) => {
        const message = error.message.split('\n')[0] ?? '';
        logger.warn({ err: message }, "the projectors' thread did not start; trying again");
        stopped(message);
      });
      return started.then(() => runningProjectors);
    },
    state: () => (down ? { running: false, ...down } : { running: true }),
    starting: () => starting,
    async stop() {
      closing = true;
      running?.reject(new Error("the projectors' thread stopped before its read models started"));
      running = null;
      if (restartTimer) clearTimeout(restartTimer);
      await request({ op: 'close' }).catch(() => undefined);
      await worker?.terminate();
    },
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

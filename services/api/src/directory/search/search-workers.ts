import type { Worker } from 'node:worker_threads';
import type { SuggestedField } from '@healthtal/contracts';
import type pg from 'pg';
import type { Logger } from 'pino';
import { type ConnectionOptions, connectionOf, startWorkerThread } from '../../shared/worker-thread';
import type { KeyedSuggestion } from './filter-vocabulary';
import type { WordFrequency } from './search-index';
import {
  type ReadModelState,
  type SearchShard,
  type ShardAnswer,
  type ShardPart,
  type ShardQuery,
  type ShardRequest,
  type ShardStatus,
  STOP,
} from './search-shard';

/** What a search worker starts from: its part of the directory and how to reach the database. */
export type SearchWorkerData = {
  part: ShardPart;
  connection: ConnectionOptions;
  logLevel: string;
  snapshotDir: string | null;
};
/** What a worker posts back: an answer to request `id`, or a change of its status. */
export type WorkerMessage =
  | { id: number; result: unknown }
  /** `code`: the error's (a SQLSTATE, ECONNREFUSED), so the API still tells a database outage (503). */
  | { id: number; error: string; code?: string }
  | { status: ShardStatus };

/** A crashed worker is started again after this long (it reloads its part from the read model). */
const RESTART_DELAY_MS = 1000;
const STOP_WAIT_MS = 10_000;

/**
 * One part of the directory's index in a worker thread (search-worker.ts). Requests and answers are
 * messages; a worker that dies is restarted, and the requests it had are answered with an error.
 */
export class WorkerShard implements SearchShard {
  status: ShardStatus = { ready: false, loadedDocs: 0 };
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 0;
  private stopping = false;
  private running = false;
  private restart: NodeJS.Timeout | null = null;
  private readonly data: SearchWorkerData;

  constructor(
    pool: pg.Pool,
    part: ShardPart,
    private readonly logger: Logger,
    snapshotDir: string | null,
  ) {
    this.data = { part, connection: connectionOf(pool), logLevel: logger.level, snapshotDir };
  }

  /** Starts the worker; it reports its loading through `status`. */
  async start(): Promise<void> {
    this.worker = this.spawnWorker();
  }

  query(query: ShardQuery): Promise<ShardAnswer> {
    return this.call({ kind: 'query', ...query }) as Promise<ShardAnswer>;
  }

  expand(prefix: string, state: ReadModelState | null): Promise<WordFrequency[]> {
    return this.call({ kind: 'expand', prefix, state }) as Promise<WordFrequency[]>;
  }

  suggest(field: SuggestedField, prefix: string, state: ReadModelState | null): Promise<KeyedSuggestion[]> {
    return this.call({ kind: 'suggest', field, prefix, state }) as Promise<KeyedSuggestion[]>;
  }

  /** Lets the worker finish a snapshot it is writing and close its connections (up to 10 s), then ends it. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restart) clearTimeout(this.restart);
    if (this.running) {
      const stopped = this.call(STOP).catch(() => undefined);
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    }
    await this.worker?.terminate();
  }

  private call(request: ShardRequest | typeof STOP): Promise<unknown> {
    if (!this.running) return Promise.reject(new Error('search worker is restarting'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ id, request });
    });
  }

  private spawnWorker(): Worker {
    const worker = startWorkerThread(import.meta.url, 'search-worker', this.data);
    this.running = true;
    worker.unref();
    worker.on('message', (message: WorkerMessage) => {
      if ('status' in message) {
        this.status = message.status;
        return;
      }
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if ('error' in message)
        waiting?.reject(Object.assign(new Error(message.error), { code: message.code }));
      else waiting?.resolve(message.result);
    });
    worker.on('error', (error) => this.logger.error({ err: error }, 'search worker failed'));
    worker.on('exit', (code) => {
      this.running = false;
      for (const { reject } of this.pending.values()) reject(new Error(`search worker exited (${code})`));
      this.pending.clear();
      this.status = { ready: false, loadedDocs: 0 };
      if (this.stopping) return;
      this.logger.error({ code, part: this.data.part }, 'search worker exited; restarting it');
      this.restart = setTimeout(() => {
        this.worker = this.spawnWorker();
      }, RESTART_DELAY_MS);
      this.restart.unref();
    });
    return worker;
  }
}

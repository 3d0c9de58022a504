import pg from 'pg';
import type { AllPosition, RecordedEvent, SubscribeOptions, Subscription } from '../event-store';
import { isAfter, START } from '../event-store';
import { Pause, PositionWaiters } from '../subscription-support';
import { EVENTS_CHANNEL } from './schema';

type AllReader = {
  readAll(options: {
    fromPosition: AllPosition;
    limit: number;
    types?: readonly string[];
  }): Promise<RecordedEvent[]>;
  headPosition(options?: { settle?: boolean; types?: readonly string[] }): Promise<AllPosition>;
};

/**
 * One LISTEN connection per store, fanned out to its subscriptions. When the connection fails the
 * subscriptions keep polling and the notifier reconnects after a pause.
 */
export class EventNotifier {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly pool: pg.Pool) {}

  add(listener: () => void): () => void {
    this.listeners.add(listener);
    void this.ensureConnected();
    return () => this.listeners.delete(listener);
  }

  private ensureConnected(): Promise<void> {
    if (this.client || this.connecting || this.closed) return this.connecting ?? Promise.resolve();
    this.connecting = this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client((this.pool as unknown as { options: pg.ClientConfig }).options);
    const dropped = () => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', dropped);
    client.on('end', dropped);
    client.on('notification', () => {
      for (const listener of this.listeners) listener();
    });
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      // Notifications sent while nobody listened are lost: the subscriptions read now rather than
      // after a poll or an error's backoff (a database that came back is tailed again at once).
      for (const listener of this.listeners) listener();
    } catch {
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.ensureConnected();
    }, 1000);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.connecting;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

const MAX_BACKOFF_MS = 5000;

/** Reads `$all` from a position, handing batches to the handler; wakes on NOTIFY, polls as a fallback. */
export class PostgresSubscription implements Subscription {
  private position: AllPosition;
  private stopped = false;
  private readonly pause = new Pause();
  private loop: Promise<void> | null = null;
  private removeListener: (() => void) | null = null;
  private readonly waiters = new PositionWaiters();

  constructor(
    private readonly reader: AllReader,
    private readonly notifier: EventNotifier,
    private readonly options: SubscribeOptions,
    private readonly pollIntervalMs: number,
    private readonly onStopped: () => void,
  ) {
    this.position = options.fromPosition ?? START;
  }

  start(): void {
    this.removeListener = this.notifier.add(() => this.pause.wake());
    this.loop = this.run();
  }

  async caughtUp(): Promise<void> {
    const target = await this.reader.headPosition({
      settle: true,
      ...(this.options.types ? { types: this.options.types } : {}),
    });
    if (!isAfter(target, this.position)) return;
    const reached = this.waiters.wait(target);
    this.pause.wake();
    await reached;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.pause.stop();
    await this.loop;
    this.removeListener?.();
    this.onStopped();
  }

  private async run(): Promise<void> {
    const batchSize = this.options.batchSize ?? 500;
    const read = (fromPosition: AllPosition) =>
      this.reader.readAll({
        fromPosition,
        limit: batchSize,
        ...(this.options.types ? { types: this.options.types } : {}),
      });
    let failures = 0;
    /** The batch after the one being handled, read meanwhile when that one was full (more waits). */
    let ahead: Promise<RecordedEvent[]> | null = null;
    while (!this.stopped) {
      let events: RecordedEvent[] = [];
      try {
        events = await (ahead ?? read(this.position));
        ahead = null;
        if (events.length > 0) {
          if (events.length === batchSize) {
            // Reading (and decrypting) the next batch overlaps the handler's writes: an import's
            // events reach the read model sooner. Dropped if the handler fails (the batch is retried).
            ahead = read(events[events.length - 1]!.position);
            ahead.catch(() => undefined);
          }
          await this.options.onEvents(events);
          this.position = events[events.length - 1]!.position;
          this.waiters.release(this.position);
        }
        failures = 0;
      } catch (error) {
        ahead = null;
        failures++;
        this.options.onError?.(error);
        await this.pause.sleep(Math.min(100 * 2 ** failures, MAX_BACKOFF_MS));
        continue;
      }
      if (events.length < batchSize) {
        this.waiters.release(this.position);
        await this.pause.sleep(this.pollIntervalMs);
      }
    }
  }
}

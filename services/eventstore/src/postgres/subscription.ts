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
 * subscriptions are woken and keep polling, and the notifier reconnects after a pause.
 *
 * Every append notifies, but an event becomes readable only once every transaction older than its
 * own has ended (the visibility bound: VISIBLE), and a transaction that ends without appending
 * notifies nobody. So while it listens, the notifier also looks at the settled head of `$all` every
 * `everyMs` and wakes the subscriptions when it moved: one read of the head stands in for every
 * subscription's poll (15 projectors polling on their own read four times a second each, with a
 * query per event type they handle).
 */
export class EventNotifier {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private headTimer: NodeJS.Timeout | null = null;
  private head: AllPosition | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly watch: { readHead: () => Promise<AllPosition>; everyMs: number } | null = null,
  ) {}

  /** Whether notifications arrive: the LISTEN connection is up. */
  get listening(): boolean {
    return this.client !== null;
  }

  add(listener: () => void): () => void {
    this.listeners.add(listener);
    void this.ensureConnected();
    this.watchHead();
    return () => this.listeners.delete(listener);
  }

  /** Looks at the settled head every `everyMs` while anyone listens (see the class). */
  private watchHead(): void {
    if (!this.watch || this.headTimer || this.closed) return;
    const { readHead, everyMs } = this.watch;
    const look = async () => {
      if (!this.listening || this.listeners.size === 0) {
        this.head = null;
        return;
      }
      const head = await readHead();
      const moved = this.head !== null && (isAfter(head, this.head) || isAfter(this.head, head));
      this.head = head;
      if (moved) this.wakeAll();
    };
    const next = () => {
      this.headTimer = setTimeout(() => {
        look()
          .catch(() => {
            // The database is away: the subscriptions' own reads meet it and back off.
            this.head = null;
          })
          .finally(() => {
            if (!this.closed) next();
          });
      }, everyMs);
      this.headTimer.unref();
    };
    next();
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
      // Pausing for as long as notifications allow no longer holds: read, then poll.
      this.wakeAll();
    };
    client.on('error', dropped);
    client.on('end', dropped);
    client.on('notification', () => this.wakeAll());
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
      this.wakeAll();
    } catch {
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    }
  }

  private wakeAll(): void {
    for (const listener of this.listeners) listener();
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
    if (this.headTimer) clearTimeout(this.headTimer);
    await this.connecting;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

const MAX_BACKOFF_MS = 5000;
/**
 * How long a caught-up subscription pauses while the notifier listens: appends notify, and the
 * notifier's look at the head wakes it for events that became readable later (EventNotifier), so
 * its own poll is only a safety net.
 */
export const LISTENING_POLL_MS = 5000;

/**
 * Reads `$all` from a position, handing batches to the handler; wakes on NOTIFY, and polls every
 * `pollIntervalMs` when notifications do not arrive (LISTEN down), else every LISTENING_POLL_MS.
 */
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
        await this.pause.sleep(
          this.notifier.listening ? Math.max(this.pollIntervalMs, LISTENING_POLL_MS) : this.pollIntervalMs,
        );
      }
    }
  }
}

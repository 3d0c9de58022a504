import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  KurrentDBClient,
} from '@kurrent/kurrentdb-client';
import type { AllPosition, RecordedEvent, SubscribeOptions, Subscription } from '../event-store';
import { isAfter, START } from '../event-store';
import { Pause, PositionWaiters } from '../subscription-support';
import { LagWatchdog } from './lag-watchdog';
import { allFilter, fromLogPosition, toReadPosition } from './mapping';

/** What the subscription needs from its store. */
export type SubscriptionSource = {
  client: KurrentDBClient;
  headPosition(options?: { types?: readonly string[] }): Promise<AllPosition>;
  /** Raw resolved events as our events (decrypted, upcast); null for those that are not ours. */
  toRecorded(resolved: AllStreamResolvedEvent[]): Promise<RecordedEvent[]>;
};

export type WatchdogSettings = {
  /** How often the head is compared with what was handled. */
  checkEveryMs: number;
  /** How long the head may be ahead with nothing arriving before we resubscribe. */
  stallMs: number;
};

const MAX_BACKOFF_MS = 5000;
/** Events buffered from the server before we pause the gRPC stream (backpressure). */
const HIGH_WATER = 5000;

/**
 * A catch-up subscription to `$all` with a server-side filter. The server pushes events; we hand
 * them to the handler in batches, one batch at a time, and advance our own checkpoint only after the
 * handler resolved. Anything that ends the server's stream (an error, an end, a silent stall caught
 * by the LagWatchdog) closes it and opens a new one from that checkpoint, so nothing is skipped and
 * nothing handled twice.
 */
export class KurrentSubscription implements Subscription {
  private position: AllPosition;
  private live: AllStreamSubscription | null = null;
  private buffer: AllStreamResolvedEvent[] = [];
  private resubscribe = true;
  private stopped = false;
  private readonly pause = new Pause();
  private loop: Promise<void> | null = null;
  private watchdogTimer: NodeJS.Timeout | null = null;
  private checking = false;
  private handling = false;
  /** Pause before reopening a stream that failed; grows while it keeps failing. */
  private reopenDelayMs = 0;
  private readonly waiters = new PositionWaiters();
  private readonly watchdog: LagWatchdog;

  constructor(
    private readonly source: SubscriptionSource,
    private readonly options: SubscribeOptions,
    private readonly watchdogSettings: WatchdogSettings,
    private readonly onStopped: () => void,
  ) {
    this.position = options.fromPosition ?? START;
    this.watchdog = new LagWatchdog(watchdogSettings.stallMs);
  }

  start(): void {
    this.loop = this.run();
    this.watchdogTimer = setInterval(() => void this.checkForStall(), this.watchdogSettings.checkEveryMs);
    this.watchdogTimer.unref();
  }

  async caughtUp(): Promise<void> {
    const target = await this.source.headPosition(this.options.types ? { types: this.options.types } : {});
    if (!isAfter(target, this.position)) return;
    await this.waiters.wait(target);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.watchdogTimer) clearInterval(this.watchdogTimer);
    this.pause.stop();
    await this.loop;
    await this.closeLive();
    this.onStopped();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      if (this.resubscribe) {
        if (this.reopenDelayMs > 0) await this.pause.sleep(this.reopenDelayMs);
        if (!this.stopped) this.openLive();
        continue;
      }
      const batch = this.buffer.slice(0, this.options.batchSize ?? 500);
      if (batch.length === 0) {
        await this.pause.sleep(1000);
        continue;
      }
      try {
        await this.handle(batch);
        this.buffer.splice(0, batch.length);
        if (this.buffer.length < HIGH_WATER / 2) this.live?.resume();
        failures = 0;
      } catch (error) {
        // The batch stays at the head of the buffer and is handed over again after the pause.
        failures++;
        this.options.onError?.(error);
        await this.pause.sleep(Math.min(100 * 2 ** failures, MAX_BACKOFF_MS));
      }
    }
  }

  private async handle(batch: AllStreamResolvedEvent[]): Promise<void> {
    this.handling = true;
    try {
      // A new subscription may repeat the event at its start position: only what is past ours counts.
      const fresh = batch.filter(
        (resolved) => resolved.event && isAfter(fromLogPosition(resolved.event.position), this.position),
      );
      const events = await this.source.toRecorded(fresh);
      if (events.length > 0) await this.options.onEvents(events);
      const last = batch[batch.length - 1]!.event;
      if (last && isAfter(fromLogPosition(last.position), this.position)) {
        this.position = fromLogPosition(last.position);
      }
      this.watchdog.arrived();
      this.waiters.release(this.position);
    } finally {
      this.handling = false;
    }
  }

  /** Opens the server stream from our checkpoint; a stream that fails is reopened with backoff. */
  private openLive(): void {
    void this.closeLive();
    this.buffer = [];
    const live = this.source.client.subscribeToAll({
      fromPosition: toReadPosition(this.position),
      filter: {
        ...allFilter(this.options.types),
        // A filter checkpoint says the server is alive and has looked this far.
        checkpointReached: (_subscription, position) => {
          this.watchdog.arrived();
          // Nothing buffered or in hand: every event of ours up to the checkpoint was handled.
          if (this.buffer.length === 0 && !this.handling) this.waiters.release(fromLogPosition(position));
        },
      },
    });
    this.live = live;
    this.resubscribe = false;
    this.watchdog.reset();
    live.on('data', (resolved: AllStreamResolvedEvent) => {
      if (this.live !== live) return; // a stream we already replaced
      this.watchdog.arrived();
      this.reopenDelayMs = 0;
      this.buffer.push(resolved);
      if (this.buffer.length >= HIGH_WATER) live.pause();
      this.pause.wake();
    });
    live.on('caughtUp', () => this.watchdog.arrived());
    const dropped = (error?: unknown) => {
      if (this.live !== live || this.stopped) return;
      if (error) this.options.onError?.(error);
      this.resubscribe = true;
      this.reopenDelayMs = Math.min(Math.max(this.reopenDelayMs * 2, 250), MAX_BACKOFF_MS);
      this.pause.wake();
    };
    live.on('error', dropped);
    live.on('end', () => dropped());
    live.on('close', () => dropped());
  }

  private async closeLive(): Promise<void> {
    const live = this.live;
    this.live = null;
    await live?.unsubscribe().catch(() => undefined);
  }

  /** Runs on a timer: a head that moved while nothing arrived means the stream died silently. */
  private async checkForStall(): Promise<void> {
    if (this.checking || this.stopped || this.resubscribe) return;
    // Events waiting for a slow or failing handler are not a delivery problem.
    if (this.handling || this.buffer.length > 0) return;
    this.checking = true;
    try {
      const head = await this.source.headPosition(this.options.types ? { types: this.options.types } : {});
      if (this.watchdog.isStalled(head, this.position)) {
        this.options.onError?.(new Error('Subscription to $all stalled behind the head; resubscribing'));
        this.resubscribe = true;
        this.pause.wake();
      }
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.checking = false;
    }
  }

  /** Resolves the caughtUp() calls whose target has been reached. */
}

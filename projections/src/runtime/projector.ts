import type { AllPosition, EventStore, RecordedEvent, Subscription } from '@healthtal/eventstore';
import { START } from '@healthtal/eventstore';
import type pg from 'pg';
import { readCheckpoint } from './checkpoints';
import { forgetPassedFailures } from './parked-events';
import { applyOrPark } from './poison';
import type { Projection, ProjectorLogger } from './projection';
import { type RebuildProgress, rebuildProjection } from './rebuild';

export type ProjectorOptions = {
  pool: pg.Pool;
  store: EventStore;
  projection: Projection;
  batchSize?: number;
  logger?: ProjectorLogger;
  /** Told after each page an install (or a version's rebuild) has replayed: what `/readyz` reports. */
  onInstallProgress?: (progress: RebuildProgress) => void;
};

const silent: ProjectorLogger = { info: () => undefined, error: () => undefined };

/**
 * Keeps one read model current. `install` creates (or, after a version bump, rebuilds) its tables;
 * `start` tails the store from the checkpoint. `handleBatch` is the entry point for any transport.
 */
export class Projector {
  private subscription: Subscription | null = null;
  /** The start under way (an install can take minutes): what `caughtUp` waits for first. */
  private starting: Promise<void> | null = null;
  private readonly logger: ProjectorLogger;

  constructor(private readonly options: ProjectorOptions) {
    this.logger = options.logger ?? silent;
  }

  get name(): string {
    return this.options.projection.name;
  }

  get handles(): readonly string[] {
    return this.options.projection.handles;
  }

  async install(): Promise<void> {
    const { pool, store, projection } = this.options;
    const checkpoint = await readCheckpoint(pool, projection.name);
    if (checkpoint?.version === projection.version) return;
    this.logger.info(
      { projection: projection.name, from: checkpoint?.version ?? null, to: projection.version },
      checkpoint ? 'rebuilding read model for a new version' : 'installing read model',
    );
    const result = await rebuildProjection(
      pool,
      store,
      projection,
      this.options.onInstallProgress,
      this.logger,
    );
    this.logger.info({ projection: projection.name, events: result.events }, 'read model ready');
  }

  async start(): Promise<void> {
    this.starting = this.installAndTail();
    await this.starting;
  }

  private async installAndTail(): Promise<void> {
    await this.install();
    const checkpoint = await readCheckpoint(this.options.pool, this.name);
    this.subscription = this.options.store.subscribe({
      fromPosition: checkpoint!.position,
      batchSize: this.options.batchSize ?? 1000,
      // Only the types it handles: a read model of users never reads (or decrypts) imported candidates.
      types: this.options.projection.handles,
      onEvents: (events) => this.handleBatch(events).then(() => undefined),
      onError: (error) =>
        this.logger.error({ projection: this.name, err: error }, 'projector batch failed; retrying'),
    });
  }

  /**
   * Failure counts may be left from an earlier run or an earlier batch; after the next batch that
   * applies, the ones the checkpoint passed are dropped.
   */
  private failuresToForget = true;

  /** Applies a batch; a poison event in it is counted and, after a few tries, parked (applyOrPark). */
  async handleBatch(events: readonly RecordedEvent[]) {
    const { pool, projection } = this.options;
    const result = await applyOrPark(pool, projection, events, this.logger, () => {
      this.failuresToForget = true;
    });
    if (this.failuresToForget) {
      this.failuresToForget = false;
      await forgetPassedFailures(pool, projection.name);
    }
    return result;
  }

  /** The checkpoint: every event at or before it is in the read model (START before install). */
  async position(): Promise<AllPosition> {
    return (await readCheckpoint(this.options.pool, this.name))?.position ?? START;
  }

  /** Resolves once every event visible when it was called has been applied. */
  async caughtUp(): Promise<void> {
    // Called while it installs: once it tails the store, the subscription catches up on the rest.
    await this.starting?.catch(() => undefined);
    await this.subscription?.caughtUp();
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }
}

import type {
  AllPosition,
  EventRegistry,
  EventStore,
  PersonalDataKeys,
  RecordedEvent,
} from '@healthtal/eventstore';
import { isAfter } from '@healthtal/eventstore';
import { SpanKind, type Tracer } from '@opentelemetry/api';
import type { Consumer, Kafka, KafkaMessage } from 'kafkajs';
import { createKafka, silentLogger, type TransportLogger } from './kafka';
import { SealedPersonalData } from './sealed-personal-data';
import { inBatchSpan, linksTo } from './trace-links';
import { DEFAULT_TOPIC, fromMessage, HEADERS } from './wire';

/** What the transport needs of a projector: `Projector` from @healthtal/projections fits. */
export type FedProjector = {
  readonly name: string;
  readonly handles: readonly string[];
  /** Creates or rebuilds the read model before consuming. */
  install(): Promise<void>;
  /** The read model's checkpoint: everything at or before it is applied. */
  position(): Promise<AllPosition>;
  /** Applies what the checkpoint does not cover, in one transaction with the checkpoint (applyBatch). */
  handleBatch(events: readonly RecordedEvent[]): Promise<unknown>;
};

export type KafkaProjectorOptions = {
  projector: FedProjector;
  /** Gaps in the topic (retention, a recreated topic) are filled from the store. */
  store: EventStore;
  brokers: readonly string[];
  topic?: string;
  registry: EventRegistry;
  personalData?: PersonalDataKeys;
  logger?: TransportLogger;
  /** How long the group waits for a silent member before handing its partition on (kafkajs default 30 s). */
  sessionTimeoutMs?: number;
  /**
   * How often the group's offsets are committed (default 5 s). Offsets only say where to resume
   * reading; the PostgreSQL checkpoint says what is applied, so a longer interval costs a longer
   * reread after a crash, never a double apply.
   */
  commitIntervalMs?: number;
  /** A span per applied batch (its queries its children), linked to the commands behind its events. */
  tracer?: Tracer;
};

export type KafkaProjector = {
  /** Resolves once every event of its types committed before the call is applied. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Messages dropped because the checkpoint already covered them (rebalances, restarts, relay retries). */
  redelivered(): number;
  stop(): Promise<void>;
};

export const consumerGroupOf = (projectorName: string) => `healthtal.projector.${projectorName}`;

/**
 * Feeds one projector from the topic; each projector is a consumer group of its own. Kafka's
 * offsets are only a hint: the checkpoint in PostgreSQL, moved in the same transaction as the
 * read-model rows, decides what is new, so redelivery after a rebalance, a crash or a relay retry
 * changes nothing.
 *
 * Ordering: every read model but contact_messages deletes or updates rows from events of other
 * streams (UserDeleted clears usage, exports and grants written by other streams'
 * events; PersonalDataErased blanks directory and search-log rows; a revocation must follow its
 * grant), so applying `$all` out of order across streams would leave stale rows. The checkpoint is
 * also one position per read model, which only deduplicates a totally ordered feed. Hence one
 * partition: the transport refuses a topic with more, and scales out by running each projector
 * (a group) where it likes rather than by splitting one projector's feed.
 */
export async function startKafkaProjector(options: KafkaProjectorOptions): Promise<KafkaProjector> {
  const { projector, store, logger = silentLogger } = options;
  const topic = options.topic ?? DEFAULT_TOPIC;
  const kafka = createKafka({ brokers: options.brokers, clientId: consumerGroupOf(projector.name), logger });
  await assertSinglePartition(kafka, topic);
  await projector.install();
  const feed = new ProjectorFeed(
    projector,
    store,
    new SealedPersonalData(options.registry, options.personalData),
  );
  const consumer = await consume(kafka, topic, projector.name, feed, options, logger);
  return {
    async caughtUp(timeoutMs = 30_000) {
      const target = await store.headPosition({ settle: true, types: projector.handles });
      const deadline = Date.now() + timeoutMs;
      while (isAfter(target, await projector.position())) {
        if (Date.now() > deadline)
          throw new Error(`${projector.name} did not catch up within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    redelivered: () => feed.redelivered,
    stop: () => consumer.disconnect(),
  };
}

async function assertSinglePartition(kafka: Kafka, topic: string): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
    const partitions = topics[0]?.partitions.length ?? 0;
    if (partitions > 1)
      throw new Error(
        `Topic ${topic} has ${partitions} partitions; projectors need $all order, which only one partition keeps`,
      );
  } finally {
    await admin.disconnect();
  }
}

async function consume(
  kafka: Kafka,
  topic: string,
  name: string,
  feed: ProjectorFeed,
  options: KafkaProjectorOptions,
  logger: TransportLogger,
): Promise<Consumer> {
  const sessionTimeout = options.sessionTimeoutMs ?? 30_000;
  const consumer = kafka.consumer({
    groupId: consumerGroupOf(name),
    sessionTimeout,
    heartbeatInterval: Math.max(100, Math.floor(sessionTimeout / 10)),
    rebalanceTimeout: sessionTimeout * 2,
    // An empty fetch waits this long for data; it bounds the lag a quiet topic adds.
    maxWaitTimeInMs: 50,
    // Bigger fetches, fewer read-model transactions when catching up.
    maxBytesPerPartition: 4 * 1024 * 1024,
  });
  // Another member may have moved the checkpoint while this one was not assigned the partition.
  consumer.on(consumer.events.GROUP_JOIN, () => feed.forgetPosition());

  consumer.on(consumer.events.CRASH, ({ payload }) =>
    logger.error(
      { projection: name, err: payload.error, restart: payload.restart },
      'Kafka projector failed',
    ),
  );
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    // Committed on our own schedule below, not after every batch.
    autoCommit: false,
    autoCommitInterval: options.commitIntervalMs ?? 5000,
    eachBatch: async ({ batch, heartbeat, resolveOffset, commitOffsetsIfNecessary }) => {
      await inBatchSpan(
        options.tracer,
        `process ${topic}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            'messaging.system': 'kafka',
            'messaging.operation.type': 'process',
            'messaging.destination.name': topic,
            'messaging.consumer.group.name': consumerGroupOf(name),
            'messaging.batch.message_count': batch.messages.length,
            'healthtal.projection': name,
          },
          links: linksTo(batch.messages.map((message) => message.headers?.[HEADERS.traceparent]?.toString())),
        },
        () => feed.apply(batch.messages),
      );
      resolveOffset(batch.lastOffset());
      await commitOffsetsIfNecessary();
      await heartbeat();
    },
  });
  return consumer;
}

/** Turns a batch of messages into applyBatch calls, filling from the store what the topic lacks. */
class ProjectorFeed {
  private readonly handled: ReadonlySet<string>;
  redelivered = 0;

  constructor(
    private readonly projector: FedProjector,
    private readonly store: EventStore,
    private readonly sealed: SealedPersonalData,
  ) {
    this.handled = new Set(projector.handles);
  }

  /**
   * The checkpoint as this member last left it, read from the database only after joining the
   * group. A stale value costs nothing: applyBatch checks the checkpoint again under its lock.
   */
  private position: AllPosition | null = null;

  forgetPosition(): void {
    this.position = null;
  }

  async apply(messages: readonly KafkaMessage[]): Promise<void> {
    let position = this.position ?? (await this.projector.position());
    let run: RecordedEvent[] = [];
    for (const { event, previous } of messages.map(fromMessage)) {
      if (!isAfter(event.position, position)) {
        this.redelivered++;
        continue;
      }
      // The event before this one is past our checkpoint, so the topic skipped something.
      if (isAfter(previous, position)) {
        await this.applyRun(run);
        run = [];
        await this.fillFromStore(position, previous);
      }
      run.push(event);
      position = event.position;
    }
    await this.applyRun(run);
    this.position = position;
  }

  /** Unseals only the events this projector reads: the rest just move its checkpoint. */
  private async applyRun(run: RecordedEvent[]): Promise<void> {
    if (run.length === 0) return;
    const revealed = await this.sealed.unseal(run.filter((event) => this.handled.has(event.type)));
    let next = 0;
    await this.projector.handleBatch(
      run.map((event) => (this.handled.has(event.type) ? revealed[next++]! : event)),
    );
  }

  private async fillFromStore(from: AllPosition, until: AllPosition): Promise<void> {
    let position = from;
    for (;;) {
      const read = await this.store.readAll({
        fromPosition: position,
        limit: 1000,
        types: this.projector.handles,
      });
      const missing = read.filter((event) => !isAfter(event.position, until));
      if (missing.length === 0) return;
      await this.projector.handleBatch(missing);
      if (missing.length < read.length) return;
      position = missing[missing.length - 1]!.position;
    }
  }
}

import type {
  AllPosition,
  EventRegistry,
  EventStore,
  PersonalDataKeys,
  RecordedEvent,
  Subscription,
} from '@healthtal/eventstore';
import { isAfter, runMigrations } from '@healthtal/eventstore';
import { SpanKind, type Tracer } from '@opentelemetry/api';
import type { Message } from 'kafkajs';
import type pg from 'pg';
import { createKafka, silentLogger, type TransportLogger } from './kafka';
import { readRelayCheckpoint, relayMigrations, writeRelayCheckpoint } from './relay-checkpoint';
import { SealedPersonalData } from './sealed-personal-data';
import { inBatchSpan, linksTo } from './trace-links';
import { TransactionalPublisher } from './transactional-publisher';
import { DEFAULT_TOPIC, HEADERS, toMessage } from './wire';

export type RelayOptions = {
  store: EventStore;
  /** Holds the relay's checkpoint (table relay_checkpoints). */
  pool: pg.Pool;
  brokers: readonly string[];
  topic?: string;
  /** The store's registry and keys: personal fields are sealed again before they leave. */
  registry: EventRegistry;
  personalData?: PersonalDataKeys;
  logger?: TransportLogger;
  /** Checkpoint row and Kafka transactional id. Run one relay per name. */
  name?: string;
  batchSize?: number;
  /** A span per published batch, linked to the traces of the commands behind its events. */
  tracer?: Tracer;
};

export type Relay = {
  /** Resolves once every event committed before the call has been acknowledged by the broker. */
  caughtUp(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
};

const MAX_BACKOFF_MS = 5000;

/**
 * Tails `$all` from its checkpoint and publishes every event to Kafka, a batch per transaction. The
 * checkpoint moves only after the broker acknowledged the batch. When the broker is away the relay
 * starts again from that checkpoint with backoff (100 ms doubling up to 5 s), so an outage stalls it
 * and loses nothing; a crash between acknowledgement and checkpoint republishes a batch, which
 * consumers drop by position.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const { pool } = options;
  const name = options.name ?? 'healthtal-relay';
  await runMigrations(pool, 'relay', relayMigrations);
  const relay = new PipelinedRelay(options, name, await readRelayCheckpoint(pool, name));
  relay.start();
  return relay;
}

/**
 * While one batch's transaction is in flight the next batch is read and encoded: the store and the
 * broker work at the same time, and still only one transaction is open. A failed transaction
 * discards the batch prepared behind it and restarts the subscription from the acknowledged position.
 */
class PipelinedRelay implements Relay {
  private readonly publisher: TransactionalPublisher;
  private readonly sealed: SealedPersonalData;
  private readonly logger: TransportLogger;
  private readonly topic: string;
  private subscription: Subscription | null = null;
  /** The publish in flight (never rejects: a failure schedules a restart instead). */
  private inFlight: Promise<void> = Promise.resolve();
  /** Position of the last event handed to a transaction: the next message's `previous`. */
  private enqueued: AllPosition;
  private restarting: Promise<void> | null = null;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly options: RelayOptions,
    private readonly name: string,
    /** The checkpoint: the last position the broker acknowledged. */
    private acknowledged: AllPosition,
  ) {
    this.logger = options.logger ?? silentLogger;
    this.topic = options.topic ?? DEFAULT_TOPIC;
    const kafka = createKafka({ brokers: options.brokers, clientId: name, logger: this.logger });
    this.publisher = new TransactionalPublisher(kafka, this.topic, name);
    this.sealed = new SealedPersonalData(options.registry, options.personalData);
    this.enqueued = acknowledged;
  }

  start(): void {
    this.logger.info({ relay: this.name, topic: this.topic, from: this.acknowledged }, 'relay starting');
    this.enqueued = this.acknowledged;
    this.subscription = this.options.store.subscribe({
      fromPosition: this.acknowledged,
      // Large batches when there is a backlog: each costs a transaction's round trips, whatever its size.
      batchSize: this.options.batchSize ?? 2000,
      onEvents: (events) => this.enqueue(events),
      onError: (error) =>
        this.logger.error({ relay: this.name, err: error }, 'reading a batch failed; retrying'),
    });
  }

  private async enqueue(events: RecordedEvent[]): Promise<void> {
    if (this.restarting) return;
    const messages = (await this.sealed.seal(events)).map((event, index) =>
      toMessage({ event, previous: index === 0 ? this.enqueued : events[index - 1]!.position }),
    );
    await this.inFlight;
    if (this.restarting || this.stopped) return;
    const last = events[events.length - 1]!.position;
    this.enqueued = last;
    this.inFlight = this.publish(messages, last);
  }

  private async publish(messages: Message[], last: AllPosition): Promise<void> {
    try {
      await inBatchSpan(
        this.options.tracer,
        `send ${this.topic}`,
        {
          kind: SpanKind.PRODUCER,
          attributes: {
            'messaging.system': 'kafka',
            'messaging.operation.type': 'send',
            'messaging.destination.name': this.topic,
            'messaging.batch.message_count': messages.length,
          },
          links: linksTo(
            messages.map((message) => message.headers?.[HEADERS.traceparent] as string | undefined),
          ),
        },
        async () => {
          await this.publisher.publish(messages);
          await writeRelayCheckpoint(this.options.pool, this.name, last);
        },
      );
      this.acknowledged = last;
      if (this.failures > 0)
        this.logger.info({ relay: this.name, topic: this.topic }, 'publishing to Kafka again');
      this.failures = 0;
    } catch (error) {
      this.failures++;
      this.logger.warn(
        { relay: this.name, err: error },
        'publishing to Kafka failed; starting again from the checkpoint',
      );
      // Not awaited here: the restart stops the subscription, which waits for the batch in hand.
      this.restarting = this.restart();
    }
  }

  private async restart(): Promise<void> {
    await this.subscription?.stop();
    await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** this.failures, MAX_BACKOFF_MS)));
    this.inFlight = Promise.resolve();
    this.restarting = null;
    if (!this.stopped) this.start();
  }

  async caughtUp(timeoutMs = 60_000): Promise<void> {
    const target = await this.options.store.headPosition({ settle: true });
    const deadline = Date.now() + timeoutMs;
    while (isAfter(target, this.acknowledged)) {
      if (Date.now() > deadline) throw new Error(`relay did not catch up within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.restarting;
    await this.subscription?.stop();
    await this.inFlight;
    await this.restarting;
    await this.publisher.disconnect();
  }
}

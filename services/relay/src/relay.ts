import type { EventRegistry, EventStore, PersonalDataKeys, RecordedEvent } from '@healthtal/eventstore';
import { runMigrations } from '@healthtal/eventstore';
import type pg from 'pg';
import { createKafka, silentLogger, type TransportLogger } from './kafka';
import { readRelayCheckpoint, relayMigrations, writeRelayCheckpoint } from './relay-checkpoint';
import { SealedPersonalData } from './sealed-personal-data';
import { TransactionalPublisher } from './transactional-publisher';
import { DEFAULT_TOPIC, toMessage } from './wire';

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
};

export type Relay = {
  /** Resolves once every event committed before the call has been acknowledged by the broker. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Tails `$all` from its checkpoint and publishes every event to Kafka, a batch per transaction. The
 * checkpoint moves only after the broker acknowledged the batch. When the broker is away the
 * subscription retries the same batch with backoff (up to 5 s apart), so an outage stalls the relay
 * and loses nothing; a crash between acknowledgement and checkpoint republishes a batch, which
 * consumers drop by position.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const { store, pool, registry, personalData, logger = silentLogger } = options;
  const name = options.name ?? 'healthtal-relay';
  const topic = options.topic ?? DEFAULT_TOPIC;
  await runMigrations(pool, 'relay', relayMigrations);
  const kafka = createKafka({ brokers: options.brokers, clientId: name, logger });
  const publisher = new TransactionalPublisher(kafka, topic, name);
  const sealed = new SealedPersonalData(registry, personalData);

  let previous = await readRelayCheckpoint(pool, name);
  let failing = false;
  const publish = async (events: RecordedEvent[]) => {
    const messages = (await sealed.seal(events)).map((event, index) =>
      toMessage({ event, previous: index === 0 ? previous : events[index - 1]!.position }),
    );
    await publisher.publish(messages);
    const last = events[events.length - 1]!.position;
    await writeRelayCheckpoint(pool, name, last);
    previous = last;
    if (failing) logger.info({ relay: name, topic }, 'publishing to Kafka again');
    failing = false;
  };

  logger.info({ relay: name, topic, from: previous }, 'relay starting');
  const subscription = store.subscribe({
    fromPosition: previous,
    batchSize: options.batchSize ?? 1000,
    onEvents: publish,
    onError: (error) => {
      failing = true;
      logger.warn({ relay: name, err: error }, 'publishing to Kafka failed; retrying the batch');
    },
  });
  return {
    caughtUp: () => subscription.caughtUp(),
    async stop() {
      await subscription.stop();
      await publisher.disconnect();
    },
  };
}

import { eventDefinitions } from '@healthtal/contracts';
import { EventRegistry, type EventStore, type PersonalDataKeys } from '@healthtal/eventstore';
import type { Projector } from '@healthtal/projections';
import { type KafkaProjector, type Relay, startKafkaProjector, startRelay } from '@healthtal/relay';
import type { Tracer } from '@opentelemetry/api';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from './config';

type TransportParts = {
  config: Config;
  pool: pg.Pool;
  store: EventStore;
  personalData: PersonalDataKeys;
  logger: Logger;
  /** Spans of the relay's batches and the projectors' batches, when tracing is configured. */
  tracer?: Tracer | null;
};

const kafkaOf = (config: Config) => ({
  brokers: config.KAFKA_BROKERS,
  topic: config.KAFKA_TOPIC,
  registry: new EventRegistry(eventDefinitions),
});

/** The relay: `$all` → Kafka, from its own checkpoint. */
export function startEventRelay({
  config,
  pool,
  store,
  personalData,
  logger,
  tracer,
}: TransportParts): Promise<Relay> {
  return startRelay({
    ...kafkaOf(config),
    store,
    pool,
    personalData,
    ...(tracer ? { tracer } : {}),
    logger: logger.child({ component: 'relay' }),
  });
}

/**
 * Each projector fed from Kafka as a consumer group of its own, instead of tailing the store. Their
 * consumers start together: joining a group takes a few seconds (the broker waits for more members).
 */
export async function startKafkaProjectors(
  { config, store, personalData, logger, tracer }: TransportParts,
  projectors: readonly Projector[],
): Promise<KafkaProjector[]> {
  // One at a time: a rebuild holds a connection for its lock and needs another, so installing them
  // all at once could take the whole pool and wait for ever.
  for (const projector of projectors) await projector.install();
  const started = await Promise.allSettled(
    projectors.map((projector) =>
      startKafkaProjector({
        ...kafkaOf(config),
        projector,
        store,
        personalData,
        sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
        ...(tracer ? { tracer } : {}),
        logger: logger.child({ component: 'projector', projection: projector.name }),
      }),
    ),
  );
  const fed = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(fed.map((projector) => projector.stop()));
    throw failed.reason;
  }
  return fed;
}

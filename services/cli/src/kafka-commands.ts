import { PersonalDataKeys, reportConnectionErrors } from '@healthtal/eventstore';
import { Projector, projections } from '@healthtal/projections';
import pg from 'pg';
import { type Config, ConfigError, loadConfig } from './config';
import { createEventStore } from './event-store';
import { startEventRelay, startKafkaProjectors } from './kafka-transport';
import { createLogger } from './logger';
import { migrate } from './start';
import { traceQueries } from './traced-queries';
import { createTracing } from './tracing';

export const KAFKA_HELP = `  relay              publish every event to Kafka (needs DATABASE_URL, KAFKA_BROKERS)
  projectors [name…] keep read models current from Kafka: all, or the named ones (same settings)`;

/** `healthtal relay`: the relay alone, until SIGINT/SIGTERM (docker-compose runs it as a service). */
export const runRelayCommand = () =>
  runUntilSignal(async (parts) => {
    const relay = await startEventRelay(parts);
    parts.logger.info({ topic: parts.config.KAFKA_TOPIC }, 'relay running');
    return () => relay.stop();
  });

/** `healthtal projectors [name…]`: Kafka-fed projectors without the API, until SIGINT/SIGTERM. */
export const runProjectorsCommand = (names: string[]) =>
  runUntilSignal(async (parts) => {
    const chosen = names.length === 0 ? projections : projections.filter((p) => names.includes(p.name));
    const unknown = names.filter((name) => !projections.some((p) => p.name === name));
    if (unknown.length > 0)
      throw new ConfigError(
        `Unknown read model ${unknown.join(', ')}: ${projections.map((p) => p.name).join(', ')}`,
      );
    const { pool, store, logger } = parts;
    const projectors = chosen.map((projection) => new Projector({ pool, store, projection, logger }));
    const fed = await startKafkaProjectors(parts, projectors);
    logger.info({ projections: chosen.map((p) => p.name) }, 'projectors running');
    return async () => void (await Promise.all(fed.map((projector) => projector.stop())));
  });

type Parts = Parameters<typeof startEventRelay>[0];

async function runUntilSignal(run: (parts: Parts) => Promise<() => Promise<void>>): Promise<number> {
  const config = kafkaConfig();
  const logger = createLogger(config);
  const tracing = createTracing(config);
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_SIZE });
  reportConnectionErrors(pool, (error) => logger.warn({ err: error }, 'database connection failed'));
  if (tracing.tracer) traceQueries(pool, tracing.tracer);
  const personalData = new PersonalDataKeys(pool);
  const store = createEventStore(pool, personalData, config, tracing.tracer);
  try {
    await migrate(pool);
    const stop = await run({ config, pool, store, personalData, logger, tracer: tracing.tracer });
    const signal = await new Promise<NodeJS.Signals>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    logger.info({ signal }, 'stopping');
    await stop();
    return 0;
  } finally {
    await store.close();
    await pool.end();
    await tracing.shutdown();
  }
}

function kafkaConfig(): Config {
  const config = loadConfig();
  if (!config.DATABASE_URL)
    throw new ConfigError('Set DATABASE_URL (the embedded database is not started here).');
  if (config.KAFKA_BROKERS.length === 0)
    throw new ConfigError('Set KAFKA_BROKERS (host:port, comma-separated).');
  return config;
}

import { Kafka, type LogEntry, logLevel } from 'kafkajs';

export type TransportLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export const silentLogger: TransportLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export type KafkaSettings = {
  /** `host:port` of one or more brokers. */
  brokers: readonly string[];
  /** Names the client in broker logs. */
  clientId?: string;
  logger?: TransportLogger;
};

/** A kafkajs client whose own log lines (warnings and errors only) go to our logger. */
export function createKafka({
  brokers,
  clientId = 'healthtal',
  logger = silentLogger,
}: KafkaSettings): Kafka {
  const forward =
    () =>
    ({ level, log }: LogEntry) => {
      const { message, ...details } = log;
      if (level === logLevel.ERROR) logger.error({ kafka: details }, message);
      else if (level === logLevel.WARN) logger.warn({ kafka: details }, message);
    };
  return new Kafka({
    brokers: [...brokers],
    clientId,
    logLevel: logLevel.WARN,
    logCreator: forward,
    // A broker outage is reported to the caller quickly; the caller's loop owns the backoff.
    retry: { retries: 3, initialRetryTime: 100, maxRetryTime: 2000 },
    // Many clients connecting at once to a busy broker (or the mock cluster) need more than the 1 s default.
    connectionTimeout: 5000,
  });
}

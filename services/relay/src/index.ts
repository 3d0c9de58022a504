export type { TransportLogger } from './kafka';
export {
  consumerGroupOf,
  type FedProjector,
  type KafkaProjector,
  type KafkaProjectorOptions,
  startKafkaProjector,
} from './kafka-projector';
export { type Relay, type RelayOptions, startRelay } from './relay';
export { readRelayCheckpoint, relayMigrations } from './relay-checkpoint';
export { DEFAULT_TOPIC, HEADERS } from './wire';

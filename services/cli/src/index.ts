export { Config, ConfigError, loadConfig } from './config';
export { ensureDatabase, freePort, startEmbeddedPostgres } from './embedded-postgres';
export { createLogger } from './logger';
export { type HealthTal, migrate, startHealthTal } from './start';

export { Config, ConfigError, loadConfig } from './config';
export { REPO_ROOT } from './data-dir';
export { ensureDatabase, freePort, startEmbeddedPostgres } from './embedded-postgres';
export { BULK_MAX_WAL_SIZE } from './embedded-wal';
export { createEventStore } from './event-store';
export { SEED_APPLICATION_NAME } from './import/seed-application';
export { createLogger } from './logger';
export { type HealthTal, migrate, startHealthTal } from './start';

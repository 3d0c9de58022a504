export { forEachInSlices, mapInSlices, yieldToEventLoop } from './cooperative';
export * from './errors';
export * from './event-store';
export { KurrentDBEventStore, type KurrentDBEventStoreOptions } from './kurrentdb/kurrentdb-event-store';
export * from './migrations';
export {
  PersonalDataKeys,
  personalDataMigrations,
  SEALED_FIELD,
  sealFields,
  unsealFields,
} from './personal-data';
export { PersonalDataProtector } from './personal-data-protector';
export { compactIndexesAfterBulkLoad, dropInterruptedIndexRebuilds } from './postgres/bulk-load';
export {
  DATABASE_CONNECT_TIMEOUT_MS,
  errorCauses,
  isDatabaseUnavailable,
  reportConnectionErrors,
} from './postgres/database-unavailable';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store';
export { EVENTS_CHANNEL, eventStoreMigrations } from './postgres/schema';
export { inTransaction } from './postgres/transaction';
export { EventRegistry } from './registry';

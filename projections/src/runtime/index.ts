export { applyBatch } from './apply-batch';
export { type Checkpoint, projectionMigrations, readCheckpoint } from './checkpoints';
export {
  classifyFailure,
  type FailureKind,
  MAX_ATTEMPTS,
  ProjectionNotInstalled,
} from './failures';
export { forget, forgottenTableSql, isForgotten } from './forgotten';
export { isUuid } from './ids';
export {
  listParked,
  type ParkedEvent,
  parkedCounts,
  type RetryResult,
  retryParked,
} from './parked-events';
export { applyOrPark, type PoisonedEvent } from './poison';
export {
  defineBatchProjection,
  defineProjection,
  type Handlers,
  isProjection,
  LIVE_SCHEMA,
  type Projection,
  type ProjectorLogger,
  type Recorded,
} from './projection';
export { Projector, type ProjectorOptions } from './projector';
export {
  type RebuildProgress,
  type ReplayOptions,
  type ReplayResult,
  readAllUntil,
  rebuildProjection,
  replayIntoSchema,
} from './rebuild';
export { DEFAULT_MAX_LAG_SECONDS, type ReadModelState, readModelStates } from './status';

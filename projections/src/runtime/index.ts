export { applyBatch } from './apply-batch';
export { type Checkpoint, projectionMigrations, readCheckpoint } from './checkpoints';
export { LIVE_SCHEMA, type Projection } from './projection';
export { Projector, type ProjectorLogger, type ProjectorOptions } from './projector';
export {
  type RebuildProgress,
  type ReplayOptions,
  readAllUntil,
  rebuildProjection,
  replayIntoSchema,
} from './rebuild';

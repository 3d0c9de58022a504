import { z } from 'zod';
import { AdminIdFilter } from './admin';

/**
 * A read model's state, worst first: `not installed` (no checkpoint yet), `parked` (events it could
 * not apply are set aside, docs/adr/0018-projector-dead-letters.md), `stalled` (events wait and its
 * checkpoint has not moved for seconds: its projector is not running, ADR 0043), `lagging` (its
 * oldest unapplied event is older than PROJECTION_MAX_LAG_SECONDS), `catching up` (behind, within
 * that), `caught up`. Any of the first four makes `/readyz` answer 503.
 */
export const READ_MODEL_STATUSES = [
  'not installed',
  'parked',
  'stalled',
  'lagging',
  'catching up',
  'caught up',
] as const;
export const ReadModelStatus = z.enum(READ_MODEL_STATUSES);
export type ReadModelStatus = z.infer<typeof ReadModelStatus>;

/** Lag is counted up to this many events; the figure then reads "at least". */
export const READ_MODEL_LAG_COUNT_LIMIT = 10_000;

/** A row of the console's Read models list (`GET /api/admin/read-models`); `id` is its name. */
export const ReadModelRow = z.object({
  id: z.string(),
  status: ReadModelStatus,
  /** Events of the types it reads that it has not applied yet (at most READ_MODEL_LAG_COUNT_LIMIT). */
  lagEvents: z.number().int().min(0),
  /** How long ago the oldest of those was recorded; 0 when caught up. */
  lagSeconds: z.number().int().min(0),
  parked: z.number().int().min(0),
  /** When its checkpoint last moved; null before it is installed. */
  checkpointUpdatedAt: z.iso.datetime().nullable(),
});
export type ReadModelRow = z.infer<typeof ReadModelRow>;

export const ReadModelsFilter = z.object({
  status: ReadModelStatus.optional(),
  /** react-admin's getMany asks for rows by id. */
  id: AdminIdFilter(z.string().max(100)).optional(),
});
export type ReadModelsFilter = z.infer<typeof ReadModelsFilter>;

/** An event a read model set aside (`GET /api/admin/parked-events`). */
export const ParkedEventRow = z.object({
  /** `<read model>:<event id>`. */
  id: z.string(),
  readModel: z.string(),
  eventId: z.uuid(),
  streamId: z.string(),
  eventType: z.string(),
  /** Its `$all` position, `commit/prepare`. */
  position: z.string(),
  error: z.string(),
  attempts: z.number().int().min(1),
  firstSeenAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
});
export type ParkedEventRow = z.infer<typeof ParkedEventRow>;

export const ParkedEventsFilter = z.object({
  readModel: z.string().max(100).optional(),
  /** react-admin's getMany: `<read model>:<event id>`. */
  id: AdminIdFilter(z.string().max(200)).optional(),
});
export type ParkedEventsFilter = z.infer<typeof ParkedEventsFilter>;

/** `POST /api/admin/read-models/:name/retry`: each parked event applied again, or left parked. */
export const RetryParkedResult = z.object({
  retried: z.number().int().min(0),
  applied: z.number().int().min(0),
  stillParked: z.number().int().min(0),
});
export type RetryParkedResult = z.infer<typeof RetryParkedResult>;

/** One read model in `/readyz`'s `checks.projections`. */
export const ReadModelReadiness = ReadModelRow.pick({
  status: true,
  lagEvents: true,
  lagSeconds: true,
  parked: true,
});
export type ReadModelReadiness = z.infer<typeof ReadModelReadiness>;

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

/** A read model's name in a path (`/read-models/users`, `/read-models/users/retry`). */
export const ReadModelName = z.string().regex(/^[a-z][a-z0-9_]{0,99}$/, 'Must be a read model name.');

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

/** A parked event's id in a path: `<read model>:<event id>`. */
export const ParkedEventId = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,99}:.{1,100}$/, 'Must be a parked event id.');

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

/** The dashboard's range picker. */
export const DASHBOARD_RANGES = { '7d': 7, '30d': 30, '90d': 90 } as const;
export const DashboardRange = z.enum(['7d', '30d', '90d']);
export type DashboardRange = z.infer<typeof DashboardRange>;
export const DashboardQuery = z.object({ range: DashboardRange.default('30d') });

/** One day of the charts (UTC days). Search figures are null on days without a measured search. */
export const DashboardDay = z.object({
  day: z.iso.date(),
  signups: z.number().int(),
  subscriptionsStarted: z.number().int(),
  /** Subscriptions active at the end of the day (started by then, not ended by then). */
  activeSubscriptions: z.number().int(),
  reveals: z.number().int(),
  exports: z.number().int(),
  searches: z.number().int(),
  searchErrors: z.number().int(),
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
});
export type DashboardDay = z.infer<typeof DashboardDay>;

/** What the current subscribers of a plan pay per month (annual prices spread over 12 months). */
export const DashboardPlanRevenue = z.object({
  plan: z.string(),
  subscribers: z.number().int(),
  monthlyRevenueCents: z.number().int(),
  currency: z.string(),
});

/** A queue an admin works through: how many wait, and since when the oldest has. */
export const DashboardQueue = z.object({
  count: z.number().int(),
  oldestAt: z.iso.datetime().nullable(),
  /** Removal requests only: open past the 30 days they must be answered in. */
  overdue: z.number().int().optional(),
});

export const DashboardProjection = z.object({
  name: z.string(),
  status: ReadModelStatus,
  /** When the read model last moved its checkpoint. */
  updatedAt: z.iso.datetime().nullable(),
});

export const AdminDashboard = z.object({
  range: DashboardRange,
  since: z.iso.date(),
  days: z.array(DashboardDay),
  revenueByPlan: z.array(DashboardPlanRevenue),
  search: z.object({
    searches: z.number().int(),
    errors: z.number().int(),
    /** errors / (searches + errors); null without any search in the range. */
    errorRate: z.number().nullable(),
    p50Ms: z.number().nullable(),
    p95Ms: z.number().nullable(),
    /** Latencies are measured in this process: figures start when it did. */
    measuredSince: z.iso.datetime(),
  }),
  pendingResumes: DashboardQueue,
  openRemovalRequests: DashboardQueue,
  projections: z.array(DashboardProjection),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;

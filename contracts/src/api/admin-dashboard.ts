import { z } from 'zod';
import { ReadModelStatus } from './read-models';

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

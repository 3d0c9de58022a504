import {
  type AdminDashboard,
  DASHBOARD_RANGES,
  type DashboardDay,
  DashboardProjection,
  type DashboardRange,
  PLANS,
  RemovalLimits,
} from '@healthtal/contracts';
import type { SubscriptionsTable } from '@healthtal/projections';
import type pg from 'pg';
import type { SearchMetrics } from '../directory/search/search-metrics';
import type { ReadinessCheck } from '../http/health';
import { CURRENT_SUBSCRIPTION } from '../identity/access-profile';

type DayRow = {
  day: string;
  signups: string;
  started: string;
  active: string;
  reveals: string;
  exports: string;
};

/**
 * Per UTC day from `since`: sign-ups (users), subscriptions started and active at the day's end
 * (subscriptions), reveals and exports (usage counters). One query, one row a day.
 */
const DAYS_SQL = `
  with days as (select d::date as day from generate_series($1::date, (now() at time zone 'utc')::date, '1 day') d)
  select to_char(days.day, 'YYYY-MM-DD') as day,
    (select count(*) from users u where (u.created_at at time zone 'utc')::date = days.day) as signups,
    (select count(*) from subscriptions s where (s.first_purchased_at at time zone 'utc')::date = days.day) as started,
    (select count(*) from subscriptions s
      where s.first_purchased_at < (days.day + 1) at time zone 'utc'
        and (s.refunded_at is null or s.refunded_at >= (days.day + 1) at time zone 'utc')
        and (s.status in ('active', 'past_due') or s.current_period_end >= (days.day + 1) at time zone 'utc')
    ) as active,
    (select coalesce(sum(reveals), 0) from usage_counters c where c.day = days.day) as reveals,
    (select coalesce(sum(exports), 0) from usage_counters c where c.day = days.day) as exports
  from days order by days.day`;

/** The readiness check's detail: each read model's state (`{ status, lagEvents, … }`). */
type ProjectionDetail = { detail?: Record<string, string | { status?: string }> };
const PROJECTION_STATUSES = DashboardProjection.shape.status.options;

/** The admin dashboard over the last 7, 30 or 90 days. */
export async function adminDashboard(
  pool: pg.Pool,
  metrics: SearchMetrics,
  projectionCheck: ReadinessCheck | undefined,
  range: DashboardRange,
  now = new Date(),
): Promise<AdminDashboard> {
  const since = new Date(now.getTime() - (DASHBOARD_RANGES[range] - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const [days, revenue, resumes, removals, projections] = await Promise.all([
    pool.query<DayRow>(DAYS_SQL, [since]),
    pool.query<Pick<SubscriptionsTable, 'price_id'> & { n: string }>(
      `select s.price_id, count(*) as n from subscriptions s where ${CURRENT_SUBSCRIPTION} group by s.price_id`,
    ),
    pool.query<{ n: string; oldest: Date | null }>(
      `select count(*) as n, min(submitted_at) as oldest from resume_submissions where status = 'pending'`,
    ),
    pool.query<{ n: string; oldest: Date | null; overdue: string }>(
      `select count(*) as n, min(requested_at) as oldest,
         count(*) filter (where requested_at <= now() - make_interval(days => $1)) as overdue
       from removal_requests where confirmed_at is null and expires_at > now()`,
      [RemovalLimits.answerWithinDays],
    ),
    projectionStatus(pool, projectionCheck),
  ]);
  const search = metrics.figuresSince(since);
  return {
    range,
    since,
    days: days.rows.map((row): DashboardDay => {
      const measured = metrics.figuresOf(row.day);
      return {
        day: row.day,
        signups: Number(row.signups),
        subscriptionsStarted: Number(row.started),
        activeSubscriptions: Number(row.active),
        reveals: Number(row.reveals),
        exports: Number(row.exports),
        searches: measured.searches,
        searchErrors: measured.errors,
        p50Ms: measured.p50Ms,
        p95Ms: measured.p95Ms,
      };
    }),
    revenueByPlan: revenue.rows
      .filter((row) => PLANS[row.price_id])
      .map((row) => {
        const plan = PLANS[row.price_id];
        const monthly = plan.billingInterval === 'year' ? plan.priceAmount / 12 : plan.priceAmount;
        return {
          plan: plan.name,
          subscribers: Number(row.n),
          monthlyRevenueCents: Math.round(monthly * Number(row.n)),
          currency: plan.currency,
        };
      }),
    search: {
      ...search,
      errorRate:
        search.searches + search.errors === 0 ? null : search.errors / (search.searches + search.errors),
      measuredSince: metrics.since.toISOString(),
    },
    pendingResumes: {
      count: Number(resumes.rows[0]!.n),
      oldestAt: resumes.rows[0]!.oldest?.toISOString() ?? null,
    },
    openRemovalRequests: {
      count: Number(removals.rows[0]!.n),
      oldestAt: removals.rows[0]!.oldest?.toISOString() ?? null,
      overdue: Number(removals.rows[0]!.overdue),
    },
    projections,
  };
}

/** Each read model's state from the readiness check, with when its checkpoint last moved. */
async function projectionStatus(pool: pg.Pool, check: ReadinessCheck | undefined) {
  const [status, checkpoints] = await Promise.all([
    check ? ((await check()) as ProjectionDetail) : {},
    pool.query<{ name: string; updated_at: Date }>('select name, updated_at from projection_checkpoints'),
  ]);
  const updated = new Map(checkpoints.rows.map((row) => [row.name, row.updated_at.toISOString()]));
  const names = Object.keys(status.detail ?? {});
  return (names.length > 0 ? names : [...updated.keys()]).sort().map((name) => ({
    name,
    status: PROJECTION_STATUSES.find((known) => known === statusOf(status.detail?.[name])) ?? 'not installed',
    updatedAt: updated.get(name) ?? null,
  }));
}

const statusOf = (state: string | { status?: string } | undefined) =>
  typeof state === 'string' ? state : state?.status;

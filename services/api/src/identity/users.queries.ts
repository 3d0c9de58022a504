import {
  type AdminFilter,
  type AdminSortField,
  type AdminUserRow,
  type AdminUserStats,
  PLANS,
} from '@healthtal/contracts';
import type { LeftJoined, SubscriptionsTable, UsersTable } from '@healthtal/projections';
import type pg from 'pg';
import { exportedContactsOf, totalExportedContacts } from '../directory/export-logs.queries';
import { containsPattern } from '../http/admin-list';
import type { AdminListPage } from '../http/admin-resource';
import type { ApiSettings } from '../settings';
import { CURRENT_SUBSCRIPTION, rolesOf, VALID_GRANT } from './access-profile';

const SORT_COLUMNS = {
  id: 'u.id',
  email: 'lower(u.email)',
  signupDate: 'u.created_at',
  lastSignInAt: 'u.last_sign_in_at',
} as const satisfies Record<AdminSortField<'users'>, string>;

type Row = Pick<
  UsersTable,
  'id' | 'created_at' | 'last_sign_in_at' | 'email_verified' | 'source' | 'phone' | 'admin_granted'
> &
  LeftJoined<Pick<SubscriptionsTable, 'status' | 'tier' | 'price_id' | 'current_period_end'>> & {
    // never null here: the queries keep `u.email is not null`
    email: string;
    // computed: whether a valid grant exists
    has_grant: boolean;
  };

/**
 * The plan the Subscription column shows (subscriptionLabelOf): an active subscription's price id,
 * trial when trialing, otherwise free. The plan filter matches it.
 */
const PLAN_OF_ROW = `(select case when s.status = 'active' and s.price_id is not null then s.price_id
    when s.status = 'trialing' then 'trial' else 'free' end
  from (select 1) one left join subscriptions s on s.user_id = u.id)`;

// A user row without an email is one whose data was erased; it is about to disappear.
const SELECT = `select u.id, u.email, u.created_at, u.last_sign_in_at, u.email_verified, u.source, u.phone,
    u.admin_granted, s.status, s.tier, s.price_id, s.current_period_end,
    exists (select 1 from demo_grants g where ${VALID_GRANT}) as has_grant
  from users u left join subscriptions s on s.user_id = u.id`;
const MATCHES = `u.email is not null and ($1::text is null or u.email ilike $1)
  and ($2::uuid[] is null or u.id = any($2::uuid[])) and ($3::text is null or ${PLAN_OF_ROW} = $3)`;

/** The Users table: newest sign-ups first by default, with the same roles /me would report. */
export async function listAdminUsers(
  pool: pg.Pool,
  settings: ApiSettings,
  page: AdminListPage<'users'>,
  filter: AdminFilter<'users'>,
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const [field, order] = page.sort ?? ['signupDate', 'DESC'];
  const params = [containsPattern(filter.q ?? ''), filter.id ?? null, filter.plan ?? null];
  const [list, count] = await Promise.all([
    pool.query<Row>(
      `${SELECT} where ${MATCHES}
       order by ${SORT_COLUMNS[field]} ${order === 'ASC' ? 'asc' : 'desc'} nulls last, u.id
       offset $4 limit $5`,
      [...params, page.offset, page.limit],
    ),
    pool.query<{ n: string }>(`select count(*) as n from users u where ${MATCHES}`, params),
  ]);
  const exports = await exportCounts.ofUsers(
    pool,
    list.rows.map((row) => row.id),
  );
  return {
    rows: list.rows.map((row) => toAdminUserRow(row, settings, exports.get(row.id) ?? 0)),
    total: Number(count.rows[0]!.n),
  };
}

export async function findAdminUser(
  pool: pg.Pool,
  settings: ApiSettings,
  userId: string,
): Promise<AdminUserRow | null> {
  const { rows } = await pool.query<Row>(`${SELECT} where u.email is not null and u.id = $1`, [userId]);
  const row = rows[0];
  if (!row) return null;
  const exports = await exportCounts.ofUsers(pool, [row.id]);
  return toAdminUserRow(row, settings, exports.get(row.id) ?? 0);
}

/**
 * The four cards. Active: status active. Paid: a subscription that is current now (active, past
 * due, or canceled with paid time left), the same rule that makes a caller subscribed.
 */
export async function adminUserStats(pool: pg.Pool): Promise<AdminUserStats> {
  const { rows } = await pool.query<{ users: string; active: string; paid: string }>(
    `select (select count(*) from users u where u.email is not null) as users,
       count(*) filter (where s.status = 'active') as active,
       count(*) filter (where ${CURRENT_SUBSCRIPTION}) as paid
     from subscriptions s join users u on u.id = s.user_id and u.email is not null`,
  );
  const row = rows[0]!;
  return {
    totalUsers: Number(row.users),
    activeSubscriptions: Number(row.active),
    paidSubscriptions: Number(row.paid),
    totalExports: await exportCounts.total(pool),
  };
}

/**
 * Exported-contacts counts, from the export-log read model (CandidatesExported on `exports-<userId>`):
 * the rows each user exported, and the same sum over everyone for the Total Exports card.
 */
export const exportCounts = { ofUsers: exportedContactsOf, total: totalExportedContacts };

function toAdminUserRow(row: Row, settings: ApiSettings, totalExports: number): AdminUserRow {
  const { isAdmin, isDemo } = rolesOf(row, settings);
  const plan = row.price_id ? (PLANS[row.price_id]?.name ?? null) : null;
  return {
    id: row.id,
    email: row.email,
    signupDate: row.created_at.toISOString(),
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
    emailVerified: row.email_verified,
    subscriptionStatus: row.status,
    subscriptionPlan: plan,
    subscriptionLabel: subscriptionLabelOf(row.status, plan),
    source: row.source,
    phone: row.phone,
    totalExports,
    isAdmin,
    isDemo,
  };
}

/** The Subscription column: the plan name if active, Trial if trialing, otherwise Free. */
export function subscriptionLabelOf(status: string | null, plan: string | null): string {
  if (status === 'active' && plan) return plan;
  if (status === 'trialing') return 'Trial';
  return 'Free';
}

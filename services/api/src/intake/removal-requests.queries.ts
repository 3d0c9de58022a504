import {
  type AdminFilter,
  type AdminSortField,
  RemovalLimits,
  type RemovalRequestRow,
} from '@healthtal/contracts';
import type { RemovalRequestsTable } from '@healthtal/projections';
import type pg from 'pg';
import type { AdminListPage } from '../http/admin-resource';

/** Sorting by age is sorting by request time, the other way round. */
const SORT_COLUMNS = {
  id: { column: 'id', reversed: false },
  ageDays: { column: 'requested_at', reversed: true },
  requestedAt: { column: 'requested_at', reversed: false },
  expiresAt: { column: 'expires_at', reversed: false },
  confirmedAt: { column: 'confirmed_at', reversed: false },
  status: { column: 'status', reversed: false },
} as const satisfies Record<AdminSortField<'removal-requests'>, { column: string; reversed: boolean }>;

/** Status, age and overdue are worked out at read time: they change with the clock, not with events. */
const ROWS = `
  select id, requested_at, expires_at, confirmed_at, erased_count,
    case when confirmed_at is not null then 'confirmed' when expires_at <= now() then 'expired' else 'open' end
      as status,
    floor(extract(epoch from now() - requested_at) / 86400)::int as age_days
  from removal_requests`;

const OVERDUE = `(confirmed_at is null and age_days >= ${RemovalLimits.answerWithinDays})`;
const MATCHES = `($1::text is null or status = $1) and ($2::boolean is null or ${OVERDUE} = $2)
  and ($3::uuid[] is null or id = any($3::uuid[]))`;

type Row = Pick<
  RemovalRequestsTable,
  'id' | 'requested_at' | 'expires_at' | 'confirmed_at' | 'erased_count'
> & {
  // computed at read time (ROWS)
  status: RemovalRequestRow['status'];
  age_days: number;
};

const toRow = (row: Row): RemovalRequestRow => ({
  id: row.id,
  status: row.status,
  requestedAt: row.requested_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
  confirmedAt: row.confirmed_at?.toISOString() ?? null,
  erasedCount: row.erased_count,
  ageDays: Math.max(0, row.age_days),
  overdue: row.confirmed_at === null && row.age_days >= RemovalLimits.answerWithinDays,
});

/** Oldest first by default: the request closest to its 30-day deadline leads. */
export async function listRemovalRequests(
  pool: pg.Pool,
  page: AdminListPage<'removal-requests'>,
  filter: AdminFilter<'removal-requests'>,
): Promise<{ rows: RemovalRequestRow[]; total: number }> {
  const [field, order] = page.sort ?? ['ageDays', 'DESC'];
  const { column, reversed } = SORT_COLUMNS[field];
  const ascending = (order === 'ASC') !== reversed;
  const params = [filter.status ?? null, filter.overdue ?? null, filter.id ?? null];
  const [list, count] = await Promise.all([
    pool.query<Row>(
      `select * from (${ROWS}) r where ${MATCHES}
       order by ${column} ${ascending ? 'asc' : 'desc'} nulls last, id
       offset $4 limit $5`,
      [...params, page.offset, page.limit],
    ),
    pool.query<{ n: string }>(`select count(*) as n from (${ROWS}) r where ${MATCHES}`, params),
  ]);
  return { rows: list.rows.map(toRow), total: Number(count.rows[0]!.n) };
}

export async function findRemovalRequest(pool: pg.Pool, id: string): Promise<RemovalRequestRow | null> {
  const { rows } = await pool.query<Row>(`select * from (${ROWS}) r where id = $1`, [id]);
  return rows[0] ? toRow(rows[0]) : null;
}

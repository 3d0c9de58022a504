import {
  type AdminFilter,
  type AdminSortField,
  SEARCH_ERROR_LOG_PAGE_MAX,
  SEARCH_ERROR_RANGES,
  SEARCH_ERROR_TYPES,
  type SearchErrorLogRow,
  type SearchErrorRange,
  type SearchErrorStats,
  type SearchErrorType,
} from '@healthtal/contracts';
import type { SearchErrorLogsTable } from '@healthtal/projections';
import type pg from 'pg';
import type { AdminListPage } from '../http/admin-resource';

const SORT_COLUMNS = {
  id: 'id',
  occurredAt: 'occurred_at',
  responseTimeMs: 'response_time_ms',
  errorType: 'error_type',
  userEmail: 'user_email',
} as const satisfies Record<AdminSortField<'search-error-logs'>, string>;

type Row = Pick<
  SearchErrorLogsTable,
  | 'id'
  | 'occurred_at'
  | 'user_id'
  | 'user_email'
  | 'ip_address'
  | 'error_type'
  | 'error_code'
  | 'edge_function_name'
  | 'response_time_ms'
  | 'error_message'
  | 'search_query'
  | 'search_url'
  | 'search_filters'
  | 'user_agent'
>;

const SELECT = `select id, occurred_at, user_id, user_email, ip_address, error_type, error_code, edge_function_name,
  response_time_ms, error_message, search_query, search_url, search_filters, user_agent from search_error_logs`;
const MATCHES = `($1::timestamptz is null or occurred_at >= $1) and ($2::text is null or error_type = $2)
  and ($3::uuid[] is null or id = any($3::uuid[]))`;

const toLogRow = (row: Row): SearchErrorLogRow => ({
  id: row.id,
  occurredAt: row.occurred_at.toISOString(),
  userId: row.user_id,
  userEmail: row.user_email,
  ipAddress: row.ip_address,
  errorType: row.error_type,
  errorCode: row.error_code,
  functionName: row.edge_function_name,
  responseTimeMs: row.response_time_ms,
  errorMessage: row.error_message,
  searchQuery: row.search_query,
  searchUrl: row.search_url,
  searchFilters: row.search_filters,
  userAgent: row.user_agent,
});

export const rangeStart = (range: SearchErrorRange, now = new Date()) =>
  new Date(now.getTime() - SEARCH_ERROR_RANGES[range]);

/**
 * Entries within the time range, newest first unless sorted otherwise. A page holds at most 100
 * rows, the first version's log query limit, except when react-admin asks for entries by id (its
 * getMany) and expects every one; the total is exact so the console can page on.
 */
export async function listSearchErrorLogs(
  pool: pg.Pool,
  page: AdminListPage<'search-error-logs'>,
  filter: AdminFilter<'search-error-logs'>,
): Promise<{ rows: SearchErrorLogRow[]; total: number; page: AdminListPage<'search-error-logs'> }> {
  const byIds = filter.id !== undefined;
  const bounded = byIds ? page : { ...page, limit: Math.min(page.limit, SEARCH_ERROR_LOG_PAGE_MAX) };
  const [field, order] = page.sort ?? ['occurredAt', 'DESC'];
  const range = filter.range ?? (byIds ? undefined : '24h');
  const params = [range ? rangeStart(range) : null, filter.errorType ?? null, filter.id ?? null];
  const [list, count] = await Promise.all([
    pool.query<Row>(
      `${SELECT} where ${MATCHES}
       order by ${SORT_COLUMNS[field]} ${order === 'ASC' ? 'asc' : 'desc'} nulls last, id
       offset $4 limit $5`,
      [...params, bounded.offset, bounded.limit],
    ),
    pool.query<{ n: string }>(`select count(*) as n from search_error_logs where ${MATCHES}`, params),
  ]);
  return { rows: list.rows.map(toLogRow), total: Number(count.rows[0]!.n), page: bounded };
}

export async function findSearchErrorLog(pool: pg.Pool, id: string): Promise<SearchErrorLogRow | null> {
  const { rows } = await pool.query<Row>(`${SELECT} where id = $1`, [id]);
  return rows[0] ? toLogRow(rows[0]) : null;
}

/** The four cards over a time range: total, affected users, average response time, errors by type. */
export async function searchErrorStats(pool: pg.Pool, range: SearchErrorRange): Promise<SearchErrorStats> {
  const since = rangeStart(range);
  const [totals, byType] = await Promise.all([
    pool.query<{ total: string; users: string; avg: string | null }>(
      `select count(*) as total, count(distinct user_id) as users, round(avg(response_time_ms)) as avg
       from search_error_logs where occurred_at >= $1`,
      [since],
    ),
    pool.query<Pick<SearchErrorLogsTable, 'error_type'> & { n: string }>(
      `select error_type, count(*) as n from search_error_logs where occurred_at >= $1
       group by error_type order by count(*) desc, error_type`,
      [since],
    ),
  ]);
  const errorsByType = Object.fromEntries(SEARCH_ERROR_TYPES.map((type) => [type, 0])) as Record<
    SearchErrorType,
    number
  >;
  for (const row of byType.rows) errorsByType[row.error_type] = Number(row.n);
  const total = totals.rows[0]!;
  return {
    range,
    since: since.toISOString(),
    totalErrors: Number(total.total),
    uniqueUsers: Number(total.users),
    avgResponseTime: total.avg === null ? null : Number(total.avg),
    errorsByType,
    mostCommonType: byType.rows[0]?.error_type ?? null,
  };
}

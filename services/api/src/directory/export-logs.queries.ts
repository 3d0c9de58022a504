import {
  type AdminFilter,
  type AdminSortField,
  type ExportLogEntry,
  type ExportLogRow,
  RECENT_EXPORTS_SHOWN,
} from '@healthtal/contracts';
import type { ExportLogsTable, LeftJoined, UsersTable } from '@healthtal/projections';
import type pg from 'pg';
import { containsPattern } from '../http/admin-list';
import type { AdminListPage } from '../http/admin-resource';

type Row = Pick<
  ExportLogsTable,
  'id' | 'export_date' | 'export_count' | 'rows_intended' | 'status' | 'format' | 'file_name' | 'scope'
>;

/** The account page's Exports tab: the user's most recent exports, newest first (started ones too). */
export async function recentExports(
  pool: pg.Pool,
  userId: string,
  limit = RECENT_EXPORTS_SHOWN,
): Promise<ExportLogEntry[]> {
  const { rows } = await pool.query<Row>(
    `select id, export_date, export_count, rows_intended, status, format, file_name, scope from export_logs
     where user_id = $1 order by export_date desc, id limit $2`,
    [userId, limit],
  );
  return rows.map(toEntry);
}

const toEntry = (row: Row): ExportLogEntry => ({
  id: row.id,
  exportDate: row.export_date.toISOString(),
  exportCount: row.export_count,
  rowsIntended: row.rows_intended,
  status: row.status,
  format: row.format,
  fileName: row.file_name,
  scope: row.scope,
});

/**
 * The admin's Exported Contacts: rows exported by each user, all exports added up (the column counts
 * contacts, not files; the Total Exports card is the same sum over everyone).
 */
export async function exportedContactsOf(
  pool: pg.Pool,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await pool.query<Pick<ExportLogsTable, 'user_id'> & { n: string }>(
    'select user_id, sum(export_count) as n from export_logs where user_id = any($1::uuid[]) group by user_id',
    [userIds],
  );
  return new Map(rows.map((row) => [row.user_id, Number(row.n)]));
}

export async function totalExportedContacts(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string | null }>('select sum(export_count) as n from export_logs');
  return Number(rows[0]?.n ?? 0);
}

const SORT_COLUMNS = {
  id: 'e.id',
  exportDate: 'e.export_date',
  exportCount: 'e.export_count',
  userEmail: 'lower(u.email)',
  status: 'e.status',
} as const satisfies Record<AdminSortField<'export-logs'>, string>;

type AdminRow = Row & Pick<ExportLogsTable, 'user_id'> & LeftJoined<Pick<UsersTable, 'email'>>;

const FROM = `select e.id, e.user_id, u.email, e.export_date, e.export_count, e.rows_intended, e.status, e.format,
    e.file_name, e.scope
  from export_logs e left join users u on u.id = e.user_id`;
const MATCHES = `($1::uuid is null or e.user_id = $1) and ($2::text is null or e.status = $2)
  and ($3::text is null or u.email ilike $3) and ($4::uuid[] is null or e.id = any($4::uuid[]))`;

const toAdminRow = (row: AdminRow): ExportLogRow => ({
  ...toEntry(row),
  userId: row.user_id,
  userEmail: row.email,
});

/** The console's Exports: everyone's, newest first unless sorted otherwise. */
export async function listExportLogs(
  pool: pg.Pool,
  page: AdminListPage<'export-logs'>,
  filter: AdminFilter<'export-logs'>,
): Promise<{ rows: ExportLogRow[]; total: number }> {
  const [field, order] = page.sort ?? ['exportDate', 'DESC'];
  const params = [
    filter.userId ?? null,
    filter.status ?? null,
    filter.q === undefined ? null : containsPattern(filter.q),
    filter.id ?? null,
  ];
  const [list, count] = await Promise.all([
    pool.query<AdminRow>(
      `${FROM} where ${MATCHES}
       order by ${SORT_COLUMNS[field]} ${order === 'ASC' ? 'asc' : 'desc'} nulls last, e.id
       offset $5 limit $6`,
      [...params, page.offset, page.limit],
    ),
    pool.query<{ n: string }>(
      `select count(*) as n from export_logs e left join users u on u.id = e.user_id where ${MATCHES}`,
      params,
    ),
  ]);
  return { rows: list.rows.map(toAdminRow), total: Number(count.rows[0]!.n) };
}

export async function findExportLog(pool: pg.Pool, id: string): Promise<ExportLogRow | null> {
  const { rows } = await pool.query<AdminRow>(`${FROM} where e.id = $1`, [id]);
  return rows[0] ? toAdminRow(rows[0]) : null;
}

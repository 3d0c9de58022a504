import { type ExportLogEntry, RECENT_EXPORTS_SHOWN } from '@healthtal/contracts';
import type { ExportLogsTable } from '@healthtal/projections';
import type pg from 'pg';

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
  return rows.map((row) => ({
    id: row.id,
    exportDate: row.export_date.toISOString(),
    exportCount: row.export_count,
    rowsIntended: row.rows_intended,
    status: row.status,
    format: row.format,
    fileName: row.file_name,
    scope: row.scope,
  }));
}

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

import type { ActivityEntry } from '@healthtal/contracts';
import type { DirectoryCandidatesTable, LeftJoined, UserActivityTable } from '@healthtal/projections';
import type pg from 'pg';

type Row = Pick<
  UserActivityTable,
  | 'id'
  | 'kind'
  | 'occurred_at'
  | 'candidate_id'
  | 'via_demo_grant'
  | 'export_id'
  | 'export_count'
  | 'rows_intended'
  | 'status'
  | 'format'
  | 'file_name'
  | 'scope'
> &
  LeftJoined<Pick<DirectoryCandidatesTable, 'first_name' | 'last_name'>>;

const nameOf = (row: Row) => [row.first_name, row.last_name].filter(Boolean).join(' ') || null;

function toEntry(row: Row): ActivityEntry {
  const at = row.occurred_at.toISOString();
  if (row.kind === 'reveal')
    return {
      kind: 'reveal',
      id: row.id,
      at,
      candidateId: row.candidate_id!,
      candidateName: nameOf(row),
      viaDemoGrant: row.via_demo_grant ?? false,
    };
  return {
    kind: 'export',
    id: row.id,
    at,
    exportId: row.export_id!,
    count: row.export_count ?? 0,
    rowsIntended: row.rows_intended ?? row.export_count ?? 0,
    status: row.status ?? 'completed',
    format: row.format ?? 'csv',
    fileName: row.file_name ?? '',
    scope: row.scope ?? 'selection',
  };
}

const WHERE = 'where a.user_id = $1 and ($2::text is null or a.kind = $2)';

/**
 * The user's own reveals and exports, newest first. A revealed candidate's name comes from the
 * directory, so a person erased since shows without one.
 */
export async function activityOf(
  pool: pg.Pool,
  userId: string,
  { kind, offset, limit }: { kind?: 'reveal' | 'export' | undefined; offset: number; limit: number },
): Promise<{ entries: ActivityEntry[]; count: number }> {
  const [page, count] = await Promise.all([
    pool.query<Row>(
      `select a.id, a.kind, a.occurred_at, a.candidate_id, d.first_name, d.last_name, a.via_demo_grant,
         a.export_id, a.export_count, a.rows_intended, a.status, a.format, a.file_name, a.scope
       from user_activity a left join directory_candidates d on d.id = a.candidate_id
       ${WHERE} order by a.occurred_at desc, a.id offset $3 limit $4`,
      [userId, kind ?? null, offset, limit],
    ),
    pool.query<{ n: string }>(`select count(*) as n from user_activity a ${WHERE}`, [userId, kind ?? null]),
  ]);
  return { entries: page.rows.map(toEntry), count: Number(count.rows[0]!.n) };
}

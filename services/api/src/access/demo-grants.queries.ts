import type { AdminFilter, AdminSortField, DemoGrantRow } from '@healthtal/contracts';
import type { DemoGrantsTable } from '@healthtal/projections';
import type pg from 'pg';
import { containsPattern } from '../http/admin-list';
import type { AdminListPage } from '../http/admin-resource';
import { VALID_GRANT } from '../identity/access-profile';

const SORT_COLUMNS = {
  id: 'g.id',
  grantedAt: 'g.granted_at',
  expires_at: 'g.expires_at',
  user_email: 'lower(u.email)',
  usesCount: 'g.uses_count',
} as const satisfies Record<AdminSortField<'demo-grants'>, string>;

type Row = Pick<
  DemoGrantsTable,
  'id' | 'user_id' | 'feature_type' | 'expires_at' | 'max_uses' | 'uses_count' | 'notes' | 'granted_at'
> & {
  // u.email as user_email, never null here (`u.email is not null`)
  user_email: string;
  // computed: the spec's validity (VALID_GRANT)
  valid: boolean;
};

// Grants of a user whose row is gone (deleted, or not projected yet) have no email to show.
const FROM = 'from demo_grants g join users u on u.id = g.user_id';
const MATCHES = `u.email is not null and ($1::uuid is null or g.user_id = $1)
  and ($2::text is null or u.email ilike $2) and ($3::boolean is null or (${VALID_GRANT}) = $3)
  and ($4::uuid[] is null or g.id = any($4::uuid[]))`;
const COLUMNS = `g.id, g.user_id, u.email as user_email, g.feature_type, (${VALID_GRANT}) as valid, g.expires_at,
  g.max_uses, g.uses_count, g.notes, g.granted_at`;

/**
 * Every grant with its user's email, newest first by default. `active` is the spec's validity, not
 * the stored flag: a grant that expired or ran out of uses shows as inactive though nobody revoked it.
 */
export async function listDemoGrants(
  pool: pg.Pool,
  page: AdminListPage<'demo-grants'>,
  filter: AdminFilter<'demo-grants'>,
): Promise<{ rows: DemoGrantRow[]; total: number }> {
  const [field, order] = page.sort ?? ['grantedAt', 'DESC'];
  const params = [
    filter.userId ?? null,
    containsPattern(filter.q ?? ''),
    filter.active ?? null,
    filter.id ?? null,
  ];
  const [list, count] = await Promise.all([
    pool.query<Row>(
      `select ${COLUMNS} ${FROM} where ${MATCHES}
       order by ${SORT_COLUMNS[field]} ${order === 'ASC' ? 'asc' : 'desc'} nulls last, g.id
       offset $5 limit $6`,
      [...params, page.offset, page.limit],
    ),
    pool.query<{ n: string }>(`select count(*) as n ${FROM} where ${MATCHES}`, params),
  ]);
  return { rows: list.rows.map(toGrantRow), total: Number(count.rows[0]!.n) };
}

/** One grant by its id, as the list shows it; null when there is none (or its user is gone). */
export async function findDemoGrant(pool: pg.Pool, grantId: string): Promise<DemoGrantRow | null> {
  const { rows } = await pool.query<Row>(
    `select ${COLUMNS} ${FROM} where u.email is not null and g.id = $1`,
    [grantId],
  );
  return rows[0] ? toGrantRow(rows[0]) : null;
}

const toGrantRow = (row: Row): DemoGrantRow => ({
  id: row.id,
  userId: row.user_id,
  user_email: row.user_email,
  featureType: row.feature_type,
  active: row.valid,
  expires_at: row.expires_at?.toISOString() ?? null,
  maxUses: row.max_uses,
  usesCount: row.uses_count,
  notes: row.notes,
  grantedAt: row.granted_at.toISOString(),
});

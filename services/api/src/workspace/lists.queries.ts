import type { CandidateCard, ListSummary } from '@healthtal/contracts';
import type { DirectoryCandidatesTable, ListsTable } from '@healthtal/projections';
import type pg from 'pg';
import { CARD_COLUMNS, type CardRow, toCard } from '../directory/cards';
import { containsPattern } from '../http/admin-list';

type SummaryRow = Pick<ListsTable, 'id' | 'name' | 'description' | 'created_at'> & {
  // computed: count(*) of the list's members, a bigint
  member_count: string;
};

const SUMMARY = `select l.id, l.name, l.description, l.created_at,
  (select count(*) from list_members m where m.list_id = l.id) as member_count from lists l`;

const toSummary = (row: SummaryRow): ListSummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  createdAt: row.created_at.toISOString(),
  memberCount: Number(row.member_count),
});

/** My Lists and the Saved Lists sheet: the owner's lists, newest first. */
export async function listsOf(pool: pg.Pool, ownerId: string): Promise<ListSummary[]> {
  const { rows } = await pool.query<SummaryRow>(
    `${SUMMARY} where l.owner_id = $1 order by l.created_at desc, l.id`,
    [ownerId],
  );
  return rows.map(toSummary);
}

/** The list when this user owns it; null otherwise (someone else's list is not found). */
export async function findOwnedList(
  pool: pg.Pool,
  ownerId: string,
  listId: string,
): Promise<ListSummary | null> {
  const { rows } = await pool.query<SummaryRow>(`${SUMMARY} where l.id = $1 and l.owner_id = $2`, [
    listId,
    ownerId,
  ]);
  return rows[0] ? toSummary(rows[0]) : null;
}

/**
 * Members still in the directory (an erased person is gone from directory_candidates), matching
 * every word of `q` in their name, title, specialty, organization, location or skills. Newest
 * additions first, in the order they were chosen.
 */
const MEMBERS = `from list_members m join directory_candidates d on d.id = m.candidate_id
  where m.list_id = $1 and not exists (
    select 1 from unnest($2::text[]) as w(pattern)
    where concat_ws(' ', d.first_name, d.last_name, d.title, d.specialty, d.company_name, d.city, d.state,
      d.location, d.skills) not ilike w.pattern)`;
const MEMBER_ORDER = 'order by m.added_at desc, m.ord, d.seq';

/** "icu  houston" → ['%icu%', '%houston%']: each word must appear somewhere. */
const wordPatterns = (q: string | undefined): string[] =>
  (q ?? '')
    .split(/\s+/)
    .map(containsPattern)
    .filter((pattern): pattern is string => pattern !== null)
    .slice(0, 10);

export async function listMembersPage(
  pool: pg.Pool,
  listId: string,
  { q, offset, limit }: { q?: string | undefined; offset: number; limit: number },
): Promise<{ cards: CandidateCard[]; count: number }> {
  const words = wordPatterns(q);
  const [page, count] = await Promise.all([
    pool.query<CardRow>(`select ${CARD_COLUMNS} ${MEMBERS} ${MEMBER_ORDER} offset $3 limit $4`, [
      listId,
      words,
      offset,
      limit,
    ]),
    pool.query<{ n: string }>(`select count(*) as n ${MEMBERS}`, [listId, words]),
  ]);
  return { cards: page.rows.map(toCard), count: Number(count.rows[0]!.n) };
}

/** Select All on the list page: every matching member's id, in list order. */
export async function listMemberIds(
  pool: pg.Pool,
  listId: string,
  q?: string,
  only?: readonly string[],
): Promise<string[]> {
  const { rows } = await pool.query<Pick<DirectoryCandidatesTable, 'id'>>(
    `select d.id ${MEMBERS} and ($3::uuid[] is null or m.candidate_id = any($3::uuid[])) ${MEMBER_ORDER}`,
    [listId, wordPatterns(q), only ?? null],
  );
  return rows.map((row) => row.id);
}

/** Which of these ids are candidates in the directory now. */
export async function candidatesInDirectory(pool: pg.Pool, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await pool.query<Pick<DirectoryCandidatesTable, 'id'>>(
    'select id from directory_candidates where id = any($1::uuid[])',
    [ids],
  );
  return new Set(rows.map((row) => row.id));
}

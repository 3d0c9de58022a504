import type { DirectoryCandidatesTable, SavedSearchesTable } from '@healthtal/projections';
import type pg from 'pg';

export type SavedSearchRow = Pick<
  SavedSearchesTable,
  'id' | 'name' | 'search_params' | 'created_at' | 'last_opened_at'
>;

const COLUMNS = 'id, name, search_params, created_at, last_opened_at';

/** The Saved Searches sheet: the owner's searches, newest first. */
export async function savedSearchesOf(pool: pg.Pool, ownerId: string): Promise<SavedSearchRow[]> {
  const { rows } = await pool.query<SavedSearchRow>(
    `select ${COLUMNS} from saved_searches where owner_id = $1 order by created_at desc, id`,
    [ownerId],
  );
  return rows;
}

/** The saved search when this user owns it; null otherwise. */
export async function findOwnedSavedSearch(
  pool: pg.Pool,
  ownerId: string,
  id: string,
): Promise<SavedSearchRow | null> {
  const { rows } = await pool.query<SavedSearchRow>(
    `select ${COLUMNS} from saved_searches where id = $1 and owner_id = $2`,
    [id, ownerId],
  );
  return rows[0] ?? null;
}

/**
 * The read-model seq of the first candidate imported after `since`, or null when none was. Seq
 * follows import order, so every candidate from there on arrived after `since`.
 */
export async function firstSeqImportedAfter(pool: pg.Pool, since: Date): Promise<number | null> {
  const { rows } = await pool.query<Pick<DirectoryCandidatesTable, 'seq'>>(
    'select seq from directory_candidates where imported_at > $1 order by imported_at, seq limit 1',
    [since],
  );
  return rows[0] ? Number(rows[0].seq) : null;
}

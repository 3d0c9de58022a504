import type { SavedSearchesTable } from '@healthtal/projections';
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

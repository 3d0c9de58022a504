import { AdminListQuery, MAX_ADMIN_PAGE } from '@healthtal/contracts';
import type { Request, Response } from 'express';
import { parseQuery } from './validate';

export type AdminPage<Field extends string> = {
  sort: [Field, 'ASC' | 'DESC'] | undefined;
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
};

const DEFAULT_RANGE: [number, number] = [0, 24];
/** react-admin's getMany sends ids and no range: every row it names, not the first page of them. */
const BY_IDS_RANGE: [number, number] = [0, MAX_ADMIN_PAGE - 1];

/**
 * Reads ra-data-simple-rest's `sort`, `range` and `filter` query parameters. Every list sorts on
 * `id` too: it is the provider's sort when the console names none.
 */
export function parseAdminPage<Field extends string>(
  req: Request,
  sortable: readonly [Field, ...Field[]],
): AdminPage<Field> {
  const query = parseQuery(AdminListQuery(sortable), req);
  const [start, end] = query.range ?? (query.filter?.id === undefined ? DEFAULT_RANGE : BY_IDS_RANGE);
  return {
    sort: query.sort as [Field, 'ASC' | 'DESC'] | undefined,
    offset: start,
    limit: end - start + 1,
    filter: query.filter ?? {},
  };
}

/** Answers a list the way ra-data-simple-rest reads it: rows as the body, the total in Content-Range. */
export function sendAdminList(
  res: Response,
  resource: string,
  page: AdminPage<string>,
  rows: unknown[],
  total: number,
) {
  const end = rows.length === 0 ? page.offset : page.offset + rows.length - 1;
  res
    .set('Content-Range', `${resource} ${page.offset}-${end}/${total}`)
    .set('Access-Control-Expose-Headers', 'Content-Range')
    .json(rows);
}

/** An ILIKE pattern for "contains", with the user's %, _ and \ taken literally; null when blank. */
export function containsPattern(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : `%${trimmed.replace(/[\\%_]/g, '\\$&')}%`;
}

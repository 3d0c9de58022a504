import {
  SavedSearchParams,
  type SavedSearchView,
  SearchLimits,
  type SearchRequest,
} from '@healthtal/contracts';
import type { DirectorySearch } from '../directory/search/directory-search';
import type { SavedSearchRow } from './saved-searches.queries';

/** The saved filter object as a search request (the first page; only its count matters here). */
export function searchRequestOf(params: SavedSearchParams): SearchRequest {
  return {
    ...params,
    sortKey: params.sortKey ?? 'relevance',
    sortDirection: params.sortDirection ?? 'asc',
    page: 1,
    limit: SearchLimits.pageSizeDefault,
    selectAll: false,
  };
}

/**
 * Saved params read through today's contract; a search saved under an older, looser one keeps
 * what still parses rather than failing the whole sheet: a field today's contract refuses (Keywords
 * saved as plain words before they were boolean, `nurse AND`) is left out, the others kept.
 */
export function paramsOf(row: SavedSearchRow): SavedSearchParams {
  const parsed = SavedSearchParams.safeParse(row.search_params);
  if (parsed.success) return parsed.data;
  const saved = row.search_params;
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return {};
  const refused = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  const kept = Object.fromEntries(Object.entries(saved).filter(([field]) => !refused.has(field)));
  const again = SavedSearchParams.safeParse(kept);
  return again.success ? again.data : {};
}

/**
 * "12 new since Nov 3": candidates that match the saved search now and entered the directory after
 * it was last opened (or saved): the search with `addedSince`, as the badge's link opens it.
 * Erased candidates are gone from the index and never count. Null while the search index is still
 * loading.
 */
export async function newSince(
  search: DirectorySearch,
  params: SavedSearchParams,
  since: Date,
): Promise<number | null> {
  if (!search.ready) return null;
  const request = { ...searchRequestOf(params), addedSince: since.toISOString() };
  return (await search.find(request, { offset: 0, limit: 0 })).count;
}

export async function toSavedSearchView(
  search: DirectorySearch,
  row: SavedSearchRow,
): Promise<SavedSearchView> {
  const searchParams = paramsOf(row);
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    searchParams,
    since: row.last_opened_at.toISOString(),
    newCount: await newSince(search, searchParams, row.last_opened_at),
  };
}

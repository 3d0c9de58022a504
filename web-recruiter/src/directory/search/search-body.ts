import type { SearchRequestBody } from '@healthtal/contracts';
import { APP_ROUTES } from '@healthtal/contracts/domain/app-routes';
import { SearchLimits } from '@healthtal/contracts/domain/directory';
import type { SearchScreenState } from './search-screen';
import { searchFiltersOf, searchStateFromParams } from './search-screen';

/*
 * Imported by the boot script too (app/boot.ts), which must stay small: contracts' modules without
 * zod only, by their own paths rather than the package's index.
 */

/** The search request of a screen state: the filter object plus the page and its size. */
export const searchBody = (
  state: SearchScreenState,
  limit: number = SearchLimits.pageSizeDefault,
): SearchRequestBody => ({
  ...searchFiltersOf(state),
  page: state.page,
  limit,
});

const SEARCH_PATHS: readonly string[] = [APP_ROUTES.search.path, APP_ROUTES.directory.path];

/** Whether a page address is the search screen's (/search, or /directory that leads to it). */
export const isSearchPath = (pathname: string) => SEARCH_PATHS.includes(pathname);

/**
 * The first search a visit to `location` shows: its URL's filters and page at the default page
 * size; null off the search screen.
 */
export const firstSearchBody = (location: { pathname: string; search: string }): SearchRequestBody | null =>
  isSearchPath(location.pathname)
    ? searchBody(searchStateFromParams(new URLSearchParams(location.search)))
    : null;

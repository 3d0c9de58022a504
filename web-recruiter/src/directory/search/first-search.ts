import { APP_ROUTES, searchStateFromParams } from '@healthtal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { hasSessionMarker, refreshSession } from '../../app/api';
import { preloadPage } from '../../app/lazy-page';
import { runSearch, searchBody } from './useSearchResults';

const SEARCH_PATHS: readonly string[] = [APP_ROUTES.search.path, APP_ROUTES.directory.path];

/** The search screen's chunk: the route renders it, the first visit preloads it. */
export const loadSearchPage = () => import('./SearchPage');

/**
 * A visit that lands on /search: fetch the page's chunk now, and the first page of results as soon
 * as the resumed session's token is in hand, under the key the page reads (useSearchResults), so
 * chunk, /me and search travel together instead of one after the other. Called by main.tsx before
 * React renders; a visitor without a session fetches only the chunk.
 */
export function prefetchFirstSearch(client: QueryClient): Promise<void> {
  if (!SEARCH_PATHS.includes(window.location.pathname)) return Promise.resolve();
  const page = preloadPage(loadSearchPage, 'SearchPage');
  // Without the marker there is no session to resume, and no refresh to ask for.
  if (!hasSessionMarker()) return page;
  void refreshSession().then((session) => {
    if (!session) return;
    const body = searchBody(searchStateFromParams(new URLSearchParams(window.location.search)));
    void client.prefetchQuery({
      queryKey: ['search', body],
      queryFn: ({ signal }) => runSearch(body, signal),
    });
  });
  return page;
}

import type { QueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../app/api';
import { loadedWithSession, takeStartedSearch } from '../../app/boot';
import { preloadPage } from '../../app/lazy-page';
import { firstSearchBody } from './search-body';
import { runSearch } from './useSearchResults';

/** The search screen's chunk: the route renders it, the first visit preloads it. */
export const loadSearchPage = () => import('./SearchPage');

/**
 * A visit that lands on /search: fetch the page's chunk now, and put the first page of results
 * under the key the page reads (useSearchResults): the answer to the search the boot script sent
 * as soon as the session's token arrived, or a search sent now. Chunk, /me and search travel
 * together instead of one after the other. Called by main.tsx before React renders, which waits
 * for it (prefetchQuery never rejects: a failed search is the page's to show); a visitor without a
 * session fetches only the chunk.
 */
export function prefetchFirstSearch(client: QueryClient): Promise<void> {
  const body = firstSearchBody(window.location);
  if (!body) return Promise.resolve();
  const page = preloadPage(loadSearchPage, 'SearchPage');
  // Without the marker there is no session to resume, and no refresh to ask for.
  if (!loadedWithSession()) return page;
  const sent = takeStartedSearch(body);
  const results = refreshSession().then((session) =>
    session
      ? client.prefetchQuery({
          queryKey: ['search', body],
          queryFn: ({ signal }) => runSearch(body, signal, sent),
        })
      : undefined,
  );
  return Promise.all([page, results]).then(() => undefined);
}

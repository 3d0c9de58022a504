import { type SearchRequestBody, SearchResponse } from '@healthtal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../app/api';
import { searchBody } from './search-body';
import { invalidFilterMessage, type SearchScreenState, searchErrorMessage } from './search-screen';

/**
 * A failed search, in the spec's words (§8), with how long it took; a filter the API refused keeps
 * its field errors (request path → message), which the filter shows.
 */
export class SearchFailure extends Error {
  constructor(
    message: string,
    readonly elapsedMs: number,
    readonly fieldErrors: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** One search; `sent` is the same request already on its way (the boot script's first search). */
export async function runSearch(
  body: SearchRequestBody,
  signal: AbortSignal,
  sent: Promise<Response | null> | null = null,
) {
  const started = performance.now();
  try {
    return await api('/api/v1/search', {
      method: 'POST',
      json: body,
      schema: SearchResponse,
      signal,
      started: sent,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    const raw = error instanceof Error ? error.message : String(error);
    const code = error instanceof ApiError ? (error.problem as { code?: string }).code : undefined;
    const fields = error instanceof ApiError && error.status === 400 ? error.problem.errors : undefined;
    const message = fields ? invalidFilterMessage(fields) : searchErrorMessage(raw, code);
    throw new SearchFailure(message, Math.round(performance.now() - started), fields);
  }
}

/**
 * One page of results, keyed on the filter object and page. Fresh for 5 minutes with one retry
 * after 1 s (the app's query defaults, spec §9); the previous page stays on screen while the next
 * loads, so a filter change repaints as soon as the answer arrives.
 */
export function useSearchResults(state: SearchScreenState, enabled: boolean, limit?: number) {
  const body = searchBody(state, limit);
  return useQuery({
    queryKey: ['search', body],
    queryFn: ({ signal }) => runSearch(body, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useToast } from '../../app/toast';
import {
  EMPTY_SEARCH,
  SearchMessages,
  type SearchScreenState,
  searchParamsOf,
  searchStateFromParams,
} from './search-screen';
import { useAheadRef } from './useAheadRef';

/** Changing these resets the page to 1 (spec §4); sort, tab and page itself do not. */
const KEEPS_PAGE: ReadonlySet<keyof SearchScreenState> = new Set(['page', 'tab', 'sortKey', 'sortDirection']);

/**
 * The search screen's state lives in the URL (spec §2): every change writes the URL, and the screen
 * reads only the URL, so reload, back and shared links show the same search. `upgraded=true` shows
 * the welcome toast once and is taken out of the URL.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const state = useMemo(() => searchStateFromParams(params), [params]);

  const latest = useAheadRef(params);

  const replace = useCallback(
    (next: SearchScreenState) => {
      latest.current = new URLSearchParams(searchParamsOf(next));
      setParams(latest.current);
    },
    [setParams, latest],
  );

  const update = useCallback(
    (patch: Partial<SearchScreenState>) => {
      const before = searchStateFromParams(latest.current);
      const resets = Object.keys(patch).some((key) => !KEEPS_PAGE.has(key as keyof SearchScreenState));
      replace({ ...before, ...patch, ...(resets ? { page: 1 } : {}) });
    },
    [replace, latest],
  );

  const clear = useCallback(() => replace({ ...EMPTY_SEARCH, tab: state.tab }), [replace, state.tab]);

  useEffect(() => {
    if (!state.upgraded) return;
    toast(SearchMessages.welcome);
    setParams(new URLSearchParams(searchParamsOf(state)), { replace: true });
  }, [state, toast, setParams]);

  return { state, update, replace, clear };
}

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

/**
 * A change of the search: the fields it sets, or a function of the latest state that gives them (a
 * list filter's pick, which must add to what a pick just before it added, not to what the last
 * render showed).
 */
export type SearchPatch =
  | Partial<SearchScreenState>
  | ((before: SearchScreenState) => Partial<SearchScreenState>);

/**
 * A list filter's new value, as a control reports it (the rendered list with an edit), made into an
 * edit of the latest list: what the control added is added and what it removed is removed, so a
 * second pick made before the first one's navigation rendered keeps both.
 */
export function listEdit<K extends keyof SearchScreenState>(
  key: K,
  rendered: readonly string[],
  next: readonly string[],
): SearchPatch {
  const removed = new Set(rendered.filter((value) => !next.includes(value)));
  const added = next.filter((value) => !rendered.includes(value));
  return (before) => {
    const kept = (before[key] as unknown as string[]).filter((value) => !removed.has(value));
    return {
      [key]: [...kept, ...added.filter((value) => !kept.includes(value))],
    } as Partial<SearchScreenState>;
  };
}

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
    (change: SearchPatch) => {
      const before = searchStateFromParams(latest.current);
      const patch = typeof change === 'function' ? change(before) : change;
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

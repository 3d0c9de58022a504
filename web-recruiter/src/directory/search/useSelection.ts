import {
  type CandidateCard,
  type SearchScreenState,
  SearchLimits,
  SearchMessages as M,
  SearchResponse,
  titled,
} from '@healthtal/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, api } from '../../app/api';
import { useAuth } from '../../app/auth';
import { useToast } from '../../app/toast';
import { searchBody } from './useSearchResults';

export type SelectionMode = 'none' | 'page' | 'all';

/**
 * Selection on the search screen (spec §4, §6, §8): none, the current page, or all (premium, up to
 * the cap). Select Page and Select All toggle; individual picks are refused while all is active;
 * a new search (filters, not page or sort) starts a new selection.
 */
export function useSelection(state: SearchScreenState, pageCards: readonly CandidateCard[]) {
  const auth = useAuth();
  const toast = useToast();
  const [mode, setMode] = useState<SelectionMode>('none');
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const [known, setKnown] = useState<ReadonlyMap<string, CandidateCard>>(new Map());
  const [busy, setBusy] = useState(false);
  const filterKey = JSON.stringify({ ...searchBody(state), page: 0, sortKey: '', sortDirection: '' });

  const clear = useCallback(() => {
    setMode('none');
    setIds(new Set());
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (its filter key) clears the selection
  useEffect(clear, [filterKey, clear]);

  /** Spec §6: selecting needs a subscription; signed-out visitors are asked to log in. */
  const mayPick = useCallback(() => {
    if (auth.status !== 'signed-in') {
      toast(titled(M.authRequiredTitle, M.signInToSelectAll), 'error');
      return false;
    }
    if (!auth.can('basic')) {
      toast(titled(M.freeLimitTitle, M.freeLimit), 'error');
      return false;
    }
    return true;
  }, [auth, toast]);

  const remember = useCallback((cards: readonly CandidateCard[]) => {
    setKnown((before) => new Map([...before, ...cards.map((c) => [c.id, c] as const)]));
  }, []);

  const toggleOne = useCallback(
    (id: string) => {
      if (!mayPick()) return;
      if (mode === 'all') return toast(titled(M.selectionModeActiveTitle, M.selectionModeActive), 'warning');
      const card = pageCards.find((c) => c.id === id);
      if (card) remember([card]);
      setIds((before) => {
        const next = new Set(before);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    },
    [mayPick, mode, pageCards, remember, toast],
  );

  const togglePage = useCallback(() => {
    if (mode === 'page') return clear();
    if (!mayPick()) return;
    remember(pageCards);
    setIds(new Set(pageCards.map((c) => c.id)));
    setMode('page');
  }, [mode, clear, mayPick, pageCards, remember]);

  const toggleAll = useCallback(async () => {
    if (mode === 'all') return clear();
    if (auth.status !== 'signed-in') return toast(titled(M.authRequiredTitle, M.signInToSelectAll), 'error');
    if (!auth.can('premium')) return toast(titled(M.subscriptionRequiredTitle, M.selectAllNeedsPremium), 'error');
    setBusy(true);
    try {
      const answer = await api('/api/v1/search', {
        method: 'POST',
        json: { ...searchBody(state), page: 1, selectAll: true },
        schema: SearchResponse,
      });
      remember(pageCards);
      setIds(new Set(answer.ids ?? []));
      setMode('all');
      if (answer.capped) toast(titled(M.selectAllErrorTitle, M.maxLimitReached(SearchLimits.selectAllCap)), 'warning');
    } catch (error) {
      toast(titled(M.selectAllErrorTitle, error instanceof ApiError ? error.message : M.exportFailed), 'error');
    } finally {
      setBusy(false);
    }
  }, [mode, clear, auth, toast, state, pageCards, remember]);

  const selectedCards = useMemo(() => [...ids].flatMap((id) => known.get(id) ?? []), [ids, known]);
  return { mode, ids, busy, selectedCards, toggleOne, togglePage, toggleAll, clear };
}

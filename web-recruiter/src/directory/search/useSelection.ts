import { type CandidateCard, SearchLimits, SearchResponse } from '@healthtal/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, api } from '../../app/api';
import { useAuth } from '../../app/auth';
import { useToast } from '../../app/toast';
import { searchBody } from './search-body';
import { SearchMessages as M, type SearchScreenState, titled } from './search-screen';

export type SelectionMode = 'none' | 'page' | 'all';

/**
 * Selection on the search screen (spec §4, §6, §8): none, the current page, or all (premium, up to
 * the cap). Select Page and Select All toggle; individual picks are refused while all is active.
 * Picks from several searches add up (a recruiter builds one list from a few searches), but a new
 * search ends Select All, whose ids belonged to the old one.
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
  const modeRef = useRef(mode);
  modeRef.current = mode;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search (its filter key) changes
  useEffect(() => {
    if (modeRef.current === 'all') clear();
    else setMode('none');
  }, [filterKey, clear]);
  const pageSelected = pageCards.length > 0 && pageCards.every((c) => ids.has(c.id));

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
    if (!mayPick()) return;
    if (mode === 'all') return toast(titled(M.selectionModeActiveTitle, M.selectionModeActive), 'warning');
    remember(pageCards);
    setIds((before) => {
      const next = new Set(before);
      for (const card of pageCards) {
        if (pageSelected) next.delete(card.id);
        else next.add(card.id);
      }
      return next;
    });
    setMode(pageSelected ? 'none' : 'page');
  }, [mode, mayPick, pageCards, pageSelected, remember, toast]);

  const toggleAll = useCallback(async () => {
    if (mode === 'all') return clear();
    if (auth.status !== 'signed-in') return toast(titled(M.authRequiredTitle, M.signInToSelectAll), 'error');
    // A Monthly subscriber (a demo account has no plan to change).
    if (auth.can('basic') && !auth.can('premium') && auth.can('not-demo'))
      return toast(titled(M.annualPlanTitle, M.selectAllNeedsPremium), 'info', {
        action: { label: M.seePlans, to: '/pricing' },
      });
    if (!auth.can('premium'))
      return toast(titled(M.subscriptionRequiredTitle, M.subscriptionToSelect), 'error');
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
      if (answer.capped) toast(M.selectAllCapped(SearchLimits.selectAllCap, answer.count), 'info');
    } catch (error) {
      toast(
        titled(M.selectAllErrorTitle, error instanceof ApiError ? error.message : M.exportFailed),
        'error',
      );
    } finally {
      setBusy(false);
    }
  }, [mode, clear, auth, toast, state, pageCards, remember]);

  const selectedCards = useMemo(() => [...ids].flatMap((id) => known.get(id) ?? []), [ids, known]);
  return { mode, ids, busy, pageSelected, selectedCards, toggleOne, togglePage, toggleAll, clear };
}

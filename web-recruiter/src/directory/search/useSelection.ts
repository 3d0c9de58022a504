import { type CandidateCard, SearchLimits, SearchResponse } from '@healthtal/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, api } from '../../app/api';
import { useAuth } from '../../app/auth';
import { useToast } from '../../app/toast';
import { searchBody } from './search-body';
import { SearchMessages as M, type SearchScreenState, titled } from './search-screen';
import { loadSelection, type StoredSelection, saveSelection } from './selection-storage';

export type SelectionMode = 'none' | 'page' | 'all';

/**
 * Selection on the search screen (spec §4, §6, §8): none, the current page, or all (premium, up to
 * the cap). Select Page and Select All toggle; individual picks are refused while all is active.
 * Picks from several searches add up (a recruiter builds one list from a few searches), but a new
 * search ends Select All, whose ids belonged to the old one. The selection lasts for the tab's
 * session (selection-storage.ts).
 */
export function useSelection(state: SearchScreenState, pageCards: readonly CandidateCard[]) {
  const auth = useAuth();
  const toast = useToast();
  const userId = auth.me?.user.id ?? null;
  // Kept for the tab's session per user (issue 37); read again when the user is known or changes.
  const [kept, setKept] = useState(() => ({ owner: userId, ...loadSelection(userId) }));
  if (kept.owner !== userId) setKept({ owner: userId, ...loadSelection(userId) });
  const { mode, ids: idList, cards: knownCards, searchKey } = kept;
  useEffect(() => saveSelection(kept.owner, kept), [kept]);
  const ids = useMemo<ReadonlySet<string>>(() => new Set(idList), [idList]);
  const known = useMemo(() => new Map(knownCards.map((card) => [card.id, card] as const)), [knownCards]);
  const change = useCallback(
    (patch: (before: StoredSelection) => Partial<StoredSelection>) =>
      setKept((before) => ({ ...before, ...patch(before) })),
    [],
  );
  const setMode = useCallback((next: SelectionMode) => change(() => ({ mode: next })), [change]);
  const setIds = useCallback(
    (next: (before: ReadonlySet<string>) => ReadonlySet<string>) =>
      change((before) => ({ ids: [...next(new Set(before.ids))] })),
    [change],
  );
  const [busy, setBusy] = useState(false);
  const filterKey = JSON.stringify({ ...searchBody(state), page: 0, sortKey: '', sortDirection: '' });

  const clear = useCallback(() => change(() => ({ mode: 'none', ids: [] })), [change]);
  // A new search ends Select All (its ids were the old search's); coming back to the same search
  // (Back from a profile, a reload) keeps every pick.
  useEffect(() => {
    if (searchKey === filterKey) return;
    change((before) => ({
      searchKey: filterKey,
      mode: 'none',
      ...(before.mode === 'all' && before.searchKey !== null ? { ids: [] } : {}),
    }));
  }, [filterKey, searchKey, change]);
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

  const remember = useCallback(
    (cards: readonly CandidateCard[]) =>
      change((before) => {
        const fresh = new Set(cards.map((card) => card.id));
        return { cards: [...before.cards.filter((card) => !fresh.has(card.id)), ...cards] };
      }),
    [change],
  );

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
    [mayPick, mode, pageCards, remember, toast, setIds],
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
  }, [mode, mayPick, pageCards, pageSelected, remember, toast, setIds, setMode]);

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
      change(() => ({ ids: answer.ids ?? [], mode: 'all' }));
      if (answer.capped) toast(M.selectAllCapped(SearchLimits.selectAllCap, answer.count), 'info');
    } catch (error) {
      toast(
        titled(M.selectAllErrorTitle, error instanceof ApiError ? error.message : M.exportFailed),
        'error',
      );
    } finally {
      setBusy(false);
    }
  }, [mode, clear, auth, toast, state, pageCards, remember, change]);

  const selectedCards = useMemo(() => [...ids].flatMap((id) => known.get(id) ?? []), [ids, known]);
  return { mode, ids, busy, pageSelected, selectedCards, toggleOne, togglePage, toggleAll, clear };
}

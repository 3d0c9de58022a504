import { FilterSuggestions, type SuggestedField } from '@healthtal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../app/api';
import { useAuth } from '../../app/auth';

/** Wait this long after the last keystroke before asking: one request per pause, not per key. */
const TYPING_PAUSE_MS = 150;
const SHOWN = 8;

/**
 * The index's values of a typed filter starting with what the user typed, with their counts,
 * largest first (`GET /api/v1/search/suggestions`). Signed-in users only, as search is; the same
 * prefix is not asked twice in 5 minutes.
 */
export function useFilterSuggestions(field: SuggestedField, typed: string) {
  const signedIn = useAuth().status === 'signed-in';
  const prefix = useSettled(typed.trim().toLowerCase(), TYPING_PAUSE_MS);
  const query = useQuery({
    queryKey: ['filter-suggestions', field, prefix],
    queryFn: ({ signal }) =>
      api(`/api/v1/search/suggestions?${new URLSearchParams({ field, prefix, limit: String(SHOWN) })}`, {
        schema: FilterSuggestions,
        signal,
      }),
    enabled: signedIn && prefix !== '',
    staleTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const suggestions = prefix === '' || typed.trim() === '' ? [] : (query.data ?? []);
  return { suggestions, loading: query.isFetching && suggestions.length === 0 };
}

/** The value once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

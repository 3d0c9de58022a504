import { FilterSuggestions, SUGGESTIONS_MAX, type SuggestedField } from '@healthtal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useAuth } from '../../app/auth';

/**
 * How many searchable professionals hold each value of a picked filter (licensed in: each state;
 * compact license: on), from the index's suggestions (`GET /api/v1/search/suggestions` with no
 * prefix). Signed-in users only, as search is; fresh for 5 minutes. Empty until it loads or when it
 * fails: the picker works without counts.
 */
export function useOptionCounts(field: SuggestedField): ReadonlyMap<string, number> {
  const signedIn = useAuth().status === 'signed-in';
  const query = useQuery({
    queryKey: ['option-counts', field],
    queryFn: ({ signal }) =>
      api(`/api/v1/search/suggestions?${new URLSearchParams({ field, limit: String(SUGGESTIONS_MAX) })}`, {
        schema: FilterSuggestions,
        signal,
      }),
    enabled: signedIn,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return new Map((query.data ?? []).map((s) => [s.value, s.count]));
}

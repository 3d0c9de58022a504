import { FALLBACK_SPECIALTY_COUNTS, SpecialtyCount } from '@healthtal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

const SpecialtyCounts = SpecialtyCount.array();

/**
 * The specialty picker's options, largest first, with counts (spec §9). A failed load falls back to
 * the built-in table (spec §8) instead of an empty picker.
 */
export function useSpecialtyCounts(enabled: boolean) {
  const query = useQuery({
    queryKey: ['specialty-counts'],
    queryFn: async () => {
      try {
        return await api('/api/v1/specialty-counts', { schema: SpecialtyCounts });
      } catch {
        return [...FALLBACK_SPECIALTY_COUNTS];
      }
    },
    enabled,
    staleTime: 30 * 60_000,
  });
  return query.data ?? [];
}

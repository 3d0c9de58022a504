import { PlansResponse, RevealQuotaMessages } from '@healthtal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../app/api';

/** The plans as this server sells them, each with its daily contact reveals (public, cached). */
export function usePlans() {
  return useQuery({
    queryKey: ['billing', 'plans'],
    queryFn: ({ signal }) => api('/api/v1/billing/plans', { schema: PlansResponse, signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * "Contact reveals: 100 a day on Monthly, 500 a day on Annual." for every page that sells a plan
 * (issue 37, finding 19: "full access" is capped, and says so); null until the plans are known.
 */
export function useRevealQuotaText(): string | null {
  const plans = usePlans();
  return plans.data ? RevealQuotaMessages.perPlan(plans.data.plans) : null;
}

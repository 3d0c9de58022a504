import { RevealQuotaDefaults, RevealQuotaMessages } from '@healthtal/contracts';
import { ApiError } from '../../app/api';
import type { ToastAction, ToastSeverity } from '../../app/toast';
import { RevealMessages as M } from '../candidate-card';
import { titled } from '../search/search-screen';

export type RevealRefusal = { message: string; severity: ToastSeverity; action?: ToastAction };

const PLANS: ToastAction = { label: M.seePlans, to: '/pricing' };

/**
 * What a refused reveal tells the recruiter (issue 37): no subscription; the daily quota, in the
 * server's words (which quota, when it starts again), with the Annual plan's quota for a Monthly
 * subscriber; anything else, the spec's "try again later".
 */
export function revealRefusal(error: unknown, onMonthlyPlan: boolean): RevealRefusal {
  if (error instanceof ApiError && error.status === 403)
    return { message: titled(M.subscriptionRequiredTitle, M.subscriptionRequired), severity: 'error' };
  if (error instanceof ApiError && error.status === 429) {
    const annual = onMonthlyPlan ? ` ${RevealQuotaMessages.annualAllows(RevealQuotaDefaults.premium)}` : '';
    return {
      message: titled(RevealQuotaMessages.exhaustedTitle, `${error.message}${annual}`),
      severity: 'warning',
      ...(onMonthlyPlan ? { action: PLANS } : {}),
    };
  }
  return { message: titled(M.loadFailedTitle, M.loadFailed), severity: 'error' };
}

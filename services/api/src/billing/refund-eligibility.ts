import {
  type BillingEvent,
  PLANS,
  REFUND_WINDOW_DAYS,
  type RefundEligibility,
  type RefundRequestInfo,
  streamName,
  type UserId,
} from '@healthtal/contracts';
import type { EventStore, RecordedEvent } from '@healthtal/eventstore';
import { exportsMadeOf } from './export-start';
import { type SubscriptionEvent, subscriptionDecider } from './subscription.decider';

const DAY_MS = 86_400_000;
type DataOf<T extends BillingEvent['type']> = Extract<BillingEvent, { type: T }>['data'];

/** The spec shows dates in en-US short-month format. */
const shortDate = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * The money-back guarantee (admin-intake-outreach, "Money-back guarantee"), decided from the events
 * alone: the Annual plan only, bought as the initial purchase (the user's first activation ever; a
 * later move from Monthly to Annual is a plan change, not a purchase the guarantee covers); asked
 * within 30 days of that purchase; no CSV or mass export on the account (started, even if not
 * finished: the export starts are on the subscription stream, so the decision reads them); the account in good
 * standing (no payment overdue); once per customer. Every rule that fails is named, in the
 * customer's words.
 */
export function refundEligibility(
  userId: UserId,
  subscriptionHistory: readonly RecordedEvent[],
  exportHistory: readonly RecordedEvent[],
  now: Date,
): RefundEligibility {
  const decider = subscriptionDecider(userId);
  const state = subscriptionHistory.reduce(
    (s, e) => decider.evolve(s, e as unknown as SubscriptionEvent),
    decider.initialState,
  );
  const firstPurchase = subscriptionHistory.find((e) => e.type === 'SubscriptionActivated');
  if (!firstPurchase || state.status === 'none') {
    return {
      eligible: false,
      reasons: ['You have not bought a plan, so there is nothing to refund.'],
      purchasedAt: null,
      refundableUntil: null,
      request: null,
    };
  }
  const purchasedAt = new Date(firstPurchase.metadata.occurredAt);
  const refundableUntil = new Date(purchasedAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS);
  const reasons: string[] = [];
  const initialPlan = (firstPurchase.data as DataOf<'SubscriptionActivated'>).priceId;
  if (state.priceId !== 'price_annual') {
    reasons.push(
      `The money-back guarantee covers the Annual plan only; your plan is ${PLANS[state.priceId].name}.`,
    );
  } else if (initialPlan !== 'price_annual') {
    // A move to Annual is not a purchase the guarantee starts from (ADR 0042).
    reasons.push(
      'The money-back guarantee covers an Annual plan bought as the initial purchase; your initial ' +
        `purchase was the ${PLANS[initialPlan].name} plan, and a change of plan is not a new purchase.`,
    );
  }
  if (now > refundableUntil) {
    reasons.push(
      `Refunds must be requested within ${REFUND_WINDOW_DAYS} days of the initial purchase ` +
        `(${shortDate(purchasedAt)}); that window closed on ${shortDate(refundableUntil)}.`,
    );
  }
  // An export counts from its start (ExportStarted), finished or not.
  const exports = exportsMadeOf(subscriptionHistory, exportHistory);
  if (exports > 0) {
    reasons.push(
      `${exports === 1 ? 'An export was' : `${exports} exports were`} made from this account, and a CSV or ` +
        'mass export voids the guarantee.',
    );
  }
  if (state.status === 'past_due') {
    reasons.push('A payment is overdue, so the account is not in good standing.');
  }
  const request = refundRequestOf(subscriptionHistory);
  if (state.refunded) {
    reasons.push('The money-back guarantee is available once per customer and has already been used.');
  } else if (request) {
    reasons.push(REQUEST_STANDING[request.status]);
  }
  return {
    eligible: reasons.length === 0,
    reasons,
    purchasedAt: purchasedAt.toISOString(),
    refundableUntil: refundableUntil.toISOString(),
    request,
  };
}

const REQUEST_STANDING: Record<RefundRequestInfo['status'], string> = {
  pending: 'You have asked for a refund; we review requests within 3 business days.',
  approved: 'Your refund was approved and is being paid back.',
  rejected: 'Your refund request was reviewed and rejected; the guarantee is available once per customer.',
};

/** The customer's request, its decision and the refund, as the stream tells them. */
export function refundRequestOf(history: readonly RecordedEvent[]): RefundRequestInfo | null {
  const requested = history.find((e) => e.type === 'RefundRequested');
  if (!requested) return null;
  const decision = history.find((e) => e.type === 'RefundApproved' || e.type === 'RefundRejected');
  const refund = history.find((e) => e.type === 'SubscriptionRefunded');
  return {
    status: decision?.type === 'RefundApproved' ? 'approved' : decision ? 'rejected' : 'pending',
    requestedAt: requested.metadata.occurredAt,
    decidedAt: decision?.metadata.occurredAt ?? null,
    rejectionReason:
      decision?.type === 'RefundRejected' ? (decision.data as DataOf<'RefundRejected'>).reason : null,
    refundedAmount: refund ? (refund.data as DataOf<'SubscriptionRefunded'>).amount : null,
  };
}

export async function loadRefundEligibility(
  store: EventStore,
  userId: UserId,
  now = new Date(),
): Promise<RefundEligibility> {
  const [subscription, exports] = await Promise.all([
    store.readStream(streamName('subscription', userId)),
    store.readStream(streamName('exports', userId)),
  ]);
  return refundEligibility(userId, subscription, exports, now);
}

import { z } from 'zod';
import { UserId } from '../domain/ids';
import { PRICE_IDS, TIERS } from '../domain/plans';
import { event } from './envelope';

const SubscriptionRef = {
  userId: UserId,
  /** Stripe's subscription id, or `sim_…` for the local billing simulator. */
  subscriptionId: z.string(),
  /** What told us: a Stripe event id, or `sim_…`. Retries carry the same one. */
  sourceEventId: z.string(),
};

export const CheckoutStarted = event(
  'CheckoutStarted',
  z.object({
    userId: UserId,
    checkoutSessionId: z.string(),
    priceId: z.enum(PRICE_IDS),
    simulated: z.boolean(),
  }),
);
export const SubscriptionActivated = event(
  'SubscriptionActivated',
  z.object({
    ...SubscriptionRef,
    customerId: z.string(),
    priceId: z.enum(PRICE_IDS),
    tier: z.enum(TIERS),
    currentPeriodEnd: z.iso.datetime(),
    simulated: z.boolean(),
  }),
);
export const SubscriptionRenewed = event(
  'SubscriptionRenewed',
  z.object({ ...SubscriptionRef, invoiceId: z.string(), currentPeriodEnd: z.iso.datetime() }),
);
export const SubscriptionPlanChanged = event(
  'SubscriptionPlanChanged',
  z.object({ ...SubscriptionRef, priceId: z.enum(PRICE_IDS), tier: z.enum(TIERS) }),
);
/** Canceled: the customer asked to stop; access lasts until `endsAt`. */
export const SubscriptionCanceled = event(
  'SubscriptionCanceled',
  z.object({ ...SubscriptionRef, endsAt: z.iso.datetime() }),
);
/** Expired: the subscription is over; the user is back on the free tier. */
export const SubscriptionExpired = event('SubscriptionExpired', z.object({ ...SubscriptionRef }));
export const PaymentFailed = event(
  'PaymentFailed',
  z.object({ ...SubscriptionRef, invoiceId: z.string(), attempt: z.number().int().min(1) }),
);
export const SubscriptionRefunded = event(
  'SubscriptionRefunded',
  z.object({ ...SubscriptionRef, amount: z.number().int(), refundedBy: z.string() }),
);

export const BillingEvent = z.discriminatedUnion('type', [
  CheckoutStarted,
  SubscriptionActivated,
  SubscriptionRenewed,
  SubscriptionPlanChanged,
  SubscriptionCanceled,
  SubscriptionExpired,
  PaymentFailed,
  SubscriptionRefunded,
]);
export type BillingEvent = z.infer<typeof BillingEvent>;

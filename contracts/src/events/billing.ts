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
/**
 * The subscription moved to another plan. `currentPeriodEnd`: the new plan's paid period when the
 * change started one (a change of billing interval resets the billing cycle, in Stripe and in the
 * simulator); absent where the biller's next renewal tells it, and in events written before.
 */
export const SubscriptionPlanChanged = event(
  'SubscriptionPlanChanged',
  z.object({
    ...SubscriptionRef,
    priceId: z.enum(PRICE_IDS),
    tier: z.enum(TIERS),
    currentPeriodEnd: z.iso.datetime().optional(),
    /** An admin made the change from the console (absent: the customer, through the biller). */
    changedBy: z.string().optional(),
    /** The admin's reason, required of them (AdminPlanChangeRequest). */
    reason: z.string().optional(),
  }),
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

/**
 * Free text that goes into a mail and the console: line breaks and tabs are fine; other control
 * characters, bidirectional overrides and half surrogate pairs are not.
 */
const UNSAFE_TEXT = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u;
const isSafeText = (text: string) => !UNSAFE_TEXT.test(text.replace(/[\t\n\r]/g, ''));
const reasonText = (required: boolean) =>
  z
    .string({ error: 'The reason must be text.' })
    .trim()
    .min(required ? 1 : 0, 'Say why the refund is rejected; the customer is told.')
    .max(1000, 'Keep the reason under 1,000 characters.')
    .refine(isSafeText, 'The reason contains characters that are not allowed.');
/** The customer's own words on why they ask for a refund (optional). */
export const RefundReason = reasonText(false);
/** Why an admin turned a refund request down: the customer is told. */
export const RefundRejectionReason = reasonText(true);

/** The customer asked for the money-back guarantee from Account (one request per customer). */
export const RefundRequested = event(
  'RefundRequested',
  z.object({ userId: UserId, reason: RefundReason.optional() }),
);
/** An admin approved the request; the refund and the cancellation follow (`SubscriptionRefunded`). */
export const RefundApproved = event('RefundApproved', z.object({ userId: UserId, approvedBy: z.string() }));
/** An admin turned the request down, saying why (the customer is mailed the reason). */
export const RefundRejected = event(
  'RefundRejected',
  z.object({ userId: UserId, rejectedBy: z.string(), reason: RefundRejectionReason }),
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
  RefundRequested,
  RefundApproved,
  RefundRejected,
]);
export type BillingEvent = z.infer<typeof BillingEvent>;

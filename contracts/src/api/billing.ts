import { z } from 'zod';
import { PRICE_IDS } from '../domain/plans';
import { isSameOriginPath } from '../domain/return-to';
import { RefundReason, RefundRejectionReason } from '../events/billing';
import { AdminIdFilter } from './admin';

/** One plan as the pricing page shows it (the spec's plan card; amounts in cents). */
export const PlanOffer = z.object({
  priceId: z.enum(PRICE_IDS),
  name: z.string(),
  tier: z.enum(['basic', 'premium']),
  priceAmount: z.number().int(),
  currency: z.literal('usd'),
  billingInterval: z.enum(['month', 'year']),
  period: z.string(),
  features: z.array(z.string()),
  highlighted: z.boolean(),
  savingsText: z.string().optional(),
  buttonText: z.string(),
  /** Contact reveals a day on this plan, as this server counts them (REVEAL_QUOTA_BASIC / _PREMIUM). */
  dailyRevealQuota: z.number().int().positive(),
});
/** The caller's current plan is not marked here (the route is public): /api/v1/me names it. */
export const PlansResponse = z.object({ plans: z.array(PlanOffer) });
export type PlansResponse = z.infer<typeof PlansResponse>;

/** Where to come back to inside the app after checkout: a path, never another site. */
const ReturnPath = z
  .string()
  .max(500)
  .refine(isSameOriginPath, 'Must be a path inside the app, like /search.');

export const CheckoutRequest = z.strictObject({
  priceId: z.enum(PRICE_IDS, { error: 'Choose price_monthly or price_annual.' }),
  returnPath: ReturnPath.optional(),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

/** `url` is absolute (Stripe) or a path (the local billing simulator); the spec navigates either. */
export const RedirectResponse = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof RedirectResponse>;

export const RefundRequestStatus = z.enum(['pending', 'approved', 'rejected']);
export type RefundRequestStatus = z.infer<typeof RefundRequestStatus>;

/** The customer's refund request as Account shows it. */
export const RefundRequestInfo = z.object({
  status: RefundRequestStatus,
  requestedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** Why an admin rejected it; null otherwise. */
  rejectionReason: z.string().nullable(),
  /** Refunded to the customer's card, in cents; null until the refund is made. */
  refundedAmount: z.number().int().nullable(),
});
export type RefundRequestInfo = z.infer<typeof RefundRequestInfo>;

export const RefundEligibility = z.object({
  eligible: z.boolean(),
  /** Why not, in the customer's words; empty when eligible. */
  reasons: z.array(z.string()),
  purchasedAt: z.iso.datetime().nullable(),
  refundableUntil: z.iso.datetime().nullable(),
  /** The customer's refund request, once made: Account shows its status instead of the button. */
  request: RefundRequestInfo.nullable(),
});
export type RefundEligibility = z.infer<typeof RefundEligibility>;

/** POST /api/v1/billing/refund-requests: the reason is optional. */
export const RefundRequestForm = z.strictObject({
  reason: RefundReason.optional(),
});
export type RefundRequestForm = z.infer<typeof RefundRequestForm>;

/** POST /api/admin/refund-requests/:id/reject. */
export const RefundRejectionForm = z.strictObject({ reason: RefundRejectionReason });
export type RefundRejectionForm = z.infer<typeof RefundRejectionForm>;

/** The console's Refund requests: one row per customer who asked (the id is the user id). */
export const RefundRequestRow = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  status: RefundRequestStatus,
  reason: z.string().nullable(),
  planName: z.string().nullable(),
  purchasedAt: z.iso.datetime().nullable(),
  requestedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  decidedBy: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  refundedAmount: z.number().int().nullable(),
  refundedAt: z.iso.datetime().nullable(),
});
export type RefundRequestRow = z.infer<typeof RefundRequestRow>;

export const RefundRequestFilter = z.object({
  status: RefundRequestStatus.optional(),
  /** react-admin's getMany asks for rows by id. */
  id: AdminIdFilter(z.uuid()).optional(),
});
export type RefundRequestFilter = z.infer<typeof RefundRequestFilter>;

/** What approve and reject answer. */
export const RefundDecisionResult = z.object({
  id: z.uuid(),
  status: RefundRequestStatus,
  message: z.string(),
});
export type RefundDecisionResult = z.infer<typeof RefundDecisionResult>;

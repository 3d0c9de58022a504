import { z } from 'zod';
import { PRICE_IDS } from '../domain/plans';
import { isSameOriginPath } from '../domain/return-to';

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

export const RefundEligibility = z.object({
  eligible: z.boolean(),
  /** Why not, in the customer's words; empty when eligible. */
  reasons: z.array(z.string()),
  purchasedAt: z.iso.datetime().nullable(),
  refundableUntil: z.iso.datetime().nullable(),
});
export type RefundEligibility = z.infer<typeof RefundEligibility>;

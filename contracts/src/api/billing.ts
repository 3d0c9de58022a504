import { z } from 'zod';
import { PRICE_IDS } from '../domain/plans';

/** Where to come back to inside the app after checkout: a path, never another site. */
const ReturnPath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Must be a path inside the app, like /search.');

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

/** Subscription tiers, lowest first. */
export const TIERS = ['free', 'basic', 'premium'] as const;
export type Tier = (typeof TIERS)[number];

export const PRICE_IDS = ['price_monthly', 'price_annual'] as const;
export type PriceId = (typeof PRICE_IDS)[number];

export type Plan = {
  priceId: PriceId;
  name: string;
  tier: Exclude<Tier, 'free'>;
  /** In cents, US dollars. */
  priceAmount: number;
  currency: 'usd';
  billingInterval: 'month' | 'year';
  period: string;
  features: string[];
  highlighted: boolean;
  savingsText?: string;
  buttonText: string;
};

/** The spec's plans (recruiter-directory §9). */
export const PLANS: Record<PriceId, Plan> = {
  price_monthly: {
    priceId: 'price_monthly',
    name: 'Monthly',
    tier: 'basic',
    priceAmount: 29_500,
    currency: 'usd',
    billingInterval: 'month',
    period: 'per month',
    features: [
      'Search 1.5M+ healthcare professionals',
      'Verified emails and phone numbers',
      'Unlimited lists and saved searches',
      'AI outreach emails',
      'Cancel anytime',
    ],
    highlighted: false,
    buttonText: 'Get Monthly',
  },
  price_annual: {
    priceId: 'price_annual',
    name: 'Annual',
    tier: 'premium',
    priceAmount: 299_500,
    currency: 'usd',
    billingInterval: 'year',
    period: 'per year',
    features: [
      'Everything in Monthly',
      'Select All and CSV / Excel / PDF export',
      '30-day money-back guarantee',
      'Priority support',
    ],
    highlighted: true,
    savingsText: 'Save $545 with annual plan',
    buttonText: 'Get Annual',
  },
};

export const planOfTier = (tier: Tier): Plan | null =>
  Object.values(PLANS).find((plan) => plan.tier === tier) ?? null;

/**
 * The spec's tier checks: basic is met by any paid subscription; premium by the premium tier or a
 * monthly-plan tier name (the first version stored some annual subscribers under the plan's name).
 */
export function meetsTier(required: Exclude<Tier, 'free'>, tier: Tier | string): boolean {
  if (required === 'basic') return tier !== 'free' && tier !== '' && tier !== 'none';
  return tier === 'premium' || tier === 'monthly';
}

/** Money-back guarantee (admin-intake-outreach §9): annual plan only, 30 days, once per customer. */
export const REFUND_WINDOW_DAYS = 30;

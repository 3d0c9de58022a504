import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

// The Stripe settings of the environment (billing's routes and webhook are tested with the Stripe
// SDK against a fake of its API in services/api/src/billing/billing.http.int.test.ts).
const SECRET_KEY = 'sk_test_51HealthTalFakeKey';
const MONTHLY = 'price_1MonthlyHealthTal';

describe('Stripe configuration', () => {
  it('refuses to start with a Stripe key but without the webhook secret or the prices', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PRICE_MONTHLY: MONTHLY })).toThrow(
      /STRIPE_WEBHOOK_SECRET="": is required with STRIPE_SECRET_KEY[\s\S]*STRIPE_PRICE_ANNUAL=""/,
    );
  });

  it('refuses values that are not what Stripe issues', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_public' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_PRICE_ANNUAL: 'annual' })).toThrow(/STRIPE_PRICE_ANNUAL/);
  });
});

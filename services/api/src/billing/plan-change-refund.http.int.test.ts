import type { RedirectResponse, RefundEligibility } from '@healthtal/contracts';
import { checkout, DAY, me } from '@healthtal/testkit/billing';
import { type SignedIn, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 32, finding 18: a plan change in the billing simulator starts the new plan's period (as
 * Stripe does when the interval changes), and a change of plan is not a purchase that opens the
 * money-back guarantee: the guarantee covers an Annual plan bought as the initial purchase
 * (admin-intake-outreach, "Money-back guarantee"; ADR 0042).
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ BILLING_SIMULATOR: 'on' });
});
afterAll(() => app?.close());

const post = (path: string) => fetch(`${app.url}${path}`, { method: 'POST', redirect: 'manual' });
/** Checkout or plan change in the simulator, confirmed: the redirect's target. */
async function confirmInSimulator(user: SignedIn, priceId: 'price_monthly' | 'price_annual') {
  const response = await checkout(app, user, { priceId });
  expect(response.status, await response.clone().text()).toBe(200);
  const { url } = (await response.json()) as RedirectResponse;
  expect((await post(`${url}/complete`)).status).toBe(303);
}
const eligibility = async (user: SignedIn) =>
  (await (await app.request('/api/v1/billing/refund-eligibility', { as: user })).json()) as RefundEligibility;

describe('a plan change in the billing simulator', () => {
  it('runs Monthly → Annual for a year from the change, and does not open the money-back guarantee', async () => {
    const user = await app.signUp();
    await confirmInSimulator(user, 'price_monthly');
    const monthly = await me(app, user);
    expect(Date.parse(monthly.subscription.current_period_end!) - Date.now()).toBeLessThan(32 * DAY * 1000);

    await confirmInSimulator(user, 'price_annual');
    const { subscription } = await me(app, user);
    expect(subscription).toMatchObject({ plan_name: 'Annual', tier: 'premium', status: 'active' });
    expect(Date.parse(subscription.current_period_end!) - Date.now()).toBeGreaterThan(360 * DAY * 1000);

    const result = await eligibility(user);
    expect(result.eligible).toBe(false);
    expect(result.reasons).toEqual([
      'The money-back guarantee covers an Annual plan bought as the initial purchase; your initial purchase was the Monthly plan, and a change of plan is not a new purchase.',
    ]);
    expect(
      (await app.request('/api/v1/billing/refund-requests', { method: 'POST', as: user, json: {} })).status,
    ).toBe(422);
  });

  it('runs Annual → Monthly for a month from the change', async () => {
    const user = await app.signUp();
    await confirmInSimulator(user, 'price_annual');
    await confirmInSimulator(user, 'price_monthly');
    const { subscription } = await me(app, user);
    expect(subscription).toMatchObject({ plan_name: 'Monthly', tier: 'basic' });
    expect(Date.parse(subscription.current_period_end!) - Date.now()).toBeLessThan(32 * DAY * 1000);
  });
});

import { randomUUID } from 'node:crypto';
import type { RedirectResponse, RefundEligibility } from '@healthtal/contracts';
import { checkout, DAY, me } from '@healthtal/testkit/billing';
import { type SignedIn, startTestApp, type TestApp, testMetadata } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('billing without Stripe: the local billing simulator', () => {
  let app: TestApp;
  beforeAll(async () => {
    // startTestApp sets DATABASE_URL, which (like any deployment) keeps the simulator off unless asked.
    app = await startTestApp({ BILLING_SIMULATOR: 'on' });
  });
  afterAll(() => app?.close());

  const simulatorCheckout = async (user: SignedIn, priceId: 'price_monthly' | 'price_annual') => {
    const response = await checkout(app, user, { priceId });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as RedirectResponse;
    expect(url).toMatch(/^\/api\/v1\/billing\/simulator\/[A-Za-z0-9_-]{32}$/);
    return url;
  };
  const post = (path: string) => fetch(`${app.url}${path}`, { method: 'POST', redirect: 'manual' });
  const subscribeSimulated = async (user: SignedIn, priceId: 'price_monthly' | 'price_annual') => {
    const url = await simulatorCheckout(user, priceId);
    expect((await post(`${url}/complete`)).status).toBe(303);
    return url;
  };

  it('completes a checkout end to end: labelled page, payment, success page, subscribed', async () => {
    const user = await app.signUp();
    const url = await simulatorCheckout(user, 'price_annual');
    const page = await fetch(`${app.url}${url}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('HealthTal billing simulator — no real payment is taken');
    expect(html).toContain('Annual');
    expect(html).toContain('$2,995 per year');
    expect(html).toContain(`action="${url}/complete"`);
    expect(html).toContain(`action="${url}/cancel"`);
    expect(html).not.toContain(user.email);

    const completed = await post(`${url}/complete`);
    const sessionId = url.split('/').at(-1);
    expect(completed.status).toBe(303);
    expect(completed.headers.get('location')).toBe(`${app.url}/success?session_id=${sessionId}`);
    const { subscription, demo } = await me(app, user);
    expect(subscription).toMatchObject({ subscribed: true, tier: 'premium', plan_name: 'Annual' });
    expect(demo.flags.canExport).toBe(true);

    const events = await app.store.readStream(`subscription-${user.userId}`);
    expect(events.map((e) => e.type)).toEqual(['CheckoutStarted', 'SubscriptionActivated']);
    expect(events[1]!.data).toMatchObject({ simulated: true, sourceEventId: `sim_${sessionId}` });
  });

  it('appends nothing when the payment is completed twice', async () => {
    const user = await app.signUp();
    const url = await subscribeSimulated(user, 'price_monthly');
    const before = await app.eventCount();
    const again = await post(`${url}/complete`);
    expect(again.status).toBe(303);
    expect(await app.eventCount()).toBe(before);
  });

  it('completes one of two checkouts paid at once in two tabs: one subscription, the other refused', async () => {
    const user = await app.signUp();
    const urls = [
      await simulatorCheckout(user, 'price_monthly'),
      await simulatorCheckout(user, 'price_annual'),
    ];
    const answers = await Promise.all(urls.map((url) => post(`${url}/complete`)));
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    const events = await app.store.readStream(`subscription-${user.userId}`);
    expect(events.filter((e) => e.type === 'SubscriptionActivated')).toHaveLength(1);
  });

  it('cancels a checkout back to the pricing page, and the session closes', async () => {
    const user = await app.signUp();
    const url = await simulatorCheckout(user, 'price_monthly');
    const before = await app.eventCount();
    const canceled = await post(`${url}/cancel`);
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('location')).toBe(`${app.url}/pricing`);
    expect((await fetch(`${app.url}${url}`)).status).toBe(410);
    expect((await post(`${url}/complete`)).status).toBe(410);
    expect(await app.eventCount()).toBe(before);
    expect((await me(app, user)).subscription.subscribed).toBe(false);
  });

  it('moves a Monthly subscriber to Annual on a confirmation page, back with upgraded=true', async () => {
    const user = await app.signUp();
    await subscribeSimulated(user, 'price_monthly');
    const response = await checkout(app, user, { priceId: 'price_annual', returnPath: '/search' });
    expect(response.status, await response.clone().text()).toBe(200);
    const { url } = (await response.json()) as RedirectResponse;
    expect(url).toMatch(/^\/api\/v1\/billing\/simulator\/[A-Za-z0-9_-]{32}$/);
    const html = await (await fetch(`${app.url}${url}`)).text();
    expect(html).toContain('no real payment is taken');
    expect(html).toContain('Change from Monthly');
    expect(html).toContain('Confirm plan change');

    const confirmed = await post(`${url}/complete`);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${app.url}/search?upgraded=true`);
    const { subscription, demo } = await me(app, user);
    expect(subscription).toMatchObject({ subscribed: true, tier: 'premium', plan_name: 'Annual' });
    expect(demo.flags.canExport).toBe(true);
    const before = await app.eventCount();
    expect((await post(`${url}/complete`)).status).toBe(303); // a second click changes nothing
    expect(await app.eventCount()).toBe(before);
    const events = await app.store.readStream(`subscription-${user.userId}`);
    expect(events.map((e) => e.type)).toEqual([
      'CheckoutStarted',
      'SubscriptionActivated',
      'SubscriptionPlanChanged',
    ]);
  });

  it('moves an Annual subscriber down to Monthly, and refuses the plan they already have', async () => {
    const user = await app.signUp();
    await subscribeSimulated(user, 'price_annual');
    const same = await checkout(app, user, { priceId: 'price_annual' });
    expect(same.status).toBe(409);
    expect(((await same.json()) as { detail: string }).detail).toMatch(/already have a subscription/);
    const { url } = (await (
      await checkout(app, user, { priceId: 'price_monthly' })
    ).json()) as RedirectResponse;
    expect((await post(`${url}/complete`)).headers.get('location')).toBe(`${app.url}/search?upgraded=true`);
    expect((await me(app, user)).subscription).toMatchObject({ tier: 'basic', plan_name: 'Monthly' });
  });

  it('shows an unknown session as not found', async () => {
    const response = await fetch(`${app.url}/api/v1/billing/simulator/${'x'.repeat(32)}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('no real payment is taken');
  });

  it('cancels from the simulator portal: canceled, still subscribed until the period ends', async () => {
    const user = await app.signUp();
    await subscribeSimulated(user, 'price_monthly');
    const response = await app.request('/api/v1/billing/portal', { method: 'POST', as: user });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as RedirectResponse;
    expect(url).toMatch(/^\/api\/v1\/billing\/simulator\/portal\//);
    const page = await (await fetch(`${app.url}${url}`)).text();
    expect(page).toContain('no real payment is taken');
    expect(page).toContain('Cancel subscription');
    const canceled = await post(`${url}/cancel`);
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('location')).toBe(`${app.url}/account`);
    const { subscription } = await me(app, user);
    expect(subscription).toMatchObject({ subscribed: true, tier: 'basic', status: 'canceled' });
  });

  it('has no webhook endpoint without Stripe', async () => {
    const response = await fetch(`${app.url}/api/v1/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      body: '{}',
    });
    expect(response.status).toBe(404);
  });

  describe('money-back guarantee', () => {
    const eligibility = async (user: SignedIn) => {
      const response = await app.request('/api/v1/billing/refund-eligibility', { as: user });
      expect(response.status).toBe(200);
      return (await response.json()) as RefundEligibility;
    };
    const append = (user: SignedIn, stream: string, type: string, data: object, occurredAt = new Date()) =>
      app.store.append(`${stream}-${user.userId}`, [
        { type, data, metadata: { ...testMetadata(), occurredAt: occurredAt.toISOString() } },
      ]);

    it('is open for an annual plan within 30 days of the purchase', async () => {
      const user = await app.signUp();
      await subscribeSimulated(user, 'price_annual');
      const result = await eligibility(user);
      expect(result).toMatchObject({ eligible: true, reasons: [] });
      const purchased = Date.parse(result.purchasedAt!);
      expect(Date.now() - purchased).toBeLessThan(60_000);
      expect(Date.parse(result.refundableUntil!) - purchased).toBe(30 * DAY * 1000);
    });

    it('does not cover the monthly plan', async () => {
      const user = await app.signUp();
      await subscribeSimulated(user, 'price_monthly');
      const result = await eligibility(user);
      expect(result.eligible).toBe(false);
      expect(result.reasons).toEqual([
        'The money-back guarantee covers the Annual plan only; your plan is Monthly.',
      ]);
    });

    it('closes 30 days after the initial purchase', async () => {
      const user = await app.signUp();
      await append(
        user,
        'subscription',
        'SubscriptionActivated',
        {
          userId: user.userId,
          subscriptionId: 'sub_old',
          sourceEventId: 'evt_old',
          customerId: 'cus_old',
          priceId: 'price_annual',
          tier: 'premium',
          currentPeriodEnd: new Date(Date.now() + 300 * DAY * 1000).toISOString(),
          simulated: false,
        },
        new Date(Date.now() - 31 * DAY * 1000),
      );
      const result = await eligibility(user);
      expect(result.eligible).toBe(false);
      expect(result.reasons).toHaveLength(1);
      expect(result.reasons[0]).toMatch(/^Refunds must be requested within 30 days of the initial purchase/);
    });

    it('is void after an export', async () => {
      const user = await app.signUp();
      await subscribeSimulated(user, 'price_annual');
      await append(user, 'subscription', 'ExportStarted', {
        userId: user.userId,
        exportId: randomUUID(),
        format: 'csv',
        scope: 'search',
        fileName: 'nurses.csv',
        rowsIntended: 250,
      });
      const result = await eligibility(user);
      expect(result.eligible).toBe(false);
      expect(result.reasons).toEqual([
        'An export was made from this account, and a CSV or mass export voids the guarantee.',
      ]);
    });

    it('is given once per customer', async () => {
      const user = await app.signUp();
      const url = await subscribeSimulated(user, 'price_annual');
      await append(user, 'subscription', 'SubscriptionRefunded', {
        userId: user.userId,
        subscriptionId: `sim_sub_${url.split('/').at(-1)}`,
        sourceEventId: 'ref_1',
        amount: 299_500,
        refundedBy: 'support@healthtal.test',
      });
      const result = await eligibility(user);
      expect(result.eligible).toBe(false);
      expect(result.reasons).toEqual([
        'The money-back guarantee is available once per customer and has already been used.',
      ]);
    });

    it('has nothing to refund before a purchase', async () => {
      const result = await eligibility(await app.signUp());
      expect(result).toEqual({
        eligible: false,
        reasons: ['You have not bought a plan, so there is nothing to refund.'],
        purchasedAt: null,
        refundableUntil: null,
        request: null,
      });
    });
  });
});

import {
  type PlansResponse,
  type Problem,
  type RedirectResponse,
  RevealQuotaDefaults,
} from '@healthtal/contracts';
import {
  checkout,
  deliverWebhook,
  inDays,
  invoiceObject,
  isoOf,
  me,
  stripeEvent,
  subscriptionObject,
} from '@healthtal/testkit/billing';
import { type FakeStripe, startFakeStripe } from '@healthtal/testkit/fake-stripe';
import { type SignedIn, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SECRET_KEY = 'sk_test_51HealthTalFakeKey';
const WEBHOOK_SECRET = 'whsec_healthtal_test_secret';
const MONTHLY = 'price_1MonthlyHealthTal';
const ANNUAL = 'price_1AnnualHealthTal';

describe('billing with Stripe', () => {
  let app: TestApp;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe(SECRET_KEY);
    app = await startTestApp({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      STRIPE_PRICE_MONTHLY: MONTHLY,
      STRIPE_PRICE_ANNUAL: ANNUAL,
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  /** Checkout through our API, then Stripe's side of a paid checkout: a subscription and the webhook. */
  const subscribe = async (user: SignedIn, price = ANNUAL, periodEnd = inDays(365)) => {
    const priceId = price === ANNUAL ? 'price_annual' : 'price_monthly';
    const started = await checkout(app, user, { priceId });
    expect(started.status, await started.clone().text()).toBe(200);
    const session = fake.last('POST /v1/checkout/sessions')!;
    const subscription = fake.addSubscription({
      price,
      currentPeriodEnd: periodEnd,
      metadata: { userId: user.userId, priceId },
    });
    const completed = stripeEvent('checkout.session.completed', {
      ...fake.checkoutSessions.get(lastSessionId())!,
      status: 'complete',
      payment_status: 'paid',
      customer: subscription.customer,
      subscription: subscription.id,
    });
    expect(session.body.client_reference_id).toBe(user.userId);
    const delivered = await deliver(completed);
    expect(delivered.status, await delivered.text()).toBe(200);
    return { subscription, completed };
  };
  const deliver = (event: unknown, options: { secret?: string; signature?: string | null } = {}) =>
    deliverWebhook(app, event, { secret: WEBHOOK_SECRET, ...options });
  const lastSessionId = () => [...fake.checkoutSessions.keys()].at(-1)!;

  it('lists the two plans to anyone', async () => {
    const response = await app.request('/api/v1/billing/plans');
    expect(response.status).toBe(200);
    const { plans } = (await response.json()) as PlansResponse;
    expect(plans.map((p) => [p.priceId, p.name, p.tier, p.priceAmount, p.dailyRevealQuota])).toEqual([
      ['price_monthly', 'Monthly', 'basic', 29_500, RevealQuotaDefaults.basic],
      ['price_annual', 'Annual', 'premium', 299_500, RevealQuotaDefaults.premium],
    ]);
  });

  it('creates a subscription Checkout Session through the Stripe SDK', async () => {
    const user = await app.signUp();
    const before = await app.eventCount();
    const response = await checkout(app, user, { priceId: 'price_monthly' });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as RedirectResponse;
    const received = fake.last('POST /v1/checkout/sessions')!;
    expect(url).toBe(fake.checkoutSessions.get(lastSessionId())!.url);
    expect(received.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(received.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: MONTHLY, quantity: '1' }],
      client_reference_id: user.userId,
      metadata: { userId: user.userId, priceId: 'price_monthly' },
      subscription_data: { metadata: { userId: user.userId, priceId: 'price_monthly' } },
      customer_email: user.email,
      success_url: `${app.url}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${app.url}/pricing`,
    });
    expect(await app.eventCount()).toBe(before + 1); // CheckoutStarted
  });

  it('comes back to the in-app return path: upgraded when paid, as it was when canceled', async () => {
    const user = await app.signUp();
    await checkout(app, user, { priceId: 'price_annual', returnPath: '/search' });
    expect(fake.last('POST /v1/checkout/sessions')!.body).toMatchObject({
      success_url: `${app.url}/success?session_id={CHECKOUT_SESSION_ID}&return_to=%2Fsearch%3Fupgraded%3Dtrue`,
      cancel_url: `${app.url}/search`,
    });
  });

  it.each([
    [{ priceId: 'price_weekly' }, 'priceId'],
    [{ priceId: 'price_annual', returnPath: 'https://evil.example/' }, 'returnPath'],
  ])('refuses a bad checkout request %j and stores nothing', async (body, field) => {
    const user = await app.signUp();
    const before = await app.eventCount();
    const response = await checkout(app, user, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Problem & { errors: object }).errors).toHaveProperty(field);
    expect(await app.eventCount()).toBe(before);
  });

  it('refuses checkout to anonymous visitors (401) and demo users (403)', async () => {
    const anonymous = await app.request('/api/v1/billing/checkout', {
      method: 'POST',
      json: { priceId: 'price_monthly' },
    });
    expect(anonymous.status).toBe(401);
    await app.as('demo'); // the demo account's own sign-up is not what is counted
    const before = await app.eventCount();
    expect((await checkout(app, 'demo', { priceId: 'price_monthly' })).status).toBe(403);
    expect(await app.eventCount()).toBe(before);
  });

  it('activates the annual plan when Stripe reports the completed checkout: premium', async () => {
    const user = await app.signUp();
    const periodEnd = inDays(365);
    await subscribe(user, ANNUAL, periodEnd);
    const { subscription, tier, demo } = await me(app, user);
    expect(tier).toBe('premium');
    expect(subscription).toMatchObject({
      subscribed: true,
      tier: 'premium',
      plan_name: 'Annual',
      price_amount: 2995,
      billing_interval: 'year',
      status: 'active',
      current_period_end: isoOf(periodEnd),
    });
    expect(demo.flags.canExport).toBe(true); // the premium capability
  });

  it('activates the monthly plan: basic, without the premium capability', async () => {
    const user = await app.signUp();
    await subscribe(user, MONTHLY, inDays(30));
    const { subscription, demo } = await me(app, user);
    expect(subscription).toMatchObject({ subscribed: true, tier: 'basic', plan_name: 'Monthly' });
    expect(demo.flags).toMatchObject({ canExport: false, canViewContactInfo: true });
  });

  it('appends nothing when Stripe delivers the same event again', async () => {
    const user = await app.signUp();
    const { completed } = await subscribe(user);
    const before = await app.eventCount();
    const again = await deliver(completed);
    expect(again.status).toBe(200);
    expect(await app.eventCount()).toBe(before);
  });

  it('refuses a second checkout of the same plan while subscribed (one user per subscription)', async () => {
    const user = await app.signUp();
    await subscribe(user);
    const before = await app.eventCount();
    const response = await checkout(app, user, { priceId: 'price_annual' });
    expect(response.status).toBe(409);
    expect(((await response.json()) as Problem).detail).toMatch(/already have a subscription/);
    expect(await app.eventCount()).toBe(before);
  });

  it('refuses unsigned, mis-signed and tampered webhooks with 400 and stores nothing', async () => {
    const user = await app.signUp();
    await checkout(app, user, { priceId: 'price_annual' });
    const subscription = fake.addSubscription({ price: ANNUAL, currentPeriodEnd: inDays(365) });
    const event = stripeEvent('checkout.session.completed', {
      ...fake.checkoutSessions.get(lastSessionId())!,
      payment_status: 'paid',
      subscription: subscription.id,
    });
    const before = await app.eventCount();
    const signedForOther = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify({ ...event, id: 'evt_other' }),
      secret: WEBHOOK_SECRET,
    });
    for (const attempt of [
      await deliver(event, { signature: null }),
      await deliver(event, { secret: 'whsec_not_ours' }),
      await deliver(event, { signature: signedForOther }),
      await deliver(event, { signature: 't=1,v1=deadbeef' }),
    ]) {
      expect(attempt.status).toBe(400);
      expect(attempt.headers.get('content-type')).toContain('application/problem+json');
    }
    expect(await app.eventCount()).toBe(before);
    expect((await me(app, user)).subscription.subscribed).toBe(false);
  });

  it('answers 200 and stores nothing for events it does not use or prices it does not sell', async () => {
    const user = await app.signUp();
    await checkout(app, user, { priceId: 'price_annual' });
    const unknownPrice = fake.addSubscription({
      price: 'price_1SomethingElse',
      currentPeriodEnd: inDays(30),
    });
    const before = await app.eventCount();
    const unused = await deliver(stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }));
    const foreignPrice = await deliver(
      stripeEvent('checkout.session.completed', {
        ...fake.checkoutSessions.get(lastSessionId())!,
        payment_status: 'paid',
        subscription: unknownPrice.id,
      }),
    );
    expect([unused.status, foreignPrice.status]).toEqual([200, 200]);
    expect(await app.eventCount()).toBe(before);
  });

  it('keeps a subscription canceled at period end until the period ends', async () => {
    const user = await app.signUp();
    const periodEnd = inDays(20);
    const { subscription } = await subscribe(user, MONTHLY, periodEnd);
    const canceled = fake.updateSubscription(subscription.id, {
      cancel_at_period_end: true,
      canceled_at: inDays(0),
    });
    expect((await deliver(stripeEvent('customer.subscription.updated', canceled))).status).toBe(200);
    expect((await me(app, user)).subscription).toMatchObject({
      subscribed: true,
      tier: 'basic',
      status: 'canceled',
      current_period_end: isoOf(periodEnd),
    });
  });

  it('changes the plan when the subscription moves to another price', async () => {
    const user = await app.signUp();
    const { subscription } = await subscribe(user, MONTHLY, inDays(30));
    const moved = fake.updateSubscription(subscription.id, { price: ANNUAL });
    await deliver(stripeEvent('customer.subscription.updated', moved));
    expect((await me(app, user)).subscription).toMatchObject({ tier: 'premium', plan_name: 'Annual' });
  });

  it('puts the user back on the free tier when the subscription is deleted', async () => {
    const user = await app.signUp();
    const { subscription } = await subscribe(user);
    const deleted = stripeEvent(
      'customer.subscription.deleted',
      fake.updateSubscription(subscription.id, { status: 'canceled', ended_at: inDays(0) }),
    );
    expect((await deliver(deleted)).status).toBe(200);
    const after = await me(app, user);
    expect(after.tier).toBe('free');
    expect(after.subscription).toMatchObject({ subscribed: false, tier: 'free', status: 'expired' });
  });

  it("applies Stripe's current state when an older update arrives after a newer one", async () => {
    const user = await app.signUp();
    const { subscription } = await subscribe(user, MONTHLY, inDays(30));
    // An hour ago the customer canceled at period end; since then they took it back and moved to
    // Annual. Stripe delivers the newer event first, the older one last.
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const older = {
      ...stripeEvent(
        'customer.subscription.updated',
        subscriptionObject(subscription, { cancel_at_period_end: true, canceled_at: hourAgo }),
      ),
      created: hourAgo,
    };
    const newer = stripeEvent(
      'customer.subscription.updated',
      fake.updateSubscription(subscription.id, { price: ANNUAL }),
    );
    expect((await deliver(newer)).status).toBe(200);
    expect((await deliver(older)).status).toBe(200);
    expect(fake.last(`GET /v1/subscriptions/${subscription.id}`)).toBeDefined();
    expect((await me(app, user)).subscription).toMatchObject({
      subscribed: true,
      status: 'active',
      tier: 'premium',
      plan_name: 'Annual',
    });
  });

  it('answers 200 and stores nothing for a subscription Stripe does not know', async () => {
    const user = await app.signUp();
    const { subscription } = await subscribe(user, MONTHLY, inDays(30));
    const before = await app.eventCount();
    const unknown = subscriptionObject(subscription, { id: 'sub_unknownToStripe', status: 'canceled' });
    const response = await deliver(stripeEvent('customer.subscription.updated', unknown));
    expect(response.status).toBe(200);
    expect(fake.last('GET /v1/subscriptions/sub_unknownToStripe')).toBeDefined();
    expect(await app.eventCount()).toBe(before);
    expect((await me(app, user)).subscription).toMatchObject({ status: 'active', tier: 'basic' });
  });

  it('counts a failed payment of a subscription canceled at period end, which still runs', async () => {
    const user = await app.signUp();
    const periodEnd = inDays(20);
    const { subscription } = await subscribe(user, MONTHLY, periodEnd);
    const canceled = fake.updateSubscription(subscription.id, { cancel_at_period_end: true });
    await deliver(stripeEvent('customer.subscription.updated', canceled));
    const failed = stripeEvent(
      'invoice.payment_failed',
      fake.putInvoice(
        invoiceObject(subscription, user.userId, { billing_reason: 'subscription_update', status: 'open' }),
      ),
    );
    expect((await deliver(failed)).status).toBe(200);
    expect((await me(app, user)).subscription).toMatchObject({
      subscribed: true,
      status: 'past_due',
      current_period_end: isoOf(periodEnd),
    });
  });

  it('moves a Monthly subscriber to Annual through a prorated Stripe update', async () => {
    const user = await app.signUp();
    const { subscription } = await subscribe(user, MONTHLY, inDays(30));
    const response = await checkout(app, user, { priceId: 'price_annual', returnPath: '/search' });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as RedirectResponse).url).toBe(`${app.url}/search?upgraded=true`);
    const item = (subscription.items as { data: { id: string }[] }).data[0]!;
    const update = fake.last(`POST /v1/subscriptions/${subscription.id}`)!;
    expect(update.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(update.body).toMatchObject({
      items: [{ id: item.id, price: ANNUAL }],
      proration_behavior: 'create_prorations',
      metadata: { priceId: 'price_annual' },
    });
    expect((await me(app, user)).subscription).toMatchObject({ tier: 'premium', plan_name: 'Annual' });
    // Stripe's webhook about the same update tells nothing new.
    const before = await app.eventCount();
    const updated = stripeEvent(
      'customer.subscription.updated',
      fake.updateSubscription(subscription.id, {}),
    );
    expect((await deliver(updated)).status).toBe(200);
    expect(await app.eventCount()).toBe(before);
  });

  it('moves an Annual subscriber down to Monthly the same way', async () => {
    const user = await app.signUp();
    const { subscription } = await subscribe(user, ANNUAL, inDays(365));
    const response = await checkout(app, user, { priceId: 'price_monthly' });
    expect(response.status).toBe(200);
    expect(fake.last(`POST /v1/subscriptions/${subscription.id}`)!.body).toMatchObject({
      items: [{ price: MONTHLY }],
      proration_behavior: 'create_prorations',
    });
    expect((await me(app, user)).subscription).toMatchObject({ tier: 'basic', plan_name: 'Monthly' });
  });

  it('marks the subscription past due when a payment fails, and active again when it is paid', async () => {
    const user = await app.signUp();
    const { subscription } = await subscribe(user, MONTHLY, inDays(3));
    const renewal = invoiceObject(subscription, user.userId, { billing_reason: 'subscription_cycle' });
    const failed = stripeEvent(
      'invoice.payment_failed',
      fake.putInvoice({ ...renewal, status: 'open', attempt_count: 2 }),
    );
    expect((await deliver(failed)).status).toBe(200);
    expect((await me(app, user)).subscription).toMatchObject({ subscribed: true, status: 'past_due' });

    const nextEnd = inDays(33);
    const paid = stripeEvent(
      'invoice.paid',
      fake.putInvoice({
        ...renewal,
        status: 'paid',
        attempt_count: 3,
        lines: {
          object: 'list',
          has_more: false,
          data: [{ object: 'line_item', period: { start: inDays(3), end: nextEnd } }],
        },
      }),
    );
    expect((await deliver(paid)).status).toBe(200);
    expect((await me(app, user)).subscription).toMatchObject({
      status: 'active',
      current_period_end: isoOf(nextEnd),
    });
  });

  // Issue 32, finding 16: invoice events were applied from their payload, so a payment failure
  // Stripe delivered after the invoice was paid marked a paying customer past due.
  it('keeps a paying customer active and refund-eligible when a payment failure arrives after the payment', async () => {
    const user = await app.signUp();
    const { subscription } = await subscribe(user, ANNUAL, inDays(365));
    // The checkout's first card attempt failed and the second paid: Stripe holds the invoice paid,
    // and delivers the failure of the first attempt late, after the checkout's events.
    const invoice = fake.invoices.get(subscription.latest_invoice as string)!;
    expect(invoice.status).toBe('paid');
    const before = await app.eventCount();
    const lateFailure = stripeEvent('invoice.payment_failed', {
      ...invoice,
      status: 'open',
      attempt_count: 1,
    });
    expect((await deliver(lateFailure)).status).toBe(200);
    expect(await app.eventCount()).toBe(before);
    expect((await me(app, user)).subscription).toMatchObject({ subscribed: true, status: 'active' });
    const eligibility = await app.request('/api/v1/billing/refund-eligibility', { as: user });
    expect(await eligibility.json()).toMatchObject({ eligible: true, reasons: [] });
  });

  it('records a failure Stripe still holds unpaid, whatever the event says, once per event', async () => {
    const user = await app.signUp();
    const { subscription } = await subscribe(user, MONTHLY, inDays(3));
    const renewal = invoiceObject(subscription, user.userId, { billing_reason: 'subscription_cycle' });
    fake.putInvoice({ ...renewal, status: 'open', attempt_count: 2 });
    // An early event of the same invoice, its payload from before the attempt that failed.
    const failed = stripeEvent('invoice.payment_failed', { ...renewal, status: 'draft', attempt_count: 0 });
    expect((await deliver(failed)).status).toBe(200);
    expect((await deliver(failed)).status).toBe(200);
    const failures = await app.database.pool.query(
      `select data from eventstore.events where type = 'PaymentFailed' and stream_id = $1`,
      [`subscription-${user.userId}`],
    );
    expect(failures.rows).toHaveLength(1);
    expect((await me(app, user)).subscription).toMatchObject({ status: 'past_due' });
  });

  it('answers 200 and stores nothing for an invoice Stripe does not know', async () => {
    const user = await app.signUp();
    const { subscription } = await subscribe(user, MONTHLY, inDays(3));
    const before = await app.eventCount();
    const unknown = stripeEvent(
      'invoice.payment_failed',
      invoiceObject(subscription, user.userId, { billing_reason: 'subscription_cycle', status: 'open' }),
    );
    expect((await deliver(unknown)).status).toBe(200);
    expect(await app.eventCount()).toBe(before);
    expect((await me(app, user)).subscription).toMatchObject({ status: 'active' });
  });

  it('opens the Stripe customer portal for a subscriber', async () => {
    const user = await app.signUp();
    const { subscription } = await subscribe(user);
    const response = await app.request('/api/v1/billing/portal', { method: 'POST', as: user });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as RedirectResponse;
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_bps_/);
    expect(fake.last('POST /v1/billing_portal/sessions')!.body).toEqual({
      customer: subscription.customer,
      return_url: `${app.url}/account`,
    });
  });

  it('has no portal for a user who never subscribed', async () => {
    const user = await app.signUp();
    const response = await app.request('/api/v1/billing/portal', { method: 'POST', as: user });
    expect(response.status).toBe(404);
    expect(((await response.json()) as Problem).detail).toMatch(/no subscription to manage/);
  });
});

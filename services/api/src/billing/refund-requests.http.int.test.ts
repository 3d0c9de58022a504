import { randomUUID } from 'node:crypto';
import type {
  Problem,
  RefundDecisionResult,
  RefundEligibility,
  RefundRequestInfo,
  RefundRequestRow,
} from '@healthtal/contracts';
import { checkout, deliverWebhook, inDays, me, stripeEvent } from '@healthtal/testkit/billing';
import { type FakeStripe, startFakeStripe } from '@healthtal/testkit/fake-stripe';
import { type SignedIn, startTestApp, type TestApp, testMetadata } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The money-back guarantee end to end over HTTP: the customer asks from Account, an admin approves
 * or rejects in the console, the refund and the cancellation go through the payment provider (the
 * billing simulator here, Stripe's SDK against a fake of its API below), the customer is mailed, and
 * the whole trail is in the events.
 */
const requestRefund = (app: TestApp, user: SignedIn, json: unknown = {}) =>
  app.request('/api/v1/billing/refund-requests', { method: 'POST', as: user, json });
const decide = (app: TestApp, user: SignedIn, action: 'approve' | 'reject', json: unknown = {}) =>
  app.request(`/api/admin/refund-requests/${user.userId}/${action}`, { method: 'POST', as: 'admin', json });
const eligibility = async (app: TestApp, user: SignedIn) =>
  (await (await app.request('/api/v1/billing/refund-eligibility', { as: user })).json()) as RefundEligibility;
const typesOf = async (app: TestApp, user: SignedIn) =>
  (await app.store.readStream(`subscription-${user.userId}`)).map((e) => e.type);
/** An export's start as the product records it: on the subscription stream, before its first byte. */
const startedExport = (app: TestApp, user: SignedIn) =>
  app.store.append(`subscription-${user.userId}`, [
    {
      type: 'ExportStarted',
      data: {
        userId: user.userId,
        exportId: randomUUID(),
        format: 'csv',
        scope: 'selection',
        fileName: 'nurses.csv',
        rowsIntended: 3,
      },
      metadata: testMetadata(),
    },
  ]);
const problem = async (response: Response, status: number) => {
  expect(response.status, await response.clone().text()).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  return (await response.json()) as Problem;
};

describe('refunds under the money-back guarantee (billing simulator)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ BILLING_SIMULATOR: 'on' });
  });
  afterAll(() => app?.close());

  const annualCustomer = async () => {
    const user = await app.signUp();
    await app.subscribe(user, 'price_annual');
    await app.caughtUp();
    return user;
  };

  it('records an eligible request, shows it on Account and in the console, and refuses a second one', async () => {
    const user = await annualCustomer();
    expect((await eligibility(app, user)).eligible).toBe(true);

    const asked = await requestRefund(app, user, { reason: 'We hired in-house instead.' });
    expect(asked.status, await asked.clone().text()).toBe(201);
    expect((await asked.json()) as RefundRequestInfo).toMatchObject({ status: 'pending', decidedAt: null });

    const after = await eligibility(app, user);
    expect(after.eligible).toBe(false);
    expect(after.request).toMatchObject({ status: 'pending', refundedAmount: null });

    const again = await problem(await requestRefund(app, user), 409);
    expect(again.title).toBe('Refund already requested');

    await app.caughtUp();
    const list = await app.request('/api/admin/refund-requests?filter={"status":"pending"}', { as: 'admin' });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toMatch(/^refund-requests 0-\d+\/\d+$/);
    const rows = (await list.json()) as RefundRequestRow[];
    expect(rows.find((row) => row.id === user.userId)).toMatchObject({
      email: user.email,
      status: 'pending',
      reason: 'We hired in-house instead.',
      planName: 'Annual',
    });
    const one = await app.request(`/api/admin/refund-requests/${user.userId}`, { as: 'admin' });
    expect(((await one.json()) as RefundRequestRow).status).toBe('pending');
  });

  it('approving refunds and ends the subscription, mails the customer, and keeps the trail in the events', async () => {
    const user = await annualCustomer();
    expect((await requestRefund(app, user)).status).toBe(201);

    const approved = await decide(app, user, 'approve');
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect((await approved.json()) as RefundDecisionResult).toMatchObject({
      id: user.userId,
      status: 'approved',
      message: expect.stringContaining('$2,995.00'),
    });

    expect(await typesOf(app, user)).toEqual([
      'SubscriptionActivated',
      'RefundRequested',
      'RefundApproved',
      'SubscriptionExpired',
      'SubscriptionRefunded',
    ]);
    const { subscription } = await me(app, user);
    expect(subscription.subscribed).toBe(false);
    expect((await eligibility(app, user)).request).toMatchObject({
      status: 'approved',
      refundedAmount: 299_500,
    });
    const mail = await app.lastMail(user.email, 'notification');
    expect(mail?.subject).toBe('Your HealthTal refund is on its way');
    expect(mail?.text).toContain('$2,995.00');

    const row = (await (
      await app.request(`/api/admin/refund-requests/${user.userId}`, { as: 'admin' })
    ).json()) as RefundRequestRow;
    expect(row).toMatchObject({ status: 'approved', refundedAmount: 299_500 });
    expect(row.refundedAt).not.toBeNull();

    expect((await problem(await decide(app, user, 'approve'), 409)).title).toBe(
      'Refund request already decided',
    );
    expect((await problem(await decide(app, user, 'reject', { reason: 'No.' }), 409)).title).toBe(
      'Refund request already decided',
    );
    expect((await problem(await requestRefund(app, user), 409)).title).toBe('Refund request already decided');
  });

  it('rejecting needs a reason, mails it to the customer, and is final', async () => {
    const user = await annualCustomer();
    expect((await requestRefund(app, user)).status).toBe(201);

    const noReason = await problem(await decide(app, user, 'reject', {}), 400);
    expect(noReason.errors).toHaveProperty('reason');

    const rejected = await decide(app, user, 'reject', { reason: 'The account exported 400 contacts.' });
    expect(rejected.status, await rejected.clone().text()).toBe(200);
    expect(await typesOf(app, user)).toEqual(['SubscriptionActivated', 'RefundRequested', 'RefundRejected']);
    expect((await me(app, user)).subscription.subscribed).toBe(true);
    const mail = await app.lastMail(user.email, 'notification');
    expect(mail?.text).toContain('The account exported 400 contacts.');
    expect((await eligibility(app, user)).request).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The account exported 400 contacts.',
    });
    expect((await problem(await decide(app, user, 'approve'), 409)).title).toBe(
      'Refund request already decided',
    );
  });

  it('refuses customers the guarantee does not cover, saying why', async () => {
    const monthly = await app.signUp();
    await app.subscribe(monthly, 'price_monthly');
    const notAnnual = await problem(await requestRefund(app, monthly), 422);
    expect(notAnnual.title).toBe('Not eligible for a refund');
    expect(notAnnual.detail).toContain('Annual plan only');

    const free = await app.signUp();
    expect((await problem(await requestRefund(app, free), 422)).detail).toContain('nothing to refund');

    const exporter = await annualCustomer();
    await startedExport(app, exporter);
    expect((await problem(await requestRefund(app, exporter), 422)).detail).toContain('export');
    expect(await typesOf(app, exporter)).toEqual(['SubscriptionActivated', 'ExportStarted']);
  });

  it('refuses to approve once an export was made after the request, and answers 404 for nobody’s request', async () => {
    const user = await annualCustomer();
    expect((await requestRefund(app, user)).status).toBe(201);
    await startedExport(app, user);
    expect((await problem(await decide(app, user, 'approve'), 422)).detail).toContain(
      'Reject the request instead',
    );

    const stranger = await app.signUp();
    expect((await problem(await decide(app, stranger, 'approve'), 404)).title).toBe(
      'Refund request not found',
    );
    expect((await app.request(`/api/admin/refund-requests/${randomUUID()}`, { as: 'admin' })).status).toBe(
      404,
    );
  });

  it('keeps the console to admins and requests to customers', async () => {
    const user = await annualCustomer();
    expect((await app.request('/api/admin/refund-requests', { as: user })).status).toBe(403);
    expect(
      (
        await app.request(`/api/admin/refund-requests/${user.userId}/approve`, {
          method: 'POST',
          as: user,
          json: {},
        })
      ).status,
    ).toBe(403);
    expect((await app.request('/api/v1/billing/refund-requests', { method: 'POST', json: {} })).status).toBe(
      401,
    );
  });
});

const SECRET_KEY = 'sk_test_51HealthTalFakeKey';
const WEBHOOK_SECRET = 'whsec_healthtal_test_secret';
const ANNUAL = 'price_1AnnualHealthTal';

describe('refunds under the money-back guarantee (Stripe)', () => {
  let app: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe(SECRET_KEY);
    app = await startTestApp({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      STRIPE_PRICE_MONTHLY: 'price_1MonthlyHealthTal',
      STRIPE_PRICE_ANNUAL: ANNUAL,
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it('refunds the latest paid invoice and cancels the subscription through the Stripe SDK', async () => {
    const user = await app.signUp();
    expect((await checkout(app, user, { priceId: 'price_annual' })).status).toBe(200);
    const subscription = fake.addSubscription({
      price: ANNUAL,
      currentPeriodEnd: inDays(365),
      metadata: { userId: user.userId, priceId: 'price_annual' },
    });
    const session = [...fake.checkoutSessions.values()].at(-1)!;
    const completed = stripeEvent('checkout.session.completed', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      customer: subscription.customer,
      subscription: subscription.id,
    });
    expect((await deliverWebhook(app, completed, { secret: WEBHOOK_SECRET })).status).toBe(200);
    expect((await me(app, user)).subscription.subscribed).toBe(true);

    expect((await requestRefund(app, user)).status).toBe(201);
    const approved = await decide(app, user, 'approve');
    expect(approved.status, await approved.clone().text()).toBe(200);

    const refund = fake.last('POST /v1/refunds')!;
    expect(refund.body).toMatchObject({
      reason: 'requested_by_customer',
      payment_intent: expect.stringMatching(/^pi_/),
    });
    expect(refund.headers['idempotency-key']).toBe(`money-back:${user.userId}:refund`);
    expect(fake.last(`DELETE /v1/subscriptions/${subscription.id}`)).toBeDefined();
    const [made] = [...fake.refunds.values()];
    expect(made).toMatchObject({ amount: 299_500, status: 'succeeded' });

    const events = await app.store.readStream(`subscription-${user.userId}`);
    expect(events.at(-1)).toMatchObject({
      type: 'SubscriptionRefunded',
      data: { subscriptionId: subscription.id, sourceEventId: made!.id, amount: 299_500 },
    });
    expect((await me(app, user)).subscription.subscribed).toBe(false);

    // Stripe's own deletion webhook that follows records nothing new.
    const before = await app.eventCount();
    const deleted = stripeEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' });
    expect((await deliverWebhook(app, deleted, { secret: WEBHOOK_SECRET })).status).toBe(200);
    expect(await app.eventCount()).toBe(before);
  });
});

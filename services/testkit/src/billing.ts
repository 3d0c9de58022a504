import { randomUUID } from 'node:crypto';
import type { MeResponse } from '@healthtal/contracts';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { SignedIn, TestApp } from './harness';

/** Helpers of the billing tests: our API's side, and Stripe's side (events as Stripe sends them). */
export const DAY = 86_400;
export const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * DAY;
export const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

export const me = async (app: TestApp, user: SignedIn) => {
  await app.caughtUp();
  const response = await app.request('/api/v1/me', { as: user });
  expect(response.status).toBe(200);
  return (await response.json()) as MeResponse;
};

export const checkout = (app: TestApp, user: SignedIn | 'demo', body: unknown) =>
  app.request('/api/v1/billing/checkout', { method: 'POST', as: user, json: body });

/** A Stripe event envelope around one API object. */
export const stripeEvent = (type: string, object: unknown) => ({
  id: `evt_${randomUUID().replaceAll('-', '')}`,
  object: 'event',
  api_version: Stripe.API_VERSION,
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
  data: { object },
});

/**
 * Delivers an event the way Stripe does: the exact bytes, signed by the SDK's own test-header helper
 * with `secret`; or with the given `signature` header (null: none at all).
 */
export const deliverWebhook = (
  app: TestApp,
  event: unknown,
  { secret, signature }: { secret: string; signature?: string | null },
) => {
  const payload = JSON.stringify(event);
  const header =
    signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret }) : signature;
  return fetch(`${app.url}/api/v1/billing/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    body: payload,
  });
};

/** A subscription object as a `customer.subscription.*` event carries it, with changes applied. */
export const subscriptionObject = (
  subscription: Record<string, unknown>,
  change: { price?: string; periodEnd?: number } & Record<string, unknown> = {},
) => {
  const { price, periodEnd, ...rest } = change;
  const items = subscription.items as { data: Record<string, unknown>[] };
  const item = items.data[0]!;
  return {
    ...subscription,
    ...rest,
    items: {
      ...items,
      data: [
        {
          ...item,
          ...(price ? { price: { id: price, object: 'price' } } : {}),
          ...(periodEnd ? { current_period_end: periodEnd } : {}),
        },
      ],
    },
  };
};

/** An invoice of a subscription (API 2025-03-31 and later: the subscription is under `parent`). */
export const invoiceObject = (
  subscription: Record<string, unknown>,
  userId: string,
  change: Record<string, unknown>,
) => ({
  id: `in_${randomUUID().replaceAll('-', '')}`,
  object: 'invoice',
  customer: subscription.customer,
  attempt_count: 1,
  period_end: inDays(0),
  parent: {
    type: 'subscription_details',
    quote_details: null,
    subscription_details: { subscription: subscription.id, metadata: { userId } },
  },
  lines: { object: 'list', data: [], has_more: false },
  ...change,
});

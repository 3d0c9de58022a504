import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Stripe API, for exactly the calls HealthTal's StripeGateway makes:
 * Checkout Sessions (create, retrieve), Subscriptions (retrieve, update, cancel), Billing Portal
 * Sessions (create), Invoices (retrieve, for invoice webhooks), and for money-back refunds Invoices
 * and Invoice Payments (list) and Refunds (create, honouring the Idempotency-Key as Stripe does). It speaks Stripe's wire format (form-encoded requests with bracketed keys, JSON objects
 * with an `object` field, errors as `{ error: { type, code, message, param } }`), so the real
 * `stripe` SDK talks to it unchanged.
 */
export type ReceivedRequest = {
  method: string;
  path: string;
  /** The form decoded into Stripe's nested shape: `line_items[0][price]` → `line_items[0].price`. */
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
};

type StripeObject = Record<string, unknown> & { id: string; object: string };

export type FakeSubscriptionInput = {
  id?: string;
  customer?: string;
  price: string;
  currentPeriodEnd: number;
  status?: string;
  cancelAtPeriodEnd?: boolean;
  metadata?: Record<string, string>;
  /** What its first, paid invoice charged, in cents (299,500: the Annual plan). */
  amountPaid?: number;
};

/** Top-level fields of a subscription to set, and its item's price or period end. */
export type SubscriptionChange = { price?: string; periodEnd?: number } & Record<string, unknown>;

export type FakeStripe = {
  url: string;
  requests: ReceivedRequest[];
  /** The last request to this method and path (e.g. `POST /v1/checkout/sessions`). */
  last(route: string): ReceivedRequest | undefined;
  checkoutSessions: Map<string, StripeObject>;
  /** Refunds made, by id. */
  refunds: Map<string, StripeObject>;
  /** Invoices as Stripe holds them, by id (a subscription's first, paid invoice is added with it). */
  invoices: Map<string, StripeObject>;
  /**
   * An invoice as Stripe now holds it (a renewal, a failed or a later successful payment attempt):
   * what a later retrieve answers. Answers it, as an `invoice.*` event carries it.
   */
  putInvoice<T extends { id: string }>(invoice: T): T;
  /** A subscription as Stripe holds it (period ends live on its items since API 2025-03-31). */
  addSubscription(input: FakeSubscriptionInput): StripeObject;
  /**
   * A change made on Stripe's side (the portal, a renewal, a deletion): what a later retrieve
   * answers. Answers the subscription as it now is, as a `customer.subscription.*` event carries it.
   */
  updateSubscription(subscriptionId: string, change: SubscriptionChange): StripeObject;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const requests: ReceivedRequest[] = [];
  const checkoutSessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const invoicePayments = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  const byIdempotencyKey = new Map<string, Answer>();

  const routes: [string, RegExp, (body: Record<string, unknown>, match: RegExpExecArray) => Answer][] = [
    ['POST', /^\/v1\/checkout\/sessions$/, (body) => createCheckoutSession(body, checkoutSessions)],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      (_b, m) => found(checkoutSessions.get(m[1]!), 'checkout.session', m[1]!),
    ],
    [
      'GET',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (_b, m) => found(subscriptions.get(m[1]!), 'subscription', m[1]!),
    ],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (body, m) => updateSubscriptionByApi(subscriptions, m[1]!, body),
    ],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (_b, m) => cancelSubscription(subscriptions, m[1]!)],
    ['POST', /^\/v1\/billing_portal\/sessions$/, (body) => createPortalSession(body)],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, (_b, m) => found(invoices.get(m[1]!), 'invoice', m[1]!)],
    [
      'GET',
      /^\/v1\/invoices$/,
      (body) =>
        listOf(
          [...invoices.values()].filter(
            (i) =>
              (!body.subscription || subscriptionOfInvoice(i) === body.subscription) &&
              (!body.status || i.status === body.status),
          ),
          '/v1/invoices',
        ),
    ],
    [
      'GET',
      /^\/v1\/invoice_payments$/,
      (body) =>
        listOf(
          [...invoicePayments.values()].filter(
            (p) =>
              (!body.invoice || p.invoice === body.invoice) && (!body.status || p.status === body.status),
          ),
          '/v1/invoice_payments',
        ),
    ],
    ['POST', /^\/v1\/refunds$/, (body) => createRefund(body, invoicePayments, refunds)],
  ];

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const body = decodeForm(req.method === 'GET' ? url.searchParams.toString() : raw);
    requests.push({ method: req.method ?? '', path: url.pathname, body, headers: req.headers });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(
        res,
        401,
        stripeError('invalid_request_error', 'Invalid API Key provided.', 'api_key_invalid'),
      );
    }
    // Like Stripe: a POST retried with the same Idempotency-Key gets the first answer again.
    const idempotencyKey = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const replayed = typeof idempotencyKey === 'string' ? byIdempotencyKey.get(idempotencyKey) : undefined;
    if (replayed) return send(res, replayed[0], replayed[1]);
    for (const [method, pattern, handle] of routes) {
      const match = pattern.exec(url.pathname);
      if (req.method === method && match) {
        const answer = handle(body, match);
        if (typeof idempotencyKey === 'string') byIdempotencyKey.set(idempotencyKey, answer);
        return send(res, answer[0], answer[1]);
      }
    }
    send(
      res,
      404,
      stripeError('invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    last: (route) => requests.findLast((r) => `${r.method} ${r.path}` === route),
    checkoutSessions,
    refunds,
    invoices,
    putInvoice(invoice) {
      invoices.set(invoice.id, { object: 'invoice', ...invoice } as StripeObject);
      return invoice;
    },
    addSubscription(input) {
      const subscriptionId = input.id ?? id('sub');
      const invoice = paidInvoice(subscriptionId, input.amountPaid ?? 299_500, input.metadata ?? {});
      invoices.set(invoice.invoice.id, invoice.invoice);
      invoicePayments.set(invoice.payment.id, invoice.payment);
      const subscription: StripeObject = {
        id: subscriptionId,
        object: 'subscription',
        customer: input.customer ?? id('cus'),
        status: input.status ?? 'active',
        cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: now(),
        latest_invoice: invoice.invoice.id,
        livemode: false,
        metadata: input.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price: { id: input.price, object: 'price', recurring: { interval: 'month' } },
              quantity: 1,
              current_period_start: now(),
              current_period_end: input.currentPeriodEnd,
              subscription: subscriptionId,
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${subscriptionId}`,
        },
      };
      subscriptions.set(subscriptionId, subscription);
      return subscription;
    },
    updateSubscription(subscriptionId, change) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`the fake Stripe holds no subscription ${subscriptionId}`);
      const changed = applyChange(subscription, change);
      subscriptions.set(subscriptionId, changed);
      return changed;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

type Answer = [number, unknown];

function createCheckoutSession(body: Record<string, unknown>, sessions: Map<string, StripeObject>): Answer {
  for (const param of ['mode', 'success_url', 'line_items']) {
    if (body[param] === undefined) return [400, missing(param)];
  }
  const session: StripeObject = {
    id: id('cs_test'),
    object: 'checkout.session',
    mode: body.mode,
    status: 'open',
    payment_status: 'unpaid',
    url: '',
    client_reference_id: body.client_reference_id ?? null,
    customer: body.customer ?? null,
    customer_email: body.customer_email ?? null,
    metadata: body.metadata ?? {},
    success_url: body.success_url,
    cancel_url: body.cancel_url ?? null,
    subscription: null,
    livemode: false,
    created: now(),
    expires_at: now() + 86_400,
  };
  session.url = `https://checkout.stripe.com/c/pay/${session.id}`;
  sessions.set(session.id, session);
  return [200, session];
}

type SubscriptionItem = Record<string, unknown> & { id: string };
const itemsOf = (subscription: StripeObject) => (subscription.items as { data: SubscriptionItem[] }).data;

function applyChange(subscription: StripeObject, { price, periodEnd, ...rest }: SubscriptionChange) {
  const [item, ...others] = itemsOf(subscription);
  const changedItem = {
    ...item!,
    ...(price ? { price: { id: price, object: 'price' } } : {}),
    ...(periodEnd ? { current_period_end: periodEnd } : {}),
  };
  return {
    ...subscription,
    ...rest,
    items: { ...(subscription.items as object), data: [changedItem, ...others] },
  } as StripeObject;
}

/** `POST /v1/subscriptions/:id` as HealthTal uses it: a new price on an existing item, and metadata. */
function updateSubscriptionByApi(
  subscriptions: Map<string, StripeObject>,
  subscriptionId: string,
  body: Record<string, unknown>,
): Answer {
  const subscription = subscriptions.get(subscriptionId);
  if (!subscription) return found(undefined, 'subscription', subscriptionId);
  const items = (body.items ?? []) as { id?: string; price?: string }[];
  let changed = subscription;
  for (const requested of items) {
    if (!itemsOf(subscription).some((item) => item.id === requested.id)) {
      return [
        400,
        stripeError(
          'invalid_request_error',
          `Invalid subscription_item id: ${requested.id}`,
          'resource_missing',
          'items',
        ),
      ];
    }
    if (requested.price) changed = applyChange(changed, { price: requested.price });
  }
  const metadata = { ...(subscription.metadata as object), ...((body.metadata as object) ?? {}) };
  changed = { ...changed, metadata };
  subscriptions.set(subscriptionId, changed);
  return [200, changed];
}

/**
 * A subscription's first invoice, paid through a payment intent (API 2025-03-31: `payments`); it
 * carries the subscription's metadata, as Stripe copies it onto the invoices it makes.
 */
function paidInvoice(subscriptionId: string, amount: number, metadata: Record<string, string>) {
  const invoiceId = id('in');
  const invoice: StripeObject = {
    id: invoiceId,
    object: 'invoice',
    status: 'paid',
    billing_reason: 'subscription_create',
    attempt_count: 1,
    amount_paid: amount,
    currency: 'usd',
    created: now(),
    lines: { object: 'list', data: [], has_more: false },
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscriptionId, metadata },
    },
  };
  const payment: StripeObject = {
    id: id('inpay'),
    object: 'invoice_payment',
    invoice: invoiceId,
    amount_paid: amount,
    currency: 'usd',
    is_default: true,
    status: 'paid',
    payment: { type: 'payment_intent', payment_intent: id('pi') },
  };
  return { invoice, payment };
}

const subscriptionOfInvoice = (invoice: StripeObject) =>
  (invoice.parent as { subscription_details?: { subscription?: string } } | null)?.subscription_details
    ?.subscription;

const listOf = (data: StripeObject[], url: string): Answer => [
  200,
  { object: 'list', data: data.reverse(), has_more: false, url },
];

/** `POST /v1/refunds` for a payment intent (or charge) the fake holds: the whole amount by default. */
function createRefund(
  body: Record<string, unknown>,
  payments: Map<string, StripeObject>,
  refunds: Map<string, StripeObject>,
): Answer {
  const target = (body.payment_intent ?? body.charge) as string | undefined;
  if (!target) return [400, missing('payment_intent')];
  const payment = [...payments.values()].find((p) => {
    const paid = p.payment as { payment_intent?: string; charge?: string };
    return paid.payment_intent === target || paid.charge === target;
  });
  if (!payment)
    return [
      404,
      stripeError('invalid_request_error', `No such payment_intent: '${target}'`, 'resource_missing', 'id'),
    ];
  const already = [...refunds.values()].find((r) => r.payment_intent === target || r.charge === target);
  if (already)
    return [
      400,
      stripeError(
        'invalid_request_error',
        `Charge for ${target} has already been refunded.`,
        'charge_already_refunded',
      ),
    ];
  const refund: StripeObject = {
    id: id('re'),
    object: 'refund',
    amount: body.amount ? Number(body.amount) : payment.amount_paid,
    currency: 'usd',
    payment_intent: body.payment_intent ?? null,
    charge: body.charge ?? null,
    reason: body.reason ?? null,
    metadata: body.metadata ?? {},
    status: 'succeeded',
    created: now(),
  };
  refunds.set(refund.id, refund);
  return [200, refund];
}

/** `DELETE /v1/subscriptions/:id`: canceled at once; Stripe refuses to cancel it twice. */
function cancelSubscription(subscriptions: Map<string, StripeObject>, subscriptionId: string): Answer {
  const subscription = subscriptions.get(subscriptionId);
  if (!subscription) return found(undefined, 'subscription', subscriptionId);
  if (subscription.status === 'canceled')
    return [
      400,
      stripeError(
        'invalid_request_error',
        `A canceled subscription can only update its cancellation_details and metadata.`,
      ),
    ];
  const canceled = { ...subscription, status: 'canceled', canceled_at: now(), ended_at: now() };
  subscriptions.set(subscriptionId, canceled);
  return [200, canceled];
}

function createPortalSession(body: Record<string, unknown>): Answer {
  if (typeof body.customer !== 'string') return [400, missing('customer')];
  const sessionId = id('bps');
  return [
    200,
    {
      id: sessionId,
      object: 'billing_portal.session',
      customer: body.customer,
      return_url: body.return_url ?? null,
      url: `https://billing.stripe.com/p/session/test_${sessionId}`,
      livemode: false,
      created: now(),
    },
  ];
}

const found = (object: StripeObject | undefined, kind: string, objectId: string): Answer =>
  object
    ? [200, object]
    : [404, stripeError('invalid_request_error', `No such ${kind}: '${objectId}'`, 'resource_missing', 'id')];

const missing = (param: string) =>
  stripeError('invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);

const stripeError = (type: string, message: string, code?: string, param?: string) => ({
  error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) },
});

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `a[b][0][c]=v` → `{ a: { b: [{ c: 'v' }] } }`, the way Stripe reads its form bodies. */
function decodeForm(form: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(form)) {
    const path = key.split(/\]?\[|\]/).filter(Boolean);
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      node[segment] ??= nextIsIndex ? [] : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
}

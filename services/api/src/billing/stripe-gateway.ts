import { PRICE_IDS, type PriceId } from '@healthtal/contracts';
import Stripe from 'stripe';
import type { StripeSettings } from '../settings';
import { HttpProblem } from '../shared/problem';
import { upgradedPath } from './billing-simulator';

export type CheckoutInput = {
  userId: string;
  /** Prefills Checkout for a first-time customer. */
  email: string | null;
  priceId: PriceId;
  returnPath?: string | undefined;
  /** The user's Stripe customer from an earlier subscription: one customer per user. */
  customerId?: string | null;
  /** Stripe's own idempotency key: a retried request does not open a second session. */
  idempotencyKey: string;
};

/**
 * The Stripe API as HealthTal uses it: checkout, the customer portal, plan changes, money-back
 * refunds and verified webhooks.
 */
export class StripeGateway {
  private readonly stripe: Stripe;
  private readonly publicUrl: string;

  constructor(
    private readonly settings: StripeSettings,
    publicUrl: string,
  ) {
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(settings.apiBase ? apiHost(settings.apiBase) : {}),
    });
    this.publicUrl = publicUrl.replace(/\/+$/, '');
  }

  /**
   * A subscription-mode Checkout Session for one plan. Success comes back to /success (the web app
   * then returns to `returnPath` when there is one); cancel goes back where the user started.
   */
  async createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }> {
    const metadata = { userId: input.userId, priceId: input.priceId };
    // Paid, the app returns with `upgraded=true` (the welcome toast); canceled, to where it was.
    const returnTo = input.returnPath
      ? `&return_to=${encodeURIComponent(upgradedPath(input.returnPath))}`
      : '';
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price: this.settings.prices[input.priceId], quantity: 1 }],
        client_reference_id: input.userId,
        metadata,
        // Subscription events (updated, deleted, invoices) carry the user id too.
        subscription_data: { metadata },
        ...(input.customerId
          ? { customer: input.customerId }
          : input.email
            ? { customer_email: input.email }
            : {}),
        success_url: `${this.publicUrl}/success?session_id={CHECKOUT_SESSION_ID}${returnTo}`,
        cancel_url: `${this.publicUrl}${input.returnPath ?? '/pricing'}`,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { id: session.id, url: session.url };
  }

  async createPortalSession(customerId: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: `${this.publicUrl}/account`,
    });
    return session.url;
  }

  retrieveSubscription(subscriptionId: string): Promise<Stripe.Subscription> {
    return this.stripe.subscriptions.retrieve(subscriptionId);
  }

  retrieveInvoice(invoiceId: string): Promise<Stripe.Invoice> {
    return this.stripe.invoices.retrieve(invoiceId);
  }

  /**
   * Moves a running subscription to another plan, prorated: Stripe credits the unused time of the
   * old price and bills the new one on the next invoice. Answers the subscription as Stripe now
   * holds it.
   */
  async changePlan(subscriptionId: string, priceId: PriceId, idempotencyKey: string) {
    const subscription = await this.retrieveSubscription(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item to change`);
    return this.stripe.subscriptions.update(
      subscriptionId,
      {
        items: [{ id: item.id, price: this.settings.prices[priceId] }],
        proration_behavior: 'create_prorations',
        metadata: { priceId },
      },
      { idempotencyKey },
    );
  }

  /**
   * The money-back guarantee paid back: a refund of the subscription's latest paid invoice (its
   * payment intent, or its charge for a payment made without one), then the subscription canceled
   * at once. Both carry an idempotency key made from `key`, so an approval retried after a failure
   * or a crash refunds once. Answers Stripe's refund id and the amount refunded, in cents.
   */
  async refundAndCancel(subscriptionId: string, key: string): Promise<{ refundId: string; amount: number }> {
    const invoice = (
      await this.stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 1 })
    ).data[0];
    if (!invoice?.id) throw new Error(`Stripe subscription ${subscriptionId} has no paid invoice to refund`);
    const paid = (await this.stripe.invoicePayments.list({ invoice: invoice.id, status: 'paid', limit: 1 }))
      .data[0];
    const idOf = (object: string | { id: string } | null | undefined) =>
      typeof object === 'string' ? object : object?.id;
    const paymentIntent = idOf(paid?.payment.payment_intent);
    const charge = idOf(paid?.payment.charge);
    if (!paymentIntent && !charge) throw new Error(`Stripe invoice ${invoice.id} has no payment to refund`);
    const refund = await this.stripe.refunds.create(
      {
        ...(paymentIntent ? { payment_intent: paymentIntent } : { charge: charge as string }),
        reason: 'requested_by_customer',
        metadata: { subscriptionId, invoiceId: invoice.id, guarantee: 'money-back' },
      },
      { idempotencyKey: `${key}:refund` },
    );
    const subscription = await this.retrieveSubscription(subscriptionId);
    if (subscription.status !== 'canceled') {
      await this.stripe.subscriptions.cancel(
        subscriptionId,
        { prorate: false, invoice_now: false },
        { idempotencyKey: `${key}:cancel` },
      );
    }
    return { refundId: refund.id, amount: refund.amount };
  }

  /** The event Stripe signed, or a 400 when the signature is missing, wrong or too old. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event {
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      throw new HttpProblem(
        400,
        'Invalid webhook signature',
        `The Stripe-Signature header does not match this payload: ${(error as Error).message}`,
      );
    }
  }

  /** Our plan for a Stripe price id, through configuration; null for a price we do not sell. */
  planOfPrice(stripePriceId: string): PriceId | null {
    return PRICE_IDS.find((priceId) => this.settings.prices[priceId] === stripePriceId) ?? null;
  }
}

/** Stripe does not know the object asked for (a deleted test object, another account's id). */
export const isMissingInStripe = (error: unknown) =>
  error instanceof Stripe.errors.StripeError && error.statusCode === 404;

/** `STRIPE_API_BASE` as the SDK's host, port and protocol (how tests reach the local fake). */
function apiHost(base: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

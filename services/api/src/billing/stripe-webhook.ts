import { UserId } from '@healthtal/contracts';
import type Stripe from 'stripe';
import { isMissingInStripe, type StripeGateway } from './stripe-gateway';
import type { SubscriptionCommand } from './subscription.decider';

/** What a Stripe event means for one user's subscription, or why it means nothing to us. */
export type StripeEventMeaning =
  | { kind: 'commands'; userId: UserId; commands: SubscriptionCommand[] }
  /** `warn`: Stripe may have taken money we did not record (an unknown price or user): look. */
  | { kind: 'ignored'; reason: string; level: 'info' | 'warn' };

export type WebhookDeps = {
  gateway: StripeGateway;
  /** The user of a subscription made elsewhere (without our metadata), from the read model. */
  userOfSubscription(subscriptionId: string): Promise<UserId | null>;
};

const ignored = (reason: string, level: 'info' | 'warn' = 'info'): StripeEventMeaning => ({
  kind: 'ignored',
  reason,
  level,
});
const unrecorded = (reason: string) => ignored(reason, 'warn');
const fromUnix = (seconds: number) => new Date(seconds * 1000);
const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id);
const userIdIn = (value: string | null | undefined): UserId | null => UserId.safeParse(value).data ?? null;

/**
 * Turns a verified Stripe event into subscription commands. Each command carries the Stripe event id
 * as its source, so a redelivered event decides nothing new. Events we do not use, and events about
 * prices we do not sell, are ignored (answered 200: a retry would not change them).
 */
export async function meaningOfStripeEvent(
  event: Stripe.Event,
  deps: WebhookDeps,
): Promise<StripeEventMeaning> {
  const sourceEventId = event.id;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutCompleted(event.data.object, sourceEventId, deps);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(event.data.object.id, event, deps);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return invoiceChanged(event.data.object.id, event, deps);
    default:
      return ignored(`${event.type} is not used`);
  }
}

async function checkoutCompleted(
  session: Stripe.Checkout.Session,
  sourceEventId: string,
  { gateway }: WebhookDeps,
): Promise<StripeEventMeaning> {
  if (session.mode !== 'subscription') return ignored(`checkout session in ${session.mode} mode`);
  // Paid by a method that settles later (bank debit): async_payment_succeeded will follow.
  if (session.payment_status === 'unpaid') return ignored('checkout completed, payment still pending');
  const userId = userIdIn(session.client_reference_id) ?? userIdIn(session.metadata?.userId);
  if (!userId) return unrecorded(`checkout session ${session.id} names no user`);
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) return ignored(`checkout session ${session.id} has no subscription`);
  const subscription = await gateway.retrieveSubscription(subscriptionId);
  const item = subscription.items.data[0];
  const priceId = item ? gateway.planOfPrice(item.price.id) : null;
  if (!item || !priceId)
    return unrecorded(`unknown price ${item?.price.id ?? '(none)'} in ${subscriptionId}`);
  return {
    kind: 'commands',
    userId,
    commands: [
      {
        type: 'Activate',
        sourceEventId,
        subscriptionId,
        customerId: idOf(subscription.customer) ?? idOf(session.customer) ?? '',
        priceId,
        currentPeriodEnd: fromUnix(item.current_period_end),
        simulated: false,
      },
    ],
  };
}

/**
 * Any change of a subscription. Stripe delivers these out of order and retries old ones for days, so
 * the payload may be an hour stale: the subscription is read back from Stripe and its current state
 * applied, whatever the event said. The decider keeps only what is new, so a stale event that reads
 * the same current state again appends nothing.
 */
async function subscriptionChanged(
  subscriptionId: string,
  event: Stripe.Event,
  deps: WebhookDeps,
): Promise<StripeEventMeaning> {
  const subscription = await deps.gateway.retrieveSubscription(subscriptionId).catch((error: unknown) => {
    if (isMissingInStripe(error)) return null;
    throw error; // Stripe unreachable: a 5xx, and Stripe delivers the event again later
  });
  if (!subscription) return unrecorded(`subscription ${subscriptionId} is unknown to Stripe (${event.type})`);
  const userId = await userOf(subscription.id, subscription.metadata, deps);
  if (!userId) return unrecorded(`subscription ${subscription.id} belongs to no user we know`);
  const commands = commandsOfStripeState(subscription, event.id, deps.gateway);
  return commands.length > 0
    ? { kind: 'commands', userId, commands }
    : ignored(`subscription ${subscription.id} (status ${subscription.status}) changes nothing we track`);
}

/**
 * Stripe's current state of a subscription as commands. One state can say several things: its plan,
 * and whether it is over, runs until a cancellation date, or runs on (a new period, a recovered
 * payment, a cancellation taken back). A subscription cancelled at period end stays `active` in
 * Stripe until then: we record the cancellation date, and it keeps its access and its billing.
 */
function commandsOfStripeState(
  subscription: Stripe.Subscription,
  sourceEventId: string,
  gateway: Pick<StripeGateway, 'planOfPrice'>,
): SubscriptionCommand[] {
  const source = { sourceEventId, subscriptionId: subscription.id };
  const item = subscription.items.data[0];
  const commands: SubscriptionCommand[] = [];
  const priceId = item ? gateway.planOfPrice(item.price.id) : null;
  // A price we do not sell changes no tier; the rest of the state still counts.
  if (priceId) commands.push({ type: 'ChangePlan', ...source, priceId });
  const running = subscription.status === 'active' || subscription.status === 'trialing';
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    commands.push({ type: 'Expire', ...source });
  } else if (running && item && (subscription.cancel_at_period_end || subscription.cancel_at)) {
    const endsAt = subscription.cancel_at ?? item.current_period_end;
    commands.push({ type: 'Cancel', ...source, endsAt: fromUnix(endsAt) });
  } else if (running && item) {
    const invoiceId = idOf(subscription.latest_invoice) ?? subscription.id;
    commands.push({
      type: 'Renew',
      ...source,
      invoiceId,
      currentPeriodEnd: fromUnix(item.current_period_end),
    });
  }
  // past_due and unpaid: the failed invoice tells us (invoice.payment_failed), with its attempt.
  return commands;
}

/**
 * A payment of an invoice, paid or failed. The payload may be stale as subscription events' are: a
 * failed attempt's event can arrive after the attempt that paid (issue 32: a late
 * `invoice.payment_failed` marked a paying customer past due). So the invoice is read back from
 * Stripe and what it says now is applied, whichever event brought it.
 */
async function invoiceChanged(
  invoiceId: string | undefined,
  event: Stripe.Event,
  deps: WebhookDeps,
): Promise<StripeEventMeaning> {
  const invoice = invoiceId
    ? await deps.gateway.retrieveInvoice(invoiceId).catch((error: unknown) => {
        if (isMissingInStripe(error)) return null;
        throw error; // Stripe unreachable: a 5xx, and Stripe delivers the event again later
      })
    : null;
  if (!invoice?.id)
    return unrecorded(`invoice ${invoiceId ?? '(none)'} is unknown to Stripe (${event.type})`);
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  if (!subscriptionId) return ignored(`invoice ${invoice.id} is not for a subscription (${event.id})`);
  const command = await commandOfInvoiceState(invoice, invoice.id, subscriptionId, event.id, deps);
  if (typeof command === 'string') return ignored(command);
  const userId = await userOf(subscriptionId, details?.metadata ?? null, deps);
  if (!userId) return unrecorded(`subscription ${subscriptionId} belongs to no user we know`);
  return { kind: 'commands', userId, commands: [command] };
}

/**
 * Stripe's current state of an invoice as a command, or why it says nothing: paid, a renewal (of a
 * billing cycle; the first invoice is the checkout itself, and proration invoices do not start a new
 * period); still open, a failed payment; a draft, voided or uncollectible invoice, nothing (what
 * follows for the subscription comes with its own events).
 */
async function commandOfInvoiceState(
  invoice: Stripe.Invoice,
  invoiceId: string,
  subscriptionId: string,
  sourceEventId: string,
  deps: WebhookDeps,
): Promise<SubscriptionCommand | string> {
  const source = { sourceEventId, subscriptionId, invoiceId };
  if (invoice.status === 'paid') {
    if (invoice.billing_reason !== 'subscription_cycle')
      return `invoice ${invoiceId} paid for ${invoice.billing_reason ?? 'no'} billing reason`;
    return { type: 'Renew', ...source, currentPeriodEnd: await paidThrough(invoice, subscriptionId, deps) };
  }
  if (invoice.status === 'open')
    return { type: 'RecordPaymentFailure', ...source, attempt: Math.max(1, invoice.attempt_count) };
  return `invoice ${invoiceId} is ${invoice.status ?? 'without a status'} in Stripe`;
}

/** The end of the period a renewal invoice paid for: its subscription lines, else Stripe's word. */
async function paidThrough(invoice: Stripe.Invoice, subscriptionId: string, { gateway }: WebhookDeps) {
  const ends = invoice.lines.data.map((line) => line.period.end);
  if (ends.length > 0) return fromUnix(Math.max(...ends));
  const item = (await gateway.retrieveSubscription(subscriptionId)).items.data[0];
  return fromUnix(item?.current_period_end ?? invoice.period_end);
}

async function userOf(
  subscriptionId: string,
  metadata: Stripe.Metadata | null,
  deps: WebhookDeps,
): Promise<UserId | null> {
  return userIdIn(metadata?.userId) ?? (await deps.userOfSubscription(subscriptionId));
}

import {
  type BillingEvent,
  type ExportStarted,
  PLANS,
  type PriceId,
  type RefundRequestStatus,
  type UserId,
} from '@healthtal/contracts';
import type { z } from 'zod';
import type { Decider } from '../shared/command-handler';
import { DomainError } from '../shared/domain-error';
import { decideExportStart, type StartExportCommand } from './export-start';
import { decideRefundRequest, evolveRefundRequest, type RefundRequestCommand } from './refund-request';

/** The billing facts, and the export starts the money-back guarantee is decided with (ADR 0042). */
export type SubscriptionEvent = BillingEvent | z.infer<typeof ExportStarted>;

/** What told us, and about which subscription: every command after checkout carries both. */
type Source = { sourceEventId: string; subscriptionId: string };

export type SubscriptionCommand =
  | { type: 'StartCheckout'; checkoutSessionId: string; priceId: PriceId; simulated: boolean; now: Date }
  | (Source & {
      type: 'Activate';
      customerId: string;
      priceId: PriceId;
      currentPeriodEnd: Date;
      simulated: boolean;
      /**
       * Refuse (AlreadySubscribed) when a subscription is current at this moment: the simulator's
       * checkout, where refusing costs nobody money. Stripe's activations omit it: that customer
       * has paid, so the newer subscription replaces the current one (see below).
       */
      refuseWhileSubscribedAt?: Date;
    })
  | (Source & { type: 'Renew'; invoiceId: string; currentPeriodEnd: Date })
  /**
   * `currentPeriodEnd`: the new plan's period, when the biller says the change started one.
   * `admin`: an admin's change from the console, refused (not ignored) when it no longer applies.
   */
  | (Source & { type: 'ChangePlan'; priceId: PriceId; currentPeriodEnd?: Date; admin?: AdminPlanChange })
  | (Source & { type: 'Cancel'; endsAt: Date })
  | (Source & { type: 'Expire' })
  | (Source & { type: 'RecordPaymentFailure'; invoiceId: string; attempt: number })
  | (Source & { type: 'Refund'; amount: number; refundedBy: string })
  | RefundRequestCommand
  | StartExportCommand;

/** Who changed the plan from the console, why, and the plan they saw it on. */
export type AdminPlanChange = { by: string; reason: string; from: PriceId };

type Paid = {
  subscriptionId: string;
  customerId: string;
  priceId: PriceId;
  /** ISO time: paid through (active, past_due) or access ends (canceled). */
  currentPeriodEnd: string;
  simulated: boolean;
};

/**
 * One user's subscription. `processed` holds `<event type>@<sourceEventId>` of every fact already
 * recorded: Stripe retries a webhook until it gets a 2xx, and one Stripe event can carry two facts
 * (a plan change and a cancellation in one `customer.subscription.updated`), each recorded once.
 * `refunded` outlives the subscription: the money-back guarantee is once per customer.
 */
export type SubscriptionState = {
  processed: ReadonlySet<string>;
  /** Invoices Stripe told us were paid: a failure of one, decided after the payment, is stale. */
  paidInvoices: ReadonlySet<string>;
  refunded: boolean;
  /** The customer's money-back request (refund-request.ts); like `refunded`, it outlives the subscription. */
  refundRequest: RefundRequestStatus | null;
} & ({ status: 'none' } | ({ status: 'active' | 'past_due' | 'canceled' | 'expired' } & Paid));

export class AlreadySubscribed extends DomainError {
  readonly status = 409;
  readonly title = 'Already subscribed';
  constructor() {
    super(
      'You already have a subscription (one user per subscription). Manage or cancel it from your account page.',
    );
  }
}

export class RefundAlreadyGiven extends DomainError {
  readonly status = 409;
  readonly title = 'Refund already given';
  constructor() {
    super('The money-back guarantee is available once per customer and was already used.');
  }
}

/** An admin's plan change met another plan than the one they saw: someone changed it meanwhile. */
export class PlanChangedMeanwhile extends DomainError {
  readonly status = 409;
  readonly title = 'The plan changed meanwhile';
  constructor(now: PriceId) {
    super(
      `The user is on ${PLANS[now].name} now: someone changed the plan meanwhile. Reload and decide again.`,
    );
  }
}

/** An admin's plan change to the plan the subscription is on. */
export class AlreadyOnPlan extends DomainError {
  readonly status = 409;
  readonly title = 'Already on this plan';
  constructor(plan: PriceId) {
    super(`The user is on ${PLANS[plan].name} already.`);
  }
}

/** Nothing runs to move to another plan: a plan starts with the customer's own checkout (and payment). */
export class NoRunningSubscription extends DomainError {
  readonly status = 409;
  readonly title = 'No running subscription';
  constructor() {
    super(
      'The user has no running subscription to move to another plan. A plan starts with their own checkout on the pricing page.',
    );
  }
}

export class NothingToRefund extends DomainError {
  readonly status = 404;
  readonly title = 'No subscription to refund';
}

const key = (type: SubscriptionEvent['type'], source: string) => `${type}@${source}`;

/** Paid and not over: what the access profile calls subscribed, decided from the events. */
export function hasCurrentSubscription(state: SubscriptionState, now: Date): boolean {
  if (state.status === 'active' || state.status === 'past_due') return true;
  return state.status === 'canceled' && new Date(state.currentPeriodEnd) > now;
}

const evolve = (state: SubscriptionState, event: SubscriptionEvent): SubscriptionState => {
  // Counted where the guarantee is decided (refund-eligibility.ts reads the history), not in state.
  if (event.type === 'ExportStarted') return state;
  if (event.type === 'RefundRequested' || event.type === 'RefundApproved' || event.type === 'RefundRejected')
    return { ...state, refundRequest: evolveRefundRequest(state.refundRequest, event) };
  const sourceKey =
    event.type === 'CheckoutStarted'
      ? key(event.type, event.data.checkoutSessionId)
      : key(event.type, event.data.sourceEventId);
  const processed = new Set(state.processed).add(sourceKey);
  const base = { ...state, processed };
  switch (event.type) {
    case 'CheckoutStarted':
      return base;
    case 'SubscriptionActivated': {
      const { subscriptionId, customerId, priceId, currentPeriodEnd, simulated } = event.data;
      return {
        processed,
        paidInvoices: state.paidInvoices,
        refunded: state.refunded,
        refundRequest: state.refundRequest,
        status: 'active',
        subscriptionId,
        customerId,
        priceId,
        currentPeriodEnd,
        simulated,
      };
    }
    case 'SubscriptionRenewed': {
      const paidInvoices = new Set(state.paidInvoices).add(event.data.invoiceId);
      return base.status === 'none'
        ? { ...base, paidInvoices }
        : { ...base, paidInvoices, status: 'active', currentPeriodEnd: event.data.currentPeriodEnd };
    }
    case 'SubscriptionPlanChanged':
      return base.status === 'none'
        ? base
        : {
            ...base,
            priceId: event.data.priceId,
            currentPeriodEnd: event.data.currentPeriodEnd ?? base.currentPeriodEnd,
          };
    case 'SubscriptionCanceled':
      return base.status === 'none'
        ? base
        : { ...base, status: 'canceled', currentPeriodEnd: event.data.endsAt };
    case 'SubscriptionExpired':
      return base.status === 'none' ? base : { ...base, status: 'expired' };
    case 'PaymentFailed':
      return base.status === 'none' ? base : { ...base, status: 'past_due' };
    case 'SubscriptionRefunded':
      return base.status === 'none'
        ? { ...base, refunded: true }
        : { ...base, status: 'expired', refunded: true };
  }
};

/**
 * Biller's facts that no longer apply are ignored (they are retried for days); an admin is told why
 * their change does not apply instead.
 */
function refuseAdminPlanChange(known: Known | null, priceId: PriceId, admin: AdminPlanChange) {
  if (!known || known.status === 'expired') throw new NoRunningSubscription();
  if (known.priceId !== admin.from) throw new PlanChangedMeanwhile(known.priceId);
  if (known.priceId === priceId) throw new AlreadyOnPlan(priceId);
}

/** The user's own subscription; facts about any other subscription id are noise. */
type Known = Exclude<SubscriptionState, { status: 'none' }>;
const thisSubscription = (state: SubscriptionState, subscriptionId: string): Known | null =>
  state.status !== 'none' && state.subscriptionId === subscriptionId ? state : null;

/**
 * Decides for one user (the stream `subscription-<userId>`); the user id arrives with the command
 * through `subscriptionDecider(userId)`.
 *
 * Out-of-order and stale deliveries are ignored rather than refused, because Stripe retries every
 * non-2xx answer for days: a renewal, plan change, cancellation or payment failure of a subscription
 * that is not the user's current one (an older, expired one) appends nothing; so does a renewal of
 * an expired subscription (Stripe never revives a deleted subscription: such an `invoice.paid`
 * arrived after the `customer.subscription.deleted` it preceded) and a renewal that does not move
 * the paid period forward. A renewal of a canceled subscription that has not ended resumes it: the
 * customer took the cancellation back in the portal and Stripe goes on billing.
 *
 * A second, different subscription activated while one is current (two Stripe checkouts paid in two
 * tabs) replaces it: the customer paid for the newer one, and from then on only its facts count.
 * Checkout refuses to start while a subscription is current, so this needs a race; the simulator's
 * completions refuse it instead (`refuseWhileSubscribedAt`).
 */
export const subscriptionDecider = (
  userId: UserId,
): Decider<SubscriptionCommand, SubscriptionState, SubscriptionEvent> => ({
  initialState: {
    status: 'none',
    processed: new Set(),
    paidInvoices: new Set(),
    refunded: false,
    refundRequest: null,
  },
  evolve,
  decide: (command, state) => {
    if (command.type === 'StartCheckout') {
      if (state.processed.has(key('CheckoutStarted', command.checkoutSessionId))) return [];
      if (hasCurrentSubscription(state, command.now)) throw new AlreadySubscribed();
      const { checkoutSessionId, priceId, simulated } = command;
      return [{ type: 'CheckoutStarted', data: { userId, checkoutSessionId, priceId, simulated } }];
    }
    if (
      command.type === 'RequestRefund' ||
      command.type === 'ApproveRefund' ||
      command.type === 'RejectRefund'
    )
      return decideRefundRequest(userId, command, state);
    if (command.type === 'StartExport')
      return decideExportStart(userId, command, {
        ...state,
        subscribedNow: hasCurrentSubscription(state, command.now),
      });
    const data = { userId, subscriptionId: command.subscriptionId, sourceEventId: command.sourceEventId };
    const known = thisSubscription(state, command.subscriptionId);
    switch (command.type) {
      case 'Activate': {
        if (state.processed.has(key('SubscriptionActivated', command.sourceEventId))) return [];
        // The same subscription told twice (checkout completed, then its async payment succeeded).
        if (known) return [];
        // Decided on the stream's own state, so two completions at once cannot both activate.
        if (command.refuseWhileSubscribedAt && hasCurrentSubscription(state, command.refuseWhileSubscribedAt))
          throw new AlreadySubscribed();
        const { customerId, priceId, currentPeriodEnd, simulated } = command;
        return [
          {
            type: 'SubscriptionActivated',
            data: {
              ...data,
              customerId,
              priceId,
              tier: PLANS[priceId].tier,
              currentPeriodEnd: currentPeriodEnd.toISOString(),
              simulated,
            },
          },
        ];
      }
      case 'Renew': {
        if (state.processed.has(key('SubscriptionRenewed', command.sourceEventId))) return [];
        if (!known || known.status === 'expired') return [];
        const movesForward = command.currentPeriodEnd > new Date(known.currentPeriodEnd);
        if (known.status === 'active' && !movesForward) return [];
        const currentPeriodEnd = movesForward
          ? command.currentPeriodEnd.toISOString()
          : known.currentPeriodEnd;
        return [
          { type: 'SubscriptionRenewed', data: { ...data, invoiceId: command.invoiceId, currentPeriodEnd } },
        ];
      }
      case 'ChangePlan': {
        if (state.processed.has(key('SubscriptionPlanChanged', command.sourceEventId))) return [];
        const { priceId, currentPeriodEnd, admin } = command;
        if (admin) refuseAdminPlanChange(known, priceId, admin);
        if (!known || known.status === 'expired' || known.priceId === priceId) return [];
        const period = currentPeriodEnd ? { currentPeriodEnd: currentPeriodEnd.toISOString() } : {};
        const by = admin ? { changedBy: admin.by, reason: admin.reason } : {};
        return [
          {
            type: 'SubscriptionPlanChanged',
            data: { ...data, priceId, tier: PLANS[priceId].tier, ...period, ...by },
          },
        ];
      }
      case 'Cancel': {
        if (state.processed.has(key('SubscriptionCanceled', command.sourceEventId))) return [];
        if (!known || known.status === 'expired') return [];
        const endsAt = command.endsAt.toISOString();
        if (known.status === 'canceled' && known.currentPeriodEnd === endsAt) return [];
        return [{ type: 'SubscriptionCanceled', data: { ...data, endsAt } }];
      }
      case 'Expire': {
        if (state.processed.has(key('SubscriptionExpired', command.sourceEventId))) return [];
        if (!known || known.status === 'expired') return [];
        return [{ type: 'SubscriptionExpired', data }];
      }
      case 'RecordPaymentFailure': {
        if (state.processed.has(key('PaymentFailed', command.sourceEventId))) return [];
        // A subscription canceled at period end runs, and is billed, until then (a prorated plan
        // change, a retried invoice): its failures count. An expired one is over.
        if (!known || known.status === 'expired') return [];
        // Read as open before its payment, appended after it: the payment stands.
        if (state.paidInvoices.has(command.invoiceId)) return [];
        const { invoiceId, attempt } = command;
        return [{ type: 'PaymentFailed', data: { ...data, invoiceId, attempt: Math.max(1, attempt) } }];
      }
      case 'Refund': {
        if (state.processed.has(key('SubscriptionRefunded', command.sourceEventId))) return [];
        if (state.refunded) throw new RefundAlreadyGiven();
        if (!known) throw new NothingToRefund();
        const { amount, refundedBy } = command;
        return [{ type: 'SubscriptionRefunded', data: { ...data, amount, refundedBy } }];
      }
    }
  },
});

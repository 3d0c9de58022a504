import { dollars, PLANS, type RefundRequestInfo, streamName, type UserId } from '@healthtal/contracts';
import type { EventStore, RecordedEvent } from '@healthtal/eventstore';
import type { UsersTable } from '@healthtal/projections';
import type pg from 'pg';
import type { Logger } from 'pino';
import { MailDeliveryError, type Mailer } from '../mail/mailer';
import { type CommandContext, loadAggregate, retryOnConflict, toEnvelopes } from '../shared/command-handler';
import { HttpProblem } from '../shared/problem';
import { streamQueue } from '../shared/stream-queue';
import { exportsMadeOf } from './export-start';
import { refundEligibility, refundRequestOf } from './refund-eligibility';
import type { StripeGateway } from './stripe-gateway';
import {
  NothingToRefund,
  type SubscriptionEvent,
  type SubscriptionState,
  subscriptionDecider,
} from './subscription.decider';
import { subscriptionStream } from './subscription-stream';

export type RefundDependencies = {
  store: EventStore;
  pool: pg.Pool;
  logger: Logger;
  mailer: Mailer;
  /** Null without Stripe keys: only simulated subscriptions can be refunded then. */
  gateway: StripeGateway | null;
};

type Decided = { events: SubscriptionEvent[]; state: SubscriptionState; repeated: boolean };

/**
 * Load → decide → append on the customer's subscription stream, deciding again on a version
 * conflict. Unlike handleCommand, `decide` may read (the customer's exports) on every attempt, so
 * a retry decides on fresh facts. A command that already wrote (same command id) answers what it wrote.
 */
function decideOnSubscription(
  store: EventStore,
  userId: UserId,
  context: CommandContext,
  decide: (state: SubscriptionState, history: RecordedEvent[]) => Promise<SubscriptionEvent[]>,
): Promise<Decided> {
  const decider = subscriptionDecider(userId);
  const streamId = subscriptionStream(userId);
  return retryOnConflict(async () => {
    const { state, expectedVersion, history } = await loadAggregate(store, streamId, decider);
    const already = history.filter((event) => event.metadata.causationId === context.commandId);
    if (already.length > 0)
      return { events: already as unknown as SubscriptionEvent[], state, repeated: true };
    const events = await decide(state, history);
    if (events.length > 0)
      await store.append(streamId, toEnvelopes(streamId, events, context), { expectedVersion });
    return { events, state: events.reduce(decider.evolve, state), repeated: false };
  });
}

/** Exports logged before exports were recorded at their start (exportsMadeOf). */
const exportsOf = (store: EventStore, userId: UserId) => store.readStream(streamName('exports', userId));

/** The customer asks for the money-back guarantee (Account → Request a refund). */
export function requestRefund(
  { store }: Pick<RefundDependencies, 'store'>,
  userId: UserId,
  reason: string | undefined,
  context: CommandContext,
): Promise<RefundRequestInfo> {
  const decider = subscriptionDecider(userId);
  return streamQueue.run([subscriptionStream(userId)], async () => {
    await decideOnSubscription(store, userId, context, async (state, history) => {
      const eligibility = refundEligibility(userId, history, await exportsOf(store, userId), context.now);
      return decider.decide({ type: 'RequestRefund', eligibility, reason }, state);
    });
    const request = refundRequestOf(await store.readStream(subscriptionStream(userId)));
    if (!request) throw new Error(`refund request of ${userId} not found after it was recorded`);
    return request;
  });
}

/** An admin turns the request down; the customer is mailed the reason. */
export function rejectRefund(
  deps: RefundDependencies,
  userId: UserId,
  reason: string,
  context: CommandContext,
): Promise<void> {
  const decider = subscriptionDecider(userId);
  return streamQueue.run([subscriptionStream(userId)], async () => {
    const rejectedBy = context.userId ?? 'admin';
    const { repeated } = await decideOnSubscription(deps.store, userId, context, async (state) =>
      decider.decide({ type: 'RejectRefund', rejectedBy, reason }, state),
    );
    if (!repeated)
      await mailCustomer(deps, userId, {
        subject: 'Your HealthTal refund request',
        text: `We reviewed your request for a refund under the 30-day money-back guarantee and could not approve it.\n\nReason: ${reason}\n\nYour subscription continues as before. Reply to this email if you have questions.`,
      });
  });
}

/**
 * An admin approves: the decision is recorded first (so a rejection racing it cannot win after the
 * money went back), then the payment provider refunds and cancels, then the refund and the end of
 * the subscription are recorded and the customer is mailed. All of it under the stream's queue, so
 * two approvals in one process run one after the other. Cut off after the decision (a provider
 * failure, a crash), the request stays approved without a refund and approving again finishes it;
 * the provider's idempotency keys keep that to one refund.
 */
export function approveRefund(
  deps: RefundDependencies,
  userId: UserId,
  context: CommandContext,
): Promise<{ amount: number }> {
  const { store } = deps;
  const decider = subscriptionDecider(userId);
  return streamQueue.run([subscriptionStream(userId)], async () => {
    const approvedBy = context.userId ?? 'admin';
    const { state } = await decideOnSubscription(store, userId, context, async (current, history) => {
      // Refused before anything is recorded: an approval the server cannot carry out stays pending.
      if (current.status !== 'none' && !current.simulated && !deps.gateway)
        throw new HttpProblem(503, 'Billing is not configured', 'Stripe is not configured on this server.');
      // Export starts are on this stream, read at the version the approval is appended at: an
      // export that starts meanwhile makes the append conflict, and the approval is decided again.
      const exportsMade = exportsMadeOf(history, await exportsOf(store, userId));
      return decider.decide({ type: 'ApproveRefund', approvedBy, exportsMade }, current);
    });
    if (state.status === 'none') throw new NothingToRefund();
    const payment = await payBack(deps, userId, state);
    const refundContext = { ...context, commandId: `${context.commandId}/refund` };
    const refunded = await decideOnSubscription(store, userId, refundContext, async (current) => {
      const source = { subscriptionId: state.subscriptionId, sourceEventId: payment.refundId };
      const ended = decider.decide({ type: 'Expire', ...source }, current);
      const afterEnd = ended.reduce(decider.evolve, current);
      return [
        ...ended,
        ...decider.decide(
          { type: 'Refund', ...source, amount: payment.amount, refundedBy: approvedBy },
          afterEnd,
        ),
      ];
    });
    if (!refunded.repeated && refunded.events.some((e) => e.type === 'SubscriptionRefunded'))
      await mailCustomer(deps, userId, {
        subject: 'Your HealthTal refund is on its way',
        text: `Your request for a refund under the 30-day money-back guarantee was approved.\n\nWe refunded ${dollars(payment.amount)} to the card you paid with; it appears within up to 10 business days. Your ${PLANS[state.priceId].name} subscription has ended, and your account stays on the free plan.`,
      });
    return { amount: payment.amount };
  });
}

type Subscribed = Exclude<SubscriptionState, { status: 'none' }>;

/** Stripe for a real subscription; a subscription of the billing simulator took no money. */
async function payBack(
  { gateway, logger }: RefundDependencies,
  userId: UserId,
  state: Subscribed,
): Promise<{ refundId: string; amount: number }> {
  if (state.simulated) return { refundId: `sim_refund_${userId}`, amount: PLANS[state.priceId].priceAmount };
  if (!gateway)
    throw new HttpProblem(503, 'Billing is not configured', 'Stripe is not configured on this server.');
  return gateway.refundAndCancel(state.subscriptionId, `money-back:${userId}`).catch((error: unknown) => {
    logger.error({ err: error, userId }, 'Stripe refund failed');
    throw new HttpProblem(
      502,
      'Refund failed',
      'Stripe could not refund this payment. The request stays approved; approve it again to retry.',
    );
  });
}

/** Mail being down does not undo a decision: the outbox keeps the failed message for the console. */
async function mailCustomer(
  { pool, mailer, logger }: RefundDependencies,
  userId: UserId,
  message: { subject: string; text: string },
) {
  const { rows } = await pool.query<Pick<UsersTable, 'email'>>('select email from users where id = $1', [
    userId,
  ]);
  const to = rows[0]?.email;
  if (!to) return logger.warn({ userId }, 'refund decision not mailed: the customer has no address');
  try {
    await mailer.send({ kind: 'notification', to, ...message });
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
  }
}

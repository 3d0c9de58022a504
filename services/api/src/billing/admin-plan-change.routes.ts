import { AdminPlanChangeRequest, type AdminPlanChangeResult, PLANS, type UserId } from '@healthtal/contracts';
import type { EventStore } from '@healthtal/eventstore';
import { z } from 'zod';
import type { RouteRegistrar } from '../http/routes';
import { parseBody, parseParams } from '../http/validate';
import { loadUser } from '../identity/accounts';
import { commandContext } from '../shared/idempotency';
import { HttpProblem, notFound } from '../shared/problem';
import { simulatedPeriodEnd } from './billing-simulator';
import type { StripeGateway } from './stripe-gateway';
import {
  AlreadyOnPlan,
  hasCurrentSubscription,
  NoRunningSubscription,
  PlanChangedMeanwhile,
} from './subscription.decider';
import { changeSubscription, loadSubscription, subscriptionStream } from './subscription-stream';

const alreadyRecorded = async (store: EventStore, userId: UserId, commandId: string) =>
  (await store.readStream(subscriptionStream(userId))).some(
    (event) => event.metadata.causationId === commandId,
  );

const UserParams = z.object({ id: z.uuid() });

/** A subscription only its own biller can change: Stripe's without Stripe, the simulator's with it. */
export const subscriptionManagedElsewhere = (stripeConfigured: boolean) =>
  new HttpProblem(
    409,
    'Subscription managed elsewhere',
    stripeConfigured
      ? 'This subscription was made in the billing simulator; Stripe cannot manage it.'
      : 'This subscription is billed by Stripe, which is not configured on this server.',
  );

/**
 * The console's Change Plan (issue 37, finding 14): an admin moves a user's running subscription to
 * the other plan, with a reason. It goes through billing's own command (ChangePlan, decided on the
 * subscription stream) and so through billing's refusals, each told to the admin: no running
 * subscription (a plan starts with the customer's checkout and payment), the plan it is on already,
 * a plan that changed since the admin looked (another admin, or the customer), a Stripe subscription
 * on a server without Stripe. A Stripe subscription is changed at Stripe first (prorated, as the
 * customer's own change is); a simulated one is the product's own and changes in the events only,
 * starting a period of the new plan as the simulator's change does (ADR 0063).
 */
export function adminPlanChangeRoutes(
  routes: RouteRegistrar,
  { store, gateway }: { store: EventStore; gateway: StripeGateway | null },
) {
  routes.route('POST /api/admin/users/:id/plan', async (req, res) => {
    const { id } = parseParams(UserParams, req);
    const { priceId, from, reason } = parseBody(AdminPlanChangeRequest, req);
    const context = commandContext(req);
    const userId = id as UserId;
    if ((await loadUser({ store }, userId)).status !== 'active') throw notFound('User');
    const body: AdminPlanChangeResult = {
      id,
      priceId,
      message: `Moved from ${PLANS[from].name} to ${PLANS[priceId].name}; the reason is kept with the change.`,
    };
    // This very request went through before (retried with its Idempotency-Key after a lost answer):
    // its answer, not the refusal the changed plan would now give.
    if (await alreadyRecorded(store, userId, context.commandId)) return res.json(body);
    const current = await loadSubscription(store, userId);
    // Refused here before Stripe is asked, and again by the decider on the stream it appends to.
    if (current.status === 'none' || !hasCurrentSubscription(current, context.now))
      throw new NoRunningSubscription();
    if (current.priceId !== from) throw new PlanChangedMeanwhile(current.priceId);
    if (current.priceId === priceId) throw new AlreadyOnPlan(priceId);
    if (!current.simulated && !gateway) throw subscriptionManagedElsewhere(false);
    const sourceEventId = `admin_plan_change_${context.commandId}`;
    let currentPeriodEnd: Date | undefined = simulatedPeriodEnd(priceId, context.now);
    if (!current.simulated && gateway) {
      const changed = await gateway
        .changePlan(current.subscriptionId, priceId, sourceEventId)
        .catch((error: unknown) => {
          req.log.error({ err: error }, 'Stripe plan change failed');
          throw new HttpProblem(
            502,
            'Plan change failed',
            'Stripe did not change the plan. Please try again.',
          );
        });
      const periodEnd = changed.items.data[0]?.current_period_end;
      currentPeriodEnd = periodEnd ? new Date(periodEnd * 1000) : undefined;
    }
    await changeSubscription(
      store,
      userId,
      {
        type: 'ChangePlan',
        sourceEventId,
        subscriptionId: current.subscriptionId,
        priceId,
        ...(currentPeriodEnd ? { currentPeriodEnd } : {}),
        admin: { by: context.userId!, reason, from },
      },
      context,
    );
    res.json(body);
  });
}

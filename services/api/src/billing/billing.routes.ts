import {
  CheckoutRequest,
  PLANS,
  PlansResponse,
  PRICE_IDS,
  type RedirectResponse,
  RevealQuotaDefaults,
  type UserId,
} from '@healthtal/contracts';
import type { Request } from 'express';
import type { ApiDependencies } from '../dependencies';
import type { RouteRegistrar } from '../http/routes';
import { parseBody } from '../http/validate';
import type { CommandContext } from '../shared/command-handler';
import { commandContext } from '../shared/idempotency';
import { HttpProblem } from '../shared/problem';
import { adminPlanChangeRoutes, subscriptionManagedElsewhere } from './admin-plan-change.routes';
import { openSimulatorSession, upgradedPath } from './billing-simulator';
import { billingSimulatorRoutes } from './billing-simulator.routes';
import { loadRefundEligibility } from './refund-eligibility';
import { refundRequestRoutes } from './refund-requests.routes';
import { StripeGateway } from './stripe-gateway';
import { meaningOfStripeEvent } from './stripe-webhook';
import { AlreadySubscribed, hasCurrentSubscription, type SubscriptionState } from './subscription.decider';
import { changeSubscription, loadSubscription, sourcedContext } from './subscription-stream';

/** The caller of a signed-in route (the policy has already refused everyone else). */
const userIdOf = (req: Request) => {
  if (req.principal?.kind !== 'user') throw new HttpProblem(401, 'Sign in required');
  return req.principal.userId as UserId;
};

type Subscribed = Exclude<SubscriptionState, { status: 'none' }>;

/** The plans, each with the contact reveals a day this server allows on it (issue 37, finding 19). */
const plansBody = (quotas: { basic: number; premium: number }): PlansResponse =>
  PlansResponse.parse({
    plans: PRICE_IDS.map((id) => ({ ...PLANS[id], dailyRevealQuota: quotas[PLANS[id].tier] })),
  });

// The spec's error catalogue: 'Checkout failed' and 'Portal access failed'.
const checkoutFailed = () =>
  new HttpProblem(502, 'Checkout failed', 'Could not create checkout session. Please try again.');
const portalFailed = () =>
  new HttpProblem(502, 'Portal access failed', 'Could not access customer portal. Please try again.');
const planChangeFailed = () =>
  new HttpProblem(502, 'Plan change failed', 'Could not change your plan. Please try again.');
const noSubscription = () =>
  new HttpProblem(
    404,
    'No subscription',
    'You have no subscription to manage yet. Choose a plan on the pricing page.',
  );

/**
 * Plans, checkout, the customer portal, Stripe's webhook and the money-back guarantee. With
 * `settings.stripe` they go through Stripe; without it, through the local billing simulator, which
 * leads to the same events.
 */
export function billingRoutes(
  routes: RouteRegistrar,
  deps: Pick<ApiDependencies, 'store' | 'pool' | 'settings' | 'logger' | 'mailer'>,
) {
  const { store, pool, settings } = deps;
  const gateway = settings.stripe ? new StripeGateway(settings.stripe, settings.publicUrl) : null;
  const simulator = !gateway && settings.billingSimulator === true;
  // Neither Stripe nor the simulator: a deployment that forgot its keys must not sell plans for free.
  const notConfigured = () =>
    new HttpProblem(503, 'Billing is not configured', 'Payments are not set up on this server yet.');

  const plans = plansBody(settings.revealQuotas ?? RevealQuotaDefaults);
  routes.route('GET /api/v1/billing/plans', (_req, res) => {
    res.json(plans);
  });

  routes.route('POST /api/v1/billing/checkout', async (req, res) => {
    const { priceId, returnPath } = parseBody(CheckoutRequest, req);
    if (!gateway && !simulator) throw notConfigured();
    const userId = userIdOf(req);
    const context = commandContext(req);
    // Checked before Stripe is asked, so a subscriber never gets a payment page (and again, against
    // races, when the checkout is recorded).
    const previous = await loadSubscription(store, userId);
    if (hasCurrentSubscription(previous, context.now) && previous.status !== 'none') {
      // The other plan: a prorated change of the running subscription, not a second one.
      if (previous.priceId === priceId) throw new AlreadySubscribed();
      const url = await changePlan(req, context, previous, { priceId, returnPath });
      const body: RedirectResponse = { url };
      return res.json(body);
    }
    // One user stays one Stripe customer across subscriptions.
    const customerId = previous.status !== 'none' && !previous.simulated ? previous.customerId : null;
    const session = gateway
      ? await gateway
          .createCheckoutSession({
            userId,
            email: req.accessProfile?.email ?? null,
            priceId,
            returnPath,
            customerId,
            idempotencyKey: `checkout:${context.commandId}`,
          })
          .catch((error: unknown) => {
            req.log.error({ err: error }, 'Stripe checkout session failed');
            throw checkoutFailed();
          })
      : await simulatorCheckout(userId, priceId, returnPath);
    await changeSubscription(
      store,
      userId,
      {
        type: 'StartCheckout',
        checkoutSessionId: session.id,
        priceId,
        simulated: !gateway,
        now: context.now,
      },
      context,
    );
    const body: RedirectResponse = { url: session.url };
    res.json(body);
  });

  routes.route('POST /api/v1/billing/portal', async (req, res) => {
    const userId = userIdOf(req);
    const subscription = await loadSubscription(store, userId);
    if (subscription.status === 'none') throw noSubscription();
    let url: string;
    if (gateway && !subscription.simulated) {
      url = await gateway.createPortalSession(subscription.customerId).catch((error: unknown) => {
        req.log.error({ err: error }, 'Stripe portal session failed');
        throw portalFailed();
      });
    } else if (!gateway && subscription.simulated) {
      if (!simulator) throw notConfigured();
      url = `/api/v1/billing/simulator/portal/${await openSimulatorSession(pool, { kind: 'portal', userId })}`;
    } else {
      throw managedElsewhere();
    }
    const body: RedirectResponse = { url };
    res.json(body);
  });

  routes.route('GET /api/v1/billing/refund-eligibility', async (req, res) => {
    res.json(await loadRefundEligibility(store, userIdOf(req)));
  });

  routes.route('POST /api/v1/billing/webhook', async (req, res) => {
    if (!gateway)
      throw new HttpProblem(404, 'Stripe is not configured', 'This server bills with the simulator.');
    const signature = req.get('stripe-signature');
    if (!signature || !Buffer.isBuffer(req.body)) {
      throw new HttpProblem(400, 'Unsigned webhook', 'Stripe webhooks carry a Stripe-Signature header.');
    }
    const event = gateway.verifyWebhook(req.body, signature);
    const meaning = await meaningOfStripeEvent(event, { gateway, userOfSubscription });
    if (meaning.kind === 'ignored') {
      req.log[meaning.level](
        { stripeEvent: event.id, type: event.type, reason: meaning.reason },
        'Stripe event not recorded',
      );
    } else {
      for (const command of meaning.commands) {
        const context = sourcedContext(meaning.userId, command, String(req.id));
        await changeSubscription(store, meaning.userId, command, context);
      }
    }
    res.json({ received: true });
  });

  billingSimulatorRoutes(routes, { store, pool, publicUrl: settings.publicUrl, enabled: simulator });
  refundRequestRoutes(routes, deps, gateway);
  adminPlanChangeRoutes(routes, { store, gateway });

  /**
   * Moves a current subscription to `priceId` where it is billed, and answers where the browser goes
   * next: with Stripe, the change is made (prorated) and recorded as soon as Stripe accepts it (its
   * webhook then appends nothing new), so the app's return path with `upgraded=true`; in the
   * simulator, a page that confirms the change.
   */
  async function changePlan(
    req: Request,
    context: CommandContext,
    current: Subscribed,
    { priceId, returnPath }: CheckoutRequest,
  ) {
    const userId = userIdOf(req);
    if (current.simulated && simulator) {
      const id = await openSimulatorSession(pool, { kind: 'plan_change', userId, priceId, returnPath });
      return `/api/v1/billing/simulator/${id}`;
    }
    if (!gateway || current.simulated) throw managedElsewhere();
    const sourceEventId = `plan_change_${context.commandId}`;
    const changed = await gateway
      .changePlan(current.subscriptionId, priceId, sourceEventId)
      .catch((error: unknown) => {
        req.log.error({ err: error }, 'Stripe plan change failed');
        throw planChangeFailed();
      });
    // Stripe's answer holds the period the change runs in (a new one when the interval changed).
    const periodEnd = changed.items.data[0]?.current_period_end;
    const command = {
      type: 'ChangePlan',
      sourceEventId,
      subscriptionId: current.subscriptionId,
      priceId,
      ...(periodEnd ? { currentPeriodEnd: new Date(periodEnd * 1000) } : {}),
    } as const;
    await changeSubscription(store, userId, command, sourcedContext(userId, command, String(req.id)));
    // Absolute, so the browser loads the app afresh and reads the new plan.
    return `${settings.publicUrl.replace(/\/+$/, '')}${upgradedPath(returnPath)}`;
  }

  const managedElsewhere = () => subscriptionManagedElsewhere(gateway !== null);

  async function simulatorCheckout(userId: UserId, priceId: CheckoutRequest['priceId'], returnPath?: string) {
    const id = await openSimulatorSession(pool, { kind: 'checkout', userId, priceId, returnPath });
    return { id, url: `/api/v1/billing/simulator/${id}` };
  }

  /** For subscriptions made without our metadata (in the Stripe dashboard): the read model knows. */
  async function userOfSubscription(subscriptionId: string): Promise<UserId | null> {
    const { rows } = await pool.query<{ user_id: UserId }>(
      'select user_id from subscriptions where subscription_id = $1 limit 1',
      [subscriptionId],
    );
    return rows[0]?.user_id ?? null;
  }
}

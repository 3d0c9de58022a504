import type { PriceId } from '@healthtal/contracts';
import type { EventStore } from '@healthtal/eventstore';
import type { Request, Response } from 'express';
import type pg from 'pg';
import type { RouteRegistrar } from '../http/routes';
import {
  closeSimulatorSession,
  findSimulatorSession,
  type SimulatorSession,
  simulatedPeriodEnd,
  upgradedPath,
} from './billing-simulator';
import { sendCheckoutPage, sendPortalPage, sendSimulatorError } from './billing-simulator.page';
import {
  AlreadySubscribed,
  hasCurrentSubscription,
  type SubscriptionCommand,
  type SubscriptionState,
} from './subscription.decider';
import { changeSubscription, loadSubscription, sourcedContext } from './subscription-stream';

type Deps = {
  store: EventStore;
  pool: pg.Pool;
  publicUrl: string;
  /** Off outside development unless asked for: the Complete button activates a plan for free. */
  enabled: boolean;
};

const NO_PLAN_TO_CHANGE = 'There is no running subscription on another plan to change.';

/** The plan a plan-change session for `priceId` would change from: a current simulated other plan. */
const planChangeFrom = (current: SubscriptionState, priceId: PriceId, now: Date): PriceId | null =>
  current.status !== 'none' &&
  current.simulated &&
  current.priceId !== priceId &&
  hasCurrentSubscription(current, now)
    ? current.priceId
    : null;

/**
 * The simulator's pages. They are public in the policy table: the browser reaches them by plain
 * navigation and form posts, which carry no bearer token; the session id in the path is the
 * unguessable capability, bound to one user and one session, and the pages show only plan and price.
 */
export function billingSimulatorRoutes(routes: RouteRegistrar, { store, pool, publicUrl, enabled }: Deps) {
  const app = publicUrl.replace(/\/+$/, '');
  /** A checkout page serves checkouts and plan changes alike: both end in a confirmation. */
  const sessionOf = async (req: Request, res: Response, kind: 'checkout' | 'portal') => {
    const kinds = kind === 'checkout' ? (['checkout', 'plan_change'] as const) : ([kind] as const);
    // Off, no session can be opened: every id is unknown (and the page says nothing of the setup).
    const session = enabled ? await findSimulatorSession(pool, String(req.params.sessionId), kinds) : null;
    if (!session || session.expired) {
      sendSimulatorError(res, app, 404, 'This billing session does not exist or has expired.');
      return null;
    }
    return session;
  };
  const apply = (
    userId: Parameters<typeof loadSubscription>[1],
    command: SubscriptionCommand,
    req: Request,
  ) => changeSubscription(store, userId, command, sourcedContext(userId, command, String(req.id)));

  routes.route('GET /api/v1/billing/simulator/:sessionId', async (req, res) => {
    const session = await sessionOf(req, res, 'checkout');
    if (!session) return;
    if (session.status !== 'open') {
      sendSimulatorError(res, app, 410, 'This checkout session is already closed.');
      return;
    }
    if (session.kind === 'plan_change') {
      const current = await loadSubscription(store, session.userId);
      const from = planChangeFrom(current, session.priceId!, new Date());
      if (!from) return sendSimulatorError(res, app, 409, NO_PLAN_TO_CHANGE);
      return sendCheckoutPage(res, app, session.id, session.priceId!, from);
    }
    sendCheckoutPage(res, app, session.id, session.priceId!);
  });

  routes.route('POST /api/v1/billing/simulator/:sessionId/complete', async (req, res) => {
    const session = await sessionOf(req, res, 'checkout');
    if (!session) return;
    const priceId = session.priceId!; // every checkout session has one (a table constraint)
    if (session.kind === 'plan_change') return confirmPlanChange(session, req, res);
    const success = `${app}/success?session_id=${session.id}${session.returnPath ? `&return_to=${encodeURIComponent(upgradedPath(session.returnPath))}` : ''}`;
    // A second click after completion lands on the same success page; nothing is appended twice.
    if (session.status === 'completed') return res.redirect(303, success);
    if (session.status !== 'open') {
      sendSimulatorError(res, app, 410, 'This checkout session was canceled.');
      return;
    }
    const now = new Date();
    const current = await loadSubscription(store, session.userId);
    if (hasCurrentSubscription(current, now)) {
      sendSimulatorError(res, app, 409, 'You already have a subscription (one user per subscription).');
      return;
    }
    const activated = await apply(
      session.userId,
      {
        type: 'Activate',
        sourceEventId: `sim_${session.id}`,
        subscriptionId: `sim_sub_${session.id}`,
        customerId: `sim_cus_${session.userId}`,
        priceId,
        currentPeriodEnd: simulatedPeriodEnd(priceId, now),
        simulated: true,
        refuseWhileSubscribedAt: now,
      },
      req,
    ).catch((error: unknown) => {
      // Another session of this user completed in the meantime (two tabs): this one pays nothing.
      if (error instanceof AlreadySubscribed) return 'refused' as const;
      throw error;
    });
    if (activated === 'refused') {
      sendSimulatorError(res, app, 409, 'You already have a subscription (one user per subscription).');
      return;
    }
    await closeSimulatorSession(pool, session.id, 'completed');
    res.redirect(303, success);
  });

  routes.route('POST /api/v1/billing/simulator/:sessionId/cancel', async (req, res) => {
    const session = await sessionOf(req, res, 'checkout');
    if (!session) return;
    await closeSimulatorSession(pool, session.id, 'canceled');
    res.redirect(303, `${app}${session.returnPath ?? '/pricing'}`);
  });

  /**
   * Like Stripe's prorated update: the running simulated subscription moves to the other plan. The
   * plans differ in billing interval, and a change of interval starts a new period (Stripe resets
   * the billing cycle anchor): the new plan is paid for one of its periods from now.
   */
  async function confirmPlanChange(session: SimulatorSession, req: Request, res: Response) {
    const done = `${app}${upgradedPath(session.returnPath)}`;
    // A second click lands where the first did; the decider appends nothing twice.
    if (session.status === 'completed') return res.redirect(303, done);
    if (session.status !== 'open') return sendSimulatorError(res, app, 410, 'This plan change was canceled.');
    const current = await loadSubscription(store, session.userId);
    const priceId = session.priceId!;
    if (!planChangeFrom(current, priceId, new Date()) || current.status === 'none') {
      return sendSimulatorError(res, app, 409, NO_PLAN_TO_CHANGE);
    }
    const command = {
      type: 'ChangePlan',
      sourceEventId: `sim_${session.id}`,
      subscriptionId: current.subscriptionId,
      priceId,
      currentPeriodEnd: simulatedPeriodEnd(priceId, new Date()),
    } as const;
    await apply(session.userId, command, req);
    await closeSimulatorSession(pool, session.id, 'completed');
    res.redirect(303, done);
  }

  routes.route('GET /api/v1/billing/simulator/portal/:sessionId', async (req, res) => {
    const session = await sessionOf(req, res, 'portal');
    if (!session) return;
    const subscription = await loadSubscription(store, session.userId);
    sendPortalPage(res, app, session.id, subscription.status === 'none' ? null : subscription);
  });

  routes.route('POST /api/v1/billing/simulator/portal/:sessionId/cancel', async (req, res) => {
    const session = await sessionOf(req, res, 'portal');
    if (!session) return;
    const subscription = await loadSubscription(store, session.userId);
    // Only a simulated subscription is the simulator's to cancel; a real one is Stripe's.
    if (subscription.status !== 'none' && subscription.simulated) {
      // Like Stripe's portal default: the subscription runs to the end of the paid period.
      await apply(
        session.userId,
        {
          type: 'Cancel',
          sourceEventId: `sim_${session.id}`,
          subscriptionId: subscription.subscriptionId,
          endsAt: new Date(subscription.currentPeriodEnd),
        },
        req,
      );
    }
    res.redirect(303, `${app}/account`);
  });
}

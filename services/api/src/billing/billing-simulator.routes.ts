import type { EventStore } from '@healthtal/eventstore';
import type { Request, Response } from 'express';
import type pg from 'pg';
import type { RouteRegistrar } from '../http/routes';
import { closeSimulatorSession, findSimulatorSession, simulatedPeriodEnd } from './billing-simulator';
import { sendCheckoutPage, sendPortalPage, sendSimulatorError } from './billing-simulator.page';
import { AlreadySubscribed, hasCurrentSubscription, type SubscriptionCommand } from './subscription.decider';
import { changeSubscription, loadSubscription, sourcedContext } from './subscription-stream';

type Deps = {
  store: EventStore;
  pool: pg.Pool;
  publicUrl: string;
  /** Off outside development unless asked for: the Complete button activates a plan for free. */
  enabled: boolean;
};

/**
 * The simulator's pages. They are public in the policy table: the browser reaches them by plain
 * navigation and form posts, which carry no bearer token; the session id in the path is the
 * unguessable capability, bound to one user and one session, and the pages show only plan and price.
 */
export function billingSimulatorRoutes(routes: RouteRegistrar, { store, pool, publicUrl, enabled }: Deps) {
  const app = publicUrl.replace(/\/+$/, '');
  const sessionOf = async (req: Request, res: Response, kind: 'checkout' | 'portal') => {
    // Off, no session can be opened: every id is unknown (and the page says nothing of the setup).
    const session = enabled ? await findSimulatorSession(pool, String(req.params.sessionId), kind) : null;
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
    sendCheckoutPage(res, app, session.id, session.priceId!);
  });

  routes.route('POST /api/v1/billing/simulator/:sessionId/complete', async (req, res) => {
    const session = await sessionOf(req, res, 'checkout');
    if (!session) return;
    const priceId = session.priceId!; // every checkout session has one (a table constraint)
    const success = `${app}/success?session_id=${session.id}${session.returnPath ? `&return_to=${encodeURIComponent(session.returnPath)}` : ''}`;
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

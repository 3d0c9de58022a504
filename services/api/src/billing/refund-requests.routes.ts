import {
  dollars,
  type RefundDecisionResult,
  RefundRejectionForm,
  RefundRequestForm,
  type UserId,
} from '@healthtal/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import type { ApiDependencies } from '../dependencies';
import { serveAdminList, serveAdminRecord } from '../http/admin-resource';
import type { RouteRegistrar } from '../http/routes';
import { parseBody, parseParams } from '../http/validate';
import { OutboxMailer } from '../mail/mailer';
import { commandContext } from '../shared/idempotency';
import { HttpProblem } from '../shared/problem';
import { findRefundRequest, listRefundRequests } from './refund-requests.queries';
import { approveRefund, rejectRefund, requestRefund } from './refunds';
import type { StripeGateway } from './stripe-gateway';

const RequestParams = z.object({ id: z.uuid() });

/**
 * The money-back guarantee's request (Account) and its review (the console's Refund requests). A
 * request's id is its customer's user id: the guarantee is once per customer.
 */
export function refundRequestRoutes(
  routes: RouteRegistrar,
  { store, pool, logger, mailer }: Pick<ApiDependencies, 'store' | 'pool' | 'logger' | 'mailer'>,
  gateway: StripeGateway | null,
) {
  const deps = { store, pool, logger, gateway, mailer: mailer ?? new OutboxMailer(pool) };

  routes.route('POST /api/v1/billing/refund-requests', async (req, res) => {
    const { reason } = parseBody(RefundRequestForm, req);
    res.status(201).json(await requestRefund(deps, customerOf(req), reason, commandContext(req)));
  });

  serveAdminList(routes, 'refund-requests', (page, filter) => listRefundRequests(pool, page, filter));
  serveAdminRecord(routes, 'refund-requests', (id) => findRefundRequest(pool, id));

  routes.route('POST /api/admin/refund-requests/:id/approve', async (req, res) => {
    const { id } = parseParams(RequestParams, req);
    const { amount } = await approveRefund(deps, id as UserId, commandContext(req));
    const body: RefundDecisionResult = {
      id,
      status: 'approved',
      message: `Refunded ${dollars(amount)}; the subscription has ended and the customer was emailed.`,
    };
    res.json(body);
  });

  routes.route('POST /api/admin/refund-requests/:id/reject', async (req, res) => {
    const { id } = parseParams(RequestParams, req);
    const { reason } = parseBody(RefundRejectionForm, req);
    await rejectRefund(deps, id as UserId, reason, commandContext(req));
    const body: RefundDecisionResult = {
      id,
      status: 'rejected',
      message: 'Refund rejected; the customer was emailed the reason.',
    };
    res.json(body);
  });
}

/** The caller of a signed-in route (the policy has already refused everyone else). */
const customerOf = (req: Request) => {
  if (req.principal?.kind !== 'user') throw new HttpProblem(401, 'Sign in required');
  return req.principal.userId as UserId;
};

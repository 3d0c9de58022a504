import {
  AdminPlanChangeRequest,
  AdminPlanChangeResult,
  CheckoutRequest,
  PlansResponse,
  RedirectResponse,
  RefundDecisionResult,
  RefundEligibility,
  RefundRejectionForm,
  RefundRequestForm,
  RefundRequestInfo,
} from '@healthtal/contracts';
import * as A from '../http/openapi-answers';
import { admin, html, Id, type ResponseDoc, type RouteDoc, seeOther } from '../http/route-doc';
import type { PolicyRoute } from '../policy';

/** The billing simulator's pages answer errors as pages too (a browser navigated there). */
const simulatorErrors = {
  404: html('No such session, or it expired.'),
  409: html('The user already has a subscription.'),
  410: html('The session is closed.'),
  503: html('Billing is not configured.'),
} satisfies Record<number, ResponseDoc>;

/**
 * Billing's routes as the OpenAPI document describes them: the contracts each handler
 * parses and answers with. `http/openapi-routes.ts` gathers every context's.
 */
export const billingRouteDocs = {
  'GET /api/v1/billing/plans': {
    summary: 'The plans on sale.',
    tags: ['billing'],
    responses: { 200: PlansResponse },
  },
  'POST /api/v1/billing/checkout': {
    summary: 'Start a checkout: Stripe’s page, or the local billing simulator.',
    tags: ['billing'],
    body: CheckoutRequest,
    responses: { 200: RedirectResponse },
  },
  'POST /api/v1/billing/portal': {
    summary: 'Open the customer portal (Stripe’s or the simulator’s).',
    tags: ['billing'],
    responses: { 200: RedirectResponse },
  },
  'POST /api/v1/billing/webhook': {
    summary: 'Stripe’s webhook (signed with Stripe-Signature).',
    tags: ['billing'],
    bodyContent: { 'application/json': { type: 'object' } },
    responses: { 200: A.WebhookReceived },
  },
  'GET /api/v1/billing/refund-eligibility': {
    summary: 'Whether the money-back guarantee still applies, and why not.',
    tags: ['billing'],
    responses: { 200: RefundEligibility },
  },
  'POST /api/v1/billing/refund-requests': {
    summary: 'Ask for a refund under the money-back guarantee (Annual, within 30 days, nothing exported).',
    description: '422 when not eligible (the reasons in `detail`), 409 when already requested or decided.',
    tags: ['billing'],
    body: RefundRequestForm,
    responses: { 201: RefundRequestInfo },
  },
  'POST /api/admin/refund-requests/:id/approve': admin(
    'Approve a pending refund: Stripe refunds the latest paid invoice and cancels the subscription; the customer is emailed.',
    { params: Id, responses: { 200: RefundDecisionResult } },
    'billing',
  ),
  'POST /api/admin/refund-requests/:id/reject': admin(
    'Reject a pending refund with a reason the customer is emailed.',
    { params: Id, body: RefundRejectionForm, responses: { 200: RefundDecisionResult } },
    'billing',
  ),
  'POST /api/admin/users/:id/plan': admin(
    'Move a user’s running subscription to the other plan, with a reason kept on the event.',
    {
      description:
        '409 when there is no running subscription, it is on that plan already, the plan is no longer `from` (changed meanwhile), or Stripe bills it and is not configured; 502 when Stripe refuses.',
      params: Id,
      body: AdminPlanChangeRequest,
      responses: { 200: AdminPlanChangeResult },
    },
    'billing',
  ),
  'GET /api/v1/billing/simulator/:sessionId': {
    summary: 'The billing simulator’s checkout page.',
    tags: ['billing'],
    responses: { 200: html('The checkout page.'), ...simulatorErrors },
  },
  'POST /api/v1/billing/simulator/:sessionId/complete': {
    summary: 'Complete a simulated checkout: the plan is active.',
    tags: ['billing'],
    responses: { 303: seeOther('the success page'), ...simulatorErrors },
  },
  'POST /api/v1/billing/simulator/:sessionId/cancel': {
    summary: 'Cancel a simulated checkout.',
    tags: ['billing'],
    responses: { 303: seeOther('the page the checkout started from'), ...simulatorErrors },
  },
  'GET /api/v1/billing/simulator/portal/:sessionId': {
    summary: 'The billing simulator’s customer portal page.',
    tags: ['billing'],
    responses: { 200: html('The portal page.'), ...simulatorErrors },
  },
  'POST /api/v1/billing/simulator/portal/:sessionId/cancel': {
    summary: 'Cancel the simulated subscription at the end of its period.',
    tags: ['billing'],
    responses: { 303: seeOther('the account page'), ...simulatorErrors },
  },
} satisfies Partial<Record<PolicyRoute, RouteDoc>>;

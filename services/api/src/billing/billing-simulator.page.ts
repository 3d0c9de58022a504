import { dollars, PLANS, type Plan, type PriceId } from '@healthtal/contracts';
import type { Response } from 'express';

export const SIMULATOR_LABEL = 'HealthTal billing simulator — no real payment is taken';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const priceOf = (plan: Plan) => `${dollars(plan.priceAmount, { wholeDollars: true })} ${plan.period}`;
const shortDate = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;padding:48px 16px;color:#1a2027}
main{max-width:420px;margin:auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 2px 12px #0001}
.label{background:#fff4e5;border:1px solid #ffb74d;border-radius:8px;padding:10px 12px;font-weight:600;margin:0 0 24px}
h1{font-size:1.4rem;margin:0 0 4px}.price{font-size:1.1rem;margin:0 0 24px}form{display:inline}
button,a.button{font:inherit;padding:10px 18px;border-radius:8px;border:1px solid #1976d2;cursor:pointer;text-decoration:none;display:inline-block}
.primary{background:#1976d2;color:#fff}.secondary{background:#fff;color:#1976d2;margin-left:8px}`;

/**
 * Sends one simulator page. The session token is in the URL, so no referrer leaves the page; the
 * page runs no script and posts only to itself (then redirects to the web app).
 */
function sendPage(res: Response, status: number, publicUrl: string, title: string, body: string) {
  res
    .status(status)
    .set({
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(publicUrl).origin}; frame-ancestors 'none'`,
    })
    .type('html')
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(SIMULATOR_LABEL)}</title><style>${STYLE}</style></head>
<body><main><p class="label" role="note">${escapeHtml(SIMULATOR_LABEL)}</p>${body}</main></body></html>`);
}

const button = (action: string, text: string, kind: 'primary' | 'secondary') =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit" class="${kind}">${escapeHtml(text)}</button></form>`;

/** Checkout of `priceId`; with `changeFrom`, the change of a running subscription from that plan. */
export function sendCheckoutPage(
  res: Response,
  publicUrl: string,
  sessionId: string,
  priceId: PriceId,
  changeFrom: PriceId | null = null,
) {
  const plan = PLANS[priceId];
  const base = `/api/v1/billing/simulator/${sessionId}`;
  const change = changeFrom
    ? `<p>Change from ${escapeHtml(PLANS[changeFrom].name)}: the unused time of your current plan is credited (prorated).</p>`
    : '';
  sendPage(
    res,
    200,
    publicUrl,
    changeFrom ? 'Change plan' : 'Checkout',
    `<h1>HealthTal ${escapeHtml(plan.name)}</h1><p class="price">${escapeHtml(priceOf(plan))}</p>${change}
${button(`${base}/complete`, changeFrom ? 'Confirm plan change' : 'Complete payment', 'primary')}${button(`${base}/cancel`, 'Cancel', 'secondary')}`,
  );
}

export function sendPortalPage(
  res: Response,
  publicUrl: string,
  sessionId: string,
  subscription: { priceId: PriceId; status: string; currentPeriodEnd: string } | null,
) {
  const back = `<a class="button secondary" href="${escapeHtml(`${publicUrl}/account`)}">Back to account</a>`;
  if (!subscription) {
    sendPage(res, 200, publicUrl, 'Subscription', `<h1>No subscription</h1><p>${back}</p>`);
    return;
  }
  const plan = PLANS[subscription.priceId];
  const until = shortDate(new Date(subscription.currentPeriodEnd));
  const cancelable = subscription.status === 'active' || subscription.status === 'past_due';
  // The other plan is chosen on the pricing page, like Stripe's portal sends you to its plan list.
  const changePlan =
    subscription.status === 'expired'
      ? ''
      : `<a class="button secondary" href="${escapeHtml(`${publicUrl}/pricing`)}">Change plan</a>`;
  const state = {
    active: `Renews on ${until}.`,
    past_due: `A payment is overdue; paid through ${until}.`,
    canceled: `Canceled: access until ${until}.`,
    expired: 'This subscription has ended.',
  }[subscription.status];
  sendPage(
    res,
    200,
    publicUrl,
    'Manage subscription',
    `<h1>HealthTal ${escapeHtml(plan.name)}</h1><p class="price">${escapeHtml(priceOf(plan))}</p>
<p>${escapeHtml(state ?? subscription.status)}</p>
${cancelable ? button(`/api/v1/billing/simulator/portal/${sessionId}/cancel`, 'Cancel subscription', 'primary') : ''}${changePlan}${back}`,
  );
}

export function sendSimulatorError(res: Response, publicUrl: string, status: number, message: string) {
  const home = `<a class="button secondary" href="${escapeHtml(`${publicUrl}/pricing`)}">Back to pricing</a>`;
  sendPage(res, status, publicUrl, 'Unavailable', `<h1>${escapeHtml(message)}</h1><p>${home}</p>`);
}

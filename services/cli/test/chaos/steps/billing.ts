import type { Exchange } from '../client';
import { describeExchange } from '../invariants';
import { liveAccounts, liveCandidates, type Model, pick, subset } from '../model';
import { count, expectAnswers, fail, type World } from '../world';
import { all, Step } from './step';

/**
 * The money-back guarantee under races: a free account buys the Annual plan in the billing simulator,
 * asks for a refund n times at once (one request is recorded), then admins approve and reject it at
 * once (one decision wins; an approval refunds and ends the subscription once).
 */
export class RefundRace extends Step {
  constructor(
    readonly account: number,
    readonly requests: number,
    readonly decisions: ('approve' | 'reject')[],
  ) {
    super();
  }
  check = (model: Readonly<Model>) => liveAccounts(model as Model).some((a) => a.role === 'free');
  label = () => `RefundRace(account ${this.account}, ${this.requests} requests, ${this.decisions.join('+')})`;

  async act(model: Model, world: World) {
    const account = pick(
      liveAccounts(model).filter((a) => a.role === 'free'),
      this.account,
    )!;
    account.role = 'subscriber';
    const { token, userId } = account.session!;
    if (!(await subscribeAnnual(world, token))) return;

    const asks = await all(
      Array.from({ length: this.requests }, (_, i) =>
        world.client.call('refund-request', 'POST', '/api/v1/billing/refund-requests', {
          token,
          json: i === 0 ? { reason: 'Chaos: not the right fit.' } : {},
        }),
      ),
    );
    const asked = expectAnswers(world, 'requesting a refund: one 201, then 409', asks, (e) =>
      [201, 409].includes(e.status),
    );
    if (count(asked.known, 201) > 1)
      fail(world, 'a refund is requested once', asks.map(describeExchange).join('; '));
    if (count(asked.known, 201) === 0 && asked.unknown === 0)
      fail(world, 'an eligible customer can request a refund', asks.map(describeExchange).join('; '));

    const answers = await all(
      this.decisions.map((d) =>
        world.client.call(`refund-${d}`, 'POST', `/api/admin/refund-requests/${userId}/${d}`, {
          token: world.admin.token,
          json: d === 'reject' ? { reason: 'Chaos: exports were made.' } : {},
        }),
      ),
    );
    // 404 only when no request is known to have been recorded (a kill took every answer).
    const requestKnown = count(asked.known, 201) > 0;
    const { known, unknown } = expectAnswers(
      world,
      'deciding a refund: one 200, then 409',
      answers,
      (e) => [200, 409].includes(e.status) || (!requestKnown && e.status === 404),
    );
    const kinds = new Set(known.filter((e) => e.status === 200).map((e) => e.kind));
    if (kinds.size > 1)
      fail(world, 'a refund request is decided once', answers.map(describeExchange).join('; '));
    if (requestKnown && kinds.size === 0 && unknown === 0)
      fail(world, 'a pending refund request can be decided', answers.map(describeExchange).join('; '));
    if (kinds.has('refund-approve')) model.refunded.add(userId);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checkout of the Annual plan in the billing simulator; false when a kill left it unanswered. */
async function subscribeAnnual(world: World, token: string): Promise<boolean> {
  const started = await world.client.call('checkout', 'POST', '/api/v1/billing/checkout', {
    token,
    json: { priceId: 'price_annual' },
  });
  expectAnswers(world, 'starting a checkout: 200', [started], (e) => e.status === 200);
  if (started.status !== 200) return false;
  const { url } = started.body as { url: string };
  const done = await world.client.call('checkout-complete', 'POST', `${url}/complete`);
  expectAnswers(world, 'completing a checkout: 303', [done], (e) => e.status === 303);
  return done.status === 303;
}

/**
 * Data taken, money back (issue 32): a customer on the Annual plan exports n times while a refund
 * is requested and approved (or approved, with the request made just before). An export counts
 * from its start, decided on the subscription stream with the refund: either the exports start
 * and the refund is refused, or the refund is approved and the exports are refused before their
 * first byte; never both.
 */
export class ExportRefundRace extends Step {
  constructor(
    readonly account: number,
    readonly exports: number,
    readonly mask: number,
    readonly requestFirst: boolean,
    /** The exports leave this long after the refund's requests, so that either side may go first. */
    readonly delayMs: number,
  ) {
    super();
  }
  check = (model: Readonly<Model>) =>
    liveAccounts(model as Model).some((a) => a.role === 'free') && liveCandidates(model as Model).length > 0;
  label = () =>
    `ExportRefundRace(account ${this.account}, ${this.exports} exports of mask ${this.mask}${this.requestFirst ? ', request first' : ''}, ${this.delayMs} ms later)`;

  async act(model: Model, world: World) {
    const account = pick(
      liveAccounts(model).filter((a) => a.role === 'free'),
      this.account,
    )!;
    account.role = 'subscriber';
    const { token, userId } = account.session!;
    if (!(await subscribeAnnual(world, token))) return;
    const candidateIds = subset(model, this.mask);
    const ask = () =>
      world.client.call('refund-request', 'POST', '/api/v1/billing/refund-requests', { token, json: {} });
    const askedFirst = this.requestFirst ? await ask() : null;
    const [decision, exports] = await Promise.all([
      (async () => {
        const asked = askedFirst ?? (await ask());
        const approved = await world.client.call(
          'refund-approve',
          'POST',
          `/api/admin/refund-requests/${userId}/approve`,
          { token: world.admin.token, json: {} },
        );
        return { asked, approved };
      })(),
      sleep(this.delayMs).then(() =>
        all(
          Array.from({ length: this.exports }, () =>
            world.client.call('export', 'POST', '/api/v1/exports', { token, json: { candidateIds } }),
          ),
        ),
      ),
    ]);
    this.checkAnswers(world, exports, decision);
    const took = exports.some((e) => e.status === 200);
    if (took) model.exporters.add(userId);
    if (decision.approved.status === 200) model.refunded.add(userId);
    if (model.exporters.has(userId) && model.refunded.has(userId))
      fail(
        world,
        'no customer who took data is refunded (answers)',
        [...exports, decision.asked, decision.approved].map(describeExchange).join('; '),
      );
    await this.startsRecorded(world, exports);
  }

  private checkAnswers(world: World, exports: Exchange[], decision: { asked: Exchange; approved: Exchange }) {
    const known = expectAnswers(
      world,
      'exporting while a refund is decided: 200, or refused (409 once approved, 403 once refunded)',
      exports,
      (e) => [200, 403, 409].includes(e.status),
    ).known;
    for (const e of known) {
      const csv = typeof e.body === 'string' && e.body.includes('First name');
      if (e.status === 200 ? !csv : typeof e.body !== 'object')
        fail(
          world,
          'a refused export sends no byte of the file; a started one sends it',
          describeExchange(e),
        );
    }
    const asked = expectAnswers(
      world,
      'requesting a refund: 201, or 422 once an export started',
      [decision.asked],
      (e) => [201, 422].includes(e.status),
    );
    const requestKnown = asked.known.some((e) => e.status === 201);
    expectAnswers(
      world,
      'approving a refund: 200, or 422 once an export started (404 without a request)',
      [decision.approved],
      (e) => [200, 422].includes(e.status) || (!requestKnown && e.status === 404),
    );
  }

  /** Each export answered 200 recorded its start (by the request id the product writes as correlationId). */
  private async startsRecorded(world: World, exports: Exchange[]) {
    const answered = exports.filter((e) => e.status === 200).map((e) => e.requestId);
    if (answered.length === 0) return;
    const { rows } = await world.pool.query<{ correlation: string }>(
      `select metadata->>'correlationId' as correlation from eventstore.events
       where type = 'ExportStarted' and metadata->>'correlationId' = any($1::text[])`,
      [answered],
    );
    const found = new Set(rows.map((row) => row.correlation));
    for (const e of exports.filter((x) => x.status === 200 && !found.has(x.requestId)))
      fail(world, 'an export answered 200 recorded its start', describeExchange(e));
  }
}

/**
 * Two or three admins change one customer's plan at once (issue 37, finding 14): each saw Annual and
 * asks for Monthly with a reason. One change is recorded; every other admin is told the plan changed
 * meanwhile (409), never a second SubscriptionPlanChanged.
 */
export class PlanChangeRace extends Step {
  constructor(
    readonly account: number,
    readonly admins: number,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => liveAccounts(model as Model).some((a) => a.role === 'free');
  label = () => `PlanChangeRace(account ${this.account}, ${this.admins} admins)`;

  async act(model: Model, world: World) {
    const account = pick(
      liveAccounts(model).filter((a) => a.role === 'free'),
      this.account,
    )!;
    account.role = 'subscriber';
    const { token, userId } = account.session!;
    if (!(await subscribeAnnual(world, token))) return;
    const answers = await all(
      Array.from({ length: this.admins }, (_, i) =>
        world.client.call('plan-change', 'POST', `/api/admin/users/${userId}/plan`, {
          token: world.admin.token,
          json: { priceId: 'price_monthly', from: 'price_annual', reason: `Chaos: admin ${i + 1} agreed it` },
        }),
      ),
    );
    const { known, unknown } = expectAnswers(
      world,
      'changing a plan at once: one 200, then 409',
      answers,
      (e) => [200, 409].includes(e.status),
    );
    if (count(known, 200) > 1)
      fail(world, 'a plan change is made once', answers.map(describeExchange).join('; '));
    if (count(known, 200) === 0 && unknown === 0)
      fail(world, 'one of the admins changes the plan', answers.map(describeExchange).join('; '));
    const { rows } = await world.pool.query<{ n: string }>(
      `select count(*) as n from eventstore.events
       where type = 'SubscriptionPlanChanged' and stream_id = $1`,
      [`subscription-${userId}`],
    );
    if (Number(rows[0]!.n) > 1)
      fail(world, 'one SubscriptionPlanChanged for one change of plan', `${rows[0]!.n} for ${userId}`);
  }
}

import { describeExchange } from '../invariants';
import { liveAccounts, type Model, pick } from '../model';
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
    if (!(await this.subscribeAnnual(world, token))) return;

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
  }

  /** Checkout of the Annual plan in the billing simulator; false when a kill left it unanswered. */
  private async subscribeAnnual(world: World, token: string): Promise<boolean> {
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
}

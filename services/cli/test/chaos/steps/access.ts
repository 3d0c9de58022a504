import type { Exchange } from '../client';
import { describeExchange } from '../invariants';
import { liveAccounts, liveCandidates, type Model, pick } from '../model';
import { count, expectAnswers, fail, type World } from '../world';
import { all, Step } from './step';

/**
 * The admin grants demo access with a few uses; the demo user reveals more contacts than that at once,
 * and reads a profile meanwhile: a LinkedIn URL is a contact detail a use pays for, so it comes with a
 * reveal only (issue 32, finding 10).
 */
export class DemoRace extends Step {
  constructor(
    readonly account: number,
    readonly maxUses: number,
    readonly reveals: number,
    readonly revoke: boolean,
  ) {
    super();
  }
  check = (model: Readonly<Model>) =>
    liveAccounts(model as Model).some((a) => a.role === 'free') && liveCandidates(model as Model).length > 0;
  label = () =>
    `DemoRace(account ${this.account}, max ${this.maxUses}, ${this.reveals} reveals${this.revoke ? ', revoke' : ''})`;

  async act(model: Model, world: World) {
    const account = pick(
      liveAccounts(model).filter((a) => a.role === 'free'),
      this.account,
    )!;
    account.role = 'demo';
    const session = account.session!;
    const granted = await world.client.call('demo-grant', 'POST', '/api/admin/demo-grants', {
      token: world.admin.token,
      json: { userId: session.userId, duration: '1d', maxUses: this.maxUses },
    });
    expectAnswers(world, 'granting demo access: 201', [granted], (e) => e.status === 201);
    if (granted.status !== 201) return;
    const targets = liveCandidates(model);
    const answers = await all([
      ...Array.from({ length: this.reveals }, (_, i) =>
        world.client.call('reveal', 'POST', `/api/v1/candidates/${targets[i % targets.length]!.id}/reveal`, {
          token: session.token,
        }),
      ),
      world.client.call('demo-profile', 'GET', `/api/v1/candidates/${targets[0]!.id}`, {
        token: session.token,
        idempotent: false,
      }),
      ...(this.revoke
        ? [
            world.client.call('demo-revoke', 'DELETE', `/api/admin/users/${session.userId}/demo-grants`, {
              token: world.admin.token,
            }),
          ]
        : []),
    ]);
    const reveals = answers.slice(0, this.reveals);
    const { known, unknown } = expectAnswers(
      world,
      'a demo reveal: 200 while uses last, then 403',
      reveals,
      (e) => [200, 403].includes(e.status),
    );
    const profile = answers[this.reveals]!;
    expectAnswers(
      world,
      'a demo profile read: 200 without LinkedIn (403 before the grant or after its uses, 404 before the index)',
      [profile],
      (e) =>
        e.status === 200
          ? (e.body as { linkedinUrl?: unknown }).linkedinUrl === null
          : [403, 404].includes(e.status),
    );
    if (this.revoke)
      expectAnswers(
        world,
        'revoking demo access: 200',
        answers.slice(this.reveals + 1),
        (e) => e.status === 200,
      );
    const shown = count(known, 200);
    if (shown > this.maxUses)
      fail(
        world,
        'demo reveals stay within max uses',
        `${shown} of ${this.maxUses}: ${reveals.map(describeExchange).join('; ')}`,
      );
    if (!this.revoke && unknown === 0 && shown < Math.min(this.maxUses, this.reveals))
      fail(
        world,
        'a demo grant gives all its uses',
        `${shown} of ${this.maxUses}: ${reveals.map(describeExchange).join('; ')}`,
      );
  }
}

/** Two checkouts of one user completed at once in the billing simulator: one subscription. */
export class CheckoutRace extends Step {
  constructor(
    readonly account: number,
    readonly sessions: number,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => liveAccounts(model as Model).some((a) => a.role === 'free');
  label = () => `CheckoutRace(account ${this.account}, ${this.sessions} sessions)`;

  async act(model: Model, world: World) {
    const account = pick(
      liveAccounts(model).filter((a) => a.role === 'free'),
      this.account,
    )!;
    account.role = 'subscriber';
    const token = account.session!.token;
    const checkouts = await all(
      Array.from({ length: this.sessions }, (_, i) =>
        world.client.call('checkout', 'POST', '/api/v1/billing/checkout', {
          token,
          json: { priceId: i % 2 ? 'price_monthly' : 'price_annual' },
        }),
      ),
    );
    expectAnswers(world, 'starting a checkout: 200', checkouts, (e) => e.status === 200);
    const urls = checkouts.filter((e) => e.status === 200).map((e) => (e.body as { url: string }).url);
    const completions: Exchange[] = await all(
      urls.map((url) => world.client.call('checkout-complete', 'POST', `${url}/complete`)),
    );
    const { known } = expectAnswers(
      world,
      'completing a checkout: 303, or 409 when already subscribed',
      completions,
      (e) => [303, 409].includes(e.status),
    );
    if (count(known, 303) > 1)
      fail(
        world,
        'one subscription per user (checkout answers)',
        completions.map(describeExchange).join('; '),
      );
  }
}

import { RATE_RULES } from '@healthtal/api';
import type { Exchange } from '../client';
import { describeExchange } from '../invariants';
import { type Account, liveAccounts, type Model, pick } from '../model';
import {
  attemptsOf,
  count,
  expectAnswers,
  fail,
  login,
  mailMark,
  mailsAtLeast,
  overLimit,
  PASSWORD,
  sessionOf,
  signupForm,
  tokenFromMail,
  tokensFromMail,
  type World,
} from '../world';
import { all, Step } from './step';

/** n sign-ups with one address at once: exactly one account, the rest 409 (429 past the per-email limit). */
export class SignUpRace extends Step {
  constructor(
    readonly taken: number | null,
    readonly n: number,
  ) {
    super();
  }
  check = () => true;
  label = () =>
    `SignUpRace(${this.taken === null ? 'new email' : `email of account ${this.taken}`}, ${this.n})`;

  async act(model: Model, world: World) {
    const existing = this.taken === null ? undefined : pick(model.accounts, this.taken);
    const email = existing?.email ?? `user-${model.tag}-${model.emailCounter++}@chaos.test`;
    const free = !existing || existing.state === 'deleted';
    // A sign-up a crash left without an answer may or may not have made the account.
    const unsure = existing?.state === 'unknown';
    const mark = await mailMark(world.pool);
    const answers = await all(
      Array.from({ length: this.n }, () =>
        world.client.call('signup', 'POST', '/api/v1/auth/signup', { json: signupForm(email) }),
      ),
    );
    // Both run: the per-email bucket and the ceiling on every anonymous sign-up together.
    const tries = attemptsOf(answers);
    const limited = [
      overLimit(world, `signup:${email}`, RATE_RULES.signupPerEmail.limit, tries),
      overLimit(world, 'signup:all', RATE_RULES.signupCeiling.limit, tries),
    ].some(Boolean);
    const { known, unknown } = expectAnswers(
      world,
      'sign-up: 201 for the first, 409 for a taken email',
      answers,
      (e) =>
        free
          ? [201, 409].includes(e.status) || (limited && e.status === 429)
          : e.status === 409 || (limited && e.status === 429),
    );
    const created = count(known, 201);
    if (created > 1 || (!free && !unsure && created > 0))
      fail(
        world,
        'one account per email (sign-up answers)',
        `${email}: ${answers.map((e) => e.status).join(', ')}`,
      );
    if (free && created === 0 && unknown === 0 && !limited)
      fail(world, 'a free email gets its account', `${email}: ${answers.map(describeExchange).join('; ')}`);
    if ((!free && !unsure) || created === 0) {
      if (free && unknown > 0) {
        model.accounts.push({ email, password: PASSWORD, session: null, state: 'unknown', role: 'free' });
        // A deleted account's email may now belong to a live account again: no longer a sign of erasure.
        model.erasedStrings.delete(email);
      }
      return;
    }
    model.erasedStrings.delete(email);
    const account: Account = { email, password: PASSWORD, session: null, state: 'active', role: 'free' };
    if (existing) existing.state = 'unknown'; // the old one stays deleted; the new one takes its place
    model.accounts.push(account);
    const token = await tokenFromMail(world.pool, email, 'verify-email', mark);
    if (!token) {
      fail(world, 'a new account is mailed its verification link', email);
      account.state = 'unknown';
      return;
    }
    const verified = await world.client.call('verify', 'POST', '/api/v1/auth/verify-email', {
      json: { token },
    });
    expectAnswers(world, 'verification link works once', [verified], (e) => e.status === 200);
    // The right password always signs in: sign-in limits bind guessing clients, never the account.
    const signedIn = await login(world.client, email);
    expectAnswers(world, 'sign-in after verification', [signedIn], (e) => e.status === 200);
    account.session = sessionOf(signedIn);
    if (!account.session) account.state = 'unknown';
  }
}

/**
 * `links` forgot-password requests at once, then n resets at once spread over the links they mailed
 * (one link, or two: both may be valid when each request retired the other's link before issuing
 * its own): exactly one reset wins, whichever link it used (decided on the user's stream).
 */
export class PasswordResetRace extends Step {
  constructor(
    readonly account: number,
    readonly n: number,
    readonly links: 1 | 2 = 1,
    /** Who asks for the links: the user on the forgot-password form, or an admin from the console. */
    readonly by: 'form' | 'admin' = 'form',
  ) {
    super();
  }
  check = (model: Readonly<Model>) => liveAccounts(model as Model).length > 0;
  label = () =>
    `PasswordResetRace(account ${this.account}, ${this.n} resets, ${this.links} link(s) by ${this.by})`;

  async act(model: Model, world: World) {
    const account = pick(liveAccounts(model), this.account)!;
    const tokens = await this.mailedLinks(account, world);
    if (tokens.length === 0) return;
    const passwords = Array.from(
      { length: this.n },
      () => `reset-${Math.random().toString(36).slice(2, 10)}`,
    );
    const answers = await all(
      passwords.map((password, i) =>
        world.client.call('reset-password', 'POST', '/api/v1/auth/reset-password', {
          json: { token: tokens[i % tokens.length], password, confirmPassword: password },
        }),
      ),
    );
    const winner = this.judge(answers, world);
    if (winner < 0) {
      account.state = 'unknown';
      return;
    }
    account.password = passwords[winner]!;
    // The new password always signs in: sign-in limits bind guessing clients, never the account.
    const signedIn = await login(world.client, account.email, account.password);
    expectAnswers(world, 'the new password signs in', [signedIn], (e) => e.status === 200);
    account.session = sessionOf(signedIn);
    if (!account.session) account.state = 'unknown';
  }

  /** The links the forgot-password requests mailed; none when the mail cap may have held them back. */
  private async mailedLinks(account: Account, world: World): Promise<string[]> {
    const { email } = account;
    const mark = await mailMark(world.pool);
    const forgots = await all(
      Array.from({ length: this.links }, () =>
        this.by === 'admin'
          ? world.client.call(
              'admin-reset-mail',
              'POST',
              `/api/admin/users/${account.session!.userId}/password-reset-email`,
              {
                token: world.admin.token,
                json: {},
              },
            )
          : world.client.call('forgot-password', 'POST', '/api/v1/auth/forgot-password', { json: { email } }),
      ),
    );
    // The form always answers 202: past the cap on mails to one address the answer is the same and
    // nothing is mailed. The console's Send Password Reset says so: 200, or 429 past the same cap.
    const accepted = this.by === 'admin' ? 200 : 202;
    if (this.by === 'admin')
      expectAnswers(world, 'an admin’s password reset mail: 200, or 429 past the cap', forgots, (e) =>
        [200, 429].includes(e.status),
      );
    else expectAnswers(world, 'forgot-password answers 202', forgots, (e) => e.status === 202);
    const { limit } = RATE_RULES.resetMailsPerEmail;
    const sure = mailsAtLeast(world, `reset:${email}`, limit, forgots, accepted);
    if (sure === 0) return [];
    const tokens = await tokensFromMail(world.pool, email, 'reset-password', mark, sure);
    if (tokens.length < sure)
      fail(world, 'forgot-password mails a reset link', `${email}: ${tokens.length} of ${sure}`);
    return tokens;
  }

  /** The index of the one reset that won, or -1 when none is known to have. */
  private judge(answers: readonly Exchange[], world: World): number {
    const { known, unknown } = expectAnswers(world, 'one reset per password', answers, (e) =>
      [200, 400].includes(e.status),
    );
    const won = count(known, 200);
    if (won > 1)
      fail(world, 'one reset per password (of every link mailed)', answers.map(describeExchange).join('; '));
    if (won === 0 && unknown === 0)
      fail(world, 'a fresh reset link works', answers.map(describeExchange).join('; '));
    return won === 1 ? answers.findIndex((e) => e.status === 200) : -1;
  }
}

/** The admin deletes an account (twice at once) while its owner saves a template. */
export class DeleteUserRace extends Step {
  constructor(
    readonly account: number,
    readonly deletes: number,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => liveAccounts(model as Model).length > 0;
  label = () => `DeleteUserRace(account ${this.account}, ${this.deletes} deletes)`;

  async act(model: Model, world: World) {
    const account = pick(liveAccounts(model), this.account)!;
    const session = account.session!;
    const answers = await all([
      ...Array.from({ length: this.deletes }, () =>
        world.client.call('user-delete', 'DELETE', `/api/admin/users/${session.userId}`, {
          token: world.admin.token,
        }),
      ),
      world.client.call('template-save', 'POST', '/api/v1/email/templates', {
        token: session.token,
        json: { jobTitle: 'Last words', subject: 'Bye', body: 'Bye' },
      }),
    ]);
    const deletes = answers.slice(0, this.deletes);
    const { known } = expectAnswers(world, 'deleting a user: 200 once, then 404', deletes, (e) =>
      [200, 404].includes(e.status),
    );
    expectAnswers(world, 'a user being deleted: 201 or 401', answers.slice(this.deletes), (e) =>
      [201, 401].includes(e.status),
    );
    if (count(known, 200) > 1)
      fail(world, 'a user is deleted once', deletes.map(describeExchange).join('; '));
    if (known.length === deletes.length && count(known, 200) === 0)
      fail(world, 'an admin deletes a user', deletes.map(describeExchange).join('; '));
    account.state = 'deleted';
    model.deletedUsers.add(session.userId);
    model.erasedStrings.add(account.email);
    const after = await world.client.call('login', 'POST', '/api/v1/auth/login', {
      json: { email: account.email, password: account.password },
    });
    expectAnswers(world, 'a deleted user cannot sign in: 401', [after], (e) => e.status === 401);
  }
}

import { describeExchange } from '../invariants';
import { type Account, liveAccounts, type Model, pick } from '../model';
import {
  attemptsOf,
  count,
  expectAnswers,
  fail,
  login,
  mailMark,
  overLimit,
  PASSWORD,
  sessionOf,
  signupForm,
  tokenFromMail,
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
      overLimit(world, `signup:${email}`, 5, tries),
      overLimit(world, 'signup:all', 1000, tries),
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
    const signedIn = await login(world.client, email);
    const loginLimited = overLimit(world, `login:${email}`, 10, attemptsOf([signedIn]));
    expectAnswers(
      world,
      'sign-in after verification',
      [signedIn],
      (e) => e.status === 200 || (loginLimited && e.status === 429),
    );
    account.session = sessionOf(signedIn);
    if (!account.session) account.state = 'unknown';
  }
}

/** forgot-password, then n resets with the one mailed token at once: exactly one 200. */
export class PasswordResetRace extends Step {
  constructor(
    readonly account: number,
    readonly n: number,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => liveAccounts(model as Model).length > 0;
  label = () => `PasswordResetRace(account ${this.account}, ${this.n})`;

  async act(model: Model, world: World) {
    const account = pick(liveAccounts(model), this.account)!;
    const mark = await mailMark(world.pool);
    const forgot = await world.client.call('forgot-password', 'POST', '/api/v1/auth/forgot-password', {
      json: { email: account.email },
    });
    const limited = overLimit(world, `reset:${account.email}`, 3, attemptsOf([forgot]));
    expectAnswers(
      world,
      'forgot-password answers 202',
      [forgot],
      (e) => e.status === 202 || (limited && e.status === 429),
    );
    if (forgot.status !== 202) return;
    const token = await tokenFromMail(world.pool, account.email, 'reset-password', mark);
    if (!token) {
      fail(world, 'forgot-password mails a reset link', account.email);
      return;
    }
    const password = `reset-${Math.random().toString(36).slice(2, 10)}`;
    const answers = await all(
      Array.from({ length: this.n }, () =>
        world.client.call('reset-password', 'POST', '/api/v1/auth/reset-password', {
          json: { token, password, confirmPassword: password },
        }),
      ),
    );
    const { known, unknown } = expectAnswers(world, 'a reset link works once', answers, (e) =>
      [200, 400].includes(e.status),
    );
    if (count(known, 200) > 1)
      fail(world, 'a reset link works once', answers.map(describeExchange).join('; '));
    if (count(known, 200) === 0 && unknown === 0)
      fail(world, 'a fresh reset link works', answers.map(describeExchange).join('; '));
    if (count(known, 200) === 0) {
      account.state = 'unknown';
      return;
    }
    account.password = password;
    const signedIn = await login(world.client, account.email, password);
    const loginLimited = overLimit(world, `login:${account.email}`, 10, attemptsOf([signedIn]));
    expectAnswers(
      world,
      'the new password signs in',
      [signedIn],
      (e) => e.status === 200 || (loginLimited && e.status === 429),
    );
    account.session = sessionOf(signedIn);
    if (!account.session) account.state = 'unknown';
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
    expectAnswers(
      world,
      'a deleted user cannot sign in: 401',
      [after],
      (e) => e.status === 401 || e.status === 429,
    );
  }
}

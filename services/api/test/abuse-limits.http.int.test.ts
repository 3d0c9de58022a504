import { createHash } from 'node:crypto';
import { AuthMessages, type Problem } from '@healthtal/contracts';
import { PASSWORD, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { TestClock } from '@healthtal/testkit/test-clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 32, findings 4, 5 and the last clause of 17: limits an outsider cannot turn against others.
 * - 4: guessing a password is throttled per (client, account) and per client; the account itself is
 *   only slowed down, so the right password from another address still signs in.
 * - 5: anonymous writes are capped per client (an IPv4 address, an IPv6 /64) and under a global
 *   ceiling far above real traffic, so a few dozen addresses cannot close a form for everyone.
 * - 17: two different reset links of one user used at the same moment: one reset wins.
 * The limiter counts in the test's clock (@healthtal/testkit/test-clock): no test waits for a window to pass.
 */

let app: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  app = await startTestApp({}, { clock });
});
afterAll(() => app?.close());

const post = (path: string, json: unknown, ip: string) => app.request(path, { method: 'POST', json, ip });
const signIn = (email: string, password: string, ip: string) =>
  post('/api/v1/auth/login', { email, password }, ip);

describe('password guessing cannot lock the owner out (finding 4)', () => {
  it('eleven wrong passwords from one address, then the right one from another address signs in', async () => {
    const user = await app.signUp(undefined, { ip: '198.51.100.10' });
    const guesser = '198.51.100.66';
    const guesses: number[] = [];
    for (let i = 0; i < 11; i++) guesses.push((await signIn(user.email, `guess-${i}`, guesser)).status);
    const pausesBefore = clock.pauses.length;
    const owner = await signIn(user.email, PASSWORD, '198.51.100.11');
    expect(owner.status, 'the right password from another address').toBe(200);
    expect(guesses).toEqual([...Array(10).fill(401), 429]);
    // The account is being guessed at: its answers come slower, for everyone alike, but they come.
    expect(clock.pauses.slice(pausesBefore).some((ms) => ms > 0)).toBe(true);

    // The guessing address stays refused for this account, even with the right password, until its
    // window has passed.
    const refused = await signIn(user.email, PASSWORD, guesser);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    clock.advance(retryAfter * 1000);
    expect((await signIn(user.email, PASSWORD, guesser)).status).toBe(200);
  });

  it('a right password does not count as a failure: mistyping nine times and signing in starts afresh', async () => {
    const user = await app.signUp(undefined, { ip: '198.51.100.20' });
    const ip = '198.51.100.21';
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) expect((await signIn(user.email, `typo-${i}`, ip)).status).toBe(401);
      expect((await signIn(user.email, PASSWORD, ip)).status).toBe(200);
    }
  });

  it('one address guessing across many accounts is refused after thirty failures; others are not', async () => {
    const ip = '198.51.100.30';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await signIn(`sprayed-${i}@harness.test`, 'Summer2031!', ip)).status);
    expect(statuses).toEqual([...Array(30).fill(401), 429]);
    expect((await signIn('sprayed-0@harness.test', 'Summer2031!', '198.51.100.31')).status).toBe(401);
  });
});

describe('asking for mails cannot lock their owner out either', () => {
  it("a stranger asking for someone's reset link again and again does not keep them from resetting", async () => {
    const user = await app.signUp(undefined, { ip: '198.51.100.40' });
    const ask = (ip: string) => post('/api/v1/auth/forgot-password', { email: user.email }, ip);
    for (let i = 0; i < 3; i++) expect((await ask('198.51.100.41')).status).toBe(202);
    const mailed = await app.tokenFromMail(user.email, 'reset-password');
    // The owner is answered as anyone is; their inbox already holds a link that works.
    expect((await ask('198.51.100.42')).status).toBe(202);
    expect(await app.tokenFromMail(user.email, 'reset-password')).toBe(mailed);
    const password = 'a password of my own';
    const reset = await post(
      '/api/v1/auth/reset-password',
      { token: mailed, password, confirmPassword: password },
      '198.51.100.42',
    );
    expect(reset.status).toBe(200);
  });
});

describe('anonymous writes: per client, and a ceiling no few dozen addresses reach (finding 5)', () => {
  const requestRemoval = (email: string, ip: string) => post('/api/v1/removal-requests', { email }, ip);

  it('counts an IPv6 client by its /64: another address in the same /64 is the same client', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++)
      statuses.push(
        (await requestRemoval(`v6-${i}@mail.example`, `2001:db8:32:1::${i.toString(16)}`)).status,
      );
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
    expect((await requestRemoval('v6-next@mail.example', '2001:db8:32:2::1')).status).toBe(202);
  });

  it('510 removal requests from 51 addresses leave the form open to a new address', async () => {
    clock.advance(60 * 60_000); // a fresh hour, whatever the earlier tests sent
    const flood = async (a: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await requestRemoval(`flood-${a}-${i}@mail.example`, `192.0.2.${a + 1}`)).status);
      return statuses;
    };
    const statuses: number[] = [];
    for (let a = 0; a < 51; a += 8) {
      const batch = Array.from({ length: Math.min(8, 51 - a) }, (_, i) => flood(a + i));
      for (const answers of await Promise.all(batch)) statuses.push(...answers);
    }
    expect(statuses.filter((s) => s !== 202)).toEqual([]);
    expect((await requestRemoval('newcomer@mail.example', '192.0.2.200')).status).toBe(202);
  }, 120_000);
});

describe('one password reset wins (finding 17)', () => {
  const forgot = (email: string, ip: string) => post('/api/v1/auth/forgot-password', { email }, ip);
  const reset = (token: string, password: string) =>
    post('/api/v1/auth/reset-password', { token, password, confirmPassword: password }, '198.51.100.50');

  it('two different reset links used at the same moment: one sets the password, the other is refused', async () => {
    const user = await app.signUp(undefined, { ip: '198.51.100.51' });
    expect((await forgot(user.email, '198.51.100.51')).status).toBe(202);
    const first = await app.tokenFromMail(user.email, 'reset-password');
    expect((await forgot(user.email, '198.51.100.51')).status).toBe(202);
    const second = await app.tokenFromMail(user.email, 'reset-password');
    // Two forgot-password requests at once can each retire the other's link before issuing their
    // own, and both links stay valid: this is that state.
    await app.pool.query('update one_time_tokens set used_at = null where token_hash = $1', [
      createHash('sha256').update(first).digest('hex'),
    ]);

    const answers = await Promise.all([
      reset(first, 'first new password'),
      reset(second, 'second new password'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const loser = answers.find((a) => a.status === 400)!;
    expect(((await loser.json()) as Problem).errors).toEqual({ token: AuthMessages.invalidOrExpiredLink });

    const winner = answers[0]!.status === 200 ? 'first new password' : 'second new password';
    const other = winner === 'first new password' ? 'second new password' : 'first new password';
    expect((await signIn(user.email, winner, '198.51.100.52')).status).toBe(200);
    expect((await signIn(user.email, other, '198.51.100.52')).status).toBe(401);
  });
});

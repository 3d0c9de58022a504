import { createHash, createHmac } from 'node:crypto';
import { AuthMessages, type AuthSession, type MeResponse, type Problem } from '@healthtal/contracts';
import { DEMO_EMAIL, nextIp, PASSWORD, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { TestClock } from '@healthtal/testkit/test-clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OneTimeTokens } from './session-tokens';

type Errors = Problem & { errors: Record<string, string> };
let app: TestApp;
/** Rate limits and access tokens count in it: it stands still, so every test runs in one limit window. */
const clock = new TestClock();
beforeAll(async () => {
  app = await startTestApp({}, { clock });
});
afterAll(() => app?.close());

const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', json, headers, ip: nextIp() });
const form = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${Math.random().toString(36).slice(2)}@harness.test`,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  phone: '(555) 010-2030',
  source: 'LinkedIn',
  acceptTerms: true,
  ...overrides,
});
const cookieOf = (response: Response) =>
  /ht_refresh=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
const refresh = (cookie: string) =>
  app.request('/api/v1/auth/refresh', { method: 'POST', headers: { cookie: `ht_refresh=${cookie}` } });

describe('sign-up', () => {
  it.each([
    ['confirmPassword', { confirmPassword: 'something else' }, AuthMessages.passwordsDoNotMatch],
    ['acceptTerms', { acceptTerms: false }, AuthMessages.termsRequired],
    ['acceptTerms', { acceptTerms: undefined }, AuthMessages.termsRequired],
    ['password', { password: '12345', confirmPassword: '12345' }, AuthMessages.passwordTooShort],
    ['email', { email: 'not-an-email' }, AuthMessages.invalidEmail],
    ['email', { email: '' }, AuthMessages.emailRequired],
    ['phone', { phone: '   ' }, AuthMessages.phoneRequired],
    ['phone', { phone: undefined }, AuthMessages.phoneRequired],
  ])('refuses a bad %s with the spec message and records nothing', async (field, change, message) => {
    const before = await app.eventCount();
    const response = await post('/api/v1/auth/signup', form(change));
    expect(response.status).toBe(400);
    expect(((await response.json()) as Errors).errors[field]).toBe(message);
    expect(await app.eventCount()).toBe(before);
  });

  it('creates an unverified account, mails a single-use link, and only then lets the user in', async () => {
    const details = form();
    const signup = await post('/api/v1/auth/signup', details);
    expect(signup.status).toBe(201);
    expect(await signup.json()).toEqual({
      user: { id: expect.any(String), email: details.email },
      verificationRequired: true,
    });
    const early = await post('/api/v1/auth/login', { email: details.email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(((await early.json()) as Problem).title).toBe(AuthMessages.emailNotConfirmed);

    const mail = await app.lastMail(details.email, 'verify-email');
    expect(mail!.subject).toContain('Confirm');
    const token = await app.tokenFromMail(details.email, 'verify-email');
    expect((await post('/api/v1/auth/verify-email', { token })).status).toBe(200);
    expect((await post('/api/v1/auth/verify-email', { token })).status).toBe(400);

    const login = await post('/api/v1/auth/login', {
      email: details.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    const session = (await login.json()) as AuthSession;
    expect(session).toMatchObject({ tokenType: 'Bearer', user: { email: details.email } });
    expect(login.headers.get('set-cookie')).toMatch(
      /ht_refresh=.+; Max-Age=\d+; Path=\/api\/v1\/auth; .*HttpOnly.*SameSite=Strict/,
    );
    // The page's marker that a session can be resumed: readable by scripts, no token in it.
    const marker = login.headers.getSetCookie().find((cookie) => cookie.startsWith('ht_session='));
    expect(marker).toMatch(/^ht_session=1; Max-Age=\d+; Path=\/; .*SameSite=Strict/);
    expect(marker).not.toMatch(/HttpOnly/);

    await app.caughtUp();
    const me = (await (
      await app.request('/api/v1/me', { headers: { authorization: `Bearer ${session.accessToken}` } })
    ).json()) as MeResponse;
    expect(me).toMatchObject({
      user: { email: details.email, emailVerified: true, phone: '(555) 010-2030', name: '', bio: '' },
      roles: [],
      tier: 'free',
      subscription: { subscribed: false, tier: 'free', plan_name: null, price_amount: null },
      demo: { isDemo: false },
      notifications: { marketing: true, newFeatures: true, securityAlerts: true },
    });
  });

  it('refuses an address that already has an account, whatever its case', async () => {
    const details = form();
    expect((await post('/api/v1/auth/signup', details)).status).toBe(201);
    const before = await app.eventCount();
    const again = await post('/api/v1/auth/signup', form({ email: details.email.toUpperCase() }));
    expect(again.status).toBe(409);
    const problem = (await again.json()) as Errors;
    expect(problem.title).toBe(AuthMessages.alreadyRegisteredTitle);
    expect(problem.errors.email).toBe(AuthMessages.alreadyRegistered);
    expect(await app.eventCount()).toBe(before);
  });

  it('lets only one of two simultaneous sign-ups with the same address through', async () => {
    const details = form();
    const [a, b] = await Promise.all([
      post('/api/v1/auth/signup', details),
      post('/api/v1/auth/signup', details),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
  });

  it('resends the verification link, and the old link stops working', async () => {
    const details = form();
    await post('/api/v1/auth/signup', details);
    const first = await app.tokenFromMail(details.email, 'verify-email');
    const resend = await post('/api/v1/auth/resend-verification', { email: details.email });
    expect(resend.status).toBe(202);
    const second = await app.tokenFromMail(details.email, 'verify-email');
    expect(second).not.toBe(first);
    expect((await post('/api/v1/auth/verify-email', { token: first })).status).toBe(400);
    expect((await post('/api/v1/auth/verify-email', { token: second })).status).toBe(200);
  });

  it('answers resend and forgot-password the same way for unknown addresses', async () => {
    for (const path of ['/api/v1/auth/resend-verification', '/api/v1/auth/forgot-password']) {
      const response = await post(path, { email: 'nobody@harness.test' });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ sent: true });
    }
    expect(await app.lastMail('nobody@harness.test')).toBeNull();
  });
});

describe('sign-in', () => {
  it('gives a wrong password and an unknown email the same answer in similar time', async () => {
    const user = await app.signUp();
    const time = async (email: string) => {
      const started = performance.now();
      const response = await post('/api/v1/auth/login', { email, password: 'wrong password' });
      return { ms: performance.now() - started, status: response.status, body: await response.json() };
    };
    await time('warm-up@harness.test');
    // Medians of interleaved tries: one try each is at the mercy of whatever else the machine runs.
    const wrongs: Awaited<ReturnType<typeof time>>[] = [];
    const unknowns: Awaited<ReturnType<typeof time>>[] = [];
    for (let i = 0; i < 5; i++) {
      wrongs.push(await time(user.email));
      unknowns.push(await time('nobody-here@harness.test'));
    }
    const median = (tries: { ms: number }[]) => tries.map((t) => t.ms).sort((a, b) => a - b)[2]!;
    const [wrong, unknown] = [wrongs[0]!, unknowns[0]!];
    expect([...wrongs, ...unknowns].map((t) => t.status)).toEqual(Array(10).fill(401));
    const { requestId: _a, ...wrongBody } = wrong.body as Problem;
    const { requestId: _b, ...unknownBody } = unknown.body as Problem;
    expect(unknownBody).toEqual(wrongBody);
    // Both pay for one argon2 verification; neither returns early.
    expect(median(unknowns)).toBeGreaterThan(median(wrongs) / 3);
    expect(median(wrongs)).toBeGreaterThan(median(unknowns) / 3);
  });

  it('rate-limits guessing per address with 429 and Retry-After', async () => {
    // The limiter counts in fixed 15-minute windows of the clock, which stands still: every guess
    // falls in the same window.
    const user = await app.signUp();
    const statuses: number[] = [];
    const ip = nextIp(); // one guesser (post gives each request an address of its own)
    for (let i = 0; i < 11; i++) {
      const response = await app.request('/api/v1/auth/login', {
        method: 'POST',
        json: { email: user.email, password: `guess-${i}` },
        ip,
      });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Ten failures per address and account per 15 minutes (the sign-up's own sign-in, from another
    // address and right, counts for nothing). Other addresses: abuse-limits.http.int.test.ts.
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});

describe('sessions', () => {
  it('rotates the refresh token, and reusing a rotated one after the grace ends the whole sign-in', async () => {
    const user = await app.signUp();
    const first = await refresh(user.refreshCookie);
    expect(first.status).toBe(200);
    const rotated = cookieOf(first);
    expect(rotated).not.toBe(user.refreshCookie);
    const second = await refresh(rotated);
    expect(second.status).toBe(200);
    const latest = cookieOf(second);
    const { accessToken } = (await second.json()) as AuthSession;

    // Within a few seconds a used token is answered again (tabs racing, refresh-reuse-grace test);
    // a minute later it can only be a copy.
    await app.database.pool.query(
      "update refresh_tokens set used_at = used_at - interval '1 minute' where used_at is not null",
    );
    const before = await app.eventCount();
    const reuse = await refresh(user.refreshCookie);
    expect(reuse.status).toBe(401);
    expect(await app.eventCount()).toBe(before);
    // The family is revoked: the newest refresh token and the access tokens it issued stop working.
    expect((await refresh(latest)).status).toBe(401);
    const me = await app.request('/api/v1/me', { headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(401);
  });

  it('signs out: the refresh token and the access token stop working', async () => {
    const user = await app.signUp();
    const logout = await app.request('/api/v1/auth/logout', {
      method: 'POST',
      headers: { cookie: `ht_refresh=${user.refreshCookie}` },
    });
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(/ht_refresh=;/);
    expect(logout.headers.get('set-cookie')).toMatch(/ht_session=;/);
    expect((await refresh(user.refreshCookie)).status).toBe(401);
    expect((await app.request('/api/v1/me', { as: user })).status).toBe(401);
  });

  it('refuses a refresh without a cookie', async () => {
    expect((await app.request('/api/v1/auth/refresh', { method: 'POST' })).status).toBe(401);
  });
});

describe('forged and broken access tokens', () => {
  const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const meWith = (token: string) =>
    app.request('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });

  it.each([
    [
      'no signature (alg none)',
      (user: { userId: string }) =>
        `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: user.userId, sid: 'x', exp: 4102444800, iss: 'healthtal', aud: 'healthtal-api' })}.`,
    ],
    [
      'the wrong key',
      (user: { userId: string }) => {
        const head = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: user.userId, sid: 'x', exp: 4102444800, iss: 'healthtal', aud: 'healthtal-api' })}`;
        return `${head}.${createHmac('sha256', 'guessed-key').update(head).digest('base64url')}`;
      },
    ],
    [
      'a payload changed after signing',
      (user: { accessToken: string }) => {
        const [head, , signature] = user.accessToken.split('.');
        return `${head}.${base64url({ sub: '00000000-0000-4000-8000-000000000000', sid: 'x', exp: 4102444800 })}.${signature}`;
      },
    ],
    ['garbage', () => 'not.a.jwt'],
  ])('refuses a token with %s', async (_label, forge) => {
    const user = await app.signUp();
    const response = await meWith(forge(user as never));
    expect(response.status).toBe(401);
  });

  it('refuses a malformed Authorization header', async () => {
    const response = await app.request('/api/v1/me', { headers: { authorization: 'Basic abc' } });
    expect(response.status).toBe(401);
  });
});

describe('password reset', () => {
  it('lets a link be used again only by the request that used it (its retry after a crash)', async () => {
    const user = await app.signUp();
    const links = new OneTimeTokens(app.database.pool);
    const token = await links.issue('reset-password', user.userId, 0);
    expect(await links.consume('reset-password', token, 'command-a')).toEqual({
      userId: user.userId,
      passwordVersion: 0,
    });
    // The same request again (same Idempotency-Key, so the same command id): it goes on to the same
    // command, which answers as the first attempt did.
    expect(await links.consume('reset-password', token, 'command-a')).toEqual({
      userId: user.userId,
      passwordVersion: 0,
    });
    expect(await links.consume('reset-password', token, 'command-b')).toBeNull();
    expect(await links.consume('reset-password', token)).toBeNull();
  });

  it('mails a one-hour single-use link; the new password works, the old one and other sessions do not', async () => {
    const user = await app.signUp();
    expect((await post('/api/v1/auth/forgot-password', { email: user.email })).status).toBe(202);
    const token = await app.tokenFromMail(user.email, 'reset-password');
    const mismatch = await post('/api/v1/auth/reset-password', {
      token,
      password: 'new-secret-1',
      confirmPassword: 'x',
    });
    expect(((await mismatch.json()) as Errors).errors.confirmPassword).toBe(AuthMessages.passwordsDoNotMatch);
    const reset = await post('/api/v1/auth/reset-password', {
      token,
      password: 'new-secret-1',
      confirmPassword: 'new-secret-1',
    });
    expect(reset.status).toBe(200);
    expect(
      (
        await post('/api/v1/auth/reset-password', {
          token,
          password: 'again-123',
          confirmPassword: 'again-123',
        })
      ).status,
    ).toBe(400);
    expect((await post('/api/v1/auth/login', { email: user.email, password: PASSWORD })).status).toBe(401);
    expect((await post('/api/v1/auth/login', { email: user.email, password: 'new-secret-1' })).status).toBe(
      200,
    );
    expect((await refresh(user.refreshCookie)).status).toBe(401);
  });

  it('refuses an expired link', async () => {
    const user = await app.signUp();
    await post('/api/v1/auth/forgot-password', { email: user.email });
    const token = await app.tokenFromMail(user.email, 'reset-password');
    await app.database.pool.query("update one_time_tokens set expires_at = now() - interval '1 minute'");
    const response = await post('/api/v1/auth/reset-password', {
      token,
      password: 'new-secret',
      confirmPassword: 'new-secret',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Errors).errors.token).toBe(AuthMessages.invalidOrExpiredLink);
  });
});

describe('password reset for the designated demo account', () => {
  const resetMailsTo = async (email: string) =>
    Number(
      (
        await app.database.pool.query(
          `select count(*) as n from mail_outbox where recipient = $1 and kind = 'reset-password'`,
          [email],
        )
      ).rows[0].n,
    );

  it('answers forgot-password as for any address, but mails no reset link', async () => {
    const demo = await app.as('demo');
    const response = await post('/api/v1/auth/forgot-password', { email: DEMO_EMAIL });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ sent: true });
    expect(await resetMailsTo(demo.email)).toBe(0);
  });

  it('refuses a reset link for it, issued before the rule, and keeps its password', async () => {
    const demo = await app.as('demo');
    // A link mailed earlier (before the address was designated, or before this rule shipped).
    const token = 'an-old-reset-link-for-the-demo-account';
    await app.database.pool.query(
      `insert into one_time_tokens (token_hash, purpose, user_id, expires_at)
       values ($1, 'reset-password', $2, now() + interval '1 hour')`,
      [createHash('sha256').update(token).digest('hex'), demo.userId],
    );
    const response = await post('/api/v1/auth/reset-password', {
      token,
      password: 'taken-over-1',
      confirmPassword: 'taken-over-1',
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as Problem).detail).toBe(AuthMessages.demoPasswordChangeDisabled);
    expect((await post('/api/v1/auth/login', { email: DEMO_EMAIL, password: 'taken-over-1' })).status).toBe(
      401,
    );
    expect((await post('/api/v1/auth/login', { email: DEMO_EMAIL, password: PASSWORD })).status).toBe(200);
  });
});

describe('profile and notifications', () => {
  it('stores the profile and preferences for real and /me shows them', async () => {
    const user = await app.signUp();
    const profile = await app.request('/api/v1/me/profile', {
      method: 'PUT',
      as: user,
      json: { name: '  Jordan Lee ', bio: 'Travel nurse recruiter, Midwest.' },
    });
    expect(profile.status).toBe(200);
    const prefs = await app.request('/api/v1/me/notifications', {
      method: 'PUT',
      as: user,
      json: { marketing: false, newFeatures: true, securityAlerts: true },
    });
    expect(prefs.status).toBe(200);
    await app.caughtUp();
    const me = (await (await app.request('/api/v1/me', { as: user })).json()) as MeResponse;
    expect(me.user).toMatchObject({ name: 'Jordan Lee', bio: 'Travel nurse recruiter, Midwest.' });
    expect(me.notifications).toEqual({ marketing: false, newFeatures: true, securityAlerts: true });
  });

  it('refuses profile and preference changes from the demo account', async () => {
    const before = await app.eventCount();
    const response = await app.request('/api/v1/me/profile', {
      method: 'PUT',
      as: 'demo',
      json: { name: 'x', bio: '' },
    });
    expect(response.status).toBe(403);
    const prefs = await app.request('/api/v1/me/notifications', {
      method: 'PUT',
      as: 'demo',
      json: { marketing: false, newFeatures: false, securityAlerts: false },
    });
    expect(prefs.status).toBe(403);
    expect(await app.eventCount()).toBeGreaterThanOrEqual(before);
    const me = (await (await app.request('/api/v1/me', { as: 'demo' })).json()) as MeResponse;
    expect(me.roles).toEqual(['demo']);
    expect(me.demo.flags).toEqual({
      canCreateLists: false,
      canSaveLists: false,
      canExport: false,
      canViewContactInfo: false,
      canSaveCandidates: false,
    });
  });

  it('refuses a profile with unknown fields or a 10,000-character bio', async () => {
    const user = await app.signUp();
    const unknown = await app.request('/api/v1/me/profile', {
      method: 'PUT',
      as: user,
      json: { name: 'a', bio: '', email: 'x@y.z' },
    });
    expect(((await unknown.json()) as Errors).errors.email).toBe('Unknown field.');
    const long = await app.request('/api/v1/me/profile', {
      method: 'PUT',
      as: user,
      json: { name: 'a', bio: 'x'.repeat(10_000) },
    });
    expect(long.status).toBe(400);
  });
});

import { gzipSync } from 'node:zlib';
import type { AuthSession, Problem } from '@healthtal/contracts';
import { nextIp, PASSWORD, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policy } from '../src/policy';

/**
 * The security review's findings about the HTTP edge (docs/adr/0021-http-hardening.md), each as what
 * an attacker tried. The harness trusts its loopback X-Forwarded-For and leaves the billing simulator
 * off, as a deployment with DATABASE_URL does; proxy-and-logs.http.int.test.ts covers the defaults.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const cookieOf = (response: Response) =>
  /ht_refresh=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
const problemOf = async (response: Response) => (await response.json()) as Problem;

describe('Idempotency-Key never hands one caller what another was given', () => {
  it("a stranger reusing a victim's key on refresh gets no token, and sign-in answers are never stored", async () => {
    const victim = await app.signUp();
    const key = `refresh-${victim.userId}`;
    const refreshed = await app.request('/api/v1/auth/refresh', {
      method: 'POST',
      headers: { cookie: `ht_refresh=${victim.refreshCookie}`, 'idempotency-key': key },
    });
    expect(refreshed.status).toBe(200);

    const stranger = await app.request('/api/v1/auth/refresh', {
      method: 'POST',
      headers: { 'idempotency-key': key },
    });
    expect(stranger.status).toBe(401);
    expect(stranger.headers.get('idempotent-replayed')).toBeNull();
    expect(await stranger.text()).not.toContain('accessToken');

    // The victim's own retry runs again (a new token, a rotated cookie) instead of replaying one.
    const loginKey = `login-${victim.userId}`;
    const login = () =>
      app.request('/api/v1/auth/login', {
        method: 'POST',
        json: { email: victim.email, password: PASSWORD },
        headers: { 'idempotency-key': loginKey },
      });
    const [first, retry] = [await login(), await login()];
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(cookieOf(retry)).not.toBe(cookieOf(first));
    const stored = await app.database.pool.query(
      'select 1 from idempotency_keys where key = any($1::text[]) and response is not null',
      [[key, loginKey]],
    );
    expect(stored.rowCount).toBe(0);
  });
});

describe('security headers', () => {
  it('an authenticated API answer cannot be cached, framed or sniffed, and leaks no referrer', async () => {
    const response = await app.request('/api/v1/me', { as: 'basic' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    // Plain http here: HSTS only when PUBLIC_URL is https (proxy-and-logs.http.int.test.ts).
    expect(response.headers.get('strict-transport-security')).toBeNull();
    // A public, cacheable answer keeps its own Cache-Control.
    const specialties = await app.request('/api/v1/specialties');
    expect(specialties.headers.get('cache-control')).toBe('public, max-age=300');
  });
});

describe('anonymous writes are rate-limited', () => {
  it('a flood of contact messages from one address is refused with 429 and Retry-After', async () => {
    const ip = nextIp();
    const send = (n: number) =>
      app.request('/api/v1/contact-messages', {
        method: 'POST',
        ip,
        json: {
          name: 'Flood Sender',
          email: 'flood@example.org',
          phone: '(555) 010-2030',
          subject: `Flood number ${n}`,
          message: 'The same message again and again, as fast as possible.',
        },
      });
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) statuses.push((await send(n)).status);
    expect(statuses).toEqual(Array(10).fill(201));
    const refused = await send(10);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await problemOf(refused)).detail).toBe('Too many attempts. Please wait a moment and try again.');
    // Another address is not affected.
    expect(
      (await app.request('/api/v1/contact-messages', { method: 'POST', ip: nextIp(), json: {} })).status,
    ).toBe(400);
  });
});

describe('compressed request bodies', () => {
  const bodyRoutes = Object.keys(policy)
    .filter((route) => /^(POST|PUT|PATCH) /.test(route))
    .map((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return { method, path: path.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000') };
    });

  it('a broken gzip, deflate or br body is a 400 and an unknown encoding a 415, on every route', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const { method, path } of bodyRoutes) {
      for (const encoding of ['gzip', 'deflate', 'br']) {
        const broken = await app.request(path, {
          method,
          body: 'this is not compressed at all',
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        });
        answers.push(`${method} ${path} ${encoding}: ${broken.status} ${broken.headers.get('content-type')}`);
        expected.push(`${method} ${path} ${encoding}: 400 application/problem+json; charset=utf-8`);
      }
      const unknown = await app.request(path, {
        method,
        body: 'x',
        headers: { 'content-type': 'image/png', 'content-encoding': 'zstd' },
      });
      answers.push(`${method} ${path} zstd: ${unknown.status}`);
      expected.push(`${method} ${path} zstd: 415`);
    }
    expect(answers).toEqual(expected);
    // A well-formed gzip body is still read.
    const zipped = await app.request('/api/v1/auth/login', {
      method: 'POST',
      body: gzipSync(JSON.stringify({ email: 'nobody@harness.test', password: 'wrong password' })),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      ip: nextIp(),
    });
    expect(zipped.status).toBe(401);
  });
});

describe('the billing simulator outside development', () => {
  it('without Stripe and without BILLING_SIMULATOR=on, checkout is 503 and no plan can be had for free', async () => {
    const user = await app.signUp();
    const response = await app.request('/api/v1/billing/checkout', {
      method: 'POST',
      as: user,
      json: { priceId: 'price_annual' },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect((await problemOf(response)).title).toBe('Billing is not configured');
    const simulator = await app.request(
      '/api/v1/billing/simulator/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/complete',
      {
        method: 'POST',
      },
    );
    expect(simulator.status).toBe(404);
  });
});

describe('signing out with only the access token', () => {
  it('ends that sign-in: the token is refused afterwards', async () => {
    const user = await app.signUp();
    expect((await app.request('/api/v1/me', { as: user })).status).toBe(200);
    const logout = await app.request('/api/v1/auth/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(logout.status).toBe(204);
    expect((await app.request('/api/v1/me', { as: user })).status).toBe(401);
    // And its refresh cookie no longer refreshes.
    const refreshed = await app.request('/api/v1/auth/refresh', {
      method: 'POST',
      headers: { cookie: `ht_refresh=${user.refreshCookie}` },
    });
    expect(refreshed.status).toBe(401);
    expect(((await refreshed.json()) as Partial<AuthSession>).accessToken).toBeUndefined();
  });
});

describe('/readyz from outside', () => {
  it('tells an anonymous remote caller the status alone; an admin or this machine the checks', async () => {
    const remote = nextIp();
    const anonymous = await app.request('/readyz', { ip: remote });
    expect(await anonymous.json()).toEqual({ status: expect.stringMatching(/^(ok|unavailable)$/) });
    const admin = await app.request('/readyz', { ip: remote, as: 'admin' });
    expect(Object.keys(await admin.json())).toContain('checks');
    const basic = await app.request('/readyz', { ip: remote, as: 'basic' });
    expect(Object.keys(await basic.json())).toEqual(['status']);
    // No forwarded address: the caller is this machine (a container health check, an operator).
    const local = await app.request('/readyz');
    expect(JSON.stringify(await local.json())).toContain('projections');
  });
});

import { randomUUID } from 'node:crypto';
import { DemoRefusal, type MeResponse, type Problem } from '@healthtal/contracts';
import { ROLES, type Role, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows, type Capability, type Principal, policy } from '../src/policy';

/** What each role may do, as the product promises it (recruiter-directory §6). */
const expectedCapabilities: Record<Role | 'anonymous', Capability[]> = {
  anonymous: [],
  free: ['signed-in', 'not-demo'],
  basic: ['signed-in', 'not-demo', 'basic', 'contacts'],
  premium: ['signed-in', 'not-demo', 'basic', 'premium', 'contacts'],
  demo: ['signed-in', 'basic'],
  'demo-full': ['signed-in', 'basic', 'contacts'],
  admin: ['signed-in', 'not-demo', 'basic', 'premium', 'contacts', 'admin'],
};
const principalOf = (role: Role | 'anonymous'): Principal =>
  role === 'anonymous'
    ? { kind: 'anonymous' }
    : { kind: 'user', userId: role, capabilities: new Set(expectedCapabilities[role]) };

/**
 * Refusals by the policy carry these titles (the demo account's in words, issue 37); a handler's own
 * 401/403 (a bad refresh cookie) does not.
 */
const POLICY_TITLES = ['Sign in required', 'Forbidden', DemoRefusal.title];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await Promise.all(ROLES.map((role) => app.as(role)));
});
afterAll(() => app?.close());

describe('the policy table, walked for every role', () => {
  it('tells each role, in /me, exactly the capabilities the spec promises', async () => {
    for (const role of ROLES) {
      const me = (await (await app.request('/api/v1/me', { as: role })).json()) as MeResponse;
      expect([...me.capabilities].sort(), role).toEqual([...expectedCapabilities[role]].sort());
    }
  });

  it('gives each role the roles, tier and demo flags the spec promises', async () => {
    const roles = (await Promise.all(
      ROLES.map(async (role) => [
        role,
        (await (await app.request('/api/v1/me', { as: role })).json()) as MeResponse,
      ]),
    )) as [Role, MeResponse][];
    const summary = Object.fromEntries(
      roles.map(([role, me]) => [
        role,
        { roles: me.roles, tier: me.tier, contacts: me.demo.flags.canViewContactInfo },
      ]),
    );
    expect(summary).toEqual({
      free: { roles: [], tier: 'free', contacts: false },
      basic: { roles: [], tier: 'basic', contacts: true },
      premium: { roles: [], tier: 'premium', contacts: true },
      demo: { roles: ['demo'], tier: 'free', contacts: false },
      'demo-full': { roles: ['demo'], tier: 'free', contacts: true },
      admin: { roles: ['admin'], tier: 'premium', contacts: true },
    });
  });

  // Signing out ends the sign-in whose access token it is given (docs/adr/0021): walked last.
  const routes = (Object.entries(policy) as [string, (typeof policy)[keyof typeof policy]][]).sort(
    ([a], [b]) => Number(a === 'POST /api/v1/auth/logout') - Number(b === 'POST /api/v1/auth/logout'),
  );
  for (const role of ['anonymous', ...ROLES] as const) {
    it(`answers ${role} on every route as the table says`, async () => {
      const failures: string[] = [];
      for (const [key, requirement] of routes) {
        const [method, pattern] = key.split(' ') as [string, string];
        const path = pattern.replace(/:[a-zA-Z]+/g, randomUUID());
        const before = await app.eventCount();
        const response = await app.request(path, {
          method,
          ...(role === 'anonymous' ? {} : { as: role }),
          ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
          redirect: 'manual',
        });
        const body = response.headers.get('content-type')?.includes('json')
          ? ((await response.json()) as Problem)
          : null;
        const refusedByPolicy = POLICY_TITLES.includes(body?.title ?? '');
        const allowed = allows(principalOf(role), requirement);
        const expected = allowed ? 'not refused' : role === 'anonymous' ? 401 : 403;
        const actual = refusedByPolicy ? response.status : 'not refused';
        if (actual !== expected)
          failures.push(`${key}: expected ${expected}, got ${response.status} ${body?.title ?? ''}`);
        if (!allowed && (await app.eventCount()) !== before)
          failures.push(`${key}: a refused call appended events`);
      }
      expect(failures).toEqual([]);
    });
  }
});

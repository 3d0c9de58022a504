import { randomUUID } from 'node:crypto';
import { type AdminUserRow, DemoGrantRow, type MeResponse, type Problem } from '@healthtal/contracts';
import {
  type Role,
  type SignedIn,
  startTestApp,
  type TestApp,
  testMetadata,
} from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const HOUR = 3_600_000;
const problemOf = async (response: Response) =>
  (await response.json()) as Problem & { errors?: Record<string, string> };
const filterParam = (filter: unknown) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

const grant = (json: unknown, headers: Record<string, string> = {}) =>
  app.request('/api/admin/demo-grants', { method: 'POST', as: 'admin', json, headers });
const me = async (user: SignedIn) =>
  (await (await app.request('/api/v1/me', { as: user })).json()) as MeResponse;
const grantsOf = async (userId: string) => {
  const response = await app.request(`/api/admin/demo-grants?${filterParam({ userId })}`, { as: 'admin' });
  expect(response.status).toBe(200);
  return DemoGrantRow.array().parse(await response.json());
};
const adminRowOf = async (user: SignedIn) => {
  const response = await app.request(`/api/admin/users/${user.userId}`, { as: 'admin' });
  return (await response.json()) as AdminUserRow;
};

/** Appends straight to the user's demo stream: grants as an old version of the product left them. */
const appendDemoEvent = (userId: string, type: string, data: Record<string, unknown>) =>
  app.store.append(`demo-${userId}`, [{ type, data: { userId, ...data }, metadata: testMetadata() }]);
const storedGrant = (userId: string, change: Record<string, unknown> = {}) =>
  appendDemoEvent(userId, 'DemoAccessGranted', {
    grantId: randomUUID(),
    featureType: 'full_access',
    expiresAt: null,
    maxUses: null,
    notes: null,
    grantedBy: 'test',
    ...change,
  });
const subscribe = (userId: string) =>
  app.store.append(`subscription-${userId}`, [
    {
      type: 'SubscriptionActivated',
      data: {
        userId,
        subscriptionId: `sub_${randomUUID()}`,
        sourceEventId: `evt_${randomUUID()}`,
        customerId: `cus_${randomUUID()}`,
        priceId: 'price_monthly',
        tier: 'basic',
        currentPeriodEnd: new Date(Date.now() + 30 * 24 * HOUR).toISOString(),
        simulated: true,
      },
      metadata: testMetadata(),
    },
  ]);

describe('granting demo access', () => {
  it('makes a user a demo user for a day, with contact reveal and nothing else', async () => {
    const user = await app.signUp();
    const before = Date.now();
    const response = await grant({ userId: user.userId, duration: '1d', notes: '  Acme trial  ' });
    expect(response.status).toBe(201);
    const row = DemoGrantRow.parse(await response.json());
    expect(row).toEqual({
      id: expect.any(String),
      userId: user.userId,
      user_email: user.email,
      featureType: 'full_access',
      active: true,
      expires_at: expect.any(String),
      maxUses: null,
      usesCount: 0,
      notes: 'Acme trial',
      grantedAt: expect.any(String),
    });
    const expiresIn = Date.parse(row.expires_at!) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(24 * HOUR);
    expect(expiresIn).toBeLessThan(24 * HOUR + 60_000);

    await app.caughtUp();
    const profile = await me(user);
    expect(profile.roles).toEqual(['demo']);
    expect(profile.demo).toEqual({
      isDemo: true,
      hasFullAccessGrant: true,
      fullAccessUntil: expect.any(String),
      flags: {
        canCreateLists: false,
        canSaveLists: false,
        canExport: false,
        canViewContactInfo: true,
        canSaveCandidates: false,
      },
    });
    expect(Date.parse(profile.demo.fullAccessUntil!)).toBe(Date.parse(row.expires_at!));
    expect(await grantsOf(user.userId)).toEqual([{ ...row, grantedAt: expect.any(String) }]);
    expect(await adminRowOf(user)).toMatchObject({ isDemo: true, isAdmin: false });
    // The demo restrictions hold on the server: profile editing is refused.
    const edit = await app.request('/api/v1/me/profile', {
      method: 'PUT',
      as: user,
      json: { name: 'Demo', bio: '' },
    });
    expect(edit.status).toBe(403);
  });

  it.each([
    ['indefinite', null],
    ['1h', HOUR],
    ['1w', 7 * 24 * HOUR],
    ['30d', 30 * 24 * HOUR],
  ] as const)('grants %s access with the matching expiry', async (duration, ms) => {
    const user = await app.signUp();
    const before = Date.now();
    const row = (await (await grant({ userId: user.userId, duration, maxUses: 5 })).json()) as DemoGrantRow;
    expect(row.maxUses).toBe(5);
    if (ms === null) expect(row.expires_at).toBeNull();
    else expect(Date.parse(row.expires_at!) - before).toBeGreaterThanOrEqual(ms);
  });

  it('tells /me, for the banner, until when full access lasts: the latest grant, or never ending', async () => {
    const user = await app.signUp();
    await grant({ userId: user.userId, duration: '1h' });
    const week = (await (await grant({ userId: user.userId, duration: '1w' })).json()) as DemoGrantRow;
    await app.caughtUp();
    const withWeek = (await me(user)).demo;
    expect(withWeek.hasFullAccessGrant).toBe(true);
    expect(Date.parse(withWeek.fullAccessUntil!)).toBe(Date.parse(week.expires_at!));

    await grant({ userId: user.userId, duration: 'indefinite' });
    await app.caughtUp();
    expect((await me(user)).demo).toMatchObject({ hasFullAccessGrant: true, fullAccessUntil: null });
  });

  it('keeps the restrictions banner for the designated demo account without a grant', async () => {
    const demo = (await me(await app.as('demo'))).demo;
    expect(demo).toMatchObject({ isDemo: true, hasFullAccessGrant: false, fullAccessUntil: null });
    expect(demo.flags.canViewContactInfo).toBe(false);
  });

  it('records who granted it, in the event and its metadata', async () => {
    const user = await app.signUp();
    const admin = await app.as('admin');
    await grant({ userId: user.userId, duration: '1h' });
    const [event] = await app.store.readStream(`demo-${user.userId}`);
    expect(event).toMatchObject({
      type: 'DemoAccessGranted',
      data: { userId: user.userId, grantedBy: admin.userId, notes: null, maxUses: null },
      metadata: { userId: admin.userId },
    });
  });

  it('grants once for a retried request with the same Idempotency-Key', async () => {
    const user = await app.signUp();
    const key = { 'idempotency-key': `grant-${randomUUID()}` };
    const first = await grant({ userId: user.userId, duration: '1d' }, key);
    const second = await grant({ userId: user.userId, duration: '1d' }, key);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(await app.store.readStream(`demo-${user.userId}`)).toHaveLength(1);
  });

  it('refuses a grant for an unknown user with 404 and stores nothing', async () => {
    const before = await app.eventCount();
    const response = await grant({ userId: randomUUID(), duration: '1d' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect((await problemOf(response)).title).toBe('User not found');
    expect(await app.eventCount()).toBe(before);
  });

  it.each([
    ['an unknown duration', { duration: '2d' }, 'duration'],
    ['a missing duration', { duration: undefined }, 'duration'],
    ['a feature that is not offered', { featureType: 'export' }, 'featureType'],
    ['an extra field', { expiresAt: '2030-01-01T00:00:00Z' }, 'expiresAt'],
    ['a user id that is not a uuid', { userId: 'bob' }, 'userId'],
    ['zero uses', { maxUses: 0 }, 'maxUses'],
    ['fractional uses', { maxUses: 1.5 }, 'maxUses'],
    ['notes over 500 characters', { notes: 'x'.repeat(501) }, 'notes'],
  ])('refuses %s with a field error and stores nothing', async (_label, change, field) => {
    const user = await app.signUp();
    const before = await app.eventCount();
    const response = await grant({ userId: user.userId, duration: '1d', ...change });
    expect(response.status).toBe(400);
    expect(Object.keys((await problemOf(response)).errors ?? {})).toEqual([field]);
    expect(await app.eventCount()).toBe(before);
  });
});

describe('revoking demo access', () => {
  it('ends every grant: the user is no longer demo and the grants show inactive', async () => {
    const user = await app.signUp();
    await grant({ userId: user.userId, duration: '1d' });
    await grant({ userId: user.userId, duration: 'indefinite' });
    const response = await app.request(`/api/admin/users/${user.userId}/demo-grants`, {
      method: 'DELETE',
      as: 'admin',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revoked: 2 });
    await app.caughtUp();
    const profile = await me(user);
    expect(profile.roles).toEqual([]);
    expect(profile.demo.isDemo).toBe(false);
    expect((await grantsOf(user.userId)).map((row) => row.active)).toEqual([false, false]);
    expect(await adminRowOf(user)).toMatchObject({ isDemo: false });
  });

  it('revokes nothing the second time, and appends nothing', async () => {
    const user = await app.signUp();
    await grant({ userId: user.userId, duration: '1d' });
    const revoke = () =>
      app.request(`/api/admin/users/${user.userId}/demo-grants`, { method: 'DELETE', as: 'admin' });
    await revoke();
    const before = await app.eventCount();
    expect(await (await revoke()).json()).toEqual({ revoked: 0 });
    expect(await app.eventCount()).toBe(before);
  });

  it('answers 404 for an unknown user and 400 for an id that is not one', async () => {
    const unknown = await app.request(`/api/admin/users/${randomUUID()}/demo-grants`, {
      method: 'DELETE',
      as: 'admin',
    });
    expect(unknown.status).toBe(404);
    const malformed = await app.request('/api/admin/users/not-an-id/demo-grants', {
      method: 'DELETE',
      as: 'admin',
    });
    expect(malformed.status).toBe(400);
    expect((await problemOf(malformed)).errors).toHaveProperty('userId');
  });
});

describe('the validity rule', () => {
  it('does not count a grant whose expiry has passed', async () => {
    const user = await app.signUp();
    await storedGrant(user.userId, { expiresAt: new Date(Date.now() - HOUR).toISOString() });
    await app.caughtUp();
    expect((await me(user)).demo.isDemo).toBe(false);
    expect(await grantsOf(user.userId)).toEqual([expect.objectContaining({ active: false })]);
    expect(await adminRowOf(user)).toMatchObject({ isDemo: false });
  });

  it('does not count a grant whose uses are spent', async () => {
    const user = await app.signUp();
    const grantId = randomUUID();
    await storedGrant(user.userId, { grantId, maxUses: 1 });
    await app.caughtUp();
    expect((await me(user)).demo.isDemo).toBe(true);
    await appendDemoEvent(user.userId, 'DemoAccessUsed', { grantId, featureType: 'full_access' });
    await app.caughtUp();
    expect((await me(user)).demo.isDemo).toBe(false);
    expect(await grantsOf(user.userId)).toEqual([
      expect.objectContaining({ active: false, usesCount: 1, maxUses: 1 }),
    ]);
  });

  it('never makes a subscriber a demo user', async () => {
    const user = await app.signUp();
    await subscribe(user.userId);
    await grant({ userId: user.userId, duration: 'indefinite' });
    await app.caughtUp();
    const profile = await me(user);
    expect(profile.roles).toEqual([]);
    expect(profile.demo.isDemo).toBe(false);
    expect(profile.demo.flags.canCreateLists).toBe(true);
    expect(await adminRowOf(user)).toMatchObject({ isDemo: false, subscriptionLabel: 'Monthly' });
    // The grant itself is valid; the user just does not need it.
    expect(await grantsOf(user.userId)).toEqual([expect.objectContaining({ active: true })]);
  });
});

describe('GET /api/admin/demo-grants', () => {
  it('finds grants by the email of their user, case-insensitively, and pages them', async () => {
    const token = randomUUID().slice(0, 8);
    const users = [
      await app.signUp(`grant-${token}-a@harness.test`),
      await app.signUp(`grant-${token}-b@harness.test`),
    ];
    for (const user of users) await grant({ userId: user.userId, duration: '1w' });
    await app.caughtUp();
    const search = `filter=${encodeURIComponent(JSON.stringify({ q: token.toUpperCase() }))}`;
    const all = await app.request(`/api/admin/demo-grants?${search}&sort=["user_email","ASC"]`, {
      as: 'admin',
    });
    expect(all.headers.get('content-range')).toBe('demo-grants 0-1/2');
    expect(((await all.json()) as DemoGrantRow[]).map((row) => row.user_email)).toEqual(
      users.map((user) => user.email),
    );
    const second = await app.request(
      `/api/admin/demo-grants?${search}&sort=["user_email","ASC"]&range=[1,1]`,
      {
        as: 'admin',
      },
    );
    expect(second.headers.get('content-range')).toBe('demo-grants 1-1/2');
    expect(((await second.json()) as DemoGrantRow[]).map((row) => row.user_email)).toEqual([users[1]!.email]);
    const onlyActive = await app.request(
      `/api/admin/demo-grants?${filterParam({ q: token, active: false })}`,
      {
        as: 'admin',
      },
    );
    expect(onlyActive.headers.get('content-range')).toBe('demo-grants 0-0/0');
  });

  it('refuses a filter value of the wrong kind with the field named', async () => {
    const response = await app.request(`/api/admin/demo-grants?${filterParam({ userId: 'bob' })}`, {
      as: 'admin',
    });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toHaveProperty(['filter.userId']);
  });
});

describe('who may manage demo grants', () => {
  const calls = (userId: string): [string, string, unknown?][] => [
    ['GET', '/api/admin/demo-grants'],
    ['POST', '/api/admin/demo-grants', { userId, duration: '1d' }],
    ['DELETE', `/api/admin/users/${userId}/demo-grants`],
  ];

  it.each(['free', 'basic', 'premium', 'demo', 'demo-full'] as Role[])(
    'refuses %s with 403 and changes nothing',
    async (role) => {
      const target = await app.signUp();
      await app.as(role); // signed up before counting: creating the account appends events
      for (const [method, path, json] of calls(target.userId)) {
        const before = await app.eventCount();
        const response = await app.request(path, { method, as: role, ...(json ? { json } : {}) });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(await app.eventCount()).toBe(before);
      }
    },
  );

  it('refuses anonymous callers with 401', async () => {
    const target = await app.signUp();
    for (const [method, path, json] of calls(target.userId)) {
      const response = await app.request(path, { method, ...(json ? { json } : {}) });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});

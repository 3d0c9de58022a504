import { randomUUID } from 'node:crypto';
import {
  AdminUserRow,
  AdminUserStats,
  type MeResponse,
  type Problem,
  UserHistoryEntry,
} from '@healthtal/contracts';
import {
  ADMIN_EMAIL,
  nextIp,
  PASSWORD,
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

const DAY = 86_400_000;
const problemOf = async (response: Response) =>
  (await response.json()) as Problem & { errors?: Record<string, string> };
const query = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&');
const listUsers = async (params: Record<string, unknown>) => {
  const response = await app.request(`/api/admin/users?${query(params)}`, { as: 'admin' });
  expect(response.status).toBe(200);
  return {
    range: response.headers.get('content-range'),
    rows: AdminUserRow.array().parse(await response.json()),
  };
};
const stats = async () =>
  AdminUserStats.parse(await (await app.request('/api/admin/user-stats', { as: 'admin' })).json());
const me = (user: SignedIn) => app.request('/api/v1/me', { as: user });
const history = async (userId: string) => {
  const response = await app.request(`/api/admin/users/${userId}/history`, { as: 'admin' });
  expect(response.status).toBe(200);
  // Decoded with the contract, as the console decodes it.
  return UserHistoryEntry.array().parse(await response.json());
};

type SubscriptionState = 'active' | 'canceled' | 'past_due' | 'expired';
/** A subscription as billing would leave it, appended straight to the user's subscription stream. */
async function subscribe(userId: string, state: SubscriptionState = 'active', priceId = 'price_monthly') {
  const ref = { userId, subscriptionId: `sub_${randomUUID()}`, sourceEventId: `evt_${randomUUID()}` };
  const later = (type: string, data: Record<string, unknown>) => ({
    type,
    data: { ...ref, sourceEventId: `evt_${randomUUID()}`, ...data },
    metadata: testMetadata(),
  });
  await app.store.append(`subscription-${userId}`, [
    {
      type: 'SubscriptionActivated',
      data: {
        ...ref,
        customerId: `cus_${randomUUID()}`,
        priceId,
        tier: priceId === 'price_annual' ? 'premium' : 'basic',
        currentPeriodEnd: new Date(Date.now() + 30 * DAY).toISOString(),
        simulated: true,
      },
      metadata: testMetadata(),
    },
    ...(state === 'canceled'
      ? [later('SubscriptionCanceled', { endsAt: new Date(Date.now() + 10 * DAY).toISOString() })]
      : state === 'past_due'
        ? [later('PaymentFailed', { invoiceId: `in_${randomUUID()}`, attempt: 1 })]
        : state === 'expired'
          ? [later('SubscriptionExpired', {})]
          : []),
  ]);
}

describe('GET /api/admin/users', () => {
  it('searches by email, case-insensitively, and pages with the total in Content-Range', async () => {
    const token = randomUUID().slice(0, 8);
    const users: SignedIn[] = [];
    for (const name of ['carol', 'alice', 'bob'])
      users.push(await app.signUp(`${name}-${token}@harness.test`));
    await app.caughtUp();

    const byEmail = await listUsers({ filter: { q: token.toUpperCase() }, sort: ['email', 'ASC'] });
    expect(byEmail.range).toBe('users 0-2/3');
    expect(byEmail.rows.map((row) => row.email.split('-')[0])).toEqual(['alice', 'bob', 'carol']);

    const newestFirst = await listUsers({ filter: { q: token } });
    expect(newestFirst.rows.map((row) => row.email.split('-')[0])).toEqual(['bob', 'alice', 'carol']);
    const oldestFirst = await listUsers({ filter: { q: token }, sort: ['signupDate', 'ASC'] });
    expect(oldestFirst.rows.map((row) => row.email.split('-')[0])).toEqual(['carol', 'alice', 'bob']);
    const lastSignIn = await listUsers({ filter: { q: token }, sort: ['lastSignInAt', 'DESC'] });
    expect(lastSignIn.rows.map((row) => row.email.split('-')[0])).toEqual(['bob', 'alice', 'carol']);

    const secondPage = await listUsers({ filter: { q: token }, sort: ['email', 'DESC'], range: [2, 3] });
    expect(secondPage.range).toBe('users 2-2/3');
    expect(secondPage.rows.map((row) => row.email.split('-')[0])).toEqual(['alice']);
  });

  it('shows each column the console needs', async () => {
    const user = await app.signUp();
    await app.caughtUp();
    const { rows } = await listUsers({ filter: { q: user.email } });
    expect(rows).toEqual([
      {
        id: user.userId,
        email: user.email,
        signupDate: expect.any(String),
        lastSignInAt: expect.any(String),
        emailVerified: true,
        subscriptionStatus: null,
        subscriptionPlan: null,
        subscriptionLabel: 'Free',
        source: null,
        phone: '555-010-2030',
        totalExports: 0,
        isAdmin: false,
        isDemo: false,
      },
    ]);
  });

  it('labels subscriptions and badges admins and the demo account', async () => {
    const roles: Role[] = ['basic', 'premium', 'admin', 'demo', 'demo-full', 'free'];
    const accounts = await Promise.all(roles.map((role) => app.as(role)));
    const canceled = await app.signUp();
    await subscribe(canceled.userId, 'canceled', 'price_annual');
    await app.caughtUp();
    const { rows } = await listUsers({ filter: { id: [...accounts, canceled].map((a) => a.userId) } });
    const rowOf = (who: SignedIn) => rows.find((row) => row.id === who.userId)!;
    const summary = (who: SignedIn) => {
      const { subscriptionLabel, subscriptionStatus, isAdmin, isDemo } = rowOf(who);
      return { subscriptionLabel, subscriptionStatus, isAdmin, isDemo };
    };
    expect(Object.fromEntries(roles.map((role, i) => [role, summary(accounts[i]!)]))).toEqual({
      basic: { subscriptionLabel: 'Monthly', subscriptionStatus: 'active', isAdmin: false, isDemo: false },
      premium: { subscriptionLabel: 'Annual', subscriptionStatus: 'active', isAdmin: false, isDemo: false },
      admin: { subscriptionLabel: 'Free', subscriptionStatus: null, isAdmin: true, isDemo: false },
      demo: { subscriptionLabel: 'Free', subscriptionStatus: null, isAdmin: false, isDemo: true },
      'demo-full': { subscriptionLabel: 'Free', subscriptionStatus: null, isAdmin: false, isDemo: true },
      free: { subscriptionLabel: 'Free', subscriptionStatus: null, isAdmin: false, isDemo: false },
    });
    // Canceled with paid time left: still paid, but the column shows active plans only.
    expect(summary(canceled)).toEqual({
      subscriptionLabel: 'Free',
      subscriptionStatus: 'canceled',
      isAdmin: false,
      isDemo: false,
    });
    expect(rowOf(canceled).subscriptionPlan).toBe('Annual');
  });

  it.each([
    ['nobody matches', 'no-such-user-anywhere'],
    ['% is taken literally', '%'],
    ['_ is taken literally', '_'],
  ])('answers an empty page with a total of 0 when %s', async (_label, q) => {
    const { range, rows } = await listUsers({ filter: { q } });
    expect(rows).toEqual([]);
    expect(range).toBe('users 0-0/0');
  });

  it('refuses an unknown sort field, a bad range and a bad id filter with 400', async () => {
    for (const params of [
      { sort: ['phone', 'ASC'] },
      { range: [5, 2] },
      { filter: { id: 'not-a-uuid' } },
      { filter: { q: 42 } },
    ]) {
      const response = await app.request(`/api/admin/users?${query(params)}`, { as: 'admin' });
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
  });
});

describe('GET /api/admin/users/:id', () => {
  it('answers one row, 404 for an unknown id and 400 for a malformed one', async () => {
    const user = await app.signUp();
    await app.caughtUp();
    const one = await app.request(`/api/admin/users/${user.userId}`, { as: 'admin' });
    expect(await one.json()).toMatchObject({ id: user.userId, email: user.email });
    const unknown = await app.request(`/api/admin/users/${randomUUID()}`, { as: 'admin' });
    expect(unknown.status).toBe(404);
    expect((await problemOf(unknown)).title).toBe('User not found');
    expect((await app.request('/api/admin/users/42', { as: 'admin' })).status).toBe(400);
  });
});

describe('GET /api/admin/user-stats', () => {
  it('counts users, active subscriptions and current paid subscriptions', async () => {
    await app.caughtUp();
    const before = await stats();
    const users = await Promise.all([app.signUp(), app.signUp(), app.signUp(), app.signUp(), app.signUp()]);
    const states: (SubscriptionState | null)[] = ['active', 'canceled', 'past_due', 'expired', null];
    for (const [i, state] of states.entries()) if (state) await subscribe(users[i]!.userId, state);
    await app.caughtUp();
    expect(await stats()).toEqual({
      totalUsers: before.totalUsers + 5,
      activeSubscriptions: before.activeSubscriptions + 1,
      paidSubscriptions: before.paidSubscriptions + 3,
      totalExports: 0,
    });
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('removes the person everywhere and erases their data from the events', async () => {
    const user = await app.signUp();
    await subscribe(user.userId);
    const granted = await app.request('/api/admin/demo-grants', {
      method: 'POST',
      as: 'admin',
      json: { userId: user.userId, duration: 'indefinite' },
    });
    expect(granted.status).toBe(201);
    await app.caughtUp();
    const before = await stats();

    const response = await app.request(`/api/admin/users/${user.userId}`, { method: 'DELETE', as: 'admin' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: user.userId, deleted: true });
    await app.caughtUp();

    // Gone from the console, its cards and the read models behind them.
    expect((await listUsers({ filter: { q: user.email } })).rows).toEqual([]);
    expect((await app.request(`/api/admin/users/${user.userId}`, { as: 'admin' })).status).toBe(404);
    expect(await stats()).toEqual({
      ...before,
      totalUsers: before.totalUsers - 1,
      activeSubscriptions: before.activeSubscriptions - 1,
      paidSubscriptions: before.paidSubscriptions - 1,
    });
    for (const table of ['subscriptions', 'demo_grants']) {
      const { rows } = await app.pool.query(`select 1 from ${table} where user_id = $1`, [user.userId]);
      expect(rows, table).toEqual([]);
    }

    // Signed out everywhere, and cannot sign in again.
    expect((await me(user)).status).toBe(401);
    const login = await app.request('/api/v1/auth/login', {
      method: 'POST',
      json: { email: user.email, password: PASSWORD },
      ip: nextIp(),
    });
    expect(login.status).toBe(401);

    // The log keeps the events, but the person's data in them can no longer be read.
    const trail = await history(user.userId);
    const types = trail.map((entry) => entry.type);
    expect(types.slice(0, 2)).toEqual(['PersonalDataErased', 'UserDeleted']);
    expect(types).toEqual(
      expect.arrayContaining(['UserRegistered', 'SubscriptionActivated', 'DemoAccessGranted']),
    );
    const registered = trail.find((entry) => entry.type === 'UserRegistered')!;
    expect(registered.data).toMatchObject({ userId: user.userId, email: null, phone: null });
    expect(registered.data).not.toHaveProperty('passwordHash');
    const raw = await app.pool.query<{ data: { email?: string; _pd: string } }>(
      `select data from eventstore.events where stream_id = $1 and type = 'UserRegistered'`,
      [`user-${user.userId}`],
    );
    expect(raw.rows[0]!.data.email).toBeUndefined();
    expect(raw.rows[0]!.data._pd).toMatch(/^pd2:/);
    const keys = await app.pool.query(
      'select 1 from eventstore.personal_data_keys where subject = $1 and key is not null',
      [user.userId],
    );
    expect(keys.rows).toEqual([]);
    const mail = await app.pool.query('select 1 from mail_outbox where recipient = $1', [user.email]);
    expect(mail.rows, 'mail to the deleted address').toEqual([]);

    // The address is free for a new account.
    const again = await app.signUp(user.email);
    expect(again.userId).not.toBe(user.userId);
    await app.caughtUp();
    expect((await listUsers({ filter: { q: user.email } })).rows.map((row) => row.id)).toEqual([
      again.userId,
    ]);
  });

  it('answers 404 for an unknown user and for one already deleted, appending nothing', async () => {
    const user = await app.signUp();
    const remove = (id: string) => app.request(`/api/admin/users/${id}`, { method: 'DELETE', as: 'admin' });
    expect((await remove(user.userId)).status).toBe(200);
    const before = await app.eventCount();
    expect((await remove(user.userId)).status).toBe(404);
    expect((await remove(randomUUID())).status).toBe(404);
    expect(await app.eventCount()).toBe(before);
  });

  it('does not let an admin delete themself', async () => {
    const admin = await app.as('admin');
    const before = await app.eventCount();
    const response = await app.request(`/api/admin/users/${admin.userId}`, { method: 'DELETE', as: 'admin' });
    expect(response.status).toBe(409);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(await app.eventCount()).toBe(before);
    expect((await me(admin)).status).toBe(200);
  });
});

describe('the admin role', () => {
  const roleOf = async (user: SignedIn) => ((await (await me(user)).json()) as MeResponse).roles;

  it('is granted and revoked by an admin, and /me and the console follow', async () => {
    const user = await app.signUp();
    const grant = await app.request(`/api/admin/users/${user.userId}/admin-role`, {
      method: 'POST',
      as: 'admin',
    });
    expect(grant.status).toBe(200);
    expect(await grant.json()).toEqual({ id: user.userId, isAdmin: true });
    await app.caughtUp();
    expect(await roleOf(user)).toEqual(['admin']);
    expect((await app.request('/api/admin/users', { as: user })).status).toBe(200);
    expect((await listUsers({ filter: { q: user.email } })).rows[0]).toMatchObject({ isAdmin: true });

    const revoke = await app.request(`/api/admin/users/${user.userId}/admin-role`, {
      method: 'DELETE',
      as: 'admin',
    });
    expect(await revoke.json()).toEqual({ id: user.userId, isAdmin: false });
    await app.caughtUp();
    expect(await roleOf(user)).toEqual([]);
    expect((await app.request('/api/admin/users', { as: user })).status).toBe(403);
  });

  it('follows an AdminRoleGranted event however it was appended', async () => {
    const user = await app.signUp();
    await app.store.append(`user-${user.userId}`, [
      { type: 'AdminRoleGranted', data: { userId: user.userId, grantedBy: 'ops' }, metadata: testMetadata() },
    ]);
    await app.caughtUp();
    expect(await roleOf(user)).toEqual(['admin']);
  });

  it('stays with an admin by configuration whatever the events say', async () => {
    const configured = await app.as('admin');
    const other = await app.signUp();
    await app.request(`/api/admin/users/${other.userId}/admin-role`, { method: 'POST', as: 'admin' });
    await app.caughtUp();
    const revoke = await app.request(`/api/admin/users/${configured.userId}/admin-role`, {
      method: 'DELETE',
      as: other,
    });
    expect(await revoke.json()).toEqual({ id: configured.userId, isAdmin: true });
    await app.caughtUp();
    expect(await roleOf(configured)).toEqual(['admin']);
    expect(configured.email).toBe(ADMIN_EMAIL);
  });

  it('cannot be taken from yourself, and answers 404 for an unknown user', async () => {
    const admin = await app.as('admin');
    const self = await app.request(`/api/admin/users/${admin.userId}/admin-role`, {
      method: 'DELETE',
      as: 'admin',
    });
    expect(self.status).toBe(409);
    const unknown = await app.request(`/api/admin/users/${randomUUID()}/admin-role`, {
      method: 'POST',
      as: 'admin',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('GET /api/admin/users/:id/history', () => {
  it('lists the account, subscription and demo events newest first, with who did each', async () => {
    const admin = await app.as('admin');
    const user = await app.signUp();
    await subscribe(user.userId);
    await app.request('/api/admin/demo-grants', {
      method: 'POST',
      as: 'admin',
      json: { userId: user.userId, duration: '1h', notes: 'pilot' },
    });
    const trail = await history(user.userId);
    expect(trail.map((entry) => entry.type)).toEqual([
      'DemoAccessGranted',
      'SubscriptionActivated',
      'UserSignedIn',
      'EmailVerified',
      'UserRegistered',
    ]);
    expect(trail[0]).toMatchObject({
      stream: `demo-${user.userId}`,
      actor: admin.userId,
      data: { notes: 'pilot', grantedBy: admin.userId },
    });
    expect(trail.at(-1)!.data).toMatchObject({ email: user.email, phone: '555-010-2030' });
    expect(trail.at(-1)!.data).not.toHaveProperty('passwordHash');
    const positions = trail.map((entry) => entry.position);
    expect(new Set(positions).size).toBe(positions.length);
  });

  it('answers 404 for a user who never existed', async () => {
    expect((await app.request(`/api/admin/users/${randomUUID()}/history`, { as: 'admin' })).status).toBe(404);
  });
});

describe('who may manage users', () => {
  const calls = (id: string): [string, string][] => [
    ['GET', '/api/admin/users'],
    ['GET', `/api/admin/users/${id}`],
    ['GET', '/api/admin/user-stats'],
    ['DELETE', `/api/admin/users/${id}`],
    ['POST', `/api/admin/users/${id}/admin-role`],
    ['DELETE', `/api/admin/users/${id}/admin-role`],
    ['GET', `/api/admin/users/${id}/history`],
  ];

  it.each(['free', 'basic', 'premium', 'demo', 'demo-full'] as Role[])(
    'refuses %s with 403 and changes nothing',
    async (role) => {
      const target = await app.signUp();
      await app.as(role); // signed up before counting: creating the account appends events
      for (const [method, path] of calls(target.userId)) {
        const before = await app.eventCount();
        const response = await app.request(path, { method, as: role });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(await app.eventCount()).toBe(before);
      }
      expect((await me(target)).status).toBe(200);
    },
  );

  it('refuses anonymous callers with 401', async () => {
    const target = await app.signUp();
    for (const [method, path] of calls(target.userId)) {
      const response = await app.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});

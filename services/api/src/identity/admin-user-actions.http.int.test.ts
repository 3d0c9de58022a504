import { randomUUID } from 'node:crypto';
import {
  AdminPlanChangeResult,
  AdminUserMailResult,
  type AdminUserRow,
  type Problem,
  UserHistoryEntry,
} from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import {
  ADMIN_EMAIL,
  DEMO_EMAIL,
  nextIp,
  PASSWORD,
  type SignedIn,
  startTestApp,
  type TestApp,
} from '@healthtal/testkit/harness';
import { type DataProvider, fetchUtils } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Issue 37, finding 14: what an admin does to a user from the console's Users screen. The list goes
 * through ra-data-simple-rest as the console calls it; the actions are the console's custom methods.
 */
let app: TestApp;
let admin: SignedIn;
let dataProvider: DataProvider;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.as('admin');
  dataProvider = simpleRestProvider(
    `${app.url}/api/admin`,
    (url: string, options: fetchUtils.Options = {}) => {
      const headers = new Headers(options.headers ?? { Accept: 'application/json' });
      headers.set('Authorization', `Bearer ${admin.accessToken}`);
      return fetchUtils.fetchJson(url, { ...options, headers });
    },
  );
});
afterAll(() => app?.close());

const post = (path: string, json: unknown, as: SignedIn | 'admin' | 'premium' = admin) =>
  app.request(path, { method: 'POST', as, json });
const problemOf = async (response: Response) =>
  (await response.json()) as Problem & { errors?: Record<string, string> };
const changePlan = (user: SignedIn, body: Record<string, unknown>, as?: SignedIn | 'premium') =>
  post(`/api/admin/users/${user.userId}/plan`, body, as);
const eventsOf = async (type: string, userId: string) =>
  (
    await app.pool.query<{ data: Record<string, unknown>; metadata: { userId?: string } }>(
      `select data, metadata from eventstore.events where type = $1 and data->>'userId' = $2 order by global_position`,
      [type, userId],
    )
  ).rows;

/** A second admin, made one by the first (the concurrency of two admins). */
async function anotherAdmin(): Promise<SignedIn> {
  const user = await app.signUp();
  expect((await post(`/api/admin/users/${user.userId}/admin-role`, {})).status).toBe(200);
  await app.caughtUp();
  return user;
}

describe('the Users list through ra-data-simple-rest', () => {
  it('filters by the plan the Subscription column shows, and exports the filtered users', async () => {
    const tag = randomUUID().slice(0, 8);
    const [monthly, annual, free] = await Promise.all(
      ['monthly', 'annual', 'free'].map((name) => app.signUp(`${name}-${tag}@harness.test`)),
    );
    await app.subscribe(monthly!, 'price_monthly');
    await app.subscribe(annual!, 'price_annual');
    await app.caughtUp();
    const list = (plan: string, perPage = 25) =>
      dataProvider.getList<AdminUserRow>('users', {
        pagination: { page: 1, perPage },
        sort: { field: 'email', order: 'ASC' },
        filter: { q: tag, plan },
      });
    const emails = async (plan: string) => (await list(plan)).data.map((row) => row.email);
    expect(await emails('price_annual')).toEqual([annual!.email]);
    expect(await emails('price_monthly')).toEqual([monthly!.email]);
    expect(await emails('free')).toEqual([free!.email]);
    // The Export button's page: every filtered row, with the total.
    const exported = await list('price_annual', 1000);
    expect(exported.total).toBe(1);
    expect(exported.data[0]).toMatchObject({ subscriptionLabel: 'Annual', lastSignInAt: expect.any(String) });
    await expect(list('gold')).rejects.toMatchObject({ status: 400 });
  });
});

describe('POST /api/admin/users/:id/plan', () => {
  it('moves a running subscription to the other plan through billing, keeping who and why on the event', async () => {
    const user = await app.signUp();
    await app.subscribe(user, 'price_monthly');
    const response = await changePlan(user, {
      priceId: 'price_annual',
      from: 'price_monthly',
      reason: 'Upgrade agreed on the phone',
    });
    expect(response.status).toBe(200);
    expect(AdminPlanChangeResult.parse(await response.json())).toMatchObject({ priceId: 'price_annual' });
    const [changed] = await eventsOf('SubscriptionPlanChanged', user.userId);
    expect(changed!.data).toMatchObject({
      priceId: 'price_annual',
      tier: 'premium',
      changedBy: admin.userId,
      reason: 'Upgrade agreed on the phone',
    });
    expect(changed!.metadata.userId).toBe(admin.userId);
    await app.caughtUp();
    const row = await dataProvider.getOne<AdminUserRow>('users', { id: user.userId });
    expect(row.data.subscriptionLabel).toBe('Annual');
    const me = (await (await app.request('/api/v1/me', { as: user })).json()) as { tier: string };
    expect(me.tier).toBe('premium');
  });

  it('refuses what billing refuses, saying why, and appends nothing', async () => {
    const free = await app.signUp();
    const annual = await app.signUp();
    await app.subscribe(annual, 'price_annual');
    const before = await app.eventCount();
    const noPlan = await changePlan(free, { priceId: 'price_annual', from: 'price_monthly', reason: 'Gift' });
    expect(noPlan.status).toBe(409);
    expect(await problemOf(noPlan)).toMatchObject({
      title: 'No running subscription',
      detail: expect.stringContaining('checkout'),
    });
    const same = await changePlan(annual, { priceId: 'price_annual', from: 'price_annual', reason: 'Again' });
    expect(same.status).toBe(409);
    expect((await problemOf(same)).detail).toBe('The user is on Annual already.');
    const stale = await changePlan(annual, { priceId: 'price_annual', from: 'price_monthly', reason: 'Old' });
    expect(stale.status).toBe(409);
    expect((await problemOf(stale)).title).toBe('The plan changed meanwhile');
    const noReason = await changePlan(annual, {
      priceId: 'price_monthly',
      from: 'price_annual',
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect((await problemOf(noReason)).errors).toMatchObject({ reason: expect.stringContaining('Say why') });
    const unknown = await post(`/api/admin/users/${randomUUID()}/plan`, {
      priceId: 'price_monthly',
      from: 'price_annual',
      reason: 'Nobody',
    });
    expect(unknown.status).toBe(404);
    expect(await app.eventCount()).toBe(before);
  });

  it('lets one of two admins changing one user at once win; the other is told the plan changed meanwhile', async () => {
    const second = await anotherAdmin();
    const user = await app.signUp();
    await app.subscribe(user, 'price_monthly');
    const body = { priceId: 'price_annual', from: 'price_monthly' };
    const answers = await Promise.all([
      changePlan(user, { ...body, reason: 'First admin' }),
      changePlan(user, { ...body, reason: 'Second admin' }, second),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect((await problemOf(loser)).title).toBe('The plan changed meanwhile');
    expect(await eventsOf('SubscriptionPlanChanged', user.userId)).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const user = await app.signUp();
    await app.subscribe(user, 'price_monthly');
    const body = { priceId: 'price_annual', from: 'price_monthly', reason: 'Myself' };
    expect((await changePlan(user, body, 'premium')).status).toBe(403);
    expect((await changePlan(user, body, user)).status).toBe(403);
  });
});

describe('mails an admin sends a user', () => {
  async function unverifiedUser() {
    const email = `unverified-${randomUUID()}@harness.test`;
    const signup = await app.request('/api/v1/auth/signup', {
      method: 'POST',
      ip: nextIp(),
      json: {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        phone: '555-010-2030',
        acceptTerms: true,
      },
    });
    expect(signup.status).toBe(201);
    return { email, userId: ((await signup.json()) as { user: { id: string } }).user.id };
  }
  const mailCount = async (to: string, kind: string) =>
    Number(
      (
        await app.pool.query('select count(*) as n from mail_outbox where recipient = $1 and kind = $2', [
          to,
          kind,
        ])
      ).rows[0].n,
    );

  it('resends verification to an unverified address, records who asked, and the new link verifies', async () => {
    const user = await unverifiedUser();
    const response = await post(`/api/admin/users/${user.userId}/verification-email`, {});
    expect(response.status).toBe(200);
    expect(AdminUserMailResult.parse(await response.json())).toMatchObject({ sentTo: user.email });
    expect(await mailCount(user.email, 'verify-email')).toBe(2);
    const [sent] = await eventsOf('VerificationMailSent', user.userId);
    expect(sent!.data).toEqual({ userId: user.userId, sentBy: admin.userId });
    const token = await app.tokenFromMail(user.email, 'verify-email');
    const verified = await app.request('/api/v1/auth/verify-email', { method: 'POST', json: { token } });
    expect(verified.status).toBe(200);

    const again = await post(`/api/admin/users/${user.userId}/verification-email`, {});
    expect(again.status).toBe(409);
    expect((await problemOf(again)).title).toBe('Email already verified');
    expect(await mailCount(user.email, 'verify-email')).toBe(2);
  });

  it('sends a password reset whose link sets a new password, and records who asked', async () => {
    const user = await app.signUp();
    const response = await post(`/api/admin/users/${user.userId}/password-reset-email`, {});
    expect(response.status).toBe(200);
    const [sent] = await eventsOf('PasswordResetMailSent', user.userId);
    expect(sent!.data).toEqual({ userId: user.userId, sentBy: admin.userId });
    const token = await app.tokenFromMail(user.email, 'reset-password');
    const reset = await app.request('/api/v1/auth/reset-password', {
      method: 'POST',
      json: { token, password: 'a brand new password', confirmPassword: 'a brand new password' },
    });
    expect(reset.status).toBe(200);
  });

  it('sends no reset to the demo account, nothing to an unknown user, and nothing for a non-admin', async () => {
    const demo = await app.as('demo');
    expect(demo.email).toBe(DEMO_EMAIL);
    const refused = await post(`/api/admin/users/${demo.userId}/password-reset-email`, {});
    expect(refused.status).toBe(409);
    expect((await problemOf(refused)).detail).toContain('demo account');
    expect((await post(`/api/admin/users/${randomUUID()}/password-reset-email`, {})).status).toBe(404);
    const user = await app.signUp();
    for (const path of ['password-reset-email', 'verification-email'])
      expect((await post(`/api/admin/users/${user.userId}/${path}`, {}, 'premium')).status).toBe(403);
  });

  it('counts against the hourly cap of mails to one address, as the self-service form does', async () => {
    const user = await app.signUp();
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await post(`/api/admin/users/${user.userId}/password-reset-email`, {})).status);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});

describe('GET /api/admin/users/:id/history as sentences (issue 37, finding 15)', () => {
  it('tells each event as a sentence with the people’s names, the raw event beside it', async () => {
    const user = await app.signUp();
    const profile = await app.request('/api/v1/me/profile', {
      method: 'PUT',
      as: user,
      json: { name: 'Bo Brennan', bio: '' },
    });
    expect(profile.status).toBe(200);
    await app.subscribe(user, 'price_monthly');
    const sam = candidate(`sam-${randomUUID()}`, { firstName: 'Sam', lastName: 'Ortiz' });
    await importCandidates(app, [sam]);
    await app.caughtUp();
    const revealed = await app.request(`/api/v1/candidates/${sam.candidateId}/reveal`, {
      method: 'POST',
      as: user,
    });
    expect(revealed.status).toBe(200);
    const changed = await changePlan(user, {
      priceId: 'price_annual',
      from: 'price_monthly',
      reason: 'Agreed by phone',
    });
    expect(changed.status).toBe(200);
    await app.caughtUp();

    const response = await app.request(`/api/admin/users/${user.userId}/history`, { as: 'admin' });
    const trail = UserHistoryEntry.array().parse(await response.json());
    const bo = `Bo Brennan (${user.email})`;
    expect(trail.map((entry) => entry.sentence)).toEqual(
      expect.arrayContaining([
        `${ADMIN_EMAIL} changed ${bo}'s plan to Annual: reason "Agreed by phone"`,
        `${bo} revealed Sam Ortiz's contact details`,
        `${bo} updated their profile`,
        `${bo} signed up`,
      ]),
    );
    const change = trail.find((entry) => entry.type === 'SubscriptionPlanChanged')!;
    expect(change).toMatchObject({
      actor: admin.userId,
      actorName: ADMIN_EMAIL,
      data: { priceId: 'price_annual', changedBy: admin.userId, reason: 'Agreed by phone' },
    });
    // No sentence carries a raw id.
    for (const entry of trail)
      for (const id of [user.userId, admin.userId, sam.candidateId])
        expect(entry.sentence, entry.type).not.toContain(id);
  });
});

import { randomUUID } from 'node:crypto';
import { DEMO_FEATURES, type DemoFlags, DemoGrantRow, type MeResponse } from '@healthtal/contracts';
import { ROLES, type SignedIn, startTestApp, type TestApp, testMetadata } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The call each flag of /me promises the caller may make. A flag that says yes while its route says
 * 403 (or the other way round) is the bug this file guards against.
 */
const FLAG_CALLS = {
  canCreateLists: { method: 'POST', path: () => '/api/v1/lists', json: { name: 'Shortlist' } },
  canSaveLists: { method: 'PATCH', path: () => `/api/v1/lists/${randomUUID()}`, json: { name: 'Renamed' } },
  canExport: { method: 'POST', path: () => '/api/v1/exports', json: {} },
  canViewContactInfo: {
    method: 'POST',
    path: () => `/api/v1/candidates/${randomUUID()}/reveal`,
    json: { field: 'email' },
  },
  canSaveCandidates: {
    method: 'POST',
    path: () => `/api/v1/lists/${randomUUID()}/members`,
    json: { candidateIds: [randomUUID()] },
  },
} satisfies Record<keyof DemoFlags, { method: string; path: () => string; json: unknown }>;

let app: TestApp;
/** Every kind of caller the server tells apart, each a real account. */
const callers = new Map<string, SignedIn>();

const grantDemo = async (user: SignedIn, grant: Record<string, unknown> = {}) => {
  const response = await app.request('/api/admin/demo-grants', {
    method: 'POST',
    as: 'admin',
    json: { userId: user.userId, duration: 'indefinite', ...grant },
  });
  expect(response.status).toBe(201);
  return DemoGrantRow.parse(await response.json());
};

beforeAll(async () => {
  app = await startTestApp();
  for (const role of ROLES) callers.set(role, await app.as(role));

  for (const featureType of DEMO_FEATURES) {
    const user = await app.signUp();
    await grantDemo(user, { featureType });
    callers.set(`demo grant: ${featureType}`, user);
  }

  const subscriberWithGrant = await app.signUp();
  await app.subscribe(subscriberWithGrant, 'price_monthly');
  await grantDemo(subscriberWithGrant);
  callers.set('basic subscriber holding a demo grant', subscriberWithGrant);

  const spentGrant = await app.signUp();
  const { id: grantId } = await grantDemo(spentGrant, { maxUses: 1 });
  await app.store.append(`demo-${spentGrant.userId}`, [
    {
      type: 'DemoAccessUsed',
      data: { userId: spentGrant.userId, grantId, featureType: 'full_access' },
      metadata: testMetadata(),
    },
  ]);
  callers.set('demo grant used up', spentGrant);

  await app.caughtUp();
}, 120_000);
afterAll(() => app?.close());

const flagsOf = async (user: SignedIn) => {
  const response = await app.request('/api/v1/me', { as: user });
  expect(response.status).toBe(200);
  return ((await response.json()) as MeResponse).demo.flags;
};

describe('the capability flags of /me', () => {
  it('promise each kind of caller exactly the calls the server then lets it make', async () => {
    const disagreements: string[] = [];
    for (const [caller, user] of callers) {
      const flags = await flagsOf(user);
      for (const [flag, call] of Object.entries(FLAG_CALLS) as [
        keyof DemoFlags,
        typeof FLAG_CALLS.canExport,
      ][]) {
        const response = await app.request(call.path(), { method: call.method, as: user, json: call.json });
        const allowed = response.status !== 403;
        if (flags[flag] !== allowed)
          disagreements.push(
            `${caller}: ${flag} is ${flags[flag]}, ${call.method} answered ${response.status}`,
          );
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('tells a free user it cannot create lists, as POST /lists refuses it', async () => {
    expect(await flagsOf(callers.get('free')!)).toEqual({
      canCreateLists: false,
      canSaveLists: false,
      canExport: false,
      canViewContactInfo: false,
      canSaveCandidates: false,
    });
    const response = await app.request('/api/v1/lists', { method: 'POST', as: 'free', json: { name: 'x' } });
    expect(response.status).toBe(403);
  });

  it('turns every flag on for subscribers and admins, bar export below premium', async () => {
    const all = {
      canCreateLists: true,
      canSaveLists: true,
      canViewContactInfo: true,
      canSaveCandidates: true,
    };
    expect(await flagsOf(callers.get('basic')!)).toEqual({ ...all, canExport: false });
    expect(await flagsOf(callers.get('premium')!)).toEqual({ ...all, canExport: true });
    expect(await flagsOf(callers.get('admin')!)).toEqual({ ...all, canExport: true });
  });
});

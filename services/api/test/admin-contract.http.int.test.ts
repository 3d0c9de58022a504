import { AdminDashboard, type Problem } from '@healthtal/contracts';
import {
  ADMIN_LIST_PATHS,
  filterExamples,
  parkContactMessages,
  seedOutreach,
} from '@healthtal/testkit/admin-resources';
import { nextIp, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSearchFailure } from '../src/directory/search-errors';

/**
 * The ra-data-simple-rest contract every /api/admin list keeps, walked for each resource of
 * contracts' ADMIN_RESOURCES (and each alias): rows as the body, `Content-Range: <resource>
 * <start>-<end>/<total>` (exposed to scripts), `range` pages, every sort field both ways, every
 * filter, the getMany `id` filter, and an unknown sort field, filter or malformed parameter is a 400.
 * A new resource is walked as soon as it is in the registry: `seed` gives it two rows or more.
 */

let app: TestApp;

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([key, value]): [string, string] => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  ).toString();

const list = async (path: string, params: Record<string, unknown> = {}) => {
  const response = await app.request(`/api/admin/${path}?${query(params)}`, { as: 'admin' });
  return { response, rows: response.ok ? ((await response.json()) as { id: string }[]) : [] };
};

const totalOf = (response: Response) => Number(response.headers.get('content-range')!.split('/')[1]);

async function seed() {
  for (const name of ['contract-ann', 'contract-bea', 'contract-cal']) {
    const user = await app.signUp(`${name}@harness.test`);
    if (name === 'contract-cal') continue;
    const granted = await app.request('/api/admin/demo-grants', {
      method: 'POST',
      as: 'admin',
      json: { userId: user.userId, duration: '1w' },
    });
    expect(granted.status).toBe(201);
  }
  for (const [i, subject] of ['Question about plans', 'Question about data', 'Billing question'].entries()) {
    const sent = await app.request('/api/v1/contact-messages', {
      method: 'POST',
      ip: nextIp(),
      json: {
        name: `Visitor ${i}`,
        email: `visitor${i}@example.org`,
        phone: '555-010-2030',
        subject,
        message: 'Hello, I have a question.',
      },
    });
    expect(sent.status).toBe(201);
  }
  for (const [i, lastName] of ['Abara', 'Birch', 'Castellanos'].entries()) {
    const sent = await app.request('/api/v1/resume-submissions', {
      method: 'POST',
      ip: nextIp(),
      json: {
        firstName: 'Jo',
        lastName,
        title: 'Physical Therapist',
        companyName: 'Harbor Rehab',
        specialty: 'Physical Therapist',
        email: `jo.${lastName.toLowerCase()}@example.org`,
        phone: `206-555-01${20 + i}`,
        city: 'Seattle',
        state: 'Washington',
        country: 'United States',
      },
    });
    expect(sent.status).toBe(201);
  }
  // Removal requests are kept for people in the directory: two of the resumes, approved.
  await app.caughtUp();
  const pending = await list('resume-submissions', { sort: ['lastName', 'ASC'] });
  expect(pending.rows).toHaveLength(3);
  for (const { id } of pending.rows.slice(0, 2)) {
    const approved = await app.request(`/api/admin/resume-submissions/${id}/approve`, {
      method: 'POST',
      as: 'admin',
      json: {},
    });
    expect(approved.status).toBe(200);
  }
  await app.caughtUp();
  // Two exports of them (an admin may export, as an Annual subscriber may).
  for (const fileName of ['contract-a', 'contract-b']) {
    const exported = await app.request('/api/v1/exports', {
      method: 'POST',
      as: 'admin',
      json: { candidateIds: pending.rows.slice(0, 2).map(({ id }) => id), format: 'csv', fileName },
    });
    expect(exported.status).toBe(200);
    await exported.text();
  }
  for (const email of ['jo.abara@example.org', 'jo.birch@example.org']) {
    const sent = await app.request('/api/v1/removal-requests', {
      method: 'POST',
      ip: nextIp(),
      json: { email },
    });
    expect(sent.status).toBeLessThan(300);
  }
  // Money-back guarantee requests: the premium user's and one more Annual customer's.
  const customer = await app.signUp('contract-dee@harness.test');
  await app.subscribe(customer, 'price_annual');
  for (const who of [await app.as('premium'), customer]) {
    const asked = await app.request('/api/v1/billing/refund-requests', {
      method: 'POST',
      as: who,
      json: { reason: 'Not the right fit.' },
    });
    expect(asked.status).toBe(201);
  }
  for (const minutes of [5, 50, 500])
    await recordSearchFailure(
      app.store,
      { errorMessage: `failure ${minutes}`, errorType: 'timeout', responseTimeMs: minutes },
      { now: new Date(Date.now() - minutes * 60_000) },
    );
  await app.caughtUp();
  await seedOutreach(app, 3);
  await parkContactMessages(app, 2);
}

beforeAll(async () => {
  app = await startTestApp();
  await seed();
}, 120_000);
afterAll(() => app?.close());

describe.each(ADMIN_LIST_PATHS)('GET /api/admin/$path', ({ path, resource, sort }) => {
  it('answers the rows with Content-Range, exposed to scripts', async () => {
    const { response, rows } = await list(path);
    expect(response.status).toBe(200);
    expect(Array.isArray(rows)).toBe(true);
    const total = totalOf(response);
    expect(total).toBeGreaterThanOrEqual(rows.length);
    expect(rows.length).toBeGreaterThan(0);
    expect(response.headers.get('content-range')).toBe(`${resource} 0-${rows.length - 1}/${total}`);
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('pages with range: the second row alone, with its place in Content-Range', async () => {
    const sorted = { sort: ['id', 'ASC'] };
    const { rows: all, response } = await list(path, { ...sorted, range: [0, 99] });
    expect(all.length).toBeGreaterThanOrEqual(2);
    const second = await list(path, { ...sorted, range: [1, 1] });
    expect(second.rows.map((row) => row.id)).toEqual([all[1]!.id]);
    expect(second.response.headers.get('content-range')).toBe(`${resource} 1-1/${totalOf(response)}`);
    const past = await list(path, { ...sorted, range: [1000, 1009] });
    expect(past.rows).toEqual([]);
    expect(past.response.headers.get('content-range')).toBe(`${resource} 1000-1000/${totalOf(response)}`);
  });

  it('sorts on id ascending and descending: one order, reversed', async () => {
    const asc = await list(path, { sort: ['id', 'ASC'], range: [0, 99] });
    const desc = await list(path, { sort: ['id', 'DESC'], range: [0, 99] });
    expect(asc.response.status).toBe(200);
    expect(desc.rows.map((row) => row.id)).toEqual(asc.rows.map((row) => row.id).reverse());
  });

  it.each(sort)('sorts on %s both ways, every row once', async (field) => {
    const asc = await list(path, { sort: [field, 'ASC'], range: [0, 999] });
    const desc = await list(path, { sort: [field, 'DESC'], range: [0, 999] });
    expect([asc.response.status, desc.response.status]).toEqual([200, 200]);
    expect(totalOf(desc.response)).toBe(totalOf(asc.response));
    const ids = (rows: { id: string }[]) => rows.map((row) => String(row.id)).sort();
    expect(ids(desc.rows)).toEqual(ids(asc.rows));
    expect(new Set(ids(asc.rows)).size).toBe(Math.min(totalOf(asc.response), 1000));
  });

  it.each(filterExamples(resource))('narrows with its filter %s', async (key, value) => {
    const everything = await list(path);
    const { response } = await list(path, { filter: { [key]: value } });
    expect(response.status).toBe(200);
    expect(totalOf(response)).toBeLessThanOrEqual(totalOf(everything.response));
  });

  it('answers the rows it is asked for by id (react-admin getMany)', async () => {
    const { rows } = await list(path, { sort: ['id', 'ASC'], range: [0, 1] });
    const ids = rows.map((row) => row.id);
    const { response, rows: named } = await list(path, { filter: { id: ids } });
    expect(response.status).toBe(200);
    expect(named.map((row) => row.id).sort()).toEqual([...ids].sort());
  });

  it.each([
    ['an unknown sort field', { sort: ['no_such_field', 'ASC'] }, 'sort'],
    ['an unknown sort order', { sort: ['id', 'UP'] }, 'sort'],
    ['a sort that is not JSON', { sort: 'email' }, 'sort'],
    ['a range that ends before it starts', { range: [5, 2] }, 'range'],
    ['a range over 1,000 rows (the Export button asks 1,000)', { range: [0, 1000] }, 'range'],
    ['an unknown filter', { filter: { no_such_filter: 'x' } }, 'filter.no_such_filter'],
    ['a filter that is not JSON', { filter: 'status' }, 'filter'],
  ])('refuses %s with a 400 naming it', async (_label, params, field) => {
    const { response } = await list(path, params);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await response.json()) as Problem & { errors: Record<string, string> };
    expect(
      Object.keys(problem.errors).some((key) => key.startsWith(field)),
      JSON.stringify(problem),
    ).toBe(true);
  });

  it('asks anonymous callers to sign in and refuses non-admins', async () => {
    expect((await app.request(`/api/admin/${path}`)).status).toBe(401);
    expect((await app.request(`/api/admin/${path}`, { as: 'premium' })).status).toBe(403);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('gives one row a day for the range, the queues and the read models', async () => {
    const searched = await app.request('/api/v1/search', {
      method: 'POST',
      as: 'premium',
      json: { query: 'nurse' },
    });
    expect([200, 503]).toContain(searched.status);
    const response = await app.request('/api/admin/dashboard?range=7d', { as: 'admin' });
    expect(response.status).toBe(200);
    const dashboard = AdminDashboard.parse(await response.json());
    expect(dashboard.days).toHaveLength(7);
    const today = dashboard.days.at(-1)!;
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    // The admin, the four contract users and the premium user signed up today.
    expect(today.signups).toBe(6);
    // The premium user and contract-dee (Annual; their refund requests are not decided yet).
    expect(today.activeSubscriptions).toBe(2);
    expect(dashboard.revenueByPlan).toEqual([
      {
        plan: 'Annual',
        subscribers: 2,
        monthlyRevenueCents: Math.round((299_500 / 12) * 2),
        currency: 'usd',
      },
    ]);
    expect(dashboard.pendingResumes.count).toBe(1);
    expect(dashboard.openRemovalRequests.count).toBe(2);
    if (searched.status === 200) expect(dashboard.search.searches).toBe(1);
    expect(dashboard.projections.map((p) => p.name)).toContain('users');
    expect(dashboard.projections.every((p) => p.status !== 'not installed')).toBe(true);
  });

  it('refuses a range it does not offer, and non-admins', async () => {
    expect((await app.request('/api/admin/dashboard?range=1y', { as: 'admin' })).status).toBe(400);
    expect((await app.request('/api/admin/dashboard', { as: 'premium' })).status).toBe(403);
  });
});

describe('the spec admin routes', () => {
  it.each([
    ['/admin-dashboard', '/admin/'],
    ['/users', '/admin/users'],
    ['/resume-approval', '/admin/resume-approval'],
    ['/admin-settings', '/admin/admin-settings'],
    ['/admin-logs', '/admin/admin-logs?range=1h'],
  ])('%s leads into the console', async (from, to) => {
    const query = to.includes('?') ? `?${to.split('?')[1]}` : '';
    const response = await fetch(`${app.url}${from}${query}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(to);
  });
});

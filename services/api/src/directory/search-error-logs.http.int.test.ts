import { randomUUID } from 'node:crypto';
import { type Problem, SearchErrorLogRow, SearchErrorStats } from '@healthtal/contracts';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordSearchFailure, type SearchFailureInput } from './search-errors';

let app: TestApp;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const [alice, bob, carol] = [randomUUID(), randomUUID(), randomUUID()];
const ids: Record<string, string> = {};

const log = async (key: string, at: Date, failure: Partial<SearchFailureInput>) => {
  const id = await recordSearchFailure(
    app.store,
    { errorMessage: `failure ${key}`, searchQuery: `query ${key}`, ...failure },
    { now: at },
  );
  ids[key] = id!;
};

beforeAll(async () => {
  app = await startTestApp();
  const user = (userId: string) => ({ userId, userEmail: `${userId.slice(0, 8)}@recruiters.example` });
  await log('slow', minutesAgo(30), { ...user(alice), errorType: 'timeout', responseTimeMs: 2417 });
  await log('db', minutesAgo(300), {
    ...user(bob),
    errorType: 'database_error',
    errorCode: '57P01',
    responseTimeMs: 120,
  });
  await log('fn', minutesAgo(3 * 1440), { ...user(alice), errorType: 'function_error', responseTimeMs: 50 });
  await log('anon', minutesAgo(20 * 1440), { errorMessage: 'anonymous failure' });
  await log('old', minutesAgo(40 * 1440), { ...user(bob), errorType: 'edge_error', responseTimeMs: 900 });
  await log('recent', minutesAgo(10), {
    ...user(carol),
    errorType: 'timeout',
    errorCode: 'slow_search',
    responseTimeMs: 3000,
    searchFilters: { specialty: ['Registered Nurse'], state: ['TX'] },
    searchUrl: '/api/v1/search',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    ipAddress: '203.0.113.9',
  });
  await app.caughtUp();
});
afterAll(() => app?.close());

const list = (query = '', as: 'admin' | 'premium' | undefined = 'admin') =>
  app.request(`/api/admin/search-error-logs${query}`, as ? { as } : {});
const filter = (value: object) => `?filter=${encodeURIComponent(JSON.stringify(value))}`;
const rowsOf = async (response: Response) => z.array(SearchErrorLogRow).parse(await response.json());
const keysOf = (rows: SearchErrorLogRow[]) =>
  rows.map((row) => Object.keys(ids).find((k) => ids[k] === row.id));
const stats = async (range?: string) =>
  SearchErrorStats.parse(
    await (
      await app.request(`/api/admin/search-error-stats${range ? `?range=${range}` : ''}`, { as: 'admin' })
    ).json(),
  );

describe('GET /api/admin/search-error-logs', () => {
  it('lists the last 24 hours by default, newest first', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('search-error-logs 0-2/3');
    expect(keysOf(await rowsOf(response))).toEqual(['recent', 'slow', 'db']);
  });

  it('filters by time range and error type', async () => {
    expect(keysOf(await rowsOf(await list(filter({ range: '1h' }))))).toEqual(['recent', 'slow']);
    expect(keysOf(await rowsOf(await list(filter({ range: '7d' }))))).toEqual(['recent', 'slow', 'db', 'fn']);
    const timeouts = await rowsOf(await list(filter({ range: '30d', errorType: 'timeout' })));
    expect(keysOf(timeouts)).toEqual(['recent', 'slow']);
    const others = await rowsOf(await list(filter({ range: '30d', errorType: 'other' })));
    expect(keysOf(others)).toEqual(['anon']);
  });

  it('sorts by response time when asked', async () => {
    const query = `${filter({ range: '7d' })}&sort=${encodeURIComponent('["responseTimeMs","ASC"]')}`;
    expect(keysOf(await rowsOf(await list(query)))).toEqual(['fn', 'db', 'slow', 'recent']);
  });

  it('shows everything the details dialog needs', async () => {
    const response = await app.request(`/api/admin/search-error-logs/${ids.recent}`, { as: 'admin' });
    expect(SearchErrorLogRow.parse(await response.json())).toEqual({
      id: ids.recent,
      occurredAt: expect.any(String),
      userId: carol,
      userEmail: `${carol.slice(0, 8)}@recruiters.example`,
      ipAddress: '203.0.113.9',
      errorType: 'timeout',
      errorCode: 'slow_search',
      functionName: 'optimized-search',
      responseTimeMs: 3000,
      errorMessage: 'failure recent',
      searchQuery: 'query recent',
      searchUrl: '/api/v1/search',
      searchFilters: { specialty: ['Registered Nurse'], state: ['TX'] },
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    });
    const anonymous = SearchErrorLogRow.parse(
      await (await app.request(`/api/admin/search-error-logs/${ids.anon}`, { as: 'admin' })).json(),
    );
    expect(anonymous).toMatchObject({
      userId: null,
      userEmail: null,
      errorType: 'other',
      responseTimeMs: null,
    });
  });

  it('refuses a range or type it does not know with 400 naming the filter', async () => {
    for (const bad of [{ range: '2d' }, { errorType: 'bogus' }]) {
      const response = await list(filter(bad));
      expect(response.status).toBe(400);
      expect(Object.keys(((await response.json()) as { errors: object }).errors)[0]).toMatch(/^filter\./);
    }
  });

  it('serves at most 100 rows a page, the first version log limit, with the exact total', async () => {
    const at = minutesAgo(60 * 24 * 6);
    for (let i = 0; i < 105; i++)
      await recordSearchFailure(app.store, { errorMessage: `bulk ${i}` }, { now: at });
    await app.caughtUp();
    const response = await list(
      `${filter({ range: '7d', errorType: 'other' })}&range=${encodeURIComponent('[0,199]')}`,
    );
    expect((await rowsOf(response)).length).toBe(100);
    expect(response.headers.get('content-range')).toBe('search-error-logs 0-99/105');
  });
});

describe('GET /api/admin/search-error-stats', () => {
  it('gives the four cards over the last 24 hours by default', async () => {
    expect(await stats()).toEqual({
      range: '24h',
      since: expect.any(String),
      totalErrors: 3,
      uniqueUsers: 3,
      avgResponseTime: 1846,
      errorsByType: { timeout: 2, database_error: 1, edge_error: 0, function_error: 0, other: 0 },
      mostCommonType: 'timeout',
    });
  });

  it('over 1h, 7d and 30d', async () => {
    expect(await stats('1h')).toMatchObject({ totalErrors: 2, uniqueUsers: 2, avgResponseTime: 2709 });
    expect(await stats('7d')).toMatchObject({
      totalErrors: 4 + 105,
      uniqueUsers: 3,
      avgResponseTime: 1397,
      mostCommonType: 'other',
    });
    const month = await stats('30d');
    expect(month.totalErrors).toBe(5 + 105);
    expect(month.errorsByType).toMatchObject({ edge_error: 0, other: 106, function_error: 1 });
  });

  it('refuses an unknown range', async () => {
    const response = await app.request('/api/admin/search-error-stats?range=2h', { as: 'admin' });
    expect(response.status).toBe(400);
  });
});

describe('DELETE /api/admin/search-error-logs/:id', () => {
  it('removes the entry through an event, and a second delete finds nothing', async () => {
    const response = await app.request(`/api/admin/search-error-logs/${ids.db}`, {
      method: 'DELETE',
      as: 'admin',
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as SearchErrorLogRow).id).toBe(ids.db);
    const events = await app.store.readStream(`search_error-${ids.db}`);
    expect(events.map((e) => e.type)).toEqual(['SearchFailed', 'SearchErrorLogDeleted']);
    await app.caughtUp();
    expect((await app.request(`/api/admin/search-error-logs/${ids.db}`, { as: 'admin' })).status).toBe(404);
    expect(keysOf(await rowsOf(await list()))).toEqual(['recent', 'slow']);
    const again = await app.request(`/api/admin/search-error-logs/${ids.db}`, {
      method: 'DELETE',
      as: 'admin',
    });
    expect(again.status).toBe(404);
    expect(((await again.json()) as Problem).title).toBe('Search error log not found');
  });

  it('answers 404 for an entry that never existed, appending nothing', async () => {
    const before = await app.eventCount();
    const response = await app.request(`/api/admin/search-error-logs/${randomUUID()}`, {
      method: 'DELETE',
      as: 'admin',
    });
    expect(response.status).toBe(404);
    expect(await app.eventCount()).toBe(before);
  });
});

describe('who may read the log', () => {
  const routes = [
    ['GET', '/api/admin/search-error-logs'],
    ['GET', `/api/admin/search-error-logs/${randomUUID()}`],
    ['DELETE', `/api/admin/search-error-logs/${randomUUID()}`],
    ['GET', '/api/admin/search-error-stats'],
  ] as const;

  it.each(routes)(
    '%s %s asks an anonymous visitor to sign in and refuses non-admins',
    async (method, path) => {
      expect((await app.request(path, { method })).status).toBe(401);
      for (const role of ['premium', 'basic', 'free', 'demo'] as const)
        expect((await app.request(path, { method, as: role })).status, role).toBe(403);
    },
  );
});

describe('recording a failure', () => {
  it('never throws into the search that called it: an unrecordable failure answers null', async () => {
    const before = await app.eventCount();
    const id = await recordSearchFailure(app.store, { errorMessage: 'x', errorType: 'bogus' as never });
    expect(id).toBeNull();
    expect(await app.eventCount()).toBe(before);
  });

  it('keeps what a huge search sent within bounds', async () => {
    const id = await recordSearchFailure(app.store, {
      errorMessage: 'y'.repeat(5000),
      searchQuery: 'q'.repeat(10_000),
      searchFilters: { query: 'z'.repeat(20_000) },
      userAgent: 'u'.repeat(1000),
    });
    await app.caughtUp();
    const row = SearchErrorLogRow.parse(
      await (await app.request(`/api/admin/search-error-logs/${id}`, { as: 'admin' })).json(),
    );
    expect(row.errorMessage).toHaveLength(2000);
    expect(row.searchQuery).toHaveLength(500);
    expect(row.userAgent).toHaveLength(500);
    expect(row.searchFilters).toEqual({ truncated: true, size: 20_012 });
  });

  it('forgets the searcher when their account is erased', async () => {
    const user = await app.signUp();
    const id = await recordSearchFailure(app.store, {
      userId: user.userId,
      userEmail: user.email,
      errorMessage: 'slow',
      ipAddress: '198.51.100.4',
      userAgent: 'Safari',
    });
    await app.caughtUp();
    const deleted = await app.request(`/api/admin/users/${user.userId}`, { method: 'DELETE', as: 'admin' });
    expect(deleted.status).toBe(200);
    await app.caughtUp();
    const row = SearchErrorLogRow.parse(
      await (await app.request(`/api/admin/search-error-logs/${id}`, { as: 'admin' })).json(),
    );
    expect(row).toMatchObject({ userId: user.userId, userEmail: null, ipAddress: null, userAgent: null });
    const [event] = await app.store.readStream(`search_error-${id}`);
    expect(event!.data).toMatchObject({
      userEmail: null,
      ipAddress: null,
      userAgent: null,
      errorMessage: 'slow',
    });
  });
});

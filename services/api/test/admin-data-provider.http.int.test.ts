import { randomUUID } from 'node:crypto';
import {
  ADMIN_RESOURCE_NAMES,
  type AdminResourceName,
  adminResource,
  type DemoGrantRow,
  type MailOutboxRow,
  type SiteSettingRow,
} from '@healthtal/contracts';
import { parkContactMessages, seedOutreach } from '@healthtal/testkit/admin-resources';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { nextIp, type SignedIn, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { VALID_RESUME } from '@healthtal/testkit/resumes';
import { type DataProvider, fetchUtils, type Identifier, type RaRecord } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSearchFailure } from '../src/directory/search-errors';

// The console (web-admin) talks to the API only through ra-data-simple-rest. These tests drive every
// resource of the console (contracts' ADMIN_RESOURCES) through that very provider, as react-admin calls it: a list without a sort
// (the provider then sorts on `id`), sorted lists, the Export button's 1,000-row page, getOne,
// getMany over 30 ids, getManyReference, and the writes the console makes.

const MANY = 30;
const REFUNDS = 5;
/** Opt-outs and senders of the Outreach screen: more than a page of 10. */
const OUTREACH = 12;
let app: TestApp;
let admin: SignedIn;
let dataProvider: DataProvider;
const users: SignedIn[] = [];

const inBatches = async <T>(count: number, size: number, make: (n: number) => Promise<T>) => {
  const made: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, i) => make(start + i));
    made.push(...(await Promise.all(batch)));
  }
  return made;
};

const posted = async (path: string, json: unknown, status: number, init: { as?: SignedIn } = {}) => {
  const response = await app.request(path, { method: 'POST', json, ip: nextIp(), ...init });
  if (response.status !== status) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ id: string }>;
};

const DAY = 24 * 60 * 60 * 1000;

async function seed() {
  users.push(...(await inBatches(MANY, 5, () => app.signUp())));
  await inBatches(MANY, 5, (n) =>
    posted('/api/admin/demo-grants', { userId: users[n % 10]!.userId, duration: '1w' }, 201, { as: admin }),
  );
  await inBatches(MANY, 5, (n) =>
    posted(
      '/api/v1/contact-messages',
      {
        name: `Visitor ${n}`,
        email: `visitor-${n}@example.org`,
        phone: '(555) 010-2030',
        subject: `Question ${n}`,
        message: 'Do you offer a plan for twelve recruiters?',
      },
      201,
    ),
  );
  await inBatches(MANY, 5, (n) =>
    posted(
      '/api/v1/resume-submissions',
      { ...VALID_RESUME, email: `resume-${n}-${randomUUID()}@example.org` },
      201,
    ),
  );
  // Annual customers asking for the money-back guarantee.
  await inBatches(REFUNDS, 5, async (n) => {
    const customer = users[10 + n]!;
    await app.subscribe(customer, 'price_annual');
    return posted('/api/v1/billing/refund-requests', { reason: `Refund ${n}` }, 201, { as: customer });
  });
  // A removal request is recorded only for an email the directory holds.
  const listed = Array.from({ length: MANY }, (_, n) => candidate(`removal-${n}`));
  await importCandidates(app, listed);
  await app.caughtUp();
  await inBatches(MANY, 5, async (n) => {
    const exported = await app.request('/api/v1/exports', {
      method: 'POST',
      as: admin,
      json: { candidateIds: [listed[n]!.candidateId], format: 'csv', fileName: `export-${n}` },
    });
    if (exported.status !== 200) throw new Error(`export: ${exported.status} ${await exported.text()}`);
    await exported.text();
  });
  await inBatches(MANY, 5, (n) =>
    posted('/api/v1/removal-requests', { email: listed[n]!.personalEmail }, 202),
  );
  // Half of them older than the Search Error Logs page's default 24 hours: getMany still finds them.
  await inBatches(MANY, 5, (n) =>
    recordSearchFailure(
      app.store,
      { errorMessage: `failure ${n}`, searchQuery: 'nurse', userId: users[0]!.userId },
      { now: new Date(Date.now() - (n % 2 === 0 ? 3 * DAY : 60_000) - n * 1000) },
    ),
  );
  await app.caughtUp();
}

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
  await seed();
  await seedOutreach(app, OUTREACH);
  // Three events the read model refuses, so parked-events has rows (adr/0018).
  await parkContactMessages(app, 3);
}, 240_000);
afterAll(() => app?.close());

const listParams = (
  sort?: { field: string; order: 'ASC' | 'DESC' },
  filter: Record<string, unknown> = {},
  perPage = 25,
) => ({ pagination: { page: 1, perPage }, filter, ...(sort ? { sort } : {}) });

/** How Postgres and the in-memory sorts order ids: numbers as numbers, text by code unit. */
const compareIds = (a: Identifier, b: Identifier) =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a) < String(b)
      ? -1
      : String(a) > String(b)
        ? 1
        : 0;

const shuffled = <T>(items: readonly T[]) =>
  items
    .map((item, i) => ({ item, key: (i * 7919) % items.length }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

type Seeded = {
  /** At least this many rows exist. */
  atLeast: number;
  /** The filter that shows every row (search-error-logs hides entries older than 24 h by default). */
  everything?: Record<string, unknown>;
  /** A page never holds more than this many rows. */
  pageCap?: number;
  /** Rows whose values change with time (lag, age): getOne is compared on `id` only. */
  volatile?: boolean;
};

/** What `seed` made of each resource where it is not MANY rows. */
const SEEDED: Partial<Record<AdminResourceName, Seeded>> = {
  'refund-requests': { atLeast: REFUNDS },
  'search-error-logs': { atLeast: MANY, everything: { range: '30d' }, pageCap: 100 },
  // Fixed sets: twelve settings, one row per read model, the three events parked above.
  'site-settings': { atLeast: 12 },
  'read-models': { atLeast: 5, volatile: true },
  'parked-events': { atLeast: 3 },
  'outreach-senders': { atLeast: OUTREACH },
  'clinician-opt-outs': { atLeast: OUTREACH },
};

/** Every resource of the registry, with the fields it sorts on. */
const RESOURCES = ADMIN_RESOURCE_NAMES.map((name) => ({
  name,
  sort: adminResource(name).sort,
  ...(SEEDED[name] ?? { atLeast: MANY }),
}));
type Resource = (typeof RESOURCES)[number];

/** Every row of a resource, as the Export button asks for them (1,000 rows, sorted on id). */
const everyRow = async ({ name, everything = {} }: Resource) =>
  dataProvider.getList(name, listParams({ field: 'id', order: 'ASC' }, everything, 1000));

describe.each(RESOURCES)('the $name resource through ra-data-simple-rest', (resource) => {
  const { name, sort, atLeast, everything = {}, pageCap = 1000 } = resource;

  it('lists a first page without a sort (the provider sorts on id), with a true total', async () => {
    const { data, total } = await dataProvider.getList(name, listParams(undefined, everything));
    expect(total).toBeGreaterThanOrEqual(atLeast);
    expect(data).toHaveLength(Math.min(total!, 25));
    for (const row of data) expect(row.id).toBeDefined();
    expect(data.map((row) => row.id)).toEqual(data.map((row) => row.id).sort(compareIds));
  });

  it('sorts on id both ways and on every field the registry names', async () => {
    const asc = await dataProvider.getList(name, listParams({ field: 'id', order: 'ASC' }, everything, 10));
    const desc = await dataProvider.getList(name, listParams({ field: 'id', order: 'DESC' }, everything, 10));
    expect(asc.data.map((row) => row.id)).toEqual(asc.data.map((row) => row.id).sort(compareIds));
    expect(desc.data.map((row) => row.id)).toEqual(
      desc.data.map((row) => row.id).sort((a, b) => compareIds(b, a)),
    );
    expect(desc.total).toBe(asc.total);
    for (const field of sort) {
      const byField = await dataProvider.getList(name, listParams({ field, order: 'DESC' }, everything, 10));
      expect(byField.total, field).toBe(asc.total);
      expect(byField.data, field).toHaveLength(Math.min(asc.total!, 10));
    }
  });

  it('answers the Export button: 1,000 rows asked, every row (up to the page cap) given', async () => {
    const { data, total } = await everyRow(resource);
    expect(data).toHaveLength(Math.min(total!, pageCap));
    expect(new Set(data.map((row) => row.id)).size).toBe(data.length);
  });

  it('reads one record by id, the same as its list row', async () => {
    const { data } = await everyRow(resource);
    for (const row of [data[0]!, data.at(-1)!]) {
      const one = await dataProvider.getOne(name, { id: row.id });
      if (resource.volatile) expect(one.data.id).toBe(row.id);
      else expect(one.data).toEqual(row);
    }
  });

  it(`reads up to ${MANY} records at once by id (getMany), whatever their age or page`, async () => {
    const { data: rows } = await everyRow(resource);
    const ids = shuffled(rows.map((row) => row.id).slice(0, MANY));
    expect(ids.length).toBe(Math.min(rows.length, MANY));
    const { data } = await dataProvider.getMany(name, { ids });
    expect(data.map((row) => row.id).sort(compareIds)).toEqual([...ids].sort(compareIds));
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (!resource.volatile) for (const row of data) expect(row).toEqual(byId.get(row.id));
  });
});

describe('getMany beyond the default filters', () => {
  it('finds search error logs older than the list’s 24 hours', async () => {
    const lastDay = await dataProvider.getList('search-error-logs', listParams());
    const all = await dataProvider.getList('search-error-logs', listParams(undefined, { range: '30d' }, 100));
    expect(lastDay.total).toBe(MANY / 2);
    expect(all.total).toBe(MANY);
    const { data } = await dataProvider.getMany('search-error-logs', { ids: all.data.map((row) => row.id) });
    expect(data).toHaveLength(MANY);
  });

  it('takes mail ids as react-admin holds them from a URL: numeric strings', async () => {
    const { data: rows } = await dataProvider.getList<MailOutboxRow>(
      'mail-outbox',
      listParams(undefined, {}, MANY),
    );
    const { data } = await dataProvider.getMany('mail-outbox', { ids: rows.map((row) => String(row.id)) });
    expect(data.map((row) => row.id).sort(compareIds)).toEqual(rows.map((row) => row.id).sort(compareIds));
    expect((await dataProvider.getOne('mail-outbox', { id: String(rows[0]!.id) })).data).toEqual(rows[0]);
  });
});

describe('demo grants, a resource that references users', () => {
  it('lists one user’s grants (getManyReference on userId)', async () => {
    const user = users[3]!;
    const { data, total } = await dataProvider.getManyReference<DemoGrantRow>('demo-grants', {
      target: 'userId',
      id: user.userId,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'grantedAt', order: 'DESC' },
      filter: {},
    });
    expect(total).toBe(MANY / 10);
    expect(data.every((row) => row.userId === user.userId)).toBe(true);
  });

  it('creates a grant, and deletes (revokes) that one grant by its id', async () => {
    const user = users[20]!;
    const { data: kept } = await dataProvider.create<DemoGrantRow>('demo-grants', {
      data: { userId: user.userId, duration: 'indefinite' },
    });
    const { data: created } = await dataProvider.create<DemoGrantRow>('demo-grants', {
      data: { userId: user.userId, duration: '1d' },
    });
    expect(created).toMatchObject({ userId: user.userId, active: true, user_email: user.email });
    await app.caughtUp();
    expect((await dataProvider.getOne('demo-grants', { id: created.id })).data).toMatchObject({
      active: true,
    });

    const { data: deleted } = await dataProvider.delete<DemoGrantRow>('demo-grants', { id: created.id });
    expect(deleted).toMatchObject({ id: created.id, active: false });
    await app.caughtUp();
    expect((await dataProvider.getOne('demo-grants', { id: created.id })).data.active).toBe(false);
    expect((await dataProvider.getOne('demo-grants', { id: kept.id })).data.active).toBe(true);
  });

  it('answers 404 for a grant that does not exist', async () => {
    await expect(dataProvider.getOne('demo-grants', { id: randomUUID() })).rejects.toMatchObject({
      status: 404,
    });
    await expect(dataProvider.delete('demo-grants', { id: randomUUID() })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('the other writes the console makes through the provider', () => {
  it('updates a text site setting and answers the saved record', async () => {
    const { data: rows } = await dataProvider.getList<SiteSettingRow>(
      'site-settings',
      listParams(undefined, { kind: 'text' }),
    );
    const setting = rows[0]!;
    const { data } = await dataProvider.update<SiteSettingRow & RaRecord>('site-settings', {
      id: setting.id,
      data: { ...setting, value: 'Changed by the data provider test' },
      previousData: setting,
    });
    expect(data).toMatchObject({ id: setting.id, value: 'Changed by the data provider test' });
  });

  it('deletes a search error log and answers the deleted record', async () => {
    const { data: rows } = await dataProvider.getList('search-error-logs', listParams(undefined, {}, 1));
    const { data } = await dataProvider.delete('search-error-logs', { id: rows[0]!.id });
    expect(data).toEqual(rows[0]);
  });

  it('deletes a user and answers with its id', async () => {
    const user = users[29]!;
    const { data } = await dataProvider.delete('users', { id: user.userId });
    expect(data.id).toBe(user.userId);
    await expect(dataProvider.getOne('users', { id: user.userId })).rejects.toMatchObject({ status: 404 });
  });
});

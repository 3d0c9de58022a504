import {
  type CreateListResponse,
  type ListMembersPage,
  type Problem,
  RemovalMessages,
  type SearchResponse,
} from '@healthtal/contracts';
import { projections, rebuildProjection } from '@healthtal/projections';
import { importCsv } from '@healthtal/testkit/directory-import';
import { nextIp, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A professional's whole way through HealthTal, over HTTP: she sends her resume, an admin approves
 * it, recruiters find, list and export her; then she asks to be removed, confirms by mail, and is
 * gone from search, lists, exports and any rebuild of the read models, and cannot come back in.
 */
let app: TestApp;

const priya = {
  firstName: 'Priya',
  lastName: 'Raman',
  title: 'Nurse Practitioner',
  companyName: 'Valley Health Clinic',
  specialty: 'Nurse Practitioner',
  email: 'priya.raman@mail.example',
  phone: '(602) 555-0188',
  city: 'Phoenix',
  state: 'AZ',
  linkedinUrl: 'linkedin.com/in/priya-raman-np',
  education: [{ school: 'Arizona State University', degree: 'MSN' }],
  skills: ['Primary Care', 'Telehealth', 'primary care'],
};
/** Someone else in the same searches, who stays. */
const theo = {
  firstName: 'Theo',
  lastName: 'Raman',
  title: 'Nurse Practitioner',
  specialty: 'Nurse Practitioner',
  companyName: 'Valley Health Clinic',
  city: 'Phoenix',
  state: 'AZ',
  personalEmail: 'theo.raman@mail.example',
  phone: '(602) 555-0123',
};

const post = (path: string, json: unknown, as?: 'admin' | 'premium') =>
  app.request(path, { method: 'POST', json, ip: nextIp(), ...(as ? { as } : {}) });

const searchIds = async (query: string) => {
  const response = await app.request('/api/v1/search', { method: 'POST', json: { query }, as: 'premium' });
  expect(response.status).toBe(200);
  return ((await response.json()) as SearchResponse).data.map((card) => card.id);
};

const csvIds = async (response: Response) => {
  expect(response.status).toBe(200);
  return (parse(await response.text(), { bom: true, columns: true }) as { ID: string }[]).map(
    (row) => row.ID,
  );
};

const listMemberIds = async (listId: string) => {
  const response = await app.request(`/api/v1/lists/${listId}/members`, { as: 'premium' });
  expect(response.status).toBe(200);
  return ((await response.json()) as ListMembersPage).data.map((card) => card.id);
};

let priyaId = '';
let theoId = '';
let listId = '';

beforeAll(async () => {
  app = await startTestApp();
  await importCsv(app, [theo]);
  theoId = (
    await app.pool.query<{ id: string }>(`select id from directory_candidates where first_name = 'Theo'`)
  ).rows[0]!.id;
  while ((await app.request('/readyz')).status !== 200)
    await new Promise((resolve) => setTimeout(resolve, 50));
});
afterAll(() => app?.close());

describe('A resume, approved, found, then removed at its owner’s request', () => {
  it('is submitted through the public form and approved by an admin', async () => {
    const submitted = await post('/api/v1/resume-submissions', priya);
    expect(submitted.status).toBe(201);
    priyaId = ((await submitted.json()) as { id: string }).id;
    const approved = await post(`/api/admin/resume-submissions/${priyaId}/approve`, {}, 'admin');
    expect(approved.status).toBe(200);
    await app.caughtUp();
  });

  it('is found by search, on her profile, in a list and in exports', async () => {
    expect((await searchIds('Raman')).sort()).toEqual([priyaId, theoId].sort());
    expect((await app.request(`/api/v1/candidates/${priyaId}`, { as: 'premium' })).status).toBe(200);

    const created = await post(
      '/api/v1/lists',
      { name: 'Phoenix NPs', candidateIds: [priyaId, theoId] },
      'premium',
    );
    expect(created.status).toBe(201);
    listId = ((await created.json()) as CreateListResponse).list.id;
    await app.caughtUp();
    expect((await listMemberIds(listId)).sort()).toEqual([priyaId, theoId].sort());

    expect(
      await csvIds(await post('/api/v1/exports', { candidateIds: [priyaId, theoId] }, 'premium')),
    ).toEqual([priyaId, theoId]);
    expect((await csvIds(await post(`/api/v1/lists/${listId}/export`, {}, 'premium'))).sort()).toEqual(
      [priyaId, theoId].sort(),
    );
  });

  it('is removed once she confirms the link mailed to her', async () => {
    const requested = await post('/api/v1/removal-requests', { email: priya.email });
    expect(requested.status).toBe(202);
    const token = await app.tokenFromMail(priya.email, 'removal-confirmation');
    const confirmed = await post('/api/v1/removal-requests/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ removed: true, message: RemovalMessages.removed });
    await app.caughtUp();

    const reused = await post('/api/v1/removal-requests/confirm', { token });
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as Problem).detail).toBe(RemovalMessages.failed);
  });

  it('is gone from search, her profile, the list, every export and the admin’s submissions', async () => {
    await expectPriyaGone();
  });

  it('stays gone after every read model is rebuilt from the log', async () => {
    for (const projection of projections) await rebuildProjection(app.pool, app.store, projection);
    await expectPriyaGone();
    const { rows } = await app.pool.query<{ confirmed: boolean; erased_count: number }>(
      'select confirmed_at is not null as confirmed, erased_count from removal_requests',
    );
    expect(rows).toEqual([{ confirmed: true, erased_count: 1 }]);
  });

  it('cannot be imported again, nor send her resume again', async () => {
    const summary = await importCsv(app, [
      { ...theo, firstName: 'Priya', personalEmail: priya.email, phone: null },
      { ...theo, firstName: 'Priya', personalEmail: 'p.raman@elsewhere.example', phone: priya.phone },
    ]);
    expect(summary).toMatchObject({ imported: 0, suppressed: 2 });

    const resubmitted = await post('/api/v1/resume-submissions', priya);
    expect(resubmitted.status).toBe(422);
    expect(await searchIds('Priya')).toEqual([]);
  });
});

async function expectPriyaGone() {
  expect(await searchIds('Raman')).toEqual([theoId]);
  expect(await searchIds('Priya')).toEqual([]);
  expect((await app.request(`/api/v1/candidates/${priyaId}`, { as: 'premium' })).status).toBe(404);
  expect(await listMemberIds(listId)).toEqual([theoId]);
  expect(await csvIds(await post('/api/v1/exports', { candidateIds: [priyaId, theoId] }, 'premium'))).toEqual(
    [theoId],
  );
  expect(await csvIds(await post(`/api/v1/lists/${listId}/export`, {}, 'premium'))).toEqual([theoId]);
  expect(await csvIds(await post('/api/v1/exports', { search: { query: 'Raman' } }, 'premium'))).toEqual([
    theoId,
  ]);
  expect((await app.request(`/api/admin/resume-submissions/${priyaId}`, { as: 'admin' })).status).toBe(404);
}

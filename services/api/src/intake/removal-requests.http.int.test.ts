import { randomUUID } from 'node:crypto';
import {
  type Problem,
  RemovalMessages,
  type RemovalRequestRow,
  ResumeMessages,
  type SearchResponse,
} from '@healthtal/contracts';
import { directoryProjection, rebuildProjection } from '@healthtal/projections';
import { importCsv } from '@healthtal/testkit/directory-import';
import { nextIp, startTestApp, type TestApp, testMetadata } from '@healthtal/testkit/harness';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashEmail, suppressionKey } from '../directory/suppression';
import { removalIdOf, removalTokenHash } from './removal-tokens';

let app: TestApp;

/** Dana is listed twice: by her personal address in one export and her work address in another. */
const dana = {
  firstName: 'Dana',
  lastName: 'Whitfield',
  title: 'Charge Nurse',
  specialty: 'Registered Nurse',
  companyName: 'Mercy General',
  city: 'Sacramento',
  state: 'CA',
  personalEmail: 'Dana.Whitfield@mail.example',
  workEmail: null,
  phone: '(916) 555-0134',
  directPhone: null,
};
const danaAtWork = {
  ...dana,
  companyName: 'Mercy General Hospital',
  personalEmail: null,
  workEmail: 'dana.whitfield@mail.example',
  phone: null,
  directPhone: '916-555-0177',
};
const omar = {
  ...dana,
  firstName: 'Omar',
  lastName: 'Haddad',
  personalEmail: 'omar.haddad@mail.example',
  phone: '(916) 555-0150',
};
const lena = {
  ...dana,
  firstName: 'Lena',
  lastName: 'Ostrova',
  personalEmail: 'lena.ostrova@mail.example',
  phone: '(916) 555-0161',
};

/** The resume form as Dana would fill it in, with her personal address in yet another case. */
const danaResume = {
  firstName: 'Dana',
  lastName: 'Whitfield',
  title: 'Charge Nurse',
  companyName: 'Mercy General',
  specialty: 'Registered Nurse',
  email: 'dana.WHITFIELD@mail.example',
  phone: '(916) 555-0134',
  city: 'Sacramento',
  state: 'CA',
};

const post = (path: string, json: unknown) => app.request(path, { method: 'POST', json, ip: nextIp() });
const requestRemoval = (email: string) => post('/api/v1/removal-requests', { email });
const confirm = (token: string) => post('/api/v1/removal-requests/confirm', { token });

const idsWithEmail = async (email: string) =>
  (
    await app.pool.query<{ candidate_id: string }>(
      `select candidate_id from directory_contacts
       where lower(personal_email) = lower($1) or lower(work_email) = lower($1) order by candidate_id`,
      [email],
    )
  ).rows.map((row) => row.candidate_id);

const searchIds = async (query: string) => {
  const response = await app.request('/api/v1/search', { method: 'POST', json: { query }, as: 'basic' });
  expect(response.status).toBe(200);
  return ((await response.json()) as SearchResponse).data.map((card) => card.id);
};

const exportedIds = async (candidateIds: string[]) => {
  const response = await app.request('/api/v1/exports', {
    method: 'POST',
    json: { candidateIds },
    as: 'premium',
  });
  expect(response.status).toBe(200);
  const rows = parse(await response.text(), { bom: true, columns: true }) as { ID: string }[];
  return rows.map((row) => row.ID);
};

const adminList = async (query = '') => {
  const response = await app.request(`/api/admin/removal-requests${query}`, { as: 'admin' });
  expect(response.status).toBe(200);
  return {
    rows: (await response.json()) as RemovalRequestRow[],
    range: response.headers.get('content-range'),
  };
};

/** A request written straight to the log, as if made `ageMs` ago, with a token the test knows. */
async function backdatedRequest(email: string, ageMs: number, ttlMs: number) {
  const token = `backdated${randomUUID().replaceAll('-', '').slice(0, 17)}`;
  const tokenHash = removalTokenHash(token);
  const removalId = removalIdOf(tokenHash);
  const requestedAt = Date.now() - ageMs;
  await app.store.append(`removal-${removalId}`, [
    {
      type: 'RemovalRequested',
      data: {
        removalId,
        email,
        emailHash: hashEmail(await suppressionKey(app.pool), email)!,
        tokenHash,
        expiresAt: new Date(requestedAt + ttlMs).toISOString(),
      },
      metadata: { ...testMetadata(), occurredAt: new Date(requestedAt).toISOString() },
    },
  ]);
  await app.caughtUp();
  return { token, removalId };
}

const DAY = 86_400_000;

beforeAll(async () => {
  app = await startTestApp();
  await importCsv(app, [dana, omar, lena]);
  await importCsv(app, [danaAtWork]);
  while ((await app.request('/readyz')).status !== 200)
    await new Promise((resolve) => setTimeout(resolve, 50));
});
afterAll(() => app?.close());

describe('POST /api/v1/removal-requests', () => {
  it('refuses an address that is not one, with the form’s message', async () => {
    const response = await requestRemoval('dana at mail');
    expect(response.status).toBe(400);
    const problem = (await response.json()) as Problem;
    expect(problem.errors).toEqual({ email: RemovalMessages.invalidEmail });
  });

  it('answers an unknown address exactly like a known one, and mails and records nothing', async () => {
    const events = await app.eventCount();
    const unknown = await requestRemoval('nobody-listed@mail.example');
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual({ message: RemovalMessages.requestReceived });
    expect(await app.lastMail('nobody-listed@mail.example')).toBeNull();
    expect(await app.eventCount()).toBe(events);
  });

  it('mails one address three links an hour at most; a fourth request is answered alike and mails nothing', async () => {
    // Capping the mails, not the requests: a stranger asking about Priya cannot keep Priya from
    // asking, and the links already mailed to her stay good.
    const priya = { ...omar, firstName: 'Priya', personalEmail: 'priya.raman@mail.example', phone: null };
    await importCsv(app, [priya]);
    await app.caughtUp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await requestRemoval(priya.personalEmail)).status);
    expect(statuses).toEqual([202, 202, 202, 202]);
    await app.lastMail(priya.personalEmail); // the requests' jobs are done
    const { rows } = await app.pool.query(
      `select count(*)::int as n from mail_outbox where recipient = $1 and kind = 'removal-confirmation'`,
      [priya.personalEmail],
    );
    expect(rows[0].n).toBe(3);
  });
});

describe('Removing Dana', () => {
  let token = '';
  let danaIds: string[] = [];
  let submissionId = '';

  it('finds her in search, on her profiles and in exports before', async () => {
    danaIds = await idsWithEmail(dana.personalEmail);
    expect(danaIds).toHaveLength(2);
    expect((await searchIds('Dana Whitfield')).sort()).toEqual(danaIds);
    for (const id of danaIds)
      expect((await app.request(`/api/v1/candidates/${id}`, { as: 'basic' })).status).toBe(200);
    expect(await exportedIds(danaIds)).toEqual(danaIds);
  });

  it('also holds a resume she sent that no admin has looked at yet', async () => {
    const response = await post('/api/v1/resume-submissions', danaResume);
    expect(response.status).toBe(201);
    submissionId = ((await response.json()) as { id: string }).id;
    await app.caughtUp();
    expect((await app.request(`/api/admin/resume-submissions/${submissionId}`, { as: 'admin' })).status).toBe(
      200,
    );
  });

  it('mails a single-use link with a 26-character token to the address', async () => {
    // The address as typed, in another case: the directory holds it lower-cased for one of the two.
    const response = await requestRemoval('DANA.WHITFIELD@mail.example');
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: RemovalMessages.requestReceived });
    const mail = await app.lastMail('DANA.WHITFIELD@mail.example', 'removal-confirmation');
    expect(mail?.text).toContain('/confirm-removal?token=');
    token = await app.tokenFromMail('DANA.WHITFIELD@mail.example', 'removal-confirmation');
    expect(token).toMatch(/^[a-z0-9]{26}$/);
  });

  it('keeps neither the token nor the address readable in the log', async () => {
    const { rows } = await app.pool.query<{ data: string }>(
      `select data::text as data from eventstore.events where type = 'RemovalRequested'`,
    );
    const stored = rows.map((row) => row.data).join('\n');
    expect(stored).toContain(removalTokenHash(token));
    expect(stored).not.toContain(token);
    expect(stored.toLowerCase()).not.toContain('dana.whitfield');
  });

  it('lists the open request for admins with its age, and not her address', async () => {
    await app.caughtUp();
    const { rows } = await adminList(`?filter=${encodeURIComponent('{"status":"open"}')}`);
    expect(rows).toContainEqual({
      id: removalIdOf(removalTokenHash(token)),
      status: 'open',
      requestedAt: expect.any(String),
      expiresAt: expect.any(String),
      confirmedAt: null,
      erasedCount: 0,
      ageDays: 0,
      overdue: false,
    });
    expect(JSON.stringify(rows).toLowerCase()).not.toContain('whitfield');
  });

  it('erases every record of hers on confirmation', async () => {
    const response = await confirm(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ removed: true, message: RemovalMessages.removed });
    await app.caughtUp();

    expect(await idsWithEmail(dana.personalEmail)).toEqual([]);
    expect(await searchIds('Dana Whitfield')).toEqual([]);
    expect(await searchIds('Omar Haddad')).toHaveLength(1);
    for (const id of danaIds) {
      expect((await app.request(`/api/v1/candidates/${id}`, { as: 'basic' })).status).toBe(404);
      const events = await app.store.readStream(`candidate-${id}`);
      expect(events.map((e) => e.type)).toEqual(['CandidateImported', 'PersonalDataErased']);
      // Her key is gone: the log reads back without her.
      expect(events[0]!.data).toMatchObject({ firstName: null, lastName: null, phone: null });
    }
    const [omarId] = await idsWithEmail(omar.personalEmail);
    expect(await exportedIds([...danaIds, omarId!])).toEqual([omarId]);

    expect((await app.request(`/api/admin/resume-submissions/${submissionId}`, { as: 'admin' })).status).toBe(
      404,
    );
    const submission = await app.store.readStream(`submission-${submissionId}`);
    expect(submission.map((e) => e.type)).toEqual(['ResumeSubmitted', 'PersonalDataErased']);
    expect(submission[0]!.data).toMatchObject({ firstName: null, email: null, phone: null });
  });

  it('shows the request as confirmed', async () => {
    const { rows } = await adminList(`?filter=${encodeURIComponent('{"status":"confirmed"}')}`);
    expect(rows).toEqual([
      expect.objectContaining({
        id: removalIdOf(removalTokenHash(token)),
        status: 'confirmed',
        erasedCount: 3,
        overdue: false,
      }),
    ]);
    const detail = await app.request(`/api/admin/removal-requests/${rows[0]!.id}`, { as: 'admin' });
    expect(await detail.json()).toEqual(rows[0]);
  });

  it('refuses the token a second time with the spec’s message', async () => {
    const response = await confirm(token);
    expect(response.status).toBe(409);
    const problem = (await response.json()) as Problem;
    expect(problem.detail).toBe(RemovalMessages.failed);
    expect(problem.errors).toEqual({ token: RemovalMessages.failed });
  });

  it('does not bring her back in a fresh rebuild of the directory', async () => {
    await rebuildProjection(app.pool, app.store, directoryProjection);
    const { rows } = await app.pool.query('select id from directory_candidates where id = any($1::uuid[])', [
      danaIds,
    ]);
    expect(rows).toEqual([]);
    expect(await searchIds('Dana Whitfield')).toEqual([]);
    expect(await searchIds('Omar Haddad')).toHaveLength(1);
  });

  it('refuses to import her again, by either address or phone', async () => {
    const summary = await importCsv(app, [
      dana,
      { ...danaAtWork, companyName: 'St. Luke’s' },
      { ...dana, personalEmail: null, workEmail: null, lastName: 'Whitfield-Moss' },
    ]);
    expect(summary).toMatchObject({ imported: 0, suppressed: 3 });
    expect(await searchIds('Dana')).toEqual([]);
  });

  it('refuses a new resume from her', async () => {
    const response = await post('/api/v1/resume-submissions', { ...danaResume, phone: '916 555 0199' });
    expect(response.status).toBe(422);
    // Neutral: it does not say she asked to be removed, nor which field gave her away.
    const problem = (await response.json()) as Problem;
    expect(problem.detail).toBe(ResumeMessages.cannotAccept);
    expect(problem.errors).toBeUndefined();
  });
});

describe('POST /api/v1/removal-requests/confirm', () => {
  it('asks for the token when there is none', async () => {
    const response = await confirm('  ');
    expect(response.status).toBe(400);
    expect(((await response.json()) as Problem).errors).toEqual({ token: RemovalMessages.noToken });
  });

  it('refuses a token that was never issued', async () => {
    const response = await confirm('abcdefghjkmnpqrstvwxyz0123');
    expect(response.status).toBe(400);
    expect(((await response.json()) as Problem).detail).toBe(RemovalMessages.failed);
  });

  it('refuses an expired token and erases nothing', async () => {
    const { token } = await backdatedRequest(lena.personalEmail, 8 * DAY, 7 * DAY);
    const response = await confirm(token);
    expect(response.status).toBe(400);
    const problem = (await response.json()) as Problem;
    expect(problem).toMatchObject({ title: 'Removal link expired', detail: RemovalMessages.failed });
    expect(await searchIds('Lena Ostrova')).toHaveLength(1);
  });
});

describe('GET /api/admin/removal-requests', () => {
  it('flags a request left unconfirmed for more than 30 days as overdue, oldest first', async () => {
    const old = await backdatedRequest(omar.personalEmail, 40 * DAY, 7 * DAY);
    const { rows, range } = await adminList();
    expect(range).toMatch(/^removal-requests 0-\d+\/\d+$/);
    expect(rows[0]).toMatchObject({ id: old.removalId, status: 'expired', ageDays: 40, overdue: true });
    expect(rows.map((row) => row.ageDays)).toEqual([...rows.map((row) => row.ageDays)].sort((a, b) => b - a));

    const overdue = await adminList(`?filter=${encodeURIComponent('{"overdue":true}')}`);
    expect(overdue.rows.map((row) => row.id)).toEqual([old.removalId]);
    const newest = await adminList(`?sort=${encodeURIComponent('["ageDays","ASC"]')}`);
    expect(newest.rows.at(-1)?.id).toBe(old.removalId);
  });

  it('refuses an unknown sort field and a bad status', async () => {
    const sort = await app.request(
      `/api/admin/removal-requests?sort=${encodeURIComponent('["email","ASC"]')}`,
      {
        as: 'admin',
      },
    );
    expect(sort.status).toBe(400);
    const status = await app.request(
      `/api/admin/removal-requests?filter=${encodeURIComponent('{"status":"done"}')}`,
      { as: 'admin' },
    );
    expect(status.status).toBe(400);
  });

  it('is for admins only, and an unknown id is a 404', async () => {
    expect((await app.request('/api/admin/removal-requests', { as: 'premium' })).status).toBe(403);
    expect((await app.request(`/api/admin/removal-requests/${randomUUID()}`, { as: 'admin' })).status).toBe(
      404,
    );
  });
});

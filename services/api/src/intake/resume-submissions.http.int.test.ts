import { createHmac } from 'node:crypto';
import {
  type Problem,
  ResumeMessages,
  type ResumeSubmissionCounts,
  type ResumeSubmissionRow,
  type SearchResponse,
} from '@healthtal/contracts';
import { nextIp, startTestApp, type TestApp, testMetadata } from '@healthtal/testkit/harness';
import { VALID_RESUME } from '@healthtal/testkit/resumes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashEmail, hashPhone, suppress, suppressionKey } from '../directory/suppression';

const valid = VALID_RESUME;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Accepted = { id: string };
type BadRequest = Problem & { errors: Record<string, string> };
const problemOf = async (response: Response) => (await response.json()) as BadRequest;

const post = (
  body: unknown,
  { ip = nextIp(), headers = {} }: { ip?: string; headers?: Record<string, string> } = {},
) => app.request('/api/v1/resume-submissions', { method: 'POST', json: body, ip, headers });

/** Submits a resume (a distinct person unless told otherwise) and returns its id. */
let people = 0;
async function submit(change: Partial<typeof valid> = {}): Promise<string> {
  people++;
  const response = await post({
    ...valid,
    email: `person-${people}@example.org`,
    phone: `512-555-${String(1000 + people)}`,
    ...change,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as Accepted).id;
}

const admin = (path: string, init: { method?: string; json?: unknown } = {}) =>
  app.request(path, { as: 'admin', ...init });
const listQuery = (params: Record<string, unknown>) =>
  `/api/admin/resume-submissions?${new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
  ).toString()}`;
const rowOf = async (id: string) =>
  (await (await admin(`/api/admin/resume-submissions/${id}`)).json()) as ResumeSubmissionRow;
const approve = (id: string) =>
  admin(`/api/admin/resume-submissions/${id}/approve`, { method: 'POST', json: {} });
const reject = (id: string) =>
  admin(`/api/admin/resume-submissions/${id}/reject`, { method: 'POST', json: {} });
const search = async (body: Record<string, unknown>) => {
  const response = await app.request('/api/v1/search', { method: 'POST', json: body, as: 'premium' });
  expect(response.status).toBe(200);
  return (await response.json()) as SearchResponse;
};

describe('POST /api/v1/resume-submissions', () => {
  it('takes a resume from an anonymous visitor, and the Pending tab shows it as the form said', async () => {
    const response = await post(valid);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as Accepted;
    await app.caughtUp();
    expect(await rowOf(id)).toEqual({
      id,
      status: 'pending',
      ...valid,
      phone: '+15125550147', // (512) 555-0147, as E.164
      location: 'Austin, Texas, United States',
      resumeFile: null,
      submittedAt: expect.any(String),
      approvedAt: null,
      processedAt: null,
    });
  });

  it('normalises what the spec asks: https:// on LinkedIn, Other specialty, default country, skills once', async () => {
    const id = await submit({
      specialty: 'Other',
      otherSpecialty: '  Wound Care  ',
      country: undefined,
      middleName: '   ',
      linkedinUrl: 'linkedin.com/in/someone',
      skills: ['  BLS ', 'bls', '', 'ACLS', 'BLS'],
    } as Partial<typeof valid>);
    await app.caughtUp();
    expect(await rowOf(id)).toMatchObject({
      specialty: 'Wound Care',
      country: 'United States',
      middleName: null,
      linkedinUrl: 'https://linkedin.com/in/someone',
      skills: ['BLS', 'ACLS'],
    });
  });

  it('accepts a resume without the optional parts', async () => {
    const { middleName: _m, linkedinUrl: _l, education: _e, skills: _s, ...required } = valid;
    const response = await post(required);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as Accepted;
    await app.caughtUp();
    expect(await rowOf(id)).toMatchObject({ middleName: null, linkedinUrl: null, education: [], skills: [] });
  });

  it.each([
    ['firstName', { firstName: '  ' }, ResumeMessages.firstNameRequired],
    ['lastName', { lastName: '' }, ResumeMessages.lastNameRequired],
    ['title', { title: undefined }, ResumeMessages.titleRequired],
    ['companyName', { companyName: null }, ResumeMessages.companyRequired],
    ['specialty', { specialty: '' }, ResumeMessages.specialtyRequired],
    ['otherSpecialty', { specialty: 'Other' }, ResumeMessages.otherSpecialtyRequired],
    ['otherSpecialty', { specialty: 'other', otherSpecialty: '  ' }, ResumeMessages.otherSpecialtyRequired],
    ['city', { city: '' }, ResumeMessages.cityRequired],
    ['state', { state: ' ' }, ResumeMessages.stateRequired],
    ['country', { country: '' }, ResumeMessages.countryRequired],
    ['email', { email: 'maya@' }, ResumeMessages.invalidEmail],
    ['email', { email: '' }, ResumeMessages.invalidEmail],
    ['phone', { phone: '512-555-01' }, ResumeMessages.invalidPhone],
    ['phone', { phone: 'call me maybe 5125550147' }, ResumeMessages.invalidPhone],
    ['linkedinUrl', { linkedinUrl: 'not a url' }, ResumeMessages.invalidLinkedin],
    ['linkedinUrl', { linkedinUrl: 'ftp://linkedin.com/in/x' }, ResumeMessages.invalidLinkedin],
    ['education.0.school', { education: [{ school: ' ', degree: 'MSN' }] }, ResumeMessages.schoolRequired],
    ['education.0.degree', { education: [{ school: 'UT', degree: '' }] }, ResumeMessages.degreeRequired],
    ['skills.0', { skills: ['say "hi"'] }, ResumeMessages.skillHasQuotes],
  ])('refuses a bad %s with the spec message and stores nothing', async (field, change, message) => {
    const before = await app.eventCount();
    const response = await post({ ...valid, ...change });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect((await problemOf(response)).errors).toEqual({ [field]: message });
    expect(await app.eventCount()).toBe(before);
  });

  it('reports every missing required field at once', async () => {
    const problem = await problemOf(await post({}));
    expect(problem.errors).toEqual({
      firstName: ResumeMessages.firstNameRequired,
      lastName: ResumeMessages.lastNameRequired,
      title: ResumeMessages.titleRequired,
      companyName: ResumeMessages.companyRequired,
      specialty: ResumeMessages.specialtyRequired,
      email: ResumeMessages.invalidEmail,
      phone: ResumeMessages.invalidPhone,
      city: ResumeMessages.cityRequired,
      state: ResumeMessages.stateRequired,
    });
  });

  it.each([
    ['an unknown field', { ...valid, status: 'approved' }, 'status'],
    ['a 10,000-character name', { ...valid, firstName: 'x'.repeat(10_000) }, 'firstName'],
    ['six education entries', { ...valid, education: Array(6).fill(valid.education[0]) }, 'education'],
    ['31 skills', { ...valid, skills: Array.from({ length: 31 }, (_, i) => `skill ${i}`) }, 'skills'],
    ['skills that are not a list', { ...valid, skills: 'BLS, ACLS' }, 'skills'],
    ['a control character in a name', { ...valid, lastName: 'Okon\u0000kwo' }, 'lastName'],
    [
      'a line break in a school',
      { ...valid, education: [{ school: 'UT\nAustin', degree: 'MSN' }] },
      'education.0.school',
    ],
  ])('refuses %s with 400 naming the field', async (_label, body, field) => {
    const before = await app.eventCount();
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(Object.keys((await problemOf(response)).errors)).toContain(field);
    expect(await app.eventCount()).toBe(before);
  });

  it('refuses someone on the suppression list, by email or by phone, and stores nothing', async () => {
    const key = await suppressionKey(app.pool);
    await suppress(app.pool, [
      { kind: 'email', hash: hashEmail(key, 'gone@example.org')! },
      { kind: 'phone', hash: hashPhone(key, '415 555 0199')! },
    ]);
    const before = await app.eventCount();
    const byEmail = await post({ ...valid, email: ' Gone@Example.org ' });
    expect(byEmail.status).toBe(422);
    // Neutral: neither a reason nor a field, which would tell that this person asked to be removed.
    const refusal = await problemOf(byEmail);
    expect(refusal.detail).toBe(ResumeMessages.cannotAccept);
    expect(refusal.errors).toBeUndefined();
    expect(`${refusal.title} ${refusal.detail}`).not.toMatch(/remov|request/i);
    const byPhone = await post({ ...valid, phone: '(415) 555-0199' });
    expect(byPhone.status).toBe(422);
    expect((await problemOf(byPhone)).detail).toBe(ResumeMessages.cannotAccept);
    expect(await app.eventCount()).toBe(before);
  });

  it('refuses a removed phone in any spelling, also when it was removed before phones were E.164', async () => {
    const key = await suppressionKey(app.pool);
    // An entry as earlier versions wrote it: the keyed hash of the digits as typed.
    const legacy = createHmac('sha256', key).update('6265550170', 'utf8').digest('hex');
    await suppress(app.pool, [{ kind: 'phone', hash: legacy }]);
    const before = await app.eventCount();
    for (const phone of ['+1 626 555 0170', '(626) 555-0170', '1-626-555-0170', '626.555.0170']) {
      const response = await post({ ...valid, email: `${phone.replace(/\D/g, '')}@example.org`, phone });
      expect(response.status, phone).toBe(422);
    }
    expect(await app.eventCount()).toBe(before);
  });

  it('stores the phone as E.164', async () => {
    const id = await submit({ phone: '(512) 555-0142 ' });
    const submission = (await (
      await app.request(`/api/admin/resume-submissions/${id}`, { as: 'admin' })
    ).json()) as ResumeSubmissionRow;
    expect(submission.phone).toBe('+15125550142');
  });

  it('takes ten resumes an hour from one address, then answers 429 with Retry-After', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 10; i++) expect((await post(valid, { ip })).status).toBe(201);
    const refused = await post(valid, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post(valid)).status).toBe(201);
  });

  it('records a retried submission once (Idempotency-Key)', async () => {
    const before = await app.eventCount();
    // A retry comes from the same client: an anonymous caller's key is scoped to its address.
    const retry = { headers: { 'idempotency-key': 'resume-retry-1' }, ip: nextIp() };
    const first = await post(valid, retry);
    const second = await post(valid, retry);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(await app.eventCount()).toBe(before + 1);
  });
});

describe('the admin routes', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/resume-submissions'],
    ['GET', '/api/admin/resume-submissions/counts'],
    ['GET', '/api/admin/resume-submissions/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/admin/resume-submissions/00000000-0000-4000-8000-000000000000/approve'],
    ['POST', '/api/admin/resume-submissions/00000000-0000-4000-8000-000000000000/reject'],
    ['POST', '/api/admin/resume-submissions/bulk-approve'],
    ['POST', '/api/admin/resume-submissions/bulk-reject'],
  ];

  it.each(routes)('%s %s: 401 for anonymous callers, 403 for non-admins', async (method, path) => {
    const json = method === 'POST' ? { ids: ['00000000-0000-4000-8000-000000000000'] } : undefined;
    expect((await app.request(path, { method, json })).status).toBe(401);
    for (const role of ['premium', 'demo'] as const) {
      const response = await app.request(path, { method, json, as: role });
      expect(response.status).toBe(403);
    }
  });
});

describe('the Resume Submissions tabs', () => {
  let approvedId: string;
  let rejectedId: string;
  beforeAll(async () => {
    await submit({ firstName: 'Tabitha', companyName: 'Mercy Clinic' });
    await submit({ firstName: 'Tobias', companyName: 'Mercy Clinic' });
    approvedId = await submit({ firstName: 'Tamsin' });
    rejectedId = await submit({ firstName: 'Teodor' });
    await app.caughtUp();
    expect((await approve(approvedId)).status).toBe(200);
    expect((await reject(rejectedId)).status).toBe(200);
    await app.caughtUp();
  });

  it('lists one status at a time, newest first, with the total in Content-Range', async () => {
    const response = await admin(listQuery({ filter: { status: 'approved', q: 'tamsin' } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('resume-submissions 0-0/1');
    const [row] = (await response.json()) as ResumeSubmissionRow[];
    expect(row).toMatchObject({ id: approvedId, status: 'approved', approvedAt: expect.any(String) });
    expect(row!.processedAt).toBe(row!.approvedAt);

    const rejected = (await (
      await admin(listQuery({ filter: { status: 'rejected', q: 'teodor' } }))
    ).json()) as ResumeSubmissionRow[];
    expect(rejected).toEqual([
      expect.objectContaining({ id: rejectedId, approvedAt: null, processedAt: expect.any(String) }),
    ]);

    const pending = await admin(
      listQuery({ filter: { status: 'pending', q: 'mercy' }, sort: ['firstName', 'ASC'] }),
    );
    expect(((await pending.json()) as ResumeSubmissionRow[]).map((r) => r.firstName)).toEqual([
      'Tabitha',
      'Tobias',
    ]);
  });

  it('pages the way ra-data-simple-rest asks', async () => {
    const page = await admin(listQuery({ filter: { status: 'pending' }, range: [0, 0] }));
    const total = Number(page.headers.get('content-range')!.split('/')[1]);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(page.headers.get('content-range')).toBe(`resume-submissions 0-0/${total}`);
    expect(await page.json()).toHaveLength(1);
    const beyond = await admin(listQuery({ filter: { status: 'pending' }, range: [1000, 1024] }));
    expect(await beyond.json()).toEqual([]);
    expect(beyond.headers.get('content-range')).toBe(`resume-submissions 1000-1000/${total}`);
  });

  it('counts each tab', async () => {
    const counts = (await (
      await admin('/api/admin/resume-submissions/counts')
    ).json()) as ResumeSubmissionCounts;
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      const list = await admin(listQuery({ filter: { status }, range: [0, 0] }));
      expect(counts[status]).toBe(Number(list.headers.get('content-range')!.split('/')[1]));
    }
    expect(counts.approved).toBeGreaterThanOrEqual(1);
    expect(counts.rejected).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['sort by an unknown field', 'sort=["email_hash","ASC"]', 'sort.0'],
    ['a status that is not a tab', `filter=${encodeURIComponent('{"status":"archived"}')}`, 'filter.status'],
    ['a filter that is not JSON', 'filter=status', 'filter'],
    ['a page of 10,000 rows', 'range=[0,9999]', 'range'],
  ])('refuses %s with 400', async (_label, query, field) => {
    const response = await admin(`/api/admin/resume-submissions?${query}`);
    expect(response.status).toBe(400);
    expect(Object.keys((await problemOf(response)).errors)).toContain(field);
  });

  it('answers an unknown id with 404 and a malformed one with 400', async () => {
    expect((await admin('/api/admin/resume-submissions/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect((await admin('/api/admin/resume-submissions/nope')).status).toBe(400);
    expect((await approve('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('keeps approved and rejected submissions final, with 409 and the reason', async () => {
    const before = await app.eventCount();
    const again = await approve(approvedId);
    expect(again.status).toBe(409);
    expect(await problemOf(again)).toMatchObject({
      title: ResumeMessages.approvalFailed,
      detail: 'This submission was already approved; approved and rejected submissions are final.',
    });
    const rejectApproved = await reject(approvedId);
    expect((await problemOf(rejectApproved)).title).toBe(ResumeMessages.rejectionFailed);
    expect((await approve(rejectedId)).status).toBe(409);
    expect((await reject(rejectedId)).status).toBe(409);
    expect(await app.eventCount()).toBe(before);
    expect((await rowOf(rejectedId)).status).toBe('rejected');
  });
});

describe('bulk approve and reject', () => {
  const bulk = (action: 'approve' | 'reject', ids: unknown) =>
    admin(`/api/admin/resume-submissions/bulk-${action}`, { method: 'POST', json: { ids } });

  it('approves what it can and reports the rest with counts', async () => {
    const ids = [
      await submit({ firstName: 'Bulkan' }),
      await submit({ firstName: 'Bulma' }),
      await submit({ firstName: 'Bulwer' }),
    ];
    expect((await reject(ids[1]!)).status).toBe(200);
    const response = await bulk('approve', ids);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      approved: 2,
      failed: [
        {
          id: ids[1],
          reason: 'This submission was already rejected; approved and rejected submissions are final.',
        },
      ],
      message: ResumeMessages.bulkPartiallyFailed('approve'),
    });
    await app.caughtUp();
    expect((await Promise.all(ids.map(rowOf))).map((r) => r.status)).toEqual([
      'approved',
      'rejected',
      'approved',
    ]);
  });

  it('says so when every one went through, and counts a repeated id once', async () => {
    const ids = [await submit(), await submit()];
    const response = await bulk('reject', [...ids, ids[0]]);
    expect(await response.json()).toEqual({
      rejected: 2,
      failed: [],
      message: ResumeMessages.bulkSucceeded('reject'),
    });
  });

  it('reports an unknown id as failed without stopping the others', async () => {
    const id = await submit();
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await (await bulk('reject', [unknown, id])).json()).toEqual({
      rejected: 1,
      failed: [{ id: unknown, reason: 'No resume submission has this id.' }],
      message: ResumeMessages.bulkPartiallyFailed('reject'),
    });
  });

  it.each([
    ['no selection', [], 'ids', ResumeMessages.noneSelected],
    ['no list at all', undefined, 'ids', ResumeMessages.noneSelected],
    ['an id that is not one', ['nope'], 'ids.0', undefined],
    ['more than 100 ids', Array(101).fill('00000000-0000-4000-8000-000000000000'), 'ids', undefined],
  ])('refuses %s with 400 and changes nothing', async (_label, ids, field, message) => {
    const before = await app.eventCount();
    const response = await bulk('approve', ids);
    expect(response.status).toBe(400);
    const { errors } = await problemOf(response);
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toBe(message);
    expect(await app.eventCount()).toBe(before);
  });
});

describe('an approved resume in the directory', () => {
  it('is found by recruiters with its specialty, state code, skills and education', async () => {
    const id = await submit({
      firstName: 'Zephyrine',
      lastName: 'Quillfeather',
      specialty: 'Other',
      otherSpecialty: 'wound care',
      state: 'Texas',
      skills: ['Negative Pressure Therapy'],
      education: [{ school: 'Rice University', degree: 'BSN' }],
    } as Partial<typeof valid>);
    await app.caughtUp();
    expect((await search({ query: 'quillfeather' })).count).toBe(0);

    expect((await approve(id)).status).toBe(200);
    await app.caughtUp();
    const found = await search({ query: 'quillfeather' });
    expect(found.data).toEqual([
      expect.objectContaining({
        id,
        firstName: 'Zephyrine',
        lastName: 'Quillfeather',
        specialty: 'Wound Care',
      }),
    ]);
    expect(
      (
        await search({ state: 'TX', specialty: ['Wound Care'], skills: ['negative pressure therapy'] })
      ).data.map((c) => c.id),
    ).toContain(id);
    expect((await search({ education: ['BSN'], query: 'zephyrine' })).count).toBe(1);

    const reveal = await app.request(`/api/v1/candidates/${id}/reveal`, {
      method: 'POST',
      as: 'premium',
      json: {},
    });
    expect(await reveal.json()).toMatchObject({ personalEmail: expect.stringMatching(/@example\.org$/) });
  });

  it('leaves the directory and the console together when the person is erased (one subject id)', async () => {
    const id = await submit({ lastName: 'Evanescent' });
    await approve(id);
    await app.caughtUp();
    expect((await search({ query: 'evanescent' })).count).toBe(1);
    await app.store.append(`candidate-${id}`, [
      { type: 'PersonalDataErased', data: { subjectId: id }, metadata: testMetadata() },
    ]);
    await app.caughtUp();
    expect((await search({ query: 'evanescent' })).count).toBe(0);
    expect((await admin(`/api/admin/resume-submissions/${id}`)).status).toBe(404);
  });

  it('takes the largest resume the form allows into the directory', async () => {
    const id = await submit({
      title: 'T'.repeat(200),
      education: Array.from({ length: 5 }, (_, i) => ({
        school: `${i}${'"\\'.repeat(50)}`.slice(0, 100),
        degree: '"'.repeat(60),
      })),
      skills: Array.from({ length: 30 }, (_, i) => `${i}${'\\'.repeat(49)}`.slice(0, 50)),
    });
    expect((await approve(id)).status).toBe(200);
    await app.caughtUp();
    expect((await app.request(`/api/v1/candidates/${id}`, { as: 'premium' })).status).toBe(200);
  });

  it('is refused approval when the person asked to be removed after submitting', async () => {
    const id = await submit({ email: 'changed-mind@example.org' });
    const key = await suppressionKey(app.pool);
    await suppress(app.pool, [{ kind: 'email', hash: hashEmail(key, 'changed-mind@example.org')! }]);
    const response = await approve(id);
    expect(response.status).toBe(409);
    expect((await problemOf(response)).detail).toContain('asked for their data to be removed');
    expect((await reject(id)).status).toBe(200);
  });
});

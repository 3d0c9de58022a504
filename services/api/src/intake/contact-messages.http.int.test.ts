import { randomUUID } from 'node:crypto';
import { ContactMessages, type Problem } from '@healthtal/contracts';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const valid = {
  name: 'Dana Whitfield',
  email: 'dana@example.org',
  phone: '(555) 010-2030',
  subject: 'Enterprise pricing',
  message: 'We have twelve recruiters; do you offer team plans?',
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Accepted = { id: string };
const problemOf = async (response: Response) =>
  (await response.json()) as Problem & { errors: Record<string, string> };

const post = (body: unknown, headers: Record<string, string> = {}) =>
  app.request('/api/v1/contact-messages', { method: 'POST', json: body, headers });

describe('POST /api/v1/contact-messages', () => {
  it('accepts a message from an anonymous visitor and the admin list shows it', async () => {
    const response = await post(valid);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as Accepted;
    await app.caughtUp();
    const list = await app.request(
      `/api/admin/contact-messages?filter=${encodeURIComponent('{"q":"whitfield"}')}`,
      {
        as: 'admin',
      },
    );
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toBe('contact-messages 0-0/1');
    const rows = await list.json();
    expect(rows).toEqual([{ id, ...valid, receivedAt: expect.any(String) }]);
    const one = await app.request(`/api/admin/contact-messages/${id}`, { as: 'admin' });
    expect(await one.json()).toMatchObject({ id, subject: valid.subject });
  });

  it('trims what the visitor typed', async () => {
    const { id } = (await (
      await post({ ...valid, name: '  Sam Ortiz  ', subject: '  Question about data  ' })
    ).json()) as Accepted;
    await app.caughtUp();
    const row = await (await app.request(`/api/admin/contact-messages/${id}`, { as: 'admin' })).json();
    expect(row).toMatchObject({ name: 'Sam Ortiz', subject: 'Question about data' });
  });

  it.each([
    ['name', { name: 'D' }, ContactMessages.nameTooShort],
    ['name', { name: '   D   ' }, ContactMessages.nameTooShort],
    ['email', { email: 'dana@' }, ContactMessages.invalidEmail],
    ['email', { email: 'not an email' }, ContactMessages.invalidEmail],
    ['phone', { phone: '555-0102' }, ContactMessages.phoneTooShort],
    ['subject', { subject: 'Hey' }, ContactMessages.subjectTooShort],
    ['message', { message: 'Too short' }, ContactMessages.messageTooShort],
  ])('refuses a bad %s with the spec message and stores nothing', async (field, change, message) => {
    const before = await app.eventCount();
    const response = await post({ ...valid, ...change });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = await problemOf(response);
    expect(problem.errors).toEqual({ [field]: message });
    expect(problem.status).toBe(400);
    expect(await app.eventCount()).toBe(before);
  });

  it('reports every invalid field at once', async () => {
    const problem = await problemOf(await post({ name: '', email: '', phone: '', subject: '', message: '' }));
    expect(problem.errors).toEqual({
      name: ContactMessages.nameTooShort,
      email: ContactMessages.invalidEmail,
      phone: ContactMessages.phoneTooShort,
      subject: ContactMessages.subjectTooShort,
      message: ContactMessages.messageTooShort,
    });
  });

  it('answers a retried request with the same Idempotency-Key once, and refuses the key for another body', async () => {
    const before = await app.eventCount();
    const first = await post(valid, { 'idempotency-key': 'contact-retry-1' });
    const second = await post(valid, { 'idempotency-key': 'contact-retry-1' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(await app.eventCount()).toBe(before + 1);
    const reused = await post(
      { ...valid, subject: 'Another question' },
      { 'idempotency-key': 'contact-retry-1' },
    );
    expect(reused.status).toBe(422);
  });

  it('lets a retry take over a key whose process died mid-request, never one whose process lives', async () => {
    const key = 'contact-orphaned-1';
    const first = await post(valid, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const before = await app.eventCount();
    // What a process SIGKILLed before it answered leaves behind: the claim, no answer, its owner.
    const orphan = (owner: string) =>
      app.database.pool.query(
        'update idempotency_keys set status = null, response = null, owner = $2 where key = $1',
        [key, owner],
      );
    const lockOf = (owner: string) => [
      'select pg_advisory_lock(hashtextextended($1, 0))',
      [`api-instance:${owner}`],
    ];

    // Its process still runs (it holds its liveness lock): the retry waits its turn.
    const living = randomUUID();
    const holder = await app.database.pool.connect();
    try {
      await holder.query(...(lockOf(living) as [string, string[]]));
      await orphan(living);
      const refused = await post(valid, { 'idempotency-key': key });
      expect(refused.status).toBe(409);
      expect((await problemOf(refused)).title).toBe('Request in progress');
    } finally {
      holder.release(true);
    }

    // Its process is gone: the retry runs the request again, with the same command id.
    await orphan(randomUUID());
    const retried = await post(valid, { 'idempotency-key': key });
    expect(retried.status).toBe(201);
    expect(await retried.json()).toEqual(await first.json());
    expect(await app.eventCount()).toBe(before);
  });
});

describe('bad input never gets past the edge', () => {
  const raw = (body: string, contentType = 'application/json') =>
    app.request('/api/v1/contact-messages', {
      method: 'POST',
      body,
      headers: { 'content-type': contentType },
    });

  it.each([
    ['malformed JSON', () => raw('{"name": "Dana",'), 400, 'body'],
    ['a JSON array', () => raw('[1, 2]'), 400, 'body'],
    ['a JSON string', () => raw('"hello"'), 400, 'body'],
    ['an unknown field', () => post({ ...valid, isAdmin: true }), 400, 'isAdmin'],
    ['a number where text belongs', () => post({ ...valid, name: 42 }), 400, 'name'],
    ['a null field', () => post({ ...valid, email: null }), 400, 'email'],
    ['a missing field', () => post({ ...valid, message: undefined }), 400, 'message'],
    ['a 10,000-character subject', () => post({ ...valid, subject: 'x'.repeat(10_000) }), 400, 'subject'],
    ['a body over 1 MB', () => post({ ...valid, message: 'x'.repeat(1_100_000) }), 413, 'body'],
  ])('%s gets a problem naming the field, and nothing is stored', async (_label, send, status, field) => {
    const before = await app.eventCount();
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = await problemOf(response);
    expect(Object.keys(problem.errors)).toContain(field);
    expect(await app.eventCount()).toBe(before);
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await raw('name=Dana', 'application/x-www-form-urlencoded');
    expect(response.status).toBe(415);
  });

  it('refuses an unusable Idempotency-Key', async () => {
    const response = await post(valid, { 'idempotency-key': 'x'.repeat(300) });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toHaveProperty('Idempotency-Key');
  });
});

describe('GET /api/admin/contact-messages', () => {
  it('refuses anonymous callers with 401 and non-admins with 403', async () => {
    expect((await app.request('/api/admin/contact-messages')).status).toBe(401);
    expect((await app.request('/api/admin/contact-messages', { as: 'basic' })).status).toBe(403);
  });

  it('pages, sorts and counts the way ra-data-simple-rest asks', async () => {
    for (const name of ['Ava Stone', 'Ben Cole', 'Cy Park'])
      await post({ ...valid, name, email: `${name[0]}@x.org` });
    await app.caughtUp();
    const q = (params: Record<string, unknown>) =>
      `/api/admin/contact-messages?${new URLSearchParams(
        Object.entries(params).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
      ).toString()}`;
    const page = await app.request(q({ sort: ['name', 'ASC'], range: [0, 1] }), { as: 'admin' });
    const rows = (await page.json()) as { name: string }[];
    expect(rows.map((r) => r.name)).toEqual(['Ava Stone', 'Ben Cole']);
    const total = Number(page.headers.get('content-range')!.split('/')[1]);
    expect(page.headers.get('content-range')).toBe(`contact-messages 0-1/${total}`);
    expect(total).toBeGreaterThanOrEqual(3);
    const beyond = await app.request(q({ range: [1000, 1009] }), { as: 'admin' });
    expect(await beyond.json()).toEqual([]);
    expect(beyond.headers.get('content-range')).toBe(`contact-messages 1000-1000/${total}`);
  });

  it.each([
    ['sort by an unknown field', 'sort=["password","ASC"]', 'sort.0'],
    ['a range that is not JSON', 'range=0-9', 'range'],
    ['a reversed range', 'range=[10,2]', 'range'],
    ['a page of 10,000 rows', 'range=[0,9999]', 'range'],
  ])('refuses %s with 400', async (_label, query, field) => {
    const response = await app.request(`/api/admin/contact-messages?${query}`, { as: 'admin' });
    expect(response.status).toBe(400);
    expect(Object.keys((await problemOf(response)).errors)).toContain(field);
  });

  it('answers an unknown message id with 404 and a malformed one with 400', async () => {
    const missing = await app.request('/api/admin/contact-messages/00000000-0000-4000-8000-000000000000', {
      as: 'admin',
    });
    expect(missing.status).toBe(404);
    expect((await app.request('/api/admin/contact-messages/nope', { as: 'admin' })).status).toBe(400);
  });
});

describe('the HTTP edge', () => {
  it('echoes a request id and answers unknown API routes with problem+json 404', async () => {
    const response = await app.request('/api/v1/nope', { headers: { 'x-request-id': 'trace-123' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toBe('trace-123');
    expect((await problemOf(response)).requestId).toBe('trace-123');
  });

  it('is ready when the database answers and every read model is installed', async () => {
    const response = await app.request('/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
  });
});

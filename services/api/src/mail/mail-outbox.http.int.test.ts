import { randomUUID } from 'node:crypto';
import { type MailKind, MailOutboxRow, type Problem } from '@healthtal/contracts';
import { nextIp, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxMailer } from './mailer';

let app: TestApp;
/** Marks this file's mail, so the admin's own verification mail stays out of the counts. */
const RUN = `outbox-${randomUUID().slice(0, 8)}`;
const address = (name: string) => `${name}.${RUN}@harness.test`;

const mails: { to: string; subject: string; kind: MailKind }[] = [
  { to: address('carol'), subject: 'Your weekly digest', kind: 'notification' },
  { to: address('alice'), subject: 'Your removal request', kind: 'removal-confirmation' },
  { to: address('bob'), subject: 'New candidates 100% matched', kind: 'notification' },
  { to: address('dave'), subject: 'Data removed', kind: 'removal-confirmation' },
];

beforeAll(async () => {
  app = await startTestApp();
  const outbox = new OutboxMailer(app.pool);
  for (const mail of mails) await outbox.send({ ...mail, text: `Dear ${mail.to}, hello.` });
  // One through the real flow, to see the identity context's mail in the list too.
  await app.signUp(address('erin'));
  await app.as('admin');
});
afterAll(() => app?.close());

const list = async (query: Record<string, unknown>, as: 'admin' | 'basic' | null = 'admin') => {
  const params = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, JSON.stringify(value)]),
  );
  return app.request(`/api/admin/mail-outbox?${params}`, as ? { as } : {});
};
const rowsOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return ((await response.json()) as unknown[]).map((row) => MailOutboxRow.parse(row));
};
const mine = { q: RUN };
const recipients = (rows: MailOutboxRow[]) => rows.map((row) => row.recipient.split('.')[0]);

describe('GET /api/admin/mail-outbox without SMTP', () => {
  it('lists every kept mail newest first, as queued in the outbox, with Content-Range', async () => {
    const response = await list({ filter: mine });
    expect(response.headers.get('content-range')).toBe('mail-outbox 0-4/5');
    expect(response.headers.get('access-control-expose-headers')).toBe('Content-Range');
    const rows = await rowsOf(response);
    expect(recipients(rows)).toEqual(['erin', 'dave', 'bob', 'alice', 'carol']);
    expect(rows[0]).toMatchObject({
      kind: 'verify-email',
      subject: 'Confirm your HealthTal account',
      status: 'queued',
      transport: 'outbox',
      sentAt: null,
      error: null,
    });
    // The link acts for its recipient: admins see that it was sent, not its token (issue 32).
    expect(rows[0]!.text).toContain('/verify-email?token=[removed]');
    expect(rows[4]).toMatchObject({
      subject: 'Your weekly digest',
      text: `Dear ${address('carol')}, hello.`,
    });
  });

  it('pages with range, and answers past the end with an empty page', async () => {
    const first = await list({ filter: mine, sort: ['recipient', 'ASC'], range: [0, 1] });
    expect(first.headers.get('content-range')).toBe('mail-outbox 0-1/5');
    expect(recipients(await rowsOf(first))).toEqual(['alice', 'bob']);
    const second = await list({ filter: mine, sort: ['recipient', 'ASC'], range: [2, 3] });
    expect(second.headers.get('content-range')).toBe('mail-outbox 2-3/5');
    expect(recipients(await rowsOf(second))).toEqual(['carol', 'dave']);
    const past = await list({ filter: mine, range: [10, 19] });
    expect(past.headers.get('content-range')).toBe('mail-outbox 10-10/5');
    expect(await rowsOf(past)).toEqual([]);
  });

  it.each([
    [
      ['recipient', 'ASC'],
      ['alice', 'bob', 'carol', 'dave', 'erin'],
    ],
    [
      ['recipient', 'DESC'],
      ['erin', 'dave', 'carol', 'bob', 'alice'],
    ],
    [
      ['createdAt', 'ASC'],
      ['carol', 'alice', 'bob', 'dave', 'erin'],
    ],
    [
      ['kind', 'ASC'],
      ['carol', 'bob', 'alice', 'dave', 'erin'],
    ],
  ])('sorts by %j', async (sort, expected) => {
    expect(recipients(await rowsOf(await list({ filter: mine, sort })))).toEqual(expected);
  });

  it.each([
    ['a recipient, in any case', { q: `ALICE.${RUN}` }, ['alice']],
    ['a subject', { q: 'removal request' }, ['alice']],
    ['a literal percent sign', { q: '100%' }, ['bob']],
    ['a kind', { ...mine, kind: 'removal-confirmation' }, ['dave', 'alice']],
    ['a status', { ...mine, status: 'queued' }, ['erin', 'dave', 'bob', 'alice', 'carol']],
    ['a status nothing has', { ...mine, status: 'failed' }, []],
  ])('filters by %s', async (_label, filter, expected) => {
    expect(recipients(await rowsOf(await list({ filter })))).toEqual(expected);
  });

  it('ignores a blank search', async () => {
    const total = async (filter: object) => (await list({ filter })).headers.get('content-range');
    expect(await total({ q: '   ', kind: 'verify-email' })).toBe(await total({ kind: 'verify-email' }));
    expect(await total({ kind: 'verify-email' })).toMatch(/\/[2-9]$/);
  });

  it('finds rows by id for react-admin getMany, and shows one mail', async () => {
    const [newest, , third] = await rowsOf(await list({ filter: mine }));
    const many = await rowsOf(await list({ filter: { id: [third!.id, newest!.id] } }));
    expect(many.map((row) => row.id)).toEqual([newest!.id, third!.id]);

    const one = await app.request(`/api/admin/mail-outbox/${third!.id}`, { as: 'admin' });
    expect(one.status).toBe(200);
    expect(MailOutboxRow.parse(await one.json())).toEqual(third);
  });

  it('answers 404 for a mail that does not exist and 400 for an id that cannot be one', async () => {
    expect((await app.request('/api/admin/mail-outbox/999999999', { as: 'admin' })).status).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '12345678901234567890'])
      expect((await app.request(`/api/admin/mail-outbox/${id}`, { as: 'admin' })).status).toBe(400);
  });
});

describe('who may read the outbox', () => {
  it('asks an anonymous caller to sign in', async () => {
    expect((await list({}, null)).status).toBe(401);
    expect((await app.request('/api/admin/mail-outbox/1')).status).toBe(401);
  });

  it('refuses a signed-in subscriber who is not an admin', async () => {
    expect((await list({}, 'basic')).status).toBe(403);
    expect((await app.request('/api/admin/mail-outbox/1', { as: 'basic' })).status).toBe(403);
  });
});

describe('bad list parameters', () => {
  it.each([
    ['a field that cannot be sorted', { sort: ['subject', 'ASC'] }, 'sort.0'],
    ['a direction that is not ASC or DESC', { sort: ['recipient', 'UP'] }, 'sort.1'],
    ['a range that ends before it starts', { range: [5, 2] }, 'range'],
    ['a range wider than a page may be', { range: [0, 5000] }, 'range'],
    ['a negative range', { range: [-1, 3] }, 'range.0'],
    ['an unknown kind', { filter: { kind: 'spam' } }, 'filter.kind'],
    ['an unknown status', { filter: { status: 'bounced' } }, 'filter.status'],
    ['ids that are not ids', { filter: { id: ['x'] } }, 'filter.id'],
  ])('refuses %s with 400 naming it', async (_label, query, field) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    const problem = (await response.json()) as Problem & { errors: Record<string, string> };
    expect(Object.keys(problem.errors)).toContain(field);
  });

  it('refuses a parameter that is not JSON', async () => {
    const response = await app.request('/api/admin/mail-outbox?range=0-24', { as: 'admin', ip: nextIp() });
    expect(response.status).toBe(400);
  });
});

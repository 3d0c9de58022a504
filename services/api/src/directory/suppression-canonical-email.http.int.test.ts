/**
 * Issue 32, finding 8: the suppression list matches a person's mailbox, not the spelling of their
 * address. A removed person is not taken back under a `+tag`, with dots Gmail ignores, or under
 * googlemail.com, by a resume or by an import; entries written before canonical addresses still
 * refuse what they refused (docs/adr/0040-suppression-by-canonical-email.md).
 */
import { createHmac } from 'node:crypto';
import type { SearchResponse } from '@healthtal/contracts';
import { importCsv } from '@healthtal/testkit/directory-import';
import { nextIp, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { VALID_RESUME } from '@healthtal/testkit/resumes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppress, suppressionKey } from './suppression';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const post = (path: string, json: unknown) => app.request(path, { method: 'POST', json, ip: nextIp() });
/** A resume under this address; each with a phone of its own, so only the address can refuse it. */
let phones = 0;
const resume = (email: string, lastName = 'Whitfield') =>
  post('/api/v1/resume-submissions', {
    ...VALID_RESUME,
    firstName: 'Dana',
    lastName,
    email,
    phone: `(916) 555-${String(1200 + ++phones)}`,
  });
const searchIds = async (query: string) => {
  const response = await app.request('/api/v1/search', { method: 'POST', json: { query }, as: 'basic' });
  expect(response.status).toBe(200);
  return ((await response.json()) as SearchResponse).data.map((card) => card.id);
};

describe('a removed person under another spelling of her address', () => {
  it('is refused by resume and by import: +tag, dots, case and googlemail.com', async () => {
    // Dana is in the directory through an approved resume, and has herself removed.
    const submitted = await resume('Dana.Whitfield@gmail.com');
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: string };
    const approved = await app.request(`/api/admin/resume-submissions/${id}/approve`, {
      method: 'POST',
      json: {},
      as: 'admin',
    });
    expect(approved.status).toBe(200);
    await app.caughtUp();
    expect(await searchIds('Dana Whitfield')).toEqual([id]);
    expect((await post('/api/v1/removal-requests', { email: 'dana.whitfield@gmail.com' })).status).toBe(202);
    const token = await app.tokenFromMail('dana.whitfield@gmail.com', 'removal-confirmation');
    expect((await post('/api/v1/removal-requests/confirm', { token })).status).toBe(200);
    await app.caughtUp();
    expect(await searchIds('Dana Whitfield')).toEqual([]);

    // Every spelling that reaches her mailbox is her.
    const spellings = [
      'dana.whitfield+hr@gmail.com',
      'DanaWhitfield@gmail.com',
      'd.a.n.a.whitfield+jobs@googlemail.com',
      ' DANA.WHITFIELD+cv@GMAIL.COM ',
    ];
    const answers = [];
    for (const email of spellings) answers.push((await resume(email)).status);
    expect(answers).toEqual(spellings.map(() => 422));

    const summary = await importCsv(app, [
      { firstName: 'Dana', lastName: 'Whitfield', personalEmail: 'dana.whitfield+recruiting@gmail.com' },
      { firstName: 'Dana', lastName: 'Whitfield', workEmail: 'danawhitfield@googlemail.com' },
      {
        firstName: 'Dana',
        lastName: 'Whitfield',
        personalEmail: 'dana.w.2@example.org',
        workEmail: 'Dana.Whitfield+work@gmail.com',
      },
    ]);
    expect(summary).toMatchObject({ imported: 0, suppressed: 3 });
    expect(await searchIds('Dana Whitfield')).toEqual([]);
  });

  it('still refuses an address removed before addresses were canonical, with a +tag too', async () => {
    // What earlier versions wrote: the hash of the address lower-cased, dots and tag as typed.
    const key = await suppressionKey(app.pool);
    const legacy = createHmac('sha256', key).update('lena.ostrova@gmail.com', 'utf8').digest('hex');
    await suppress(app.pool, [{ kind: 'email', hash: legacy }]);

    const answers = [];
    for (const email of [
      'Lena.Ostrova@gmail.com',
      'lena.ostrova+cv@gmail.com',
      'lena.ostrova@googlemail.com',
    ])
      answers.push((await resume(email, 'Ostrova')).status);
    expect(answers).toEqual([422, 422, 422]);
  });

  it('keeps people apart whose addresses differ where the provider does not ignore it', async () => {
    const key = await suppressionKey(app.pool);
    const removed = createHmac('sha256', key).update('omar.haddad@outlook.com', 'utf8').digest('hex');
    await suppress(app.pool, [{ kind: 'email', hash: removed }]);
    // Outlook keeps dots; another domain is another mailbox.
    expect((await resume('omarhaddad@outlook.com', 'Haddad')).status).toBe(201);
    expect((await resume('omar.haddad@outlook.org', 'Haddad')).status).toBe(201);
    expect((await resume('omar.haddad+cv@outlook.com', 'Haddad')).status).toBe(422);
  });
});

import { randomUUID } from 'node:crypto';
import { type AdminUserRow, type AdminUserStats, type Problem, RecentExports } from '@healthtal/contracts';
import { everyone, importCandidates, james, kate, lee, maria, priya } from '@healthtal/testkit/candidates';
import { type Role, type SignedIn, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The spec's candidate record, field by field, then the provenance HealthTal adds: headers in words. */
const HEADER = [
  'ID,First name,Middle name,Last name,Title,Title level,Job functions',
  'Specialty,Company,Company employees,Company industry,Company revenue,Company website,At the company since',
  'City,State,Office city,Office state,Office ZIP code,Location,Personal email',
  'Work email,Phone,Direct phone,LinkedIn URL,LinkedIn connections,Gender',
  'Skills,Education,Email status,Email verified at,Phone verified at,Source',
]
  .join(',')
  .split(',');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await importCandidates(app, everyone);
});
afterAll(() => app?.close());

type Caller = Role | SignedIn | undefined;
const exportAs = (as: Caller, json: unknown, headers: Record<string, string> = {}) =>
  app.request('/api/v1/exports', { method: 'POST', json, headers, ...(as === undefined ? {} : { as }) });
const csvOf = async (response: Response) =>
  parse(await response.text(), { bom: true, columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
const exportsOf = async (userId: string) => app.store.readStream(`exports-${userId}`);

describe('POST /api/v1/exports as CSV', () => {
  it('streams the chosen candidates with their contacts under the spec field names, in the order chosen', async () => {
    const user = await app.as('premium');
    const response = await exportAs('premium', {
      candidateIds: [james.candidateId, maria.candidateId, kate.candidateId],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="healthtal_export.csv"');
    // Streamed: no length announced up front.
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const bytes = Buffer.from(await response.clone().arrayBuffer());
    // A UTF-8 byte order mark first, so Excel reads accented names right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe(HEADER.join(','));
    const rows = await csvOf(response);
    expect(rows.map((row) => row.ID)).toEqual([james.candidateId, maria.candidateId, kate.candidateId]);
    expect(rows[1]).toMatchObject({
      'First name': 'Maria',
      'Middle name': '',
      'Last name': 'Delgado',
      Specialty: 'Nurse',
      'Company website': '',
      Location: 'Houston, TX',
      'Personal email': 'maria.delgado@mail.example',
      'Work email': 'mdelgado@memorialhermann.example',
      Phone: '+17135550142', // E.164, whatever the import stored (docs/adr/0022)
      'Direct phone': '+17135550199',
      'LinkedIn connections': '412',
      Skills: 'ACLS, BLS, Critical Care',
      Education: 'University of Houston (BSN)',
      'Email status': 'valid',
      'Email verified at': '2026-09-14T10:00:00.000Z',
    });
    expect(rows[0]).toMatchObject({
      'Personal email': '',
      'Work email': 'j.okafor@clevelandheart.example',
      Education: 'Johns Hopkins School of Medicine (MD); Duke University (BS, MS)',
    });
    const events = await exportsOf(user.userId);
    expect(events.at(-1)).toMatchObject({
      type: 'CandidatesExported',
      data: {
        userId: user.userId,
        exportId: response.headers.get('x-export-id'),
        format: 'csv',
        count: 3,
        scope: 'selection',
        fileName: 'healthtal_export.csv',
      },
    });
  });

  it('escapes commas and quotes, and neutralises text a spreadsheet would run as a formula', async () => {
    const rows = await csvOf(await exportAs('premium', { candidateIds: [kate.candidateId] }));
    expect(rows[0]).toMatchObject({
      'Last name': "O'Brien",
      Title: 'Nurse Practitioner, Family "FNP"',
      Company: `'=HYPERLINK("http://evil.example","click")`,
      Skills: `'@SUM(1+1), Prenatal Care`,
      Specialty: 'OBGYN',
      Phone: '+16175550123',
    });
  });

  it('uses the name asked for, made safe for a file name', async () => {
    const named = async (fileName: string) =>
      (await exportAs('premium', { candidateIds: [priya.candidateId], fileName })).headers.get(
        'content-disposition',
      );
    expect(await named('ICU nurses (Texas).csv')).toBe('attachment; filename="ICU nurses (Texas).csv"');
    expect(await named('../../etc/passwd')).toBe('attachment; filename="etc_passwd.csv"');
    expect(await named('Liste "Pédiatrie"\r\nX-Evil: 1')).toBe(
      'attachment; filename="Liste _Pediatrie_X-Evil_ 1.csv"',
    );
    expect(await named('   ')).toBe('attachment; filename="healthtal_export.csv"');
  });

  it('exports each chosen candidate once, and skips ids no longer in the directory', async () => {
    const rows = await csvOf(
      await exportAs('premium', { candidateIds: [lee.candidateId, randomUUID(), lee.candidateId] }),
    );
    expect(rows.map((row) => row.ID)).toEqual([lee.candidateId]);
    expect(rows[0]).toMatchObject({
      'Personal email': '',
      'Work email': '',
      Phone: '',
      'Direct phone': '',
    });
  });

  it('answers 404 when none of the chosen candidates is in the directory, and logs nothing', async () => {
    const user = await app.as('premium');
    const before = (await exportsOf(user.userId)).length;
    const response = await exportAs('premium', { candidateIds: [randomUUID(), randomUUID()] });
    expect(response.status).toBe(404);
    expect((await response.json()) as Problem).toMatchObject({
      title: 'Nothing to export',
      detail: 'No data was returned from the export function',
    });
    expect(await exportsOf(user.userId)).toHaveLength(before);
  });
});

describe('POST /api/v1/exports as Excel', () => {
  it('streams an .xlsx workbook that Excel readers open, with the same header and rows', async () => {
    const response = await exportAs('admin', {
      candidateIds: [maria.candidateId, james.candidateId],
      format: 'xlsx',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="healthtal_export.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('Candidates')!;
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    const column = (name: string) => HEADER.indexOf(name) + 1;
    expect(sheet.getRow(2).getCell(column('First name')).value).toBe('Maria');
    expect(sheet.getRow(2).getCell(column('Personal email')).value).toBe('maria.delgado@mail.example');
    expect(sheet.getRow(2).getCell(column('LinkedIn connections')).value).toBe(412);
    expect(sheet.getRow(3).getCell(column('Direct phone')).value).toBe('+12165550187');
    const admin = await app.as('admin');
    expect((await exportsOf(admin.userId)).at(-1)!.data).toMatchObject({ format: 'xlsx', count: 2 });
  });

  it('keeps formula-like text as text in the workbook', async () => {
    const response = await exportAs('premium', { candidateIds: [kate.candidateId], format: 'xlsx' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const cell = workbook.worksheets[0]!.getRow(2).getCell(HEADER.indexOf('Company') + 1);
    expect(cell.value).toBe('=HYPERLINK("http://evil.example","click")');
    expect(cell.formula).toBeUndefined();
  });
});

describe('who may export, and what is refused', () => {
  it.each([
    ['basic', 403],
    ['demo', 403],
    ['demo-full', 403],
    ['free', 403],
  ] as const)('refuses %s with %i and logs nothing', async (role, status) => {
    const user = await app.as(role);
    const response = await exportAs(role, { candidateIds: [maria.candidateId] });
    expect(response.status).toBe(status);
    expect(await response.text()).not.toContain('maria.delgado');
    expect(await exportsOf(user.userId)).toHaveLength(0);
  });

  it('asks an anonymous visitor to sign in', async () => {
    expect((await exportAs(undefined, { candidateIds: [maria.candidateId] })).status).toBe(401);
  });

  it('refuses more than 10,000 ids with a problem naming candidateIds', async () => {
    const before = await app.eventCount();
    const ids = Array.from({ length: 10_001 }, () => randomUUID());
    const response = await exportAs('premium', { candidateIds: ids });
    expect(response.status).toBe(400);
    const problem = (await response.json()) as Problem & { errors: Record<string, string> };
    expect(Object.keys(problem.errors)).toEqual(['candidateIds']);
    expect(await app.eventCount()).toBe(before);
  });

  it.each([
    ['no candidates', { candidateIds: [] }, 'candidateIds'],
    ['neither ids nor a search', {}, 'candidateIds'],
    ['a malformed id', { candidateIds: ['x'] }, 'candidateIds.0'],
    ['an unknown format', { candidateIds: [maria.candidateId], format: 'docx' }, 'format'],
    ['both ids and a search', { candidateIds: [maria.candidateId], search: {} }, 'search'],
    ['a search whose Keywords do not parse', { search: { query: '"icu' } }, 'search.query'],
    [
      'a 10,000-character file name',
      { candidateIds: [maria.candidateId], fileName: 'x'.repeat(10_000) },
      'fileName',
    ],
  ])('refuses %s with 400 naming the field', async (_label, body, field) => {
    const response = await exportAs('premium', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toHaveProperty(field);
  });

  it('exports a whole search in its result order, and logs it as a search export', async () => {
    const user = await app.as('premium');
    while ((await app.request('/readyz')).status !== 200)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const search = { specialty: ['Registered Nurse'], sortKey: 'name' };
    const expected = await app.request('/api/v1/search', {
      method: 'POST',
      as: 'premium',
      json: { ...search, selectAll: true },
    });
    const { ids } = (await expected.json()) as { ids: string[] };
    expect(ids.length).toBeGreaterThan(0);
    const response = await exportAs('premium', { search });
    expect(response.status).toBe(200);
    expect((await csvOf(response)).map((row) => row.ID)).toEqual(ids);
    const logged = (await exportsOf(user.userId)).at(-1)!;
    expect(logged.data).toMatchObject({ scope: 'search', count: ids.length });
  });
});

describe('the export history', () => {
  it('lists the 5 most recent exports on the account page, newest first', async () => {
    const user = await app.signUp();
    await app.store.append(`subscription-${user.userId}`, [
      {
        type: 'SubscriptionActivated',
        data: {
          userId: user.userId,
          subscriptionId: `sub_${randomUUID()}`,
          sourceEventId: `evt_${randomUUID()}`,
          customerId: `cus_${randomUUID()}`,
          priceId: 'price_annual',
          tier: 'premium',
          currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          simulated: true,
        },
        metadata: {
          eventId: randomUUID(),
          occurredAt: new Date().toISOString(),
          correlationId: 't',
          causationId: 't',
        },
      },
    ]);
    await app.caughtUp();
    const sizes = [1, 2, 3, 4, 5, 1];
    for (const [i, size] of sizes.entries()) {
      const response = await exportAs(user, {
        candidateIds: everyone.slice(0, size).map((c) => c.candidateId),
        fileName: `export ${i + 1}`,
        format: i === 5 ? 'xlsx' : 'csv',
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    await app.caughtUp();
    const recent = RecentExports.parse(await (await app.request('/api/v1/me/exports', { as: user })).json());
    expect(recent.map((entry) => [entry.fileName, entry.exportCount, entry.format])).toEqual([
      ['export 6.xlsx', 1, 'xlsx'],
      ['export 5.csv', 5, 'csv'],
      ['export 4.csv', 4, 'csv'],
      ['export 3.csv', 3, 'csv'],
      ['export 2.csv', 2, 'csv'],
    ]);
    expect(recent[0]).toMatchObject({ scope: 'selection', exportDate: expect.any(String) });

    // The admin's Users table counts the contacts each user exported, and the card adds everyone up.
    const row = (await (
      await app.request(`/api/admin/users/${user.userId}`, { as: 'admin' })
    ).json()) as AdminUserRow;
    expect(row.totalExports).toBe(16);
    const stats = (await (
      await app.request('/api/admin/user-stats', { as: 'admin' })
    ).json()) as AdminUserStats;
    expect(stats.totalExports).toBeGreaterThanOrEqual(16);
    const { rows } = await app.pool.query<{ exports: number; exported_rows: number }>(
      'select exports, exported_rows from usage_counters where user_id = $1',
      [user.userId],
    );
    expect(rows).toEqual([{ exports: 6, exported_rows: 16 }]);
  });

  it('is empty for a user who never exported', async () => {
    const response = await app.request('/api/v1/me/exports', { as: 'free' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('logs a retried export with the same Idempotency-Key once, and delivers the file both times', async () => {
    const user = await app.as('premium');
    const before = (await exportsOf(user.userId)).length;
    const send = () =>
      exportAs('premium', { candidateIds: [maria.candidateId] }, { 'idempotency-key': 'export-1' });
    const first = await send();
    const firstRows = await csvOf(first);
    const second = await send();
    expect(second.status).toBe(200);
    expect(await csvOf(second)).toEqual(firstRows);
    expect(second.headers.get('x-export-id')).toBe(first.headers.get('x-export-id'));
    expect(await exportsOf(user.userId)).toHaveLength(before + 1);
  });

  it('voids the money-back guarantee, as the policy page says', async () => {
    const response = await app.request('/api/v1/billing/refund-eligibility', { as: 'premium' });
    const body = (await response.json()) as { eligible: boolean; reasons: string[] };
    expect(body.eligible).toBe(false);
    expect(body.reasons.join(' ')).toMatch(/export/i);
  });
});

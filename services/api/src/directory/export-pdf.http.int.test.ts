import { type RefundEligibility, SearchLimits } from '@healthtal/contracts';
import { importCandidates, james, kate, maria } from '@healthtal/testkit/candidates';
import { candidate } from '@healthtal/testkit/directory-fixture';
import { type Role, type SignedIn, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { pdfPages } from '@healthtal/testkit/pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Imported with data the sheet must not show: a LinkedIn link that is not LinkedIn's, a gender. */
const zofia = candidate('zofia-lukasik', {
  firstName: 'Zofia',
  lastName: 'Łukasik',
  title: 'Nurse Practitioner',
  specialty: 'Nurse Practitioner',
  city: 'Chicago',
  state: 'IL',
  personalEmail: 'zofia.lukasik@mail.example',
  linkedinUrl: 'https://linkedin.evil.example/in/zofia',
  gender: 'Female',
  skills: 'Primary Care, Telehealth',
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ BILLING_SIMULATOR: 'on' });
  await importCandidates(app, [maria, james, kate, zofia]);
});
afterAll(() => app?.close());

type Caller = Role | SignedIn;
const post = (path: string, as: Caller, json: unknown) => app.request(path, { method: 'POST', json, as });

const pagesOf = async (response: Response) => pdfPages(new Uint8Array(await response.arrayBuffer()));

/** An Annual customer inside the money-back window (through the billing simulator's checkout). */
async function annualCustomer(): Promise<SignedIn> {
  const user = await app.signUp();
  await app.subscribe(user, 'price_annual');
  await app.caughtUp();
  return user;
}
const refundAsked = (user: SignedIn) => post('/api/v1/billing/refund-requests', user, {});
const refundApproved = (user: SignedIn) =>
  post(`/api/admin/refund-requests/${user.userId}/approve`, 'admin', {});
const exportStarts = async (user: SignedIn) =>
  (await app.store.readStream(`subscription-${user.userId}`)).filter((e) => e.type === 'ExportStarted');
const eligibility = async (user: SignedIn) =>
  (await (await app.request('/api/v1/billing/refund-eligibility', { as: user })).json()) as RefundEligibility;

describe('PDF candidate sheets', () => {
  it('streams one sheet per chosen candidate, in the order chosen, with the fields the recruiter may see', async () => {
    const response = await post('/api/v1/exports', 'premium', {
      candidateIds: [maria.candidateId, zofia.candidateId],
      format: 'pdf',
      fileName: 'For Dr. Hale',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="For Dr. Hale.pdf"');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const [first, second, ...rest] = await pagesOf(response);
    expect(rest).toEqual([]);
    expect(first).toContain('Maria Delgado');
    for (const field of ['ICU Registered Nurse', 'Memorial Hermann Hospital', 'University of Houston (BSN)'])
      expect(first).toContain(field);
    // A premium recruiter may see contacts (as in CSV): the sheet carries them.
    expect(first).toContain('maria.delgado@mail.example');
    expect(first).toContain('+17135550142');
    expect(first).toContain('https://www.linkedin.com/in/maria-delgado-rn');
    // A name outside the PDF fonts' characters keeps its letters; a link that is not LinkedIn's and
    // the gender are not on the sheet.
    expect(second).toContain('Zofia Lukasik');
    expect(second).toContain('zofia.lukasik@mail.example');
    expect(second).not.toContain('evil.example');
    expect(second).not.toContain('Female');
  });

  it('is refused to a Monthly subscriber and to a demo account, with nothing of the sheet in the answer, and logs nothing', async () => {
    for (const role of ['basic', 'demo-full'] as const) {
      const user = await app.as(role);
      const response = await post('/api/v1/exports', role, {
        candidateIds: [maria.candidateId],
        format: 'pdf',
      });
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).not.toBe('application/pdf');
      expect(await response.text()).not.toContain('maria.delgado');
      expect(await app.store.readStream(`exports-${user.userId}`)).toHaveLength(0);
    }
  });

  it('exports a list as sheets named after the list, logged as a PDF list export', async () => {
    const user = await app.as('premium');
    const created = await post('/api/v1/lists', 'premium', {
      name: 'Houston shortlist',
      candidateIds: [kate.candidateId, james.candidateId],
    });
    expect(created.status).toBe(201);
    const listId = ((await created.json()) as { list: { id: string } }).list.id;
    const response = await post(`/api/v1/lists/${listId}/export`, 'premium', { format: 'pdf' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Houston shortlist.pdf"');
    const pages = await pagesOf(response);
    expect(pages).toHaveLength(2);
    expect(pages.join(' ')).toContain('James');
    expect(pages.join(' ')).toContain('Kate');
    const logged = (await app.store.readStream(`exports-${user.userId}`)).at(-1)!;
    expect(logged.data).toMatchObject({ format: 'pdf', scope: 'list', count: 2, outcome: 'completed' });
  });

  it('exports a whole search, run by the server from its filters', async () => {
    while ((await app.request('/readyz')).status !== 200)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await post('/api/v1/exports', 'premium', {
      search: { specialty: ['Nurse Practitioner'] },
      format: 'pdf',
    });
    expect(response.status).toBe(200);
    const pages = await pagesOf(response);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Zofia Lukasik');
    expect(SearchLimits.selectAllCap).toBeGreaterThan(pages.length);
  });

  it('voids the money-back guarantee like a CSV export: it counts from its start on the subscription stream', async () => {
    const user = await annualCustomer();
    expect((await eligibility(user)).eligible).toBe(true);
    const response = await post('/api/v1/exports', user, {
      candidateIds: [maria.candidateId],
      format: 'pdf',
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const after = await eligibility(user);
    expect(after.eligible).toBe(false);
    expect(after.reasons.join(' ')).toMatch(/An export was made/);
    expect((await exportStarts(user)).map((e) => e.data)).toMatchObject([
      { format: 'pdf', scope: 'selection', rowsIntended: 1 },
    ]);
  });

  it('is data taken like CSV: refused before a byte once a refund is approved, and a PDF during a pending request blocks its approval', async () => {
    const refunded = await annualCustomer();
    expect((await refundAsked(refunded)).status).toBe(201);
    expect((await refundApproved(refunded)).status).toBe(200);
    const refused = await post('/api/v1/exports', refunded, {
      candidateIds: [maria.candidateId],
      format: 'pdf',
    });
    expect([403, 409]).toContain(refused.status);
    expect(refused.headers.get('content-type')).not.toBe('application/pdf');
    expect(await refused.text()).not.toContain('maria.delgado');
    expect(await exportStarts(refunded)).toEqual([]);

    const pending = await annualCustomer();
    expect((await refundAsked(pending)).status).toBe(201);
    const during = await post('/api/v1/exports', pending, {
      candidateIds: [maria.candidateId],
      format: 'pdf',
    });
    expect(during.status).toBe(200);
    expect((await refundApproved(pending)).status).toBe(422);
    await during.arrayBuffer();
    expect(await exportStarts(pending)).toHaveLength(1);
  });
});

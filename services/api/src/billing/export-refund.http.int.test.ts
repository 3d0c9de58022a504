import { randomUUID } from 'node:crypto';
import { eventDefinitions } from '@healthtal/contracts';
import { EventRegistry, PostgresEventStore } from '@healthtal/eventstore';
import { CANDIDATES_EXPORTED_V1 } from '@healthtal/testkit/earlier-events';
import { type SignedIn, startTestApp, type TestApp, testMetadata } from '@healthtal/testkit/harness';
import { seedSyntheticDirectory } from '@healthtal/testkit/synthetic-directory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 32, finding 2 (data taken, money back): an export counts from its first byte. It is recorded
 * on the customer's subscription stream, with the rows it means to send, before the file starts, and
 * its end (every row out, or the client gone part-way) after; the money-back guarantee is decided on
 * that same stream, so no interleaving of exports with a refund request and its approval refunds a
 * customer who took data, and an export refused because a refund was approved sends no byte.
 */
const DIRECTORY = 10_000;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ BILLING_SIMULATOR: 'on' });
  // Enough rows that a whole-search export is still streaming when the client hangs up.
  await seedSyntheticDirectory(app, DIRECTORY);
}, 240_000);
afterAll(() => app?.close());

type ExportRow = {
  id: string;
  exportCount: number;
  rowsIntended: number;
  status: 'started' | 'completed' | 'aborted';
  scope: string;
};

const annualCustomer = async () => {
  const user = await app.signUp();
  await app.subscribe(user, 'price_annual');
  await app.caughtUp();
  return user;
};
const exportSearch = (user: SignedIn, signal?: AbortSignal) =>
  app.request('/api/v1/exports', {
    method: 'POST',
    as: user,
    json: { search: {} },
    ...(signal ? { signal } : {}),
  });
const requestRefund = (user: SignedIn) =>
  app.request('/api/v1/billing/refund-requests', { method: 'POST', as: user, json: {} });
const approveRefund = (user: SignedIn) =>
  app.request(`/api/admin/refund-requests/${user.userId}/approve`, { method: 'POST', as: 'admin', json: {} });
const eligibility = async (user: SignedIn) =>
  (await (await app.request('/api/v1/billing/refund-eligibility', { as: user })).json()) as {
    eligible: boolean;
    reasons: string[];
  };
const recentExports = async (user: SignedIn) => {
  await app.caughtUp();
  return (await (await app.request('/api/v1/me/exports', { as: user })).json()) as ExportRow[];
};

/** Reads the export's first piece, then drops the connection: what a client that hangs up does. */
async function exportAndHangUp(user: SignedIn) {
  const controller = new AbortController();
  const response = await exportSearch(user, controller.signal);
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const first = await reader.read();
  expect(first.value?.byteLength).toBeGreaterThan(0);
  controller.abort();
  await reader.cancel().catch(() => undefined);
  return response.headers.get('x-export-id')!;
}

/** Waits (bounded) until the server has noticed the hang-up and recorded how the export ended. */
async function exportEnded(user: SignedIn, exportId: string): Promise<ExportRow | undefined> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const row = (await recentExports(user)).find((entry) => entry.id === exportId);
    if (row && row.status !== 'started') return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return (await recentExports(user)).find((entry) => entry.id === exportId);
}

describe('an export counts from its first byte', { timeout: 120_000 }, () => {
  it('records an export read part-way and closed: it shows on Account, and it voids the money-back guarantee', async () => {
    const user = await annualCustomer();
    expect((await eligibility(user)).eligible).toBe(true);

    const exportId = await exportAndHangUp(user);

    const row = await exportEnded(user, exportId);
    expect(row).toMatchObject({ id: exportId, scope: 'search', rowsIntended: DIRECTORY, status: 'aborted' });
    expect(row!.exportCount).toBeGreaterThan(0);
    expect(row!.exportCount).toBeLessThan(DIRECTORY);
    const after = await eligibility(user);
    expect(after.eligible).toBe(false);
    expect(after.reasons.join(' ')).toContain('export');
    expect((await requestRefund(user)).status).toBe(422);
    const types = (await app.store.readStream(`subscription-${user.userId}`)).map((e) => e.type);
    expect(types).toEqual(['SubscriptionActivated', 'ExportStarted']);
  });

  it('refuses the refund of a customer whose export is streaming, and the approval of one who exported while it was pending', async () => {
    const streaming = await annualCustomer();
    const response = await exportSearch(streaming);
    expect(response.status).toBe(200); // headers are out: the file has started, nothing of it read yet
    expect((await requestRefund(streaming)).status).toBe(422);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const pending = await annualCustomer();
    expect((await requestRefund(pending)).status).toBe(201);
    const during = await exportSearch(pending);
    expect(during.status).toBe(200);
    expect((await approveRefund(pending)).status).toBe(422);
    await during.arrayBuffer();
    const types = (await app.store.readStream(`subscription-${pending.userId}`)).map((e) => e.type);
    expect(types).toEqual(['SubscriptionActivated', 'RefundRequested', 'ExportStarted']);
  });

  it('never both refunds a customer and lets them export when exports race the request and its approval', async () => {
    const { rows } = await app.pool.query<{ id: string }>('select id from directory_candidates limit 300');
    const candidateIds = rows.map((row) => row.id);
    // Exports sent with the request and approval, then a little after them, so that each side
    // gets to go first: the decision is on the subscription stream's version either way.
    for (const [round, delayMs] of [0, 0, 2, 5, 10, 20].entries()) {
      const user = await annualCustomer();
      const pending = round % 2 === 1; // every other round the request is in before the race
      if (pending) expect((await requestRefund(user)).status).toBe(201);
      const refund = (async () => {
        const asked = pending ? 201 : (await requestRefund(user)).status;
        return { asked, approved: (await approveRefund(user)).status };
      })();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const exports = Array.from({ length: 4 }, async () => {
        const response = await app.request('/api/v1/exports', {
          method: 'POST',
          as: user,
          json: { candidateIds },
        });
        const body = Buffer.from(await response.arrayBuffer());
        return { status: response.status, type: response.headers.get('content-type') ?? '', body };
      });
      const [outcomes, decision] = await Promise.all([Promise.all(exports), refund]);
      const exported = outcomes.filter((o) => o.status === 200);
      const summary = JSON.stringify({ round, exports: outcomes.map((o) => o.status), decision });
      expect(exported.length > 0 && decision.approved === 200, summary).toBe(false);
      for (const refused of outcomes.filter((o) => o.status !== 200)) {
        // Refused before the file (409 once approved, 403 once the refund ended the plan): a
        // problem, never a byte of the CSV.
        expect([403, 409], summary).toContain(refused.status);
        expect(refused.type, summary).toContain('application/problem+json');
        expect(refused.body.toString('utf8'), summary).not.toContain('First name');
      }
      const events = await app.store.readStream(`subscription-${user.userId}`);
      const approvedAt = events.findIndex((e) => e.type === 'RefundApproved');
      const started = events.map((e, i) => (e.type === 'ExportStarted' ? i : -1)).filter((i) => i >= 0);
      expect(started.length, summary).toBe(exported.length);
      if (approvedAt >= 0) expect(started, summary).toEqual([]);
    }
  });
});

describe('exports recorded before exports counted from their start', () => {
  /** The shape yesterday's code wrote (schema version 1): rows written, no start, no outcome. */
  const legacyStore = () =>
    new PostgresEventStore({
      pool: app.pool,
      registry: new EventRegistry({ CandidatesExported: CANDIDATES_EXPORTED_V1 }),
    });

  it('still reads them: the export shows on Account and voids the guarantee', async () => {
    expect(eventDefinitions.CandidatesExported!.currentVersion).toBeGreaterThan(1);
    const user = await annualCustomer();
    const exportId = randomUUID();
    await legacyStore().append(`exports-${user.userId}`, [
      {
        type: 'CandidatesExported',
        data: {
          userId: user.userId,
          exportId,
          format: 'csv',
          count: 120,
          scope: 'list',
          fileName: 'icu.csv',
        },
        metadata: testMetadata(),
      },
    ]);
    const [stored] = await app.store.readStream(`exports-${user.userId}`);
    expect(stored!.data).toMatchObject({ count: 120, rowsIntended: 120, outcome: 'completed' });
    expect(await recentExports(user)).toEqual([
      expect.objectContaining({ id: exportId, exportCount: 120, rowsIntended: 120, status: 'completed' }),
    ]);
    expect((await eligibility(user)).eligible).toBe(false);
    expect((await requestRefund(user)).status).toBe(422);
  });
});

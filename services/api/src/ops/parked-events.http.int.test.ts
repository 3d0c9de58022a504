import type {
  ContactMessageRow,
  ParkedEventRow,
  ReadModelRow,
  RetryParkedResult,
} from '@healthtal/contracts';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Projectors never stop silently (docs/adr/0018-projector-dead-letters.md): an event the read model
// cannot apply is parked, the read model goes on, /readyz and the console say so, and once the
// cause is fixed a retry applies it.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await app.as('admin');
  await app.caughtUp();
});
afterAll(() => app?.close());

const message = (name: string) => ({
  name,
  email: 'visitor@example.org',
  phone: '(555) 010-2030',
  subject: 'Team plans',
  message: 'Do you offer a plan for twelve recruiters?',
});
const send = async (name: string) => {
  const response = await app.request('/api/v1/contact-messages', { method: 'POST', json: message(name) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
};
const adminList = async <Row>(path: string, filter: object = {}) => {
  const response = await app.request(`${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`, {
    as: 'admin',
  });
  expect(response.status).toBe(200);
  return { rows: (await response.json()) as Row[], range: response.headers.get('content-range') };
};
const contactNames = async () =>
  (await adminList<ContactMessageRow>('/api/admin/contact-messages')).rows.map((row) => row.name).sort();
const parkedEvents = async () =>
  (await adminList<ParkedEventRow>('/api/admin/parked-events', { readModel: 'contact_messages' })).rows;
const readModel = async (name: string) =>
  (await adminList<ReadModelRow>('/api/admin/read-models')).rows.find((row) => row.id === name);

describe('a contact message the read model cannot store', () => {
  it('is parked, the read model goes on, and a retry after the fix applies it', async () => {
    // The cause: the read model's table refuses one name (think of a bad migration).
    await app.pool.query(
      `alter table contact_messages add constraint no_poison check (name <> 'Poison Pill')`,
    );
    const poisonId = await send('Poison Pill');

    await expect.poll(async () => (await parkedEvents()).length, { timeout: 15_000 }).toBe(1);
    const [parked] = await parkedEvents();
    expect(parked).toMatchObject({
      readModel: 'contact_messages',
      eventType: 'ContactMessageReceived',
      attempts: 3,
      error: expect.stringContaining('no_poison'),
    });

    const notReady = await app.request('/readyz');
    expect(notReady.status).toBe(503);
    const readiness = (await notReady.json()) as {
      reasons: string[];
      checks: { projections: Record<string, { status: string; parked: number }> };
    };
    expect(readiness.reasons).toContain('projections: contact_messages has 1 parked event');
    expect(readiness.checks.projections.contact_messages).toMatchObject({ status: 'parked', parked: 1 });
    expect(readiness.checks.projections.users).toMatchObject({ status: 'caught up', parked: 0 });

    const models = await adminList<ReadModelRow>('/api/admin/read-models');
    expect(models.range).toMatch(/^read-models 0-\d+\/\d+$/);
    expect(await readModel('contact_messages')).toMatchObject({
      status: 'parked',
      parked: 1,
      lagEvents: 0,
      lagSeconds: 0,
      checkpointUpdatedAt: expect.any(String),
    });

    // The read model goes on with later events.
    await send('Dana After');
    await app.caughtUp();
    expect(await contactNames()).toEqual(['Dana After']);

    // Fix the cause, then retry.
    await app.pool.query('alter table contact_messages drop constraint no_poison');
    const retry = await app.request('/api/admin/read-models/contact_messages/retry', {
      method: 'POST',
      as: 'admin',
      json: {},
    });
    expect(retry.status).toBe(200);
    expect((await retry.json()) as RetryParkedResult).toEqual({ retried: 1, applied: 1, stillParked: 0 });

    expect(await contactNames()).toEqual(['Dana After', 'Poison Pill']);
    const one = await app.request(`/api/admin/contact-messages/${poisonId}`, { as: 'admin' });
    expect(one.status).toBe(200);
    expect(await parkedEvents()).toEqual([]);
    expect(await readModel('contact_messages')).toMatchObject({ status: 'caught up', parked: 0 });
    expect((await app.request('/readyz')).status).toBe(200);
  });

  it('answers 404 for a retry of a read model that does not exist, and refuses non-admins', async () => {
    const unknown = await app.request('/api/admin/read-models/no_such_model/retry', {
      method: 'POST',
      as: 'admin',
      json: {},
    });
    expect(unknown.status).toBe(404);
    expect((await app.request('/api/admin/read-models', { as: 'free' })).status).toBe(403);
    expect((await app.request('/api/admin/parked-events')).status).toBe(401);
  });
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ParkedEventRow } from '@healthtal/contracts';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `healthtal projections status|retry` (docs/adr/0018-projector-dead-letters.md): the parked events
// of a read model printed and retried from the command line. The console's side of it is
// services/api/src/ops/parked-events.http.int.test.ts.

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
};
const adminList = async <Row>(path: string, filter: object = {}) => {
  const response = await app.request(`${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`, {
    as: 'admin',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Row[];
};
const parkedEvents = async () =>
  adminList<ParkedEventRow>('/api/admin/parked-events', { readModel: 'contact_messages' });

describe('healthtal projections', () => {
  const healthtal = async (...args: string[]) =>
    (
      await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/main.ts'), 'projections', ...args],
        { env: { ...process.env, DATABASE_URL: app.databaseUrl, EVENT_STORE: 'postgres' } },
      )
    ).stdout;

  // Two CLI processes through tsx: slow to start on a busy machine.
  it('prints each read model with its parked events, and retries them from the command line', {
    timeout: 180_000,
  }, async () => {
    await app.pool.query(
      `alter table contact_messages add constraint no_poison check (name <> 'Second Pill')`,
    );
    await send('Second Pill');
    await expect.poll(async () => (await parkedEvents()).length, { timeout: 15_000 }).toBe(1);

    const status = await healthtal('status');
    expect(status).toMatch(/contact_messages\s+parked\s+lag 0 events, 0 s; 1 parked/);
    expect(status).toMatch(/users\s+caught up/);

    await app.pool.query('alter table contact_messages drop constraint no_poison');
    expect(await healthtal('retry', 'contact_messages')).toContain(
      'contact_messages: 1 parked events retried, 1 applied, 0 still parked.',
    );
    expect(await parkedEvents()).toEqual([]);
    expect((await app.request('/readyz')).status).toBe(200);
  });
});

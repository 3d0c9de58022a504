import { Writable } from 'node:stream';
import { projections } from '@healthtal/projections';
import { nextIp, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The projectors run on a thread of their own (projector-thread.ts, ADR 0034).
let app: TestApp;
const lines: { msg: string; projection?: string; level: number }[] = [];

beforeAll(async () => {
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  // Commands answer without waiting for their read models here: the test looks at the read model itself.
  app = await startTestApp(
    { READ_YOUR_WRITES_TIMEOUT_MS: '0' },
    { logger: pino({ level: 'info' }, destination) },
  );
}, 60_000);
afterAll(() => app?.close());

/** Holds this (the API's) thread for `ms`, as a long synchronous task would. */
const holdThisThread = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

describe("the projectors' thread", () => {
  it("applies a command's events while the API's thread is busy", async () => {
    const sent = await app.request('/api/v1/contact-messages', {
      method: 'POST',
      ip: nextIp(),
      json: {
        name: 'Dana Whitfield',
        email: 'dana@example.org',
        phone: '5550102030',
        subject: 'Team plans',
        message: 'Do you offer plans for a team of twelve?',
      },
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    // Nothing of this thread runs meanwhile: a projector on it could not read the event, let alone
    // write its row, before the query below.
    holdThisThread(2_000);
    const { rows } = await app.pool.query('select name from contact_messages where id = $1', [id]);
    expect(rows).toEqual([{ name: 'Dana Whitfield' }]);
  });

  it("reports through the app's logger: every read model installed on the fresh database", () => {
    const installed = lines.filter((line) => line.msg === 'read model ready').map((line) => line.projection);
    expect(installed.sort()).toEqual(projections.map((projection) => projection.name).sort());
  });

  it('stops and starts one read model on request, and waits for it to catch up', async () => {
    const projector = app.projectors.find((candidate) => candidate.name === 'contact_messages')!;
    await projector.stop();
    const sent = await app.request('/api/v1/contact-messages', {
      method: 'POST',
      ip: nextIp(),
      json: {
        name: 'Lee Park',
        email: 'lee@example.org',
        phone: '5550102031',
        subject: 'Agency pricing',
        message: 'What does a plan for an agency of five cost?',
      },
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    const stored = async () =>
      (await app.pool.query('select 1 from contact_messages where id = $1', [id])).rowCount;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stored()).toBe(0);
    await projector.start();
    await projector.caughtUp();
    expect(await stored()).toBe(1);
  });
});

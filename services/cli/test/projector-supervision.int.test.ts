/**
 * Issue 32, finding 12: projectors stopped for good after a PostgreSQL outage. The projectors'
 * thread that ended while the database was down was started again once, failed to connect, and was
 * never tried again; and a read model whose projector stood still showed as "catching up" (200 from
 * /readyz) for five minutes. Now the thread is tried again with backoff until the database is back,
 * and a read model that stands still while events wait makes /readyz 503 within seconds (10 s,
 * DEFAULT_STALL_SECONDS: the test moves the product's clock past them instead of waiting).
 */
import type { Worker } from 'node:worker_threads';
import type { EventStore } from '@healthtal/eventstore';
import { nextIp, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { TestClock } from '@healthtal/testkit/test-clock';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase } from '../src/embedded-postgres';
import { createEventStore } from '../src/event-store';
import { createProjectorThread, type ProjectorThread } from '../src/projector-thread';
import { migrate } from '../src/start';
import { contactMessage } from './support/kafka-fixture';
import { RestartablePostgres } from './support/restartable-postgres';

describe("the projectors' thread, when it ends while PostgreSQL is down", () => {
  let postgres: RestartablePostgres;
  let pool: pg.Pool;
  let store: EventStore;
  let thread: ProjectorThread;
  const threads: Worker[] = [];
  const lines: { msg: string }[] = [];

  beforeAll(async () => {
    postgres = await RestartablePostgres.start();
    pool = new pg.Pool({ connectionString: await ensureDatabase(postgres.adminUrl, 'healthtal'), max: 4 });
    pool.on('error', () => undefined);
    await migrate(pool);
    store = createEventStore(pool);
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    thread = createProjectorThread(logger, { onThread: (worker) => threads.push(worker) });
    await thread.start({ pool, eventStore: { EVENT_STORE: 'postgres' } });
  }, 60_000);
  afterAll(async () => {
    await thread?.stop();
    await store?.close();
    await pool?.end();
    await postgres?.stop();
  });

  it('is started again, pausing between tries, until the database is back, and then applies what waits', async () => {
    await postgres.takeDown('SIGKILL');
    // The thread ends, as it would on an error nothing caught.
    await threads.at(-1)!.terminate();
    await expect
      .poll(
        () =>
          lines.filter((l) => l.msg === "the projectors' thread did not start again; trying again").length,
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThanOrEqual(3);
    expect(thread.state()).toMatchObject({ running: false });

    await postgres.bringBack();
    const event = contactMessage(1);
    await store.append(`contact-${(event.data as { messageId: string }).messageId}`, [event]);
    // Within the longest pause (5 s) and a batch.
    await expect
      .poll(
        async () =>
          (
            await pool.query('select 1 from contact_messages where id = $1', [
              (event.data as { messageId: string }).messageId,
            ])
          ).rowCount,
        { timeout: 10_000, interval: 100 },
      )
      .toBe(1);
    // Running once every read model tails the store again (this one may be back before the others).
    await expect.poll(() => thread.state(), { timeout: 10_000 }).toEqual({ running: true });
  }, 40_000);
});

describe('readiness of a read model whose projector stands still', () => {
  let app: TestApp;
  const clock = new TestClock(Date.now);
  beforeAll(async () => {
    app = await startTestApp({ READ_YOUR_WRITES_TIMEOUT_MS: '0' }, { clock });
  }, 60_000);
  afterAll(() => app?.close());

  it('answers 503 once events have waited 10 s on it, naming the read model, and 200 once it moves again', async () => {
    const projector = app.projectors.find((p) => p.name === 'contact_messages')!;
    await projector.stop();
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
    // Catching up, as far as anyone can tell yet (polled: on a loaded machine another read model may
    // still be a moment behind the write).
    await expect.poll(async () => (await app.request('/readyz')).status, { timeout: 10_000 }).toBe(200);
    clock.advance(11_000);
    const stalled = await app.request('/readyz');
    expect(stalled.status).toBe(503);
    const body = (await stalled.json()) as { reasons: string[] };
    expect(body.reasons.join('; ')).toMatch(/contact_messages stands still while 1 event waits/);

    await projector.start();
    await expect.poll(async () => (await app.request('/readyz')).status, { timeout: 10_000 }).toBe(200);
  }, 40_000);
});

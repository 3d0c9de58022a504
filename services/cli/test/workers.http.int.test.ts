import { Projector, projections } from '@healthtal/projections';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// WORKERS=none (docker-compose.yml's api): `start` serves HTTP only; the projectors run in processes
// of their own, and /readyz reports them from the checkpoints they write.

let app: TestApp;
let elsewhere: Projector[] = [];
beforeAll(async () => {
  app = await startTestApp({ WORKERS: 'none' });
});
afterAll(async () => {
  for (const projector of elsewhere) await projector.stop();
  await app?.close();
});

describe('start with WORKERS=none', () => {
  it('serves the API but projects nothing itself, until projectors run elsewhere', async () => {
    expect((await app.request('/healthz')).status).toBe(200);
    const notReady = await app.request('/readyz');
    expect(notReady.status).toBe(503);
    expect(JSON.stringify(await notReady.json())).toContain('not installed');
    const { rows } = await app.database.pool.query('select count(*)::int as n from projection_checkpoints');
    expect(rows[0].n).toBe(0);

    // What `healthtal projectors` does in its own process (there fed by Kafka, here from the store).
    elsewhere = projections.map(
      (projection) => new Projector({ pool: app.pool, store: app.store, projection }),
    );
    for (const projector of elsewhere) await projector.start();
    for (const projector of elsewhere) await projector.caughtUp();
    await expect.poll(async () => (await app.request('/readyz')).status, { timeout: 10_000 }).toBe(200);
  });
});

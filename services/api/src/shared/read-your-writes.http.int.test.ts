import type { ListSummary } from '@healthtal/contracts';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
const TIMEOUT_MS = 1_500;

beforeAll(async () => {
  app = await startTestApp({ READ_YOUR_WRITES_TIMEOUT_MS: String(TIMEOUT_MS) });
  await app.as('basic');
}, 60_000);
afterAll(() => app?.close());

/** Stops the workspace read model's projector, as a slow or crashed one would; `release` restarts it. */
let stopped: TestApp['projectors'][number] | null = null;
async function holdWorkspaceProjector() {
  stopped = app.projectors.find((projector) => projector.name === 'workspace')!;
  await stopped.stop();
}
async function release() {
  await stopped?.start();
  stopped = null;
}
afterEach(release);

const createList = (name: string) =>
  app.request('/api/v1/lists', { method: 'POST', json: { name }, as: 'basic' });
const listNames = async () =>
  ((await (await app.request('/api/v1/lists', { as: 'basic' })).json()) as ListSummary[]).map(
    (list) => list.name,
  );
const listCreatedNamed = `select 1 from eventstore.events where type = 'ListCreated' and data->>'name' = $1`;
const timed = async <T>(work: Promise<T>) => {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
};

describe('read-your-writes', () => {
  it('answers a command only once its read model has it, so the very next read shows it', async () => {
    await holdWorkspaceProjector();
    let answered = false;
    const creating = createList('ICU nurses, Houston').then((response) => {
      answered = true;
      return response;
    });
    // Its event is stored, and a while later the command has still not answered: it waits for the
    // read model (without read-your-writes it answers within milliseconds of the append).
    await expect
      .poll(async () => (await app.pool.query(listCreatedNamed, ['ICU nurses, Houston'])).rowCount, {
        interval: 10,
      })
      .toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);

    await release();
    expect((await creating).status).toBe(201);
    expect(await listNames()).toContain('ICU nurses, Houston');
  });

  it('answers after READ_YOUR_WRITES_TIMEOUT_MS at the latest when a read model is stuck', async () => {
    await holdWorkspaceProjector();
    const { value: response, ms } = await timed(createList('Travel nurses'));
    expect(response.status).toBe(201);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_000);
    expect(await listNames()).not.toContain('Travel nurses');

    await release();
    await app.caughtUp();
    expect(await listNames()).toContain('Travel nurses');
  });

  it('does not hold back reads, refused commands or commands whose events no stuck model handles', async () => {
    await holdWorkspaceProjector();
    const read = await timed(app.request('/api/v1/lists', { as: 'basic' }));
    expect(read.value.status).toBe(200);
    const refused = await timed(createList(''));
    expect(refused.value.status).toBe(400);
    // A contact message feeds the admin inbox, not the lists.
    const contact = await timed(
      app.request('/api/v1/contact-messages', {
        method: 'POST',
        json: {
          name: 'Ada Park',
          email: 'ada.park@mail.example',
          phone: '(555) 010-2030',
          subject: 'Team plans',
          message: 'Do you offer plans for teams of recruiters?',
        },
      }),
    );
    expect(contact.value.status).toBe(201);
    for (const { ms } of [read, refused, contact]) expect(ms).toBeLessThan(TIMEOUT_MS - 200);
  });
});

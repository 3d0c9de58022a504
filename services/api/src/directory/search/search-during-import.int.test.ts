import { BULK_IMPORT_CORRELATION_PREFIX } from '@healthtal/contracts';
import { completeImportRun } from '@healthtal/directory-import';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readModelState, SearchReplica } from './search-replica';

/**
 * A search waits for the index to have every change the read model had when it arrived, except a
 * bulk import's additions, which the index's own syncs pick up (ADR 0032): during an import a search
 * answers at once instead of waiting for the rows of the last 100 ms to be indexed.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 60_000);
afterAll(() => app?.close());

const people = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => candidate(`${prefix}-${i}`, { firstName: `${prefix}${i}` }));

describe('a search during a bulk import', () => {
  it('does not wait for the import’s additions, and waits for anything else', async () => {
    // Not started: this part of the index syncs only when a search makes it, never on a timer.
    const replica = new SearchReplica(app.pool, pino({ level: 'silent' }));
    await importCandidates(app, people('before', 2));
    await replica.sync();
    const searchable = async () => {
      await replica.catchUp(await readModelState(app.pool));
      return replica.index.alive.count();
    };
    expect(await searchable()).toBe(2);

    const bulk = { correlationId: `${BULK_IMPORT_CORRELATION_PREFIX}test-run` };
    await importCandidates(app, people('bulk', 3), bulk);
    const state = await readModelState(app.pool);
    expect(state).toMatchObject({ revision: 5, mustSee: 2 });
    expect(await searchable()).toBe(2);

    // An approved résumé (one candidate, not a bulk import): the search waits for it, and so has
    // what the import added before it too.
    await importCandidates(app, people('approved', 1));
    expect(await searchable()).toBe(6);

    // The next bulk rows show once the index syncs on its own (every 100 ms while rows arrive)…
    await importCandidates(app, people('later', 2), bulk);
    expect(await searchable()).toBe(6);
    await replica.sync();
    expect(await searchable()).toBe(8);

    // …or, at the latest, once the run says it read its whole source: a search then waits for it.
    await importCandidates(app, people('last', 3), bulk);
    expect(await searchable()).toBe(8);
    await completeImportRun(app.store, bulk, { source: 'test', imported: 3 });
    await app.caughtUp();
    expect(await searchable()).toBe(11);
  });

  it('never takes a request for a bulk import: a caller cannot make its command one a search skips', async () => {
    const idOf = async (id: string) =>
      (await app.request('/healthz', { headers: { 'x-request-id': id } })).headers.get('x-request-id');
    expect(await idOf('trace-42')).toBe('trace-42');
    const forged = await idOf(`${BULK_IMPORT_CORRELATION_PREFIX}forged`);
    expect(forged).not.toContain(BULK_IMPORT_CORRELATION_PREFIX);
    expect(forged).toMatch(/^[0-9a-f-]{36}$/);
  });
});

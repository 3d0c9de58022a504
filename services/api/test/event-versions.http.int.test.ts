import { randomUUID } from 'node:crypto';
import { CandidatesExported, type EventDefinition, eventDefinitions } from '@healthtal/contracts';
import { EventRegistry, type NewEvent, PostgresEventStore } from '@healthtal/eventstore';
import { CANDIDATES_EXPORTED_V1 } from '@healthtal/testkit/earlier-events';
import { type SignedIn, startTestApp, type TestApp, testMetadata } from '@healthtal/testkit/harness';
import { seedSyntheticDirectory } from '@healthtal/testkit/synthetic-directory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * An event type at version 2 end to end (issue 33): CandidatesExported as a command writes it
 * today, stored with version 2; as the code before it wrote it (version 1: no rows intended, no
 * outcome), upcast on read; and all of them in the export log read model, in real PostgreSQL.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ BILLING_SIMULATOR: 'on' });
  await seedSyntheticDirectory(app, 40);
}, 120_000);
afterAll(() => app?.close());

/** Appends through a store over the same database that knows CandidatesExported as `definition` (earlier code). */
async function appendKnowing(definition: EventDefinition, streamId: string, events: NewEvent[]) {
  const registry = new EventRegistry({ CandidatesExported: definition });
  const store = new PostgresEventStore({ pool: app.pool, registry });
  try {
    await store.append(streamId, events);
  } finally {
    await store.close();
  }
}

/** Stored rows of a stream as they are in the table: the version is left out when it is 1. */
const storedVersions = async (streamId: string) =>
  (
    await app.pool.query<{ version: number | null }>(
      `select (metadata->>'schemaVersion')::int as version from eventstore.events
       where stream_id = $1 order by stream_position`,
      [streamId],
    )
  ).rows.map((row) => row.version ?? 1);

const exportsOf = async (user: SignedIn) => {
  await app.caughtUp();
  const response = await app.request('/api/v1/me/exports', { as: user });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    id: string;
    exportCount: number;
    rowsIntended: number;
    status: string;
  }[];
};

describe('an event type at version 2', () => {
  let user: SignedIn;
  let written: string;
  beforeAll(async () => {
    user = await app.signUp();
    await app.subscribe(user, 'price_annual');
    await app.caughtUp();
    const { rows } = await app.pool.query<{ id: string }>('select id from directory_candidates limit 12');
    const response = await app.request('/api/v1/exports', {
      method: 'POST',
      as: user,
      json: { candidateIds: rows.map((row) => row.id) },
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    written = response.headers.get('x-export-id')!;
  });

  it('is written by the command at its current version, and stored with it', async () => {
    expect(eventDefinitions.CandidatesExported!.currentVersion).toBe(2);
    const [exported] = await app.store.readStream(`exports-${user.userId}`);
    expect(exported).toMatchObject({
      type: 'CandidatesExported',
      data: { exportId: written, count: 12, rowsIntended: 12, outcome: 'completed' },
      metadata: { schemaVersion: 2 },
    });
    expect(await storedVersions(`exports-${user.userId}`)).toEqual([2]);
  });

  it('reads a version 1 event of the same type upcast, and projects both into the export log', async () => {
    const legacy = randomUUID();
    await appendKnowing(CANDIDATES_EXPORTED_V1, `exports-${user.userId}`, [
      {
        type: 'CandidatesExported',
        data: {
          userId: user.userId,
          exportId: legacy,
          format: 'csv',
          count: 30,
          scope: 'list',
          fileName: 'icu.csv',
        },
        metadata: testMetadata(),
      },
    ]);
    expect(await storedVersions(`exports-${user.userId}`)).toEqual([2, 1]);
    const [, old] = await app.store.readStream(`exports-${user.userId}`);
    expect(old).toMatchObject({
      data: { exportId: legacy, count: 30, rowsIntended: 30, outcome: 'completed' },
      metadata: { schemaVersion: 1 },
    });
    const rows = await exportsOf(user);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: written, exportCount: 12, rowsIntended: 12, status: 'completed' }),
        expect.objectContaining({ id: legacy, exportCount: 30, rowsIntended: 30, status: 'completed' }),
      ]),
    );
  });

  it('keeps the data of an event stored as version 1 that is already in the current shape', async () => {
    // What a writer that stamped every event version 1 left: today's shape under yesterday's number.
    // The upcaster only fills what version 1 lacked, so a part-way export stays part-way.
    const aborted = randomUUID();
    await appendKnowing({ schema: CandidatesExported, currentVersion: 1 }, `exports-${user.userId}`, [
      {
        type: 'CandidatesExported',
        data: {
          userId: user.userId,
          exportId: aborted,
          format: 'csv',
          scope: 'search',
          fileName: 'all.csv',
          rowsIntended: 10_000,
          count: 4_303,
          outcome: 'aborted',
        },
        metadata: testMetadata(),
      },
    ]);
    const read = (await app.store.readStream(`exports-${user.userId}`)).at(-1);
    expect(read).toMatchObject({
      data: { count: 4_303, rowsIntended: 10_000, outcome: 'aborted' },
      metadata: { schemaVersion: 1 },
    });
    expect((await exportsOf(user)).find((row) => row.id === aborted)).toMatchObject({
      exportCount: 4_303,
      rowsIntended: 10_000,
      status: 'aborted',
    });
  });
});

import {
  eventStoreMigrations,
  PostgresEventStore,
  type RecordedEvent,
  runMigrations,
} from '@healthtal/eventstore';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  listParked,
  MAX_ATTEMPTS,
  type Projection,
  Projector,
  projectionMigrations,
  readCheckpoint,
  readModelStates,
  rebuildProjection,
  retryParked,
} from '../src/runtime';
import { counterProjection, counterRegistry, incremented } from './fixtures/counter.projection';

let database: TestDatabase;
let store: PostgresEventStore;
const running: Projector[] = [];
const parkedLog: object[] = [];
const logger = {
  info: () => undefined,
  error: (details: object, message: string) => {
    if (message.includes('parked')) parkedLog.push(details);
  },
};

beforeEach(async () => {
  database = await createTestDatabase();
  await runMigrations(database.pool, 'eventstore', eventStoreMigrations);
  await runMigrations(database.pool, 'projections', projectionMigrations);
  store = new PostgresEventStore({ pool: database.pool, registry: counterRegistry, pollIntervalMs: 50 });
  parkedLog.length = 0;
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
  await store.close();
  await database.drop();
});

const projectorOf = (projection: Projection = counterProjection()) =>
  new Projector({ pool: database.pool, store, projection, batchSize: 50, logger });

/** A read-model table that refuses 13: a constraint violation, the same on every try. */
const refuseThirteen = () =>
  database.pool.query('alter table counter_applied add constraint no_thirteen check (by <> 13)');

const applied = async () =>
  (await database.pool.query<{ by: number }>('select by from counter_applied order by by')).rows.map(
    (row) => row.by,
  );

const failures = async () =>
  (
    await database.pool.query<{ status: string; attempts: number; error: string }>(
      'select status, attempts, error from projection_parked_events',
    )
  ).rows;

const appendAndRead = async (byes: number[]): Promise<RecordedEvent[]> => {
  const from = await store.headPosition();
  await store.append(`counter-${byes.join('-')}`, byes.map(incremented));
  return store.readAll({ fromPosition: from });
};

describe('a projector that meets an event it cannot apply', () => {
  it('retries a transient failure with the same batch and parks nothing', async () => {
    let failuresLeft = 2;
    const base = counterProjection();
    const flaky: Projection = {
      ...base,
      async apply(client, events) {
        if (failuresLeft-- > 0)
          throw Object.assign(new Error('could not serialize access due to concurrent update'), {
            code: '40001',
          });
        await base.apply(client, events);
      },
    };
    const projector = projectorOf(flaky);
    await projector.start();
    running.push(projector);
    await store.append('counter-flaky', [incremented(1), incremented(2)]);
    await expect.poll(applied, { timeout: 10_000 }).toEqual([1, 2]);
    expect(await failures()).toEqual([]);
  });

  it(`parks a poison event after ${MAX_ATTEMPTS} attempts and applies the events after it in the same batch`, async () => {
    const projector = projectorOf();
    await projector.install();
    await refuseThirteen();
    await projector.start();
    running.push(projector);
    await store.append('counter-poisoned', [incremented(1), incremented(13), incremented(2)]);
    await expect.poll(applied, { timeout: 10_000 }).toEqual([1, 2]);
    expect(await failures()).toEqual([
      { status: 'parked', attempts: MAX_ATTEMPTS, error: expect.stringContaining('[23514]') },
    ]);
    expect(parkedLog).toEqual([
      expect.objectContaining({
        projection: 'counter',
        eventType: 'CounterIncremented',
        eventId: expect.any(String),
      }),
    ]);
    const [state] = await readModelStates(database.pool, store, [counterProjection()]);
    expect(state).toMatchObject({ status: 'parked', parked: 1, lagEvents: 0, lagSeconds: 0 });
  });

  it('keeps counting attempts across a restart', async () => {
    await projectorOf().install();
    await refuseThirteen();
    const events = await appendAndRead([1, 13, 2]);
    await expect(projectorOf().handleBatch(events)).rejects.toThrow(/no_thirteen/);
    expect(await failures()).toMatchObject([{ status: 'failing', attempts: 1 }]);
    expect(await applied()).toEqual([1]);
    // A new process, the same database: the count goes on.
    await expect(projectorOf().handleBatch(events)).rejects.toThrow(/no_thirteen/);
    expect(await failures()).toMatchObject([{ status: 'failing', attempts: 2 }]);
    await projectorOf().handleBatch(events);
    expect(await failures()).toMatchObject([{ status: 'parked', attempts: 3 }]);
    expect(await applied()).toEqual([1, 2]);
    const checkpoint = await readCheckpoint(database.pool, 'counter');
    expect(checkpoint?.position).toEqual(events[2]!.position);
  });

  it('forgets the count of an event that applies on a later try', async () => {
    await projectorOf().install();
    await refuseThirteen();
    const events = await appendAndRead([13]);
    await expect(projectorOf().handleBatch(events)).rejects.toThrow(/no_thirteen/);
    await database.pool.query('alter table counter_applied drop constraint no_thirteen');
    await projectorOf().handleBatch(events);
    expect(await applied()).toEqual([13]);
    expect(await failures()).toEqual([]);
  });

  it('applies parked events again once the cause is fixed, and clears them', async () => {
    await projectorOf().install();
    await refuseThirteen();
    const events = await appendAndRead([1, 13, 13, 2]);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++)
      await projectorOf()
        .handleBatch(events)
        .catch(() => undefined);
    await projectorOf()
      .handleBatch(events)
      .catch(() => undefined);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++)
      await projectorOf()
        .handleBatch(events)
        .catch(() => undefined);
    expect((await listParked(database.pool, { projection: 'counter' })).total).toBe(2);
    expect(await applied()).toEqual([1, 2]);

    // Still broken: a retry keeps them parked and counts the try.
    expect(await retryParked(database.pool, store, counterProjection())).toEqual({
      retried: 2,
      applied: 0,
      stillParked: 2,
    });
    expect((await listParked(database.pool)).rows.map((row) => row.attempts)).toEqual([4, 4]);

    await database.pool.query('alter table counter_applied drop constraint no_thirteen');
    expect(await retryParked(database.pool, store, counterProjection())).toEqual({
      retried: 2,
      applied: 2,
      stillParked: 0,
    });
    expect(await applied()).toEqual([1, 2, 13, 13]);
    expect(await failures()).toEqual([]);
  });
});

describe('a rebuild that meets an event it cannot apply', () => {
  /** Refuses 13 in code: a rebuild creates fresh tables, so a constraint added by hand would be gone. */
  const refusingThirteen = (): Projection => {
    const base = counterProjection({ version: 2 });
    return {
      ...base,
      async apply(client, events) {
        if (events.some((event) => (event.data as { by: number }).by === 13))
          throw new Error('13 is bad data');
        await base.apply(client, events);
      },
    };
  };

  it('parks it and builds the read model from the others', async () => {
    await store.append('counter-rebuilt', [incremented(1), incremented(13), incremented(2)]);
    await rebuildProjection(database.pool, store, refusingThirteen(), undefined, logger);
    expect(await applied()).toEqual([1, 2]);
    expect(await failures()).toEqual([{ status: 'parked', attempts: MAX_ATTEMPTS, error: '13 is bad data' }]);
    expect(parkedLog).toHaveLength(1);
    // Rebuilt again by code that accepts it, the event is in and no longer parked.
    await rebuildProjection(database.pool, store, counterProjection({ version: 3 }));
    expect(await applied()).toEqual([1, 2, 13]);
    expect(await failures()).toEqual([]);
  });
});

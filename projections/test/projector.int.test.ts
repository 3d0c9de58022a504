import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  eventStoreMigrations,
  PostgresEventStore,
  type RecordedEvent,
  runMigrations,
  START,
} from '@healthtal/eventstore';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Projector, projectionMigrations, readCheckpoint, rebuildProjection } from '../src/runtime';
import { counterProjection, counterRegistry, incremented } from './fixtures/counter.projection';

let database: TestDatabase;
let store: PostgresEventStore;
const running: Projector[] = [];

beforeEach(async () => {
  database = await createTestDatabase();
  await runMigrations(database.pool, 'eventstore', eventStoreMigrations);
  await runMigrations(database.pool, 'projections', projectionMigrations);
  store = new PostgresEventStore({ pool: database.pool, registry: counterRegistry, pollIntervalMs: 50 });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
  await store.close();
  await database.drop();
});

const startProjector = async (options: { version?: number } = {}) => {
  const projector = new Projector({
    pool: database.pool,
    store,
    projection: counterProjection(options),
    batchSize: 50,
  });
  await projector.start();
  running.push(projector);
  return projector;
};

const appendMany = async (streams: number, perStream: number) => {
  for (let s = 0; s < streams; s++) {
    await store.append(
      `counter-${s}-${Date.now()}`,
      Array.from({ length: perStream }, (_, i) => incremented(i + 1)),
    );
  }
};

const totals = async () =>
  (
    await database.pool.query<{ total: string; events: string; rows: string; distinct_rows: string }>(
      `select total, events, (select count(*) from counter_applied) as rows,
              (select count(distinct event_id) from counter_applied) as distinct_rows
       from counter_totals`,
    )
  ).rows[0]!;

describe('Projector', () => {
  it('builds its read model from the events and keeps it current', async () => {
    await appendMany(3, 10);
    const projector = await startProjector();
    await projector.caughtUp();
    expect(await totals()).toEqual({ total: '165', events: '30', rows: '30', distinct_rows: '30' });
    await appendMany(1, 4);
    await expect.poll(async () => (await totals()).events, { timeout: 5000 }).toBe('34');
  });

  it('reads only the event types it handles: others never reach it, and caughtUp still resolves', async () => {
    const projector = await startProjector();
    await store.append('counter-named', [
      incremented(5),
      { ...incremented(), type: 'CounterRenamed', data: { name: 'visits' } },
    ]);
    await projector.caughtUp();
    expect((await totals()).total).toBe('5');
    const checkpoint = await readCheckpoint(database.pool, 'counter');
    expect(checkpoint!.position).toEqual(await store.headPosition({ types: ['CounterIncremented'] }));
    expect(checkpoint!.position).not.toEqual(await store.headPosition());
  });

  it('resumes from its checkpoint after a restart, applying nothing twice', async () => {
    await appendMany(2, 25);
    const first = await startProjector();
    await first.caughtUp();
    await first.stop();
    await appendMany(2, 5);
    const second = await startProjector();
    await second.caughtUp();
    expect(await totals()).toMatchObject({ events: '60', rows: '60', distinct_rows: '60' });
  });

  it('ignores a redelivered batch (what a Kafka rebalance or retry looks like)', async () => {
    await appendMany(1, 20);
    const projector = await startProjector();
    await projector.caughtUp();
    const everything: RecordedEvent[] = await store.readAll({ fromPosition: START });
    const outcome = await projector.handleBatch(everything);
    expect(outcome).toEqual({ applied: 0, position: null });
    expect(await totals()).toMatchObject({ events: '20', rows: '20' });
  });

  it('rebuilds into fresh tables and swaps them in, with the live tables serving until then', async () => {
    await appendMany(4, 25);
    const live = await startProjector();
    await live.caughtUp();
    // Corrupt the live model, as a bug in an old projector version would.
    await database.pool.query('update counter_totals set total = -1');
    await live.stop();

    const progress: number[] = [];
    const result = await rebuildProjection(database.pool, store, counterProjection({ version: 2 }), (p) =>
      progress.push(p.events),
    );
    expect(result.events).toBe(100);
    expect(progress.at(-1)).toBe(100);
    expect(await totals()).toEqual({
      total: String(4 * 325),
      events: '100',
      rows: '100',
      distinct_rows: '100',
    });
    expect((await readCheckpoint(database.pool, 'counter'))!.version).toBe(2);
    const schemas = await database.pool.query("select 1 from pg_namespace where nspname like 'rebuild_%'");
    expect(schemas.rowCount).toBe(0);
  });

  it('rebuilds on start when its version changed', async () => {
    await appendMany(2, 10);
    const v1 = await startProjector({ version: 1 });
    await v1.caughtUp();
    await v1.stop();
    await database.pool.query('update counter_totals set total = 0');
    const v2 = await startProjector({ version: 2 });
    await v2.caughtUp();
    expect((await totals()).total).toBe(String(2 * 55));
  });
});

describe('Projector killed mid-stream', () => {
  const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/run-counter-projector.ts');
  const spawnProjector = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', runner, database.url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    return { child, stderr: () => stderr };
  };

  it('applies every event exactly once across a kill -9 and a restart', async () => {
    const total = 1200;
    const first = spawnProjector();
    // Installed and tailing before any event exists, so the events arrive through the live path.
    await new Promise((resolve) => first.child.stdout.once('data', resolve));
    for (let s = 0; s < 12; s++) {
      await store.append(
        `counter-crash${s}`,
        Array.from({ length: total / 12 }, () => incremented(1)),
      );
    }

    const applied = async () => {
      const exists = await database.pool.query("select to_regclass('public.counter_totals') as t");
      if (!exists.rows[0].t) return 0;
      return Number((await database.pool.query('select events from counter_totals')).rows[0].events);
    };
    await expect.poll(applied, { timeout: 20_000, interval: 20 }).toBeGreaterThan(200);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const atKill = await applied();
    expect(atKill, first.stderr()).toBeLessThan(total);

    const second = spawnProjector();
    try {
      await expect.poll(applied, { timeout: 30_000, interval: 50 }).toBe(total);
      expect(await totals()).toEqual({
        total: String(total),
        events: String(total),
        rows: String(total),
        distinct_rows: String(total),
      });
    } finally {
      second.child.kill('SIGKILL');
    }
  });
});

import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endPool } from '../src/end-pool';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

/** The server's connections of one application name (each pool below has its own). */
const connectionsOf = async (name: string) =>
  (
    await database.pool.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where application_name = $1',
      [name],
    )
  ).rows[0]!.n;

const poolNamed = (name: string) =>
  new pg.Pool({ connectionString: database.url, max: 8, application_name: name });

describe('endPool', () => {
  it('resolves once the server holds none of the pool’s connections', async () => {
    for (let round = 0; round < 5; round++) {
      const name = `end-pool-idle-${round}`;
      const pool = poolNamed(name);
      const clients = await Promise.all(Array.from({ length: 8 }, () => pool.connect()));
      for (const client of clients) client.release();
      expect(await connectionsOf(name)).toBe(8);
      await endPool(pool);
      expect(await connectionsOf(name)).toBe(0);
    }
  });

  it('waits for a connection in use to be released and closed', async () => {
    const name = 'end-pool-busy';
    const pool = poolNamed(name);
    const client = await pool.connect();
    let ended = false;
    const ending = endPool(pool).then(() => {
      ended = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ended).toBe(false);
    client.release();
    await ending;
    expect(await connectionsOf(name)).toBe(0);
  });

  it('ends a pool that never connected at once', async () => {
    const started = performance.now();
    await endPool(poolNamed('end-pool-unused'));
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

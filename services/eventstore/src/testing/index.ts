import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export { KurrentDBDouble, type KurrentDBDoubleOptions } from './kurrentdb/kurrentdb-double';

export type TestDatabase = { url: string; pool: pg.Pool; drop(): Promise<void> };

/** A new, empty database on the test server, so every test file starts from nothing. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 20 });
  // An idle connection ended by the server (a database dropped `with (force)` while a test still
  // held the pool) must not become an uncaught error that fails the whole run.
  pool.on('error', () => {});
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

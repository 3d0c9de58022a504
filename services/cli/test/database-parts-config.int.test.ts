import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { migrate } from '../src/start';

// docker-compose.yml hands the app the database password as a secret file and the rest in parts
// (DATABASE_HOST, …): a password with `@`, `/`, `:` and `#` pasted into a URL made `ss` the host.
const PASSWORD = 'p@ss/w:rd#1';

let database: TestDatabase;
let dir = '';
const role = `app_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'healthtal-db-parts-'));
  // A role of its own that owns the test database, its password the one that used to break the URL.
  await database.pool.query(`create role ${role} login password ${pg.escapeLiteral(PASSWORD)}`);
  const name = new URL(database.url).pathname.slice(1);
  await database.pool.query(`alter database ${name} owner to ${role}`);
});
afterAll(async () => {
  await database?.drop();
  const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await admin.connect();
  await admin.query(`drop role if exists ${role}`);
  await admin.end();
  await rm(dir, { recursive: true, force: true });
});

/** The settings compose passes: the server in parts, the password in a mounted secret file. */
async function partsOf(password: string) {
  const server = new URL(database.url);
  const file = path.join(dir, `password-${randomUUID()}`);
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return {
    DATABASE_HOST: server.hostname,
    DATABASE_PORT: server.port,
    DATABASE_NAME: server.pathname.slice(1),
    DATABASE_USER: role,
    DATABASE_PASSWORD_FILE: file,
  };
}

describe('the database in parts', () => {
  it('connects and migrates with a password full of URL delimiters, read from a secret file', async () => {
    const config = loadConfig(await partsOf(PASSWORD));
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 2 });
    try {
      await migrate(pool);
      const { rows } = await pool.query<{ user: string }>('select current_user as user');
      expect(rows[0]!.user).toBe(role);
      const applied = await pool.query<{ owner: string }>('select owner from schema_migrations');
      expect(applied.rowCount).toBeGreaterThan(0);
    } finally {
      await pool.end();
    }
  });

  it('is refused by the server with any other password: the password really is checked', async () => {
    const config = loadConfig(await partsOf('p@ss/w:rd#2'));
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await expect(client.connect()).rejects.toThrow(/password authentication failed/);
  });

  it('says which setting is missing, or that the database is named twice', () => {
    expect(() => loadConfig({ DATABASE_PASSWORD: PASSWORD })).toThrow(
      /DATABASE_HOST="": is required with DATABASE_PASSWORD/,
    );
    expect(() => loadConfig({ DATABASE_HOST: 'postgres', DATABASE_PASSWORD: PASSWORD })).toThrow(
      /DATABASE_USER="": is required with DATABASE_HOST[\s\S]*DATABASE_NAME="": is required with DATABASE_HOST/,
    );
    const both = () =>
      loadConfig({
        DATABASE_URL: 'postgres://app@db/healthtal',
        DATABASE_HOST: 'db',
        DATABASE_PASSWORD: PASSWORD,
      });
    expect(both).toThrow(ConfigError);
    expect(both).toThrow(/DATABASE_HOST="db": set DATABASE_URL or the DATABASE_\* parts, not both/);
    // The password is masked in the message.
    expect(both).toThrow(/DATABASE_PASSWORD="\*\*\*"/);
    expect(() =>
      loadConfig({ DATABASE_HOST: 'db/x', DATABASE_USER: 'a', DATABASE_NAME: 'b', DATABASE_PASSWORD: 'c' }),
    ).toThrow(/DATABASE_HOST="db\/x": must be a host name or an IP address/);
  });

  it('keeps DATABASE_URL as given when the parts are not used', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://app:s3cret@db:5432/healthtal' }).DATABASE_URL).toBe(
      'postgres://app:s3cret@db:5432/healthtal',
    );
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
  });
});

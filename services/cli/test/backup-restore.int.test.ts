import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { projections, rebuildProjection } from '@healthtal/projections';
import { everyone, importCandidates } from '@healthtal/testkit/candidates';
import { ADMIN_EMAIL, PASSWORD, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createEventStore } from '../src/event-store';
import { startHealthTal } from '../src/start';

// The restore drill (issue 39): real events and operational rows, backed up, the database dropped
// and created again, restored, read models rebuilt; then everything compared with the original.

/** What a backup must hold besides the event log: the operational tables (README, Backup and restore). */
const OPERATIONAL = [
  'eventstore.personal_data_keys',
  'public.billing_simulator_sessions',
  'public.dac_clinicians',
  'public.dac_loads',
  'public.dac_staging',
  'public.idempotency_keys',
  'public.import_progress',
  'public.mail_outbox',
  'public.nppes_endpoint_loads',
  'public.nppes_endpoints',
  'public.nppes_providers',
  'public.one_time_tokens',
  'public.rate_limits',
  'public.refresh_tokens',
  'public.removal_request_jobs',
  'public.reveal_quota_usage',
  'public.server_secrets',
  'public.site_assets',
  'public.suppression_list',
];
const READ_MODEL_TABLES = projections.flatMap((projection) => projection.tables);

const CONTACT_MESSAGE = {
  name: 'Dana Whitfield',
  email: 'dana@example.org',
  phone: '(555) 010-2040',
  subject: 'Team plans',
  message: 'Do you offer a plan for twelve recruiters?',
};

const main = path.resolve(import.meta.dirname, '../src/main.ts');
type Run = { code: number; stdout: string; stderr: string };
const healthtal = (databaseUrl: string, ...args: string[]) => healthtalWith({}, databaseUrl, ...args);
const healthtalWith = async (
  env: Record<string, string>,
  databaseUrl: string,
  ...args: string[]
): Promise<Run> => {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', main, ...args],
      {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          EVENT_STORE: 'postgres',
          LOG_LEVEL: 'warn',
          ...env,
        },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

const rowsOf = async (pool: pg.Pool, table: string) =>
  (await pool.query<{ row: string }>(`select to_jsonb(t)::text as row from ${table} t order by 1`)).rows.map(
    (row) => row.row,
  );
/** The log as a reader of `$all` sees it: everything but the positions a restore renumbers. */
const eventsOf = async (pool: pg.Pool) =>
  (
    await pool.query(
      `select event_id, stream_id, stream_position, type, data, metadata, recorded_at
         from eventstore.events order by transaction_id, global_position`,
    )
  ).rows;
type Snapshot = { events: unknown[]; streams: string[]; operational: Record<string, string[]> };
const snapshot = async (pool: pg.Pool): Promise<Snapshot> => ({
  events: await eventsOf(pool),
  streams: await rowsOf(pool, 'eventstore.streams'),
  operational: Object.fromEntries(
    await Promise.all(OPERATIONAL.map(async (table) => [table, await rowsOf(pool, table)] as const)),
  ),
});
const readModels = async (pool: pg.Pool) =>
  Object.fromEntries(
    await Promise.all(READ_MODEL_TABLES.map(async (table) => [table, await rowsOf(pool, table)] as const)),
  );

let app: TestApp;
let dir: string;
let databaseUrl: string;
let pool: pg.Pool;
let original: Snapshot;
let rebuiltOriginal: Record<string, string[]>;

beforeAll(async () => {
  app = await startTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'healthtal-backup-'));
  databaseUrl = app.databaseUrl;
  // Sign-ups (users, tokens, mail, rate limits, keys), a plan, a directory, a contact message.
  await app.as('admin');
  await app.as('premium');
  await importCandidates(app, everyone);
  const sent = await app.request('/api/v1/contact-messages', {
    method: 'POST',
    json: CONTACT_MESSAGE,
  });
  expect(sent.status).toBe(201);
  await app.caughtUp();
  await app.stop();
  pool = app.database.pool;

  original = await snapshot(pool);
  // The read models as a rebuild from these events makes them, through the product's rebuild path.
  const store = createEventStore(pool);
  for (const projection of projections) await rebuildProjection(pool, store, projection);
  await store.close();
  rebuiltOriginal = await readModels(pool);
}, 180_000);

afterAll(async () => {
  if (pool && pool !== app.database.pool) {
    // The drill replaced the test database's pool with its own (wipe): drop the database through it.
    await pool.end();
    await dropDatabase();
  } else await app?.database.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const databaseName = () => new URL(databaseUrl).pathname.slice(1);
async function dropDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName()} with (force)`);
  await admin.end();
}

/** Drops the database and creates it again, empty: the disaster a backup is for. */
async function wipe(): Promise<void> {
  await pool.end();
  await dropDatabase();
  const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await admin.connect();
  await admin.query(`create database ${databaseName()}`);
  await admin.end();
  pool = new pg.Pool({ connectionString: databaseUrl });
  pool.on('error', () => {});
}

describe('healthtal backup and restore', () => {
  it('restores the events and operational tables as they were and rebuilds the read models', {
    timeout: 240_000,
  }, async () => {
    expect(original.events.length).toBeGreaterThan(10);
    for (const table of ['eventstore.personal_data_keys', 'public.refresh_tokens', 'public.mail_outbox'])
      expect(original.operational[table]!.length, table).toBeGreaterThan(0);

    const file = path.join(dir, 'healthtal.backup.gz');
    const backup = await healthtal(databaseUrl, 'backup', file);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(new RegExp(`eventstore\\.events\\s+${original.events.length} rows`));
    for (const table of OPERATIONAL) expect(backup.stdout).toContain(table);
    for (const table of READ_MODEL_TABLES)
      expect(backup.stdout).not.toMatch(new RegExp(`public\\.${table}\\s`));

    await wipe();
    const restored = await healthtal(databaseUrl, 'restore', file);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(new RegExp(`eventstore\\.events\\s+${original.events.length} rows`));
    expect(restored.stdout).toMatch(/directory\s+\d+ events replayed/);

    const after = await snapshot(pool);
    expect(after.events).toEqual(original.events);
    expect(after.streams).toEqual(original.streams);
    expect(after.operational).toEqual(original.operational);
    expect(await readModels(pool)).toEqual(rebuiltOriginal);
  });

  it('runs on the restored database: a user signs in with the password they had, new events are read', {
    timeout: 120_000,
  }, async () => {
    const restoredApp = await startTestAppOn(databaseUrl);
    try {
      const login = await fetch(`${restoredApp.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      // An event appended after the restore comes after the restored ones in `$all`: the projectors see it.
      const sent = await fetch(`${restoredApp.url}/api/v1/contact-messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...CONTACT_MESSAGE, name: 'After Restore' }),
      });
      expect(sent.status).toBe(201);
      for (const projector of restoredApp.projectors) await projector.caughtUp();
      const { rows } = await pool.query(`select name from contact_messages order by name`);
      expect(rows.map((row) => row.name)).toEqual(['After Restore', 'Dana Whitfield']);
    } finally {
      await restoredApp.stop();
    }
  });

  it('refuses a database that is not empty unless told to replace it', { timeout: 120_000 }, async () => {
    const file = path.join(dir, 'healthtal.backup.gz');
    const refused = await healthtal(databaseUrl, 'restore', file);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('This database is not empty');
    expect(refused.stderr).not.toMatch(/\n\s+at /); // no stack trace

    // The previous test's sign-in and message are replaced by the backup's contents.
    const forced = await healthtal(databaseUrl, 'restore', file, '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(await snapshot(pool)).toEqual(original);
    expect(await readModels(pool)).toEqual(rebuiltOriginal);
  });

  it('refuses a backup made at another migration level, and files that are not whole backups', {
    timeout: 120_000,
  }, async () => {
    const file = path.join(dir, 'healthtal.backup.gz');
    const [header, ...rest] = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const older = { ...JSON.parse(header!), migrations: JSON.parse(header!).migrations.slice(0, -1) };
    const olderFile = path.join(dir, 'older.backup.gz');
    writeFileSync(olderFile, gzipSync([JSON.stringify(older), ...rest].join('\n')));
    const refused = await healthtal(databaseUrl, 'restore', olderFile, '--force');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('another migration level');

    const cut = path.join(dir, 'cut.backup.gz');
    const whole = readFileSync(file);
    writeFileSync(cut, gzipSync(gunzipSync(whole).subarray(0, Math.floor(gunzipSync(whole).length / 2))));
    const cutShort = await healthtal(databaseUrl, 'restore', cut, '--force');
    expect(cutShort.code).not.toBe(0);
    expect(cutShort.stderr).toMatch(/cut short|damaged/);

    const notABackup = path.join(dir, 'notes.txt');
    writeFileSync(notABackup, 'hello\n');
    expect((await healthtal(databaseUrl, 'restore', notABackup)).stderr).toContain('not a HealthTal backup');
    expect((await healthtal(databaseUrl, 'restore')).stderr).toContain(
      'Use: healthtal restore <file> [--force]',
    );
    expect((await healthtal(databaseUrl, 'backup', file)).stderr).toContain('exists already');

    // Nothing a refusal touched: the database still holds the backup's contents.
    expect(await snapshot(pool)).toEqual(original);
  });

  it('with KurrentDB holding the events, says so and backs up the keys and operational tables only', {
    timeout: 60_000,
  }, async () => {
    const file = path.join(dir, 'esdb.backup.gz');
    const backup = await healthtalWith(
      { EVENT_STORE: 'esdb', ESDB_URL: 'kurrentdb://127.0.0.1:1?tls=false' },
      databaseUrl,
      'backup',
      file,
    );
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain("KurrentDB's own backup procedure applies");
    expect(backup.stdout).not.toContain('eventstore.events');
    expect(backup.stdout).toMatch(/eventstore\.personal_data_keys\s+[1-9]\d* rows/);
    const restore = await healthtal(databaseUrl, 'restore', file, '--force');
    expect(restore.stderr).toContain('EVENT_STORE=esdb; this one has EVENT_STORE=postgres');
  });
});

/** The product on the restored database, as `healthtal start` with DATABASE_URL runs it, its read models installed. */
async function startTestAppOn(url: string) {
  const app = await startHealthTal({
    config: loadConfig({
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      SEARCH_WORKERS: '0',
      SHUTDOWN_DELAY_MS: '0',
    }),
    logger: pino({ level: 'silent' }),
  });
  await app.started;
  return app;
}

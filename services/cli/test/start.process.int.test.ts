import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/embedded-postgres';
import { REPO_ROOT } from '../src/start';

const main = path.join(REPO_ROOT, 'services/cli/src/main.ts');

/** `healthtal start` as a user runs it: its own process, embedded PostgreSQL, no configuration but a port. */
function start(dataDir: string): { child: ChildProcess; url: Promise<string>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', main, 'start'], {
    // A small synthetic directory: the seeding path runs without slowing the test down.
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_SIZE: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as a terminal gives the command it runs: Ctrl-C signals the group.
    detached: true,
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += String(chunk);
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk) => {
      output += String(chunk);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return { child, url, output: () => output };
}

/**
 * Signals the product; with `group`, its whole process group, as a terminal's Ctrl-C does (the
 * database's process included, were it in that group).
 */
const stopWith = (child: ChildProcess, signal: NodeJS.Signals, { group = false } = {}) =>
  new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    if (group) process.kill(-child.pid!, signal);
    else child.kill(signal);
  });
const ctrlC = (child: ChildProcess) => stopWith(child, 'SIGINT', { group: true });
/** Error lines (pino level 50 and up) in a run's output. */
const errorLines = (output: string) => output.split('\n').filter((line) => /"level":(50|60)/.test(line));
/** The pid in a PostgreSQL data directory's lock file, and whether that process is running. */
const postmaster = (postgresDir: string) => {
  const lockFile = path.join(postgresDir, 'postmaster.pid');
  const pid = existsSync(lockFile) ? Number(readFileSync(lockFile, 'utf8').split('\n')[0]) : null;
  return { pid, running: pid !== null && existsSync(`/proc/${pid}`) };
};

const contact = {
  name: 'Dana Whitfield',
  email: 'dana@example.org',
  phone: '5550102030',
  subject: 'Team plans',
  message: 'Do you offer plans for a team of twelve?',
};

describe('healthtal start', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'healthtal-start-'));
    await chmod(dir, 0o755);
  });
  afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  it('serves /healthz and accepts a contact message within 30 s, stops on Ctrl-C and keeps its data', async () => {
    const dataDir = path.join(dir, 'data');

    const began = performance.now();
    const first = start(dataDir);
    const url = await first.url;
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
    const sent = await fetch(`${url}/api/v1/contact-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(contact),
    });
    expect(sent.status).toBe(201);
    expect(performance.now() - began).toBeLessThan(30_000);

    // The first embedded start made one account per role and showed their password once.
    const password = /password (\S+) \(shown once\)/.exec(first.output())?.[1];
    expect(password, first.output()).toBeTruthy();
    const roles: Record<string, { roles: string[]; tier: string }> = {};
    for (const who of ['admin', 'premium', 'basic', 'free', 'demo']) {
      const login = await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${who}@healthtal.test`, password }),
      });
      expect(login.status, who).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };
      const me = (await (
        await fetch(`${url}/api/v1/me`, { headers: { authorization: `Bearer ${accessToken}` } })
      ).json()) as {
        roles: string[];
        tier: string;
      };
      roles[who] = { roles: me.roles, tier: me.tier };
    }
    expect(roles).toEqual({
      admin: { roles: ['admin'], tier: 'premium' },
      premium: { roles: [], tier: 'premium' },
      basic: { roles: [], tier: 'basic' },
      free: { roles: [], tier: 'free' },
      demo: { roles: ['demo'], tier: 'free' },
    });
    // Ctrl-C drains and stops the product, the database last: nothing fails on the way out.
    expect(await ctrlC(first.child), first.output()).toBe(0);
    expect(errorLines(first.output())).toEqual([]);
    expect(postmaster(path.join(dataDir, 'postgres')).pid).toBeNull();

    // A second start reuses the data: the database is there and migrations have nothing to do.
    const second = start(dataDir);
    const secondUrl = await second.url;
    // Ready once the search workers have loaded the directory (a second or two under tsx).
    for (const deadline = Date.now() + 20_000; (await fetch(`${secondUrl}/readyz`)).status !== 200; ) {
      expect(Date.now(), second.output()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(second.output()).not.toContain('shown once');
    expect(await stopWith(second.child, 'SIGTERM'), second.output()).toBe(0);

    const database = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres') });
    const client = new pg.Client({
      connectionString: database.adminUrl.replace(/\/postgres$/, '/healthtal'),
    });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from contact_messages');
    await client.end();
    await database.stop();
    expect(rows[0].n).toBe(1);
  }, 60_000);

  it('after a SIGKILL, the next start stops the database the killed run left and starts', async () => {
    const dataDir = path.join(dir, 'killed');
    const postgresDir = path.join(dataDir, 'postgres');
    const killed = start(dataDir);
    await killed.url;
    const exited = new Promise((resolve) => killed.child.once('exit', resolve));
    killed.child.kill('SIGKILL');
    await exited;
    // In its own process group, the database outlives a process killed outright.
    const left = postmaster(postgresDir);
    expect(left.running).toBe(true);

    const next = start(dataDir);
    const url = await next.url;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(next.output()).toContain(
      `stopping the PostgreSQL server (pid ${left.pid}) that a previous run left`,
    );
    expect(existsSync(`/proc/${left.pid}`)).toBe(false);
    expect(await ctrlC(next.child), next.output()).toBe(0);
    expect(postmaster(postgresDir).pid).toBeNull();
  }, 60_000);

  it('refuses to start with a bad setting and names it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', main, 'start'], {
      env: { ...process.env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT="eighty"');
  });

  it('names DATA_DIR in one line when it cannot make its data directory there', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'healthtal-unwritable-'));
    try {
      // Not writable to this user (EACCES, as the image's /app is to `node`); root may write anywhere,
      // so for root the directory would have to be made below a file (ENOTDIR): the same refusal.
      let dataDir = path.join(parent, 'data');
      if (process.getuid?.() === 0) {
        await writeFile(path.join(parent, 'file'), '');
        dataDir = path.join(parent, 'file', 'data');
      } else await chmod(parent, 0o555);
      const child = spawn(process.execPath, ['--import', 'tsx', main, 'start'], {
        env: { ...process.env, DATABASE_URL: '', PORT: '0', DATA_DIR: dataDir, SEED_SIZE: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      for (const stream of [child.stdout, child.stderr])
        stream.on('data', (chunk) => {
          output += String(chunk);
        });
      expect(await new Promise((resolve) => child.once('exit', resolve)), output).toBe(1);
      expect(output.trim().split('\n'), output).toEqual([
        expect.stringMatching(
          new RegExp(
            `^Cannot keep the embedded database in DATA_DIR ${dataDir}: .* \\((EACCES|ENOTDIR)\\)\\. Point DATA_DIR at a writable directory of your own, or set DATABASE_URL\\.$`,
          ),
        ),
      ]);
    } finally {
      await chmod(parent, 0o755);
      await rm(parent, { recursive: true, force: true });
    }
  });
});

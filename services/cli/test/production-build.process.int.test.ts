import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeOpenAi, startFakeOpenAi } from '@healthtal/testkit/fake-openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/start';

// The production output as the image runs it: `node services/cli/dist/main.js start`, no tsx.
const bundle = path.join(REPO_ROOT, 'services/cli/dist/main.js');
const API_KEY = 'sk-test-graceful-stop';
const PASSWORD = 'graceful-stop-password';

/** OpenAI's API thinking until the test lets it answer: the fake answers, this holds every answer back. */
async function startSlowModel(fake: FakeOpenAi) {
  let received: () => void = () => undefined;
  const firstRequest = new Promise<void>((resolve) => {
    received = resolve;
  });
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received();
    await released;
    const answer = await fetch(`${fake.url}${req.url!.replace(/^\/v1/, '')}`, {
      method: req.method!,
      headers: { authorization: String(req.headers.authorization), 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    firstRequest,
    release,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function startBundle(env: Record<string, string>): {
  child: ChildProcess;
  url: Promise<string>;
  output: () => string;
} {
  const child = spawn(process.execPath, [bundle, 'start'], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
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

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

const refuses = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('the production build', () => {
  let dir = '';
  let fake: FakeOpenAi;
  beforeAll(async () => {
    // esbuild bundles the server in a second or two; the test runs what `npm run build` makes.
    const built = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs')], {
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    dir = await mkdtemp(path.join(tmpdir(), 'healthtal-build-'));
    await chmod(dir, 0o755);
    fake = await startFakeOpenAi(API_KEY);
  });
  afterAll(async () => {
    await fake?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('drains on SIGTERM: /readyz turns 503, the request in flight answers 200, PostgreSQL stops, exit 0', async () => {
    const model = await startSlowModel(fake);
    const dataDir = path.join(dir, 'data');
    const app = startBundle({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // A small directory, seeded by the bundle's own process (dist/seed-worker.js).
      SEED_SIZE: '300',
      LOG_LEVEL: 'warn',
      DEV_ACCOUNTS_PASSWORD: PASSWORD,
      SHUTDOWN_DELAY_MS: '1000',
      SEARCH_WORKERS: '2',
      OPENAI_API_KEY: API_KEY,
      OPENAI_BASE_URL: model.url,
    });
    try {
      const url = await app.url;
      const postmasterPid = path.join(dataDir, 'postgres', 'postmaster.pid');
      const postgresPort = Number(readFileSync(postmasterPid, 'utf8').split('\n')[3]);
      const login = await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'premium@healthtal.test', password: PASSWORD }),
      });
      expect(login.status, app.output()).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };
      // Search answers from the bundle's worker threads (dist/search-worker.js) once they are loaded.
      for (const deadline = Date.now() + 30_000; (await fetch(`${url}/readyz`)).status !== 200; ) {
        expect(Date.now(), app.output()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const search = async (body: object) => {
        const searched = await fetch(`${url}/api/v1/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: JSON.stringify(body),
        });
        expect(searched.status, app.output()).toBe(200);
        return ((await searched.json()) as { count: number }).count;
      };
      for (const deadline = Date.now() + 30_000; (await search({})) !== 300; ) {
        expect(Date.now(), app.output()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await search({ query: 'nurse' })).toBeGreaterThan(0);

      const slow = fetch(`${url}/api/v1/email/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({
          jobTitle: 'ICU Travel Nurse',
          jobDescription: 'Mercy General seeks an ICU nurse for 13-week assignments. Night shifts, 3x12.',
          tone: 'friendly',
          length: 'short',
          positionType: 'contract',
          signature: 'Jordan Lee, Lakeside Staffing',
          mode: 'recruiter',
        }),
      });
      await model.firstRequest;
      const stopped = exitOf(app.child);
      app.child.kill('SIGTERM');

      // Still listening, no longer ready: a load balancer takes the instance out before it closes.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { checks: { shutdown?: string } }).checks.shutdown).toBe('in progress');
      // It stops accepting once SHUTDOWN_DELAY_MS is over, and only then does the model answer: the
      // request in flight still gets its answer.
      await expect
        .poll(() => refuses(Number(new URL(url).port)), { timeout: 10_000, interval: 50 })
        .toBe(true);
      model.release();

      const answer = await slow;
      expect(answer.status, app.output()).toBe(200);
      expect(((await answer.json()) as { generator: string }).generator).toBe('openai');

      expect(await stopped, app.output()).toBe(0);
      expect(existsSync(postmasterPid)).toBe(false);
      expect(await refuses(postgresPort)).toBe(true);
      expect(await refuses(Number(new URL(url).port))).toBe(true);
    } finally {
      if (app.child.exitCode === null) app.child.kill('SIGKILL');
      await model.close();
    }
  }, 90_000);

  it('reports a port already in use in one line, before starting PostgreSQL', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const dataDir = path.join(dir, 'busy');
    try {
      const app = startBundle({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_SIZE: '0' });
      app.url.catch(() => undefined);
      expect(await exitOf(app.child)).toBe(1);
      const lines = app.output().trim().split('\n');
      expect(lines, app.output()).toEqual([
        `HealthTal cannot start: port ${port} on 127.0.0.1 is already in use; stop what runs there or set PORT.`,
      ]);
      expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);
});

// What a first visit downloads, compressed as the server sends it: `/` signed out, `/search` signed
// in as a premium recruiter, and the console at `/admin` signed in as an admin. Each visit is a fresh
// browser cache (the sign-in happens in another context whose cookies are carried over), through
// Debian's Chromium, against the production bundle (`node services/cli/dist/main.js start`).
//
//   npm run bench:transfer            # targets: /search ≤ 300 KB of JS, /admin ≤ 600 KB
//   npm run bench:transfer -- --list  # and the scripts each visit loads
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '@healthtal/cli';
import { type Browser, chromium, type Page } from 'playwright-core';

const PASSWORD = 'transfer-bench-password';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGETS_KB: Record<string, number> = { '/search': 300, '/admin/': 600 };

type Transfer = {
  landed: string;
  jsBytes: number;
  jsUncompressed: number;
  jsFiles: number;
  allBytes: number;
  encodings: Set<string>;
};

function run(script: string, args: string[] = []) {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, script), ...args], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${script} failed`);
}

async function startServer(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'services/cli/dist/main.js'), 'start'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_SIZE: '0',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_MS: '0',
      DEV_ACCOUNTS_PASSWORD: PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A crash or Ctrl-C of the bench must not leave the server (and its PostgreSQL) running.
  process.once('exit', () => child.kill('SIGTERM'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Cookies and storage of a signed-in session, made in a context of its own. */
async function signedIn(browser: Browser, url: string, app: 'recruiter' | 'admin', email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (app === 'admin') {
    await page.goto(`${url}/admin/`);
    await login(page, email, 'Sign in');
    await page.waitForURL('**/admin/#/');
  } else {
    await page.goto(`${url}/login?return_to=%2Fsearch`);
    await login(page, email, 'Log in');
    await page.waitForURL((landed) => landed.pathname === '/search');
  }
  const state = await context.storageState();
  await context.close();
  return state;
}

async function login(page: Page, email: string, button: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: button }).click();
}

/** One first visit: a fresh context (empty cache), every response's encoded body size summed. */
async function firstVisit(
  browser: Browser,
  url: string,
  state?: Awaited<ReturnType<typeof signedIn>>,
): Promise<Transfer> {
  const context = await browser.newContext(state ? { storageState: state } : {});
  const page = await context.newPage();
  const sizes: Promise<{ js: boolean; body: number; decoded: number; encoding: string }>[] = [];
  page.on('response', (response) =>
    sizes.push(
      within(5_000, response.url(), async () => {
        const js = response.request().resourceType() === 'script';
        if (js && process.argv.includes('--list')) console.log(`    ${new URL(response.url()).pathname}`);
        const { responseBodySize } = await response.request().sizes();
        const decoded = js ? (await response.body().catch(() => Buffer.alloc(0))).length : 0;
        return {
          js,
          body: responseBodySize,
          decoded,
          encoding: response.headers()['content-encoding'] ?? 'none',
        };
      }).catch(() => ({ js: false, body: 0, decoded: 0, encoding: 'none' })),
    ),
  );
  await page.goto(url, { waitUntil: 'networkidle' });
  // The route's own chunk loads once the session is known (a refresh round trip): wait for it too.
  await page.waitForTimeout(2_000);
  await page.waitForLoadState('networkidle');
  const landed = new URL(page.url()).pathname;
  const all = await Promise.all(sizes);
  await context.close();
  const scripts = all.filter((size) => size.js);
  return {
    jsBytes: scripts.reduce((sum, size) => sum + size.body, 0),
    jsUncompressed: scripts.reduce((sum, size) => sum + size.decoded, 0),
    jsFiles: scripts.length,
    allBytes: all.reduce((sum, size) => sum + size.body, 0),
    encodings: new Set(scripts.map((size) => size.encoding)),
    landed,
  };
}

/** A response still streaming after `ms` (a long poll) counts as nothing, and says so. */
function within<T>(ms: number, url: string, work: () => Promise<T>): Promise<T> {
  return Promise.race([
    work(),
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`still streaming after ${ms} ms: ${url}`)), ms).unref(),
    ),
  ]).catch((error: Error) => {
    console.log(`    (not counted: ${error.message})`);
    throw error;
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  run('scripts/build-web-if-missing.mjs');
  run('scripts/build-server.mjs');
  const dir = await mkdtemp(path.join(tmpdir(), 'healthtal-transfer-'));
  const { chmod } = await import('node:fs/promises');
  await chmod(dir, 0o755);
  const server = await startServer(path.join(dir, 'data'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  let missed = 0;
  try {
    const visits: [string, Awaited<ReturnType<typeof signedIn>> | undefined][] = [
      ['/', undefined],
      ['/search', await signedIn(browser, server.url, 'recruiter', 'premium@healthtal.test')],
      ['/admin/', await signedIn(browser, server.url, 'admin', 'admin@healthtal.test')],
    ];
    console.log('\n  first visit         JS transferred   (uncompressed, files, encoding)   everything');
    for (const [route, state] of visits) {
      const transfer = await firstVisit(browser, `${server.url}${route}`, state);
      const target = TARGETS_KB[route];
      const verdict =
        target === undefined
          ? ''
          : transfer.jsBytes <= target * 1024
            ? `  ≤ ${target} KB ✓`
            : `  > ${target} KB ✗`;
      if (target !== undefined && transfer.jsBytes > target * 1024) missed++;
      console.log(
        `  ${`${route}${state ? ' (signed in)' : ''}`.padEnd(20)}${kb(transfer.jsBytes).padStart(10)}   (${kb(
          transfer.jsUncompressed,
        )}, ${transfer.jsFiles} files, ${[...transfer.encodings].join('/')})   ${kb(transfer.allBytes)}${verdict}${
          transfer.landed === route ? '' : `  (landed on ${transfer.landed})`
        }`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
  process.exitCode = missed > 0 ? 1 : 0;
}

await main();

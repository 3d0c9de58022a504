import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PASSWORD, type Role, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import type { TestClock } from '@healthtal/testkit/test-clock';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { AxeRecord } from './axe';

export { type AxeViolation, seriousAxeViolations } from './axe';

/**
 * Browser tests drive Debian's Chromium (installed by .ci/run) through playwright-core, against the
 * product started the way `npm start` starts it: the API serving the built web apps. `npm test`
 * builds the web apps first (`npm run build:web`); a stale or missing build fails loudly here rather
 * than testing yesterday's bundle.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export type WebApp = 'web-recruiter' | 'web-admin';

/** Throws unless `<app>/dist` exists and is newer than every file under `<app>/src` and `web-shared/src`. */
export function assertFreshBuild(app: WebApp): void {
  const index = path.join(REPO_ROOT, app, 'dist', 'index.html');
  if (!existsSync(index)) throw new Error(`${app} is not built: run \`npm run build:web\` first`);
  const built = statSync(index).mtimeMs;
  const newer = [app, 'web-shared'].flatMap((dir) => newerFiles(path.join(REPO_ROOT, dir, 'src'), built));
  if (newer.length > 0)
    throw new Error(`${app}/dist is older than ${newer[0]}: run \`npm run build:web\` first`);
}

function newerFiles(dir: string, than: number): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => statSync(file).mtimeMs > than);
}

export type BrowserSession = {
  browser: Browser;
  /** A fresh context (no cookies, no storage) with a page, at the given viewport. */
  newPage(options?: { width?: number; height?: number }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
};

/** Headless Chromium; playwright gives each launch a fresh, throw-away profile directory. */
export async function launchBrowser(): Promise<BrowserSession> {
  const plain = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  const contexts: BrowserContext[] = [];
  return {
    browser: plain,
    async newPage({ width = 1280, height = 900 } = {}) {
      const ctx = await plain.newContext({ viewport: { width, height } });
      contexts.push(ctx);
      const page = await ctx.newPage();
      page.setDefaultTimeout(15_000);
      return { context: ctx, page };
    },
    async close() {
      for (const ctx of contexts) await ctx.close().catch(() => {});
      await plain.close();
    },
  };
}

type Viewport = { width?: number; height?: number };

/** One test file's product and browser, started once for the file and stopped after it. */
export type BrowserSuite = {
  /** The web app the file drives; it decides which login page `signIn` uses. */
  readonly webApp: WebApp;
  readonly app: TestApp;
  readonly browser: BrowserSession;
  /**
   * A page in a fresh context that is closed when the test ends (fewer renderers on a busy machine).
   * `clipboard` lets the page read and write the clipboard, for the copy buttons.
   */
  page(options?: Viewport & { clipboard?: boolean }): Promise<Page>;
};

/**
 * Registers the file's beforeAll/afterAll: checks the web app's build, starts the product (with
 * `env` over the test defaults) and Chromium, and closes them in reverse. `app` and `browser` are
 * read inside tests and later hooks; `viewport` is the default size of `page()`. `env` may be a
 * function, read when the product starts (after the file's earlier beforeAll hooks: a fake SMTP
 * server's address); `clock` is the product's time (@healthtal/testkit/test-clock).
 */
export function useBrowserApp({
  app: webApp,
  env,
  viewport,
  clock,
}: {
  app: WebApp;
  env?: Record<string, string> | (() => Record<string, string>);
  viewport?: Viewport;
  clock?: TestClock;
}): BrowserSuite {
  let app: TestApp | undefined;
  let browser: BrowserSession | undefined;
  // Every page a test of this file ends on is checked with axe, once per distinct path (./axe.ts).
  const axe = new AxeRecord();
  beforeAll(async () => {
    assertFreshBuild(webApp);
    app = await startTestApp(typeof env === 'function' ? env() : env, clock ? { clock } : {});
    browser = await launchBrowser();
  });
  afterAll(async () => {
    axe.report();
    await browser?.close();
    await app?.close();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`${what} starts in useBrowserApp's beforeAll; read it in a test`);
    return value;
  };
  const suite: BrowserSuite = {
    webApp,
    get app() {
      return started(app, 'the test app');
    },
    get browser() {
      return started(browser, 'the browser');
    },
    async page({ clipboard = false, ...size } = {}) {
      const { context, page } = await suite.browser.newPage({ ...viewport, ...size });
      axe.watch(page);
      onTestFinished(async ({ task }) => {
        try {
          // A failed test has told its own story; a passing one must also leave its pages accessible.
          if (task.result?.state === 'pass') await axe.checkPages(context.pages());
        } finally {
          await context.close().catch(() => {});
        }
      });
      if (clipboard)
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.app.url });
      return page;
    },
  };
  return suite;
}

/**
 * Signs `role` in through the suite's own login page and lands on `path`: the recruiter app's
 * /login?return_to=, or the admin console's login at /admin/, which has no return_to, so `path`
 * (a console route such as /users) is opened after it.
 */
export async function signIn(suite: BrowserSuite, page: Page, role: Role, path: string): Promise<void> {
  const { app } = suite;
  const { email } = await app.as(role);
  if (suite.webApp === 'web-admin') {
    await page.goto(`${app.url}/admin/`);
    await fillLogin(page, email, 'Sign in');
    await page.waitForURL('**/admin/#/');
    if (path !== '/admin/') await page.goto(`${app.url}${path}`);
    return;
  }
  await page.goto(`${app.url}/login?return_to=${encodeURIComponent(path)}`);
  await fillLogin(page, email, 'Log in');
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  await expectVisible(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: email }));
}

async function fillLogin(page: Page, email: string, button: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: button }).click();
}

/** Saves a screenshot under docs/screenshots when SCREENSHOTS=1 (`npm run screenshots`). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.screenshot({
    path: path.join(REPO_ROOT, 'docs', 'screenshots', `${name}.png`),
    fullPage: false,
  });
}

/**
 * playwright-core has no `expect`; these wait the way Playwright's web-first assertions do and
 * fail with the locator in the message.
 */
export async function expectVisible(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}
export async function expectHidden(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}
/** Waits until the locator's text contains `text`. */
export async function expectText(locator: Locator, text: string, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    last =
      (await locator
        .first()
        .textContent()
        .catch(() => null)) ?? '';
    if (last.includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`expected ${locator} to contain "${text}", last text: "${last}"`);
}

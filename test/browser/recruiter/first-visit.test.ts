import { beforeAll, describe, expect, test } from 'vitest';
import { expectVisible, signIn, useBrowserApp } from '../support/browser';
import { seedDirectory } from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

/** The API calls a page makes, by path. */
const apiCallsOf = (page: import('playwright-core').Page) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  return calls;
};

describe('a first visit, signed out', () => {
  test('makes no session refresh on / or /search (no 401 in the console)', async () => {
    const page = await suite.page();
    const calls = apiCallsOf(page);
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) failed.push(response.url());
    });
    await page.goto(`${suite.app.url}/`);
    await expectVisible(page.getByRole('heading', { level: 1 }));
    await page.waitForLoadState('networkidle');
    await page.goto(`${suite.app.url}/search`);
    await page.waitForLoadState('networkidle');
    expect(calls.filter((path) => path === '/api/v1/auth/refresh')).toEqual([]);
    expect(failed).toEqual([]);
  });

  test('titles each page after itself', async () => {
    const page = await suite.page();
    // The served document carries the site's title until the app has rendered the page's own
    // (the home page keeps it).
    const titleOf = async (path: string) => {
      await page.goto(`${suite.app.url}${path}`);
      // Rendered: the header is there (on /search behind the paywall's dialog, hidden from the
      // accessibility tree while the dialog is open).
      await expectVisible(page.getByRole('navigation', { name: 'Main', includeHidden: true }));
      if (path !== '/') await page.waitForFunction(() => document.title.includes('·'));
      return page.title();
    };
    expect({
      search: await titleOf('/search'),
      pricing: await titleOf('/pricing'),
      about: await titleOf('/about'),
      missing: await titleOf('/no-such-page'),
    }).toEqual({
      search: 'Search · HealthTal',
      pricing: 'Pricing · HealthTal',
      about: 'About · HealthTal',
      missing: 'Page not found · HealthTal',
    });
    expect(await titleOf('/')).toMatch(/^HealthTal \|/);
  });

  test('an unknown address answers 404 and still shows the Not Found page', async () => {
    const page = await suite.page();
    const response = await page.goto(`${suite.app.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expectVisible(page.getByRole('heading', { name: 'Page Not Found' }));
  });
});

describe('a returning subscriber', () => {
  test('is signed back in on a reload, refresh and /me first, the search beside /me', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?specialty=Cardiology');
    // The signed-in page's own calls (its search, the filters' lists) are over before counting.
    await page.waitForLoadState('networkidle');
    const calls = apiCallsOf(page);
    let searchAsked = Number.POSITIVE_INFINITY;
    let meAnswered = Number.NEGATIVE_INFINITY;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/search')) searchAsked = Math.min(searchAsked, Date.now());
    });
    page.on('response', (response) => {
      if (response.url().endsWith('/api/v1/me')) meAnswered = Math.max(meAnswered, Date.now());
    });
    await page.reload();
    await expectVisible(page.getByRole('region', { name: 'Search results' }).getByRole('article').first());
    expect(calls.indexOf('/api/v1/auth/refresh')).toBe(0);
    // One refresh, one /me, one search: the boot script's, sent while the app loaded, which the app
    // takes up (a second refresh would reuse a rotated token; a second /me or search, a wasted trip).
    const count = (path: string) => calls.filter((call) => call === path).length;
    expect([count('/api/v1/auth/refresh'), count('/api/v1/me'), count('/api/v1/search')]).toEqual([1, 1, 1]);
    // The search goes out once the token is in hand, without waiting for /me's answer.
    expect(searchAsked).toBeLessThanOrEqual(meAnswered);
  });

  test('when the early /me fails on the way, the app sends it again and signs the subscriber in', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?specialty=Cardiology');
    // The signed-in page's own calls (its search, the filters' lists) are over before counting.
    await page.waitForLoadState('networkidle');
    const calls = apiCallsOf(page);
    let failed = 0;
    await page.route('**/api/v1/me', async (route) => {
      if (failed++ === 0) await route.abort('connectionreset');
      else await route.continue();
    });
    await page.reload();
    await expectVisible(page.getByRole('region', { name: 'Search results' }).getByRole('article').first());
    const { email } = await suite.app.as('basic');
    await expectVisible(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: email }));
    expect(calls.filter((call) => call === '/api/v1/me')).toHaveLength(2);
  });
});

import { DEMO_BANNER } from '@healthtal/contracts';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  expectHidden,
  expectText,
  expectVisible,
  seriousAxeViolations,
  signIn,
  useBrowserApp,
} from '../support/browser';
import { field } from './public-support';
import { seedDirectory } from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

// Real browser, real server, on a shared machine: more time than the 30 s default.
describe('an admin on Account Settings', { timeout: 90_000 }, () => {
  test('runs the search robustness tester with 20 tests and sees each run and the summary', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'admin', '/account');
    await expectVisible(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }));
    await expectVisible(page.getByRole('tab', { name: 'Profile' }));
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Profile',
      'Activity',
      'Exports',
      'Notifications',
      'Testing',
    ]);

    await page.getByRole('tab', { name: 'Testing' }).click();
    const count = page.getByLabel('Number of tests');
    await count.fill('5000');
    await count.blur();
    expect(await count.inputValue()).toBe('1000');
    await page.getByRole('group', { name: 'Presets' }).getByRole('button', { name: '20' }).click();
    expect(await count.inputValue()).toBe('20');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Run tests' }).click();
    await expectVisible(page.getByText(/Running… \d+%/));
    // 20 searches 500 ms apart: about 10 s.
    const summary = page.getByRole('status', { name: 'Summary' });
    await expectVisible(summary, 40_000);
    await expectText(summary, '20 runs');
    await expectText(summary, '0 failures');
    expect(await summary.textContent()).toMatch(/p50 \d+ ms · p95 \d+ ms/);
    const rows = page.getByRole('table', { name: 'Test runs' }).getByRole('row');
    expect(await rows.count()).toBe(21); // a header and one row per run
    const complexities = await page
      .getByRole('table', { name: 'Test runs' })
      .locator('tbody tr td:nth-child(2)')
      .allTextContents();
    // The 25/35/25/15 mix of 20 runs.
    const tally = Object.fromEntries(
      ['simple', 'medium', 'complex', 'ultra'].map((c) => [c, complexities.filter((x) => x === c).length]),
    );
    expect(tally).toEqual({ simple: 5, medium: 7, complex: 5, ultra: 3 });

    await page.getByRole('button', { name: 'Clear' }).click();
    await expectHidden(summary);
  });

  test('a demo account sees the banner, a read-only profile and no notifications', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'demo', '/account');
    await expectVisible(page.getByText(DEMO_BANNER));
    expect(await field(page, 'Name').isDisabled()).toBe(true);
    expect(await field(page, 'Bio').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    expect(await page.getByRole('tab', { name: 'Notifications' }).isDisabled()).toBe(true);
    expect(await page.getByRole('tab', { name: 'Testing' }).count()).toBe(0);
  });

  test('admin demo mode hides the admin navigation until switched off', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'admin', '/account');
    const adminBar = page.getByRole('navigation', { name: 'Admin' });
    await expectVisible(adminBar);
    // The toggle reloads the page after 0.5 s.
    await Promise.all([page.waitForEvent('load'), page.getByRole('switch', { name: 'Demo mode' }).check()]);
    await expectVisible(page.getByRole('heading', { name: 'Account Settings' }));
    await expectHidden(adminBar);
    expect(await page.evaluate(() => localStorage.getItem('adminDemoMode'))).toBe('true');
    await Promise.all([page.waitForEvent('load'), page.getByRole('switch', { name: 'Demo mode' }).uncheck()]);
    await expectVisible(adminBar);
  });
});

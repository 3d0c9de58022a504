import { ListMembersPage, ListSummaries } from '@healthtal/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectText, expectVisible, signIn, useBrowserApp } from '../support/browser';
import {
  CARDIOLOGISTS,
  expectCount,
  resultCount,
  rowsFullyVisible,
  screenshotAtRest,
  seedDirectory,
} from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

const ALL = 65;
const tableRows = (page: Page) =>
  page.getByRole('region', { name: 'Search results' }).getByRole('table').locator('tbody tr');

/**
 * Presses Tab (or Shift+Tab) until the focused element is the one named, as a keyboard user would.
 * Focus need not start at the top (under load it was once found past the Keywords box already),
 * so the walk may go round the whole page: 25 cards alone hold ~125 tab stops.
 */
async function tabTo(page: Page, name: string, backwards = false): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < 250; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return el?.getAttribute('aria-label') ?? (el?.labels?.[0]?.textContent || el?.textContent) ?? '';
    });
    if (focused.trim() === name) return;
    seen.push(focused.trim());
  }
  throw new Error(`Tab never reached "${name}" (went through ${seen.join(' | ')})`);
}

describe('the results table', () => {
  test('at 1280×900 the table shows at least 15 whole rows without scrolling the page', async () => {
    const page = await suite.page({ width: 1280, height: 900 });
    await signIn(suite, page, 'basic', '/search');
    await expectText(resultCount(page), `${ALL} results`);
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await expectCount(tableRows(page), 25);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await rowsFullyVisible(page)).toBeGreaterThanOrEqual(15);
    // The filters stay beside the rows: sticky, with their own scroll.
    const aside = await page.locator('aside').evaluate((el) => getComputedStyle(el).position);
    expect(aside).toBe('sticky');
    await screenshotAtRest(page, 'search-table');

    // A phone: the table scrolls sideways inside its box, the page does not; pagination on one line.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectVisible(page.getByRole('button', { name: 'Search Filters' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const pager = await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button')
      .evaluateAll((buttons) => new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top))).size);
    expect(pager).toBe(1);
    await screenshotAtRest(page, 'search-table-mobile');
  });

  test('keyboard only: search, switch to the table, pick three rows with j/k and x, add them to a new list', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search');
    await expectText(resultCount(page), `${ALL} results`);
    await tabTo(page, 'Keywords');
    await page.keyboard.type('Cardiologist');
    await page.keyboard.press('Enter');
    await expectText(resultCount(page), `${CARDIOLOGISTS} results`);
    // The view toggle is one tab stop; the arrows move between its buttons.
    await tabTo(page, 'Cards');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const rows = tableRows(page);
    await expectCount(rows, 25);

    for (const key of ['j', 'x', 'j', 'j', 'x', 'k', 'x', 'ArrowDown', 'ArrowDown', 'ArrowUp'])
      await page.keyboard.press(key);
    await expectText(page.getByRole('toolbar', { name: 'Results' }), '3 selected');
    const picked = await rows.evaluateAll((trs) =>
      trs
        .filter((tr) => tr.getAttribute('aria-selected') === 'true')
        .map((tr) => tr.getAttribute('aria-label')!),
    );
    expect(picked).toHaveLength(3);
    expect(await rows.nth(2).evaluate((tr) => tr === document.activeElement)).toBe(true);

    await tabTo(page, 'Add to List', true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add to List' });
    await expectVisible(dialog.getByRole('button', { name: 'Add 3 to List' }));
    await page.keyboard.type('Keyboard shortlist');
    await page.keyboard.press('Enter');
    await expectText(
      page.getByRole('status').filter({ hasText: 'Success!' }),
      'Added 3 candidates to Keyboard shortlist',
    );

    // The list holds exactly the three rows picked.
    await suite.app.caughtUp();
    const lists = ListSummaries.parse(
      await (await suite.app.request('/api/v1/lists', { as: 'basic' })).json(),
    );
    const list = lists.find((l) => l.name === 'Keyboard shortlist')!;
    expect(list.memberCount).toBe(3);
    const members = ListMembersPage.parse(
      await (await suite.app.request(`/api/v1/lists/${list.id}/members`, { as: 'basic' })).json(),
    );
    expect(members.data.map((c) => `${c.firstName} ${c.lastName}`).sort()).toEqual([...picked].sort());
  });

  test('Enter on a focused row opens the profile', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?specialty=Pediatrics');
    await expectText(resultCount(page), '10 results');
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await expectCount(tableRows(page), 10);
    await page.keyboard.press('j');
    const name = (await tableRows(page).first().getAttribute('aria-label'))!;
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/physician\//);
    await expectVisible(page.getByRole('heading', { name }));
  });

  test('chips show the applied filters and remove them; the view, columns and rows per page are remembered', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search');
    await expectText(resultCount(page), `${ALL} results`);

    await page.getByRole('combobox', { name: 'Specialty' }).click();
    await page.getByRole('option', { name: /Cardiology/ }).click();
    await page.keyboard.press('Escape');
    await expectText(resultCount(page), `${CARDIOLOGISTS} results`);
    const chips = page.getByRole('group', { name: 'Applied filters' });
    await chips.getByRole('button', { name: 'Remove Specialty: Cardiology' }).click();
    await page.waitForURL((url) => !url.search.includes('specialty'));
    await expectText(resultCount(page), `${ALL} results`);
    expect(await chips.count()).toBe(0);

    // Table, 50 rows, no Title column, Location moved before Organization: all kept over a reload.
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await page.getByRole('combobox', { name: 'Rows' }).click();
    await page.getByRole('option', { name: '50' }).click();
    await expectCount(tableRows(page), 50);
    await page.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByRole('dialog', { name: 'Columns' });
    await columns.getByRole('checkbox', { name: 'Title' }).uncheck();
    await columns.getByRole('button', { name: 'Move Location up' }).click();
    await page.keyboard.press('Escape');
    const headers = () => page.getByRole('table').locator('thead th').allTextContents();
    expect(await headers()).toEqual([
      '',
      'Name',
      'Specialty',
      'Location',
      'Organization',
      'Source · verified',
      'Contact',
    ]);

    await page.reload();
    await expectCount(tableRows(page), 50);
    expect(await page.getByRole('button', { name: 'Table', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await headers()).toEqual([
      '',
      'Name',
      'Specialty',
      'Location',
      'Organization',
      'Source · verified',
      'Contact',
    ]);
  });
});

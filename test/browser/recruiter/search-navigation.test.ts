import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectText, expectVisible, seriousAxeViolations, signIn, useBrowserApp } from '../support/browser';
import { expectCount, resultCount, seedDirectory } from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });

/** Family physicians in Ohio (the only ones there): 50 pages of 25, beside the small directory of recruiter-support. */
const FAMILY = 1250;
beforeAll(async () => {
  await seedDirectory(suite.app);
  await importCandidates(
    suite.app,
    Array.from({ length: FAMILY }, (_, i) =>
      candidate(`family-${i}`, {
        firstName: 'Fran',
        lastName: `Family${String(i).padStart(4, '0')}`,
        specialty: 'Family Medicine',
        title: 'Family Physician',
        city: 'Columbus',
        state: 'OH',
      }),
    ),
  );
});

const cards = (page: Page) => page.getByRole('region', { name: 'Search results' }).getByRole('article');
const pageButton = (page: Page, n: number) =>
  page
    .getByRole('navigation', { name: 'Pagination' })
    .getByRole('button', { name: `Page ${n}`, exact: true });
const pageInUrl = (page: Page) => new URL(page.url()).searchParams.get('page');

async function goToPage(page: Page, typed: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Go to page' });
  await form.getByRole('textbox', { name: 'Go to page' }).fill(typed);
  await form.getByRole('button', { name: 'Go' }).click();
}

describe('go to page (issue 37, finding 2)', () => {
  test('page 50 in one step, in the URL; a number past the end leads to the last page and says so', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?state=OH');
    await expectText(resultCount(page), `${FAMILY.toLocaleString('en-US')} results`);
    await expectCount(cards(page), 25);

    await goToPage(page, '50');
    await page.waitForURL((url) => url.searchParams.get('page') === '50');
    await expectVisible(pageButton(page, 50).and(page.locator('[aria-current="page"]')));
    await expectCount(cards(page), 25);
    await expectText(cards(page).first(), 'Family');

    await goToPage(page, '3');
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await goToPage(page, '999');
    await page.waitForURL((url) => url.searchParams.get('page') === '50');
    const said = page.getByRole('form', { name: 'Go to page' }).getByRole('status');
    await expectText(said, 'There are 50 pages: page 999 is past the end, so this is the last page.');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Not a page number: nothing moves, and the field says what it takes.
    await goToPage(page, 'ten');
    await expectText(said, 'Enter a page number from 1 to 50.');
    expect(pageInUrl(page)).toBe('50');

    // The table has it too; a reload keeps the page (the URL holds it).
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await goToPage(page, '7');
    await page.waitForURL((url) => url.searchParams.get('page') === '7');
    await expectCount(page.getByRole('table').locator('tbody tr'), 25);
    await page.reload();
    await expectVisible(pageButton(page, 7).and(page.locator('[aria-current="page"]')));
    expect(pageInUrl(page)).toBe('7');
  });
});

describe('the selection lasts for the session (issue 37, finding 3)', () => {
  test('three picked, a profile opened, Back: still three; a reload keeps them; Clear empties them', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?specialty=Pediatrics');
    await expectText(resultCount(page), '10 results');
    const toolbar = page.getByRole('toolbar', { name: 'Results' });
    for (const n of [0, 2, 5]) await cards(page).nth(n).getByRole('checkbox').check();
    await expectText(toolbar, '3 selected');
    const picked = await Promise.all(
      [0, 2, 5].map(async (n) => (await cards(page).nth(n).getByRole('heading').textContent())!),
    );

    await cards(page).nth(2).getByRole('link', { name: picked[1] }).click();
    await page.waitForURL(/\/physician\//);
    await expectVisible(page.getByRole('heading', { name: picked[1] }));
    await page.goBack();
    await expectText(resultCount(page), '10 results');
    await expectText(toolbar, '3 selected');
    for (const n of [0, 2, 5]) expect(await cards(page).nth(n).getByRole('checkbox').isChecked()).toBe(true);

    // A reload keeps them, and "3 selected" opens them, cards and all.
    await page.reload();
    await expectText(toolbar, '3 selected');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await toolbar.getByRole('button', { name: '3 selected: show them' }).click();
    const selected = page.getByRole('region', { name: 'Selected candidates' }).getByRole('article');
    await expectCount(selected, 3);
    expect((await selected.getByRole('heading').allTextContents()).sort()).toEqual([...picked].sort());

    // Add to List and Send Email act on them as before.
    await page.getByRole('button', { name: 'Add to List' }).click();
    await expectVisible(
      page.getByRole('dialog', { name: 'Add to List' }).getByRole('button', { name: 'Add 3 to List' }),
    );
    await page.keyboard.press('Escape');

    await toolbar.getByRole('button', { name: 'Clear selection' }).click();
    await expectText(toolbar, '0 selected');
    await page.reload();
    await expectText(resultCount(page), '10 results');
    await expectText(toolbar, '0 selected');
  });
});

describe('a saved search\'s "N new since" opens the new ones (issue 37, finding 4)', () => {
  test('the badge opens its filters plus "added since": exactly the new candidates, as many as it said', async () => {
    const seattle = (key: string, lastName: string, state = 'WA') =>
      candidate(key, { firstName: 'Sam', lastName, city: 'Seattle', state, specialty: 'Pediatrics' });
    await importCandidates(
      suite.app,
      [1, 2, 3].map((i) => seattle(`wa-old-${i}`, `Before${i}`)),
    );
    const saved = await suite.app.request('/api/v1/saved-searches', {
      method: 'POST',
      as: 'premium',
      json: { name: 'Washington watch', searchParams: { state: ['WA'] } },
    });
    expect(saved.status).toBe(201);
    await suite.app.caughtUp();
    // Two join in Washington after it was saved, one in Oregon (not this search).
    await importCandidates(suite.app, [
      seattle('wa-new-1', 'Arrived1'),
      seattle('wa-new-2', 'Arrived2'),
      seattle('or-new-1', 'Elsewhere1', 'OR'),
    ]);

    const page = await suite.page();
    await signIn(suite, page, 'premium', '/search');
    await page.getByRole('button', { name: 'Saved Searches' }).click();
    const search = page.getByRole('article', { name: 'Washington watch' });
    await expectText(search, '2 new since');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await search.getByRole('button', { name: /^Show the 2 new since/ }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('state') === 'WA' && url.searchParams.has('addedSince'),
    );
    await expectText(resultCount(page), '2 results');
    expect((await cards(page).getByRole('heading').allTextContents()).sort()).toEqual([
      'Sam Arrived1',
      'Sam Arrived2',
    ]);

    // The boundary is a filter like the others: a chip that, removed, shows the whole search.
    const since = page
      .getByRole('group', { name: 'Applied filters' })
      .getByRole('button', { name: /^Remove Added since/ });
    await since.click();
    await page.waitForURL((url) => !url.searchParams.has('addedSince'));
    await expectText(resultCount(page), '5 results');

    // The API parses it: anything but a date-time is a field error, not a 500.
    const refused = await suite.app.request('/api/v1/search', {
      method: 'POST',
      as: 'premium',
      json: { state: ['WA'], addedSince: 'last week' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('addedSince');
  });
});

import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectText, expectVisible, seriousAxeViolations, signIn, useBrowserApp } from '../support/browser';
import { expectCount, resultCount, rowsFullyVisible, seedDirectory } from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });
const LONG_ORGANIZATION = 'Baylor Scott & White Heart and Vascular Hospital of Central Texas';
beforeAll(async () => {
  await seedDirectory(suite.app);
  // Long texts, as the real directory has them: the table must cut them short, not grow wide.
  await importCandidates(suite.app, [
    candidate('density-long', {
      firstName: 'Maximiliana-Josephine',
      lastName: 'Vanderbilt-Featherstonehaugh',
      title: 'Senior Director of Interventional Cardiology and Structural Heart Programs',
      specialty: 'Cardiovascular Disease (Cardiology)',
      companyName: LONG_ORGANIZATION,
      city: 'Round Rock',
    }),
  ]);
});

const ALL = 66;
const results = (page: Page) => page.getByRole('region', { name: 'Search results' });

/** Result cards wholly inside the viewport. */
const cardsFullyVisible = (page: Page) =>
  results(page)
    .getByRole('article')
    .evaluateAll(
      (cards) =>
        cards.filter((card) => {
          const r = card.getBoundingClientRect();
          return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
        }).length,
    );

/** How far the table reaches past its own box and the viewport (0: it fits). */
const tableOverflow = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('table')!;
    const box = table.parentElement!;
    return {
      inBox: box.scrollWidth - box.clientWidth,
      pastViewport: Math.max(0, Math.round(table.getBoundingClientRect().right - window.innerWidth)),
    };
  });

async function showAs(page: Page, view: 'Table' | 'Cards'): Promise<void> {
  const button = page.getByRole('button', { name: view, exact: true });
  await button.click();
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
}

describe('density of the results (issue 37, finding 1)', () => {
  test('rows and cards above the fold at 1440×900, a table that fits 1280–1920 px, the first result on a phone', async () => {
    const page = await suite.page({ width: 1440, height: 900 });
    await signIn(suite, page, 'basic', '/search');
    await expectText(resultCount(page), `${ALL} results`);

    await showAs(page, 'Table');
    await expectCount(results(page).locator('tbody tr'), 25);
    const rows = await rowsFullyVisible(page);
    // Every column on screen, at every desktop width: no sideways scroll.
    for (const width of [1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => tableOverflow(page)).toEqual({ inBox: 0, pastViewport: 0 });
      await expectVisible(page.getByRole('columnheader', { name: 'Contact' }));
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A long organization is cut short in its cell, the whole of it on hover.
    await page.getByRole('textbox', { name: 'Keywords' }).fill('Vanderbilt');
    await page.keyboard.press('Enter');
    await expectText(resultCount(page), '1 result');
    const organization = results(page).getByRole('cell', { name: LONG_ORGANIZATION });
    expect(await organization.getAttribute('title')).toBe(LONG_ORGANIZATION);
    expect(await organization.evaluate((cell) => cell.scrollWidth > cell.clientWidth)).toBe(true);
    await page.goBack();
    await expectText(resultCount(page), `${ALL} results`);

    await showAs(page, 'Cards');
    await expectCount(results(page).getByRole('article'), 25);
    const cards = await cardsFullyVisible(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await expectVisible(page.getByRole('button', { name: 'Search Filters' }));
    const first = await results(page)
      .getByRole('article')
      .first()
      .evaluate((card) => {
        const r = card.getBoundingClientRect();
        return { top: Math.round(r.top + window.scrollY), bottom: Math.round(r.bottom + window.scrollY) };
      });

    console.log(
      `density: ${rows} table rows and ${cards} cards fully visible at 1440×900; first result at ${first.top}–${first.bottom} px at 390×844`,
    );
    expect(rows).toBeGreaterThanOrEqual(25);
    expect(cards).toBeGreaterThanOrEqual(5);
    // On a phone the whole first result is on the first screen (it started 616 px down).
    expect(first.bottom).toBeLessThanOrEqual(844);
  });
});

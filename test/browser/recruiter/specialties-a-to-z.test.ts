import { SPECIALTIES_A_TO_Z } from '@healthtal/contracts';
import { seedSyntheticDirectory } from '@healthtal/testkit/synthetic-directory';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectVisible, signIn, useBrowserApp } from '../support/browser';
import { resultCount } from './recruiter-support';

// Issue 16, one specialty taxonomy: on the directory a first start seeds (20,000 synthetic rows),
// every Specialties A–Z link opens a search with results, and the other lists offer the same names.
const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedSyntheticDirectory(suite.app), 300_000);

/** The toolbar's count once the search has answered: "1 result", "1,234 results in 45 ms", "0 results". */
async function settledCount(page: Page, timeout = 20_000): Promise<number> {
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    last = (
      (await resultCount(page)
        .textContent({ timeout })
        .catch(() => '')) ?? ''
    ).trim();
    const match = /^([\d,]+) results?/.exec(last);
    if (match) return Number(match[1]!.replace(/,/g, ''));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no result count on ${page.url()}, last text: "${last}"`);
}

describe('Specialties A–Z on the default seed', { timeout: 600_000 }, () => {
  test('every A–Z link shows results', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search');
    await page.goto(`${suite.app.url}/specialties`);
    const links = page.getByRole('main').getByRole('link');
    await expectVisible(links.first());
    const names = (await links.allTextContents()).map((name) => name.trim());
    expect([...names].sort()).toEqual([...SPECIALTIES_A_TO_Z].sort());
    for (const big of ['Nurse', 'Physician', 'Nurse Practitioner', 'Physician Assistant', 'Pharmacist']) {
      expect(names).toContain(big);
    }
    expect(names.filter((name) => /^(Emt|Crna|Ent|Obgyn)$/.test(name))).toEqual([]);

    // Each link clicked in turn, back to the page in between (in-app navigation, as a visitor would).
    const empty: string[] = [];
    for (const name of names) {
      await page.getByRole('main').getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/search');
      expect(new URL(page.url()).searchParams.get('specialty')).toBe(name);
      if ((await settledCount(page)) < 1) empty.push(name);
      await page.goBack();
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Specialties A–Z' }));
    }
    expect(empty).toEqual([]);
  });

  test('Home and the resume form offer the taxonomy, big groups included', async () => {
    const page = await suite.page();
    await page.goto(`${suite.app.url}/`);
    const home = page.getByRole('region', { name: 'Specialties in the directory' }).getByRole('link');
    await expectVisible(home.first());
    const shown = (await home.allTextContents()).map((name) => name.trim());
    expect(shown.length).toBeGreaterThan(20);
    expect(shown.filter((name) => !SPECIALTIES_A_TO_Z.includes(name as never))).toEqual([]);
    expect(shown).toContain('Nurse');

    await page.goto(`${suite.app.url}/submit-resume`);
    await page.getByRole('combobox', { name: 'Specialty' }).click();
    for (const name of [
      'Nurse',
      'Physician',
      'Nurse Practitioner',
      'Physician Assistant',
      'Pharmacist',
      'EMT',
    ]) {
      await expectVisible(page.getByRole('option', { name, exact: true }));
    }
  });
});

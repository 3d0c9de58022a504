import { beforeAll, describe, expect, test } from 'vitest';
import { SearchMessages } from '../../../web-recruiter/src/directory/search/search-screen';
import { expectText, expectVisible, signIn, useBrowserApp } from '../support/browser';
import { expectCount, resultCount, seedDirectory } from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

describe('the search screen’s states', () => {
  test('tag inputs: trimmed, no duplicates, at most five, Backspace removes; the page goes back to 1', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?page=2');
    await expectText(resultCount(page), '65 results');
    const city = page.getByRole('combobox', { name: 'City' });
    for (const typed of ['Austin', ' austin ', '   ', 'Dallas', 'Houston', 'El Paso', 'Waco', 'Tyler']) {
      await city.fill(typed);
      await city.press('Enter');
    }
    await page.waitForURL(/city=Austin%2CDallas%2CHouston%2CEl\+Paso%2CWaco$/);
    await expectText(resultCount(page), '65 results');
    // Backspace removes the last value shown: wait until the fifth is on screen, not only in the URL.
    await expectVisible(
      page.getByRole('group', { name: 'Applied filters' }).getByRole('button', { name: /Waco/ }),
    );
    await city.press('Backspace');
    await page.waitForURL(/city=Austin%2CDallas%2CHouston%2CEl\+Paso$/);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
  });

  test('no match shows the empty state; a failed search shows the error and Retry Search', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?query=zzzzzz');
    await expectVisible(page.getByText(SearchMessages.noResults));

    let fail = true;
    await page.route('**/api/v1/search', (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/problem+json',
            body: JSON.stringify({
              status: 500,
              title: 'Internal Server Error',
              detail: 'Edge function failed',
            }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Clear all filters' }).first().click();
    await expectVisible(page.getByRole('alert').filter({ hasText: SearchMessages.backup }));
    await expectText(page.getByRole('status').filter({ hasText: 'Search Error' }), SearchMessages.backup);
    // No count beside the error: not "0 results" (issue 17).
    expect((await resultCount(page).textContent())?.trim()).toBe('');
    fail = false;
    await page.getByRole('button', { name: SearchMessages.retry }).click();
    await expectText(resultCount(page), '65 results');
  });

  test('on a phone the filters open in a drawer from Search Filters; upgraded=true welcomes and leaves the URL', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'premium', '/search?upgraded=true&specialty=Pediatrics');
    await expectText(page.getByRole('status').filter({ hasText: 'Welcome' }), SearchMessages.welcome);
    await page.waitForURL((url) => url.search === '?specialty=Pediatrics');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Search Filters' }).click();
    const drawer = page
      .getByRole('presentation')
      .filter({ has: page.getByRole('heading', { name: 'Search Filters' }) });
    await drawer.getByRole('combobox', { name: 'Title' }).fill('Pediatrician');
    await drawer.getByRole('combobox', { name: 'Title' }).press('Enter');
    await drawer.getByRole('button', { name: 'Done' }).click();
    await expectText(resultCount(page), '10 results');
    await expectCount(page.getByRole('region', { name: 'Search results' }).getByRole('article'), 10);
  });

  test('a filter change asks for one search and paints its answer', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search');
    await expectText(resultCount(page), '65 results');
    // Note when the count changes, to compare with the searches the change made.
    await page.evaluate(() => {
      performance.clearResourceTimings();
      const status = document.querySelector('[role="toolbar"][aria-label="Results"] [role="status"]')!;
      const marks = window as unknown as { painted?: number };
      new MutationObserver(() => {
        if (status.textContent?.startsWith('10 results')) marks.painted ??= performance.now();
      }).observe(status, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('combobox', { name: 'Specialty' }).click();
    await page.getByRole('option', { name: /Pediatrics/ }).click();
    await expectText(resultCount(page), '10 results');
    await expectCount(page.getByRole('region', { name: 'Search results' }).getByRole('article'), 10);
    const { painted, answered } = await page.evaluate(() => {
      const searches = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('/api/v1/search')) as PerformanceResourceTiming[];
      return {
        painted: (window as unknown as { painted: number }).painted,
        answered: searches.map((search) => search.responseEnd),
      };
    });
    // One search for one change (no second round trip, no search per keystroke), painted from its
    // answer. How fast that is belongs to the benches, not to a timed test.
    expect(answered).toHaveLength(1);
    expect(painted).toBeGreaterThanOrEqual(answered[0]!);
  });

  test('Send Email reveals the selected candidates’ emails and offers the compose links', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?specialty=Pediatrics');
    const results = page.getByRole('region', { name: 'Search results' }).getByRole('article');
    await expectCount(results, 10);
    await results.nth(0).getByRole('checkbox').check();
    await results.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Send Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email' });
    await dialog.getByRole('button', { name: 'Reveal 2 emails' }).click();
    await expectText(dialog, '@mail.example');
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('Pediatrics in {{location}}');
    // One message per recipient: each compose link carries one address and that person's text.
    await expectVisible(dialog.locator('[aria-label="Messages"][aria-busy="false"]'));
    const messages = dialog.getByRole('listitem');
    await expectCount(messages, 2);
    for (const message of await messages.all()) {
      const gmail = await message.getByRole('link', { name: 'Gmail' }).getAttribute('href');
      expect(gmail).toMatch(/^https:\/\/mail\.google\.com\/mail\/\?view=cm/);
      expect(gmail).toContain('su=Pediatrics%20in%20Austin%2C%20TX');
      expect(gmail?.match(/peds-\d\d%40mail\.example/g)).toHaveLength(1);
      for (const name of ['Outlook', 'Yahoo Mail', 'Default email app'])
        await expectVisible(message.getByRole('link', { name }));
      expect(await message.getByRole('link', { name: 'Default email app' }).getAttribute('href')).toMatch(
        /^mailto:/,
      );
    }
  });
});

import { beforeAll, describe, expect, test } from 'vitest';
import {
  PAYWALL,
  PAYWALL_TEASER,
  SearchMessages,
} from '../../../web-recruiter/src/directory/search/search-screen';
import { expectHidden, expectText, expectVisible, signIn, useBrowserApp } from '../support/browser';
import { resultCount, seedDirectory } from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

/** The seeded directory: 65 professionals, each with ACLS (the fixture's default skills hold it). */
const EVERYONE = 65;

describe('the search screen never traps', () => {
  test('a free account closes the paywall with Esc, sees the blurred teaser with the count, and signs out from the header', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'free', '/search?city=Austin');
    const paywall = page.getByRole('dialog', { name: PAYWALL.title });
    await expectVisible(paywall);
    expect(await paywall.getByRole('link', { name: PAYWALL.logIn }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expectHidden(paywall);

    const teaser = page.getByRole('region', { name: PAYWALL_TEASER.label });
    await expectText(teaser.getByRole('status'), PAYWALL_TEASER.matches(50));
    expect(await teaser.getByRole('link', { name: PAYWALL_TEASER.startPlan }).getAttribute('href')).toBe(
      '/pricing',
    );
    // The page beneath stays blurred and out of reach, with no candidate in it.
    const preview = page.getByLabel('Results preview', { exact: true });
    expect(await preview.evaluate((el) => getComputedStyle(el.closest('[inert]')!).filter)).toContain('blur');
    expect(await page.getByRole('article').count()).toBe(0);

    // "Why subscribe?" brings the paywall back; its Close button dismisses it too.
    await teaser.getByRole('button', { name: PAYWALL_TEASER.showPlans }).click();
    await paywall.getByRole('button', { name: PAYWALL.close }).click();
    await expectHidden(paywall);

    const { email } = await suite.app.as('free');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: email }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expectVisible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }));
  });

  test('a signed-out visitor is offered Log in, in the paywall and in the teaser, back to this search', async () => {
    const page = await suite.page();
    await page.goto(`${suite.app.url}/search?specialty=Cardiology`);
    const paywall = page.getByRole('dialog', { name: PAYWALL.title });
    const login = `/login?${new URLSearchParams({ return_to: '/search?specialty=Cardiology' })}`;
    expect(await paywall.getByRole('link', { name: PAYWALL.logIn }).getAttribute('href')).toBe(login);
    await page.keyboard.press('Escape');
    const teaser = page.getByRole('region', { name: PAYWALL_TEASER.label });
    await expectText(teaser, PAYWALL_TEASER.signedOut);
    await teaser.getByRole('link', { name: PAYWALL.logIn }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('return_to')).toBe('/search?specialty=Cardiology');
  });

  test('typing "ac" in Skills suggests ACLS with its count; picking it filters', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search');
    await expectText(resultCount(page), `${EVERYONE} results`);
    const skills = page.getByRole('combobox', { name: 'Skills' });
    await skills.pressSequentially('ac');
    const acls = page.getByRole('option', { name: `ACLS · ${EVERYONE}` });
    await expectVisible(acls);
    await acls.click();
    await page.waitForURL(/skills=ACLS/);
    await expectText(resultCount(page), `${EVERYONE} results`);
    // City suggests too: the seeded cities with their counts.
    await page.getByRole('combobox', { name: 'City' }).pressSequentially('dal');
    await expectVisible(page.getByRole('option', { name: 'Dallas · 15' }));
  });

  test('?page=999 lands on the last page, results shown and the URL corrected; junk pages become 1', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?page=999');
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await expectText(resultCount(page), `${EVERYONE} results`);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    expect(await pagination.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await expectVisible(page.getByRole('region', { name: 'Search results' }));
    expect(await page.getByText(SearchMessages.noResults).count()).toBe(0);
    // Corrected in place: Back does not return to the impossible page.
    await page.goBack();
    expect(new URL(page.url()).searchParams.get('page')).not.toBe('999');

    for (const junk of ['0', '-4', 'abc']) {
      await page.goto(`${suite.app.url}/search?page=${junk}`);
      await page.waitForURL((url) => url.searchParams.get('page') === null);
      await expectText(resultCount(page), `${EVERYONE} results`);
    }
  });

  test('a failed search shows the error and Retry, and no count', async () => {
    const page = await suite.page();
    await page.route('**/api/v1/search', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({ status: 500, title: 'Internal Server Error', detail: 'Edge function failed' }),
      }),
    );
    await signIn(suite, page, 'basic', '/search');
    await expectVisible(page.getByRole('button', { name: SearchMessages.retry }));
    expect((await resultCount(page).textContent())?.trim()).toBe('');
    expect(await page.getByText(/\d+ results?\b/).count()).toBe(0);
  });
});

import { DEMO_BANNER, demoFullAccessBanner } from '@healthtal/contracts';
import { beforeAll, describe, expect, test } from 'vitest';
import { PAYWALL, SearchMessages } from '../../../web-recruiter/src/directory/search/search-screen';
import { expectText, expectVisible, signIn, useBrowserApp } from '../support/browser';
import { expectCount, resultCount, seedDirectory } from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

describe('who sees what on the search screen', () => {
  test('a free account sees the page blurred under the paywall, with no results', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'free', '/search');
    const paywall = page.getByRole('dialog', { name: PAYWALL.title });
    await expectVisible(paywall);
    await expectText(paywall, PAYWALL.text);
    for (const benefit of PAYWALL.benefits) await expectVisible(paywall.getByText(benefit));
    expect(await paywall.getByRole('link', { name: PAYWALL.getStarted }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(await paywall.getByRole('link', { name: PAYWALL.contactSales }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(await page.getByRole('article').count()).toBe(0);
  });

  test('a signed-out visitor also meets the paywall', async () => {
    const page = await suite.page();
    await page.goto(`${suite.app.url}/search?specialty=Cardiology`);
    await expectVisible(page.getByRole('dialog', { name: PAYWALL.title }));
  });

  test('a demo account sees results but no contacts: a click shows the demo restriction', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'demo', '/search?specialty=Cardiology');
    await expectVisible(page.getByText(DEMO_BANNER));
    await expectText(resultCount(page), '40 results');
    const results = page.getByRole('region', { name: 'Search results' }).getByRole('article');
    await expectCount(results, 25);
    const reveals: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/reveal')) reveals.push(request.url());
    });
    await results.first().getByRole('button', { name: 'View Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Demo Account Restrictions' });
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await results.first().getByRole('link', { name: 'LinkedIn' }).click();
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(reveals).toEqual([]);
    expect(await page.getByText(/@mail\.example/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add to List' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Export' }).isDisabled()).toBe(true);
  });

  test('a demo account with Full Demo Access is told what it may do, not that contacts are restricted', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'demo-full', '/search?specialty=Cardiology');
    // The harness's grant never ends, so the banner names no date.
    await expectVisible(page.getByText(demoFullAccessBanner(null)));
    expect(await page.getByText(DEMO_BANNER).count()).toBe(0);
  });

  test('a basic subscriber is told Select All comes with the Annual plan', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?specialty=Cardiology');
    await expectText(resultCount(page), '40 results');
    await page.getByRole('button', { name: 'Select All' }).click();
    // Issue 37: information about the plan, not a claim that there is no subscription.
    await expectText(
      page.getByRole('status').filter({ hasText: SearchMessages.annualPlanTitle }),
      SearchMessages.selectAllNeedsPremium,
    );
  });

  test('a premium subscriber selects all; individual picks are refused until it is undone', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'premium', '/search?specialty=Cardiology');
    await expectText(resultCount(page), '40 results');
    await page.getByRole('button', { name: 'Select All' }).click();
    await expectText(page.getByRole('toolbar', { name: 'Results' }), '40 selected');
    await page.getByRole('region', { name: 'Search results' }).getByRole('checkbox').first().click();
    await expectText(
      page.getByRole('status').filter({ hasText: 'Selection Mode Active' }),
      'Deselect Select All first to make individual selections',
    );
    await page.getByRole('button', { name: 'Deselect All' }).click();
    await expectText(page.getByRole('toolbar', { name: 'Results' }), '0 selected');
  });
});

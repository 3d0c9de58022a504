import { PASSWORD } from '@healthtal/testkit/harness';
import type { Page } from 'playwright-core';
import { describe, test } from 'vitest';
import { SearchMessages } from '../../../web-recruiter/src/directory/search/search-screen';
import { expectText, expectVisible, useBrowserApp } from '../support/browser';
import { field } from './public-support';

// A database of its own (DATABASE_URL) keeps the simulator off unless asked, as in any deployment.
const suite = useBrowserApp({ app: 'web-recruiter', env: { BILLING_SIMULATOR: 'on' } });

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

describe('changing plans', { timeout: 90_000 }, () => {
  test('a Monthly subscriber gets Annual: confirms the change, is welcomed, and is premium', async () => {
    const user = await suite.app.signUp();
    await suite.app.subscribe(user, 'price_monthly');
    const page = await suite.page();
    await page.goto(`${suite.app.url}/login?return_to=%2Faccount`);
    await field(page, 'Email').fill(user.email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/account');
    await expectText(page.getByRole('region', { name: 'Subscription' }), 'Tier: basic');
    await page.getByRole('link', { name: 'Change plan' }).click();
    await page.waitForURL('**/pricing');

    await page
      .getByRole('region', { name: 'Annual plan' })
      .getByRole('button', { name: 'Get Annual' })
      .click();
    await page.waitForURL('**/api/v1/billing/simulator/**');
    await expectVisible(page.getByText('Change from Monthly'));
    await page.getByRole('button', { name: 'Confirm plan change' }).click();

    await page.waitForURL('**/search**');
    await expectVisible(toast(page, SearchMessages.welcome));
    await suite.app.caughtUp();
    await page.goto(`${suite.app.url}/account`);
    const subscription = page.getByRole('region', { name: 'Subscription' });
    await expectText(subscription, 'Annual');
    await expectText(subscription, 'Tier: premium');
  });
});

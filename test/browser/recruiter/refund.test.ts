import { ADMIN_EMAIL, PASSWORD } from '@healthtal/testkit/harness';
import type { Page } from 'playwright-core';
import { beforeAll, describe, test } from 'vitest';
import { assertFreshBuild, expectHidden, expectText, expectVisible, useBrowserApp } from '../support/browser';
import { field } from './public-support';

// A database of its own (DATABASE_URL) keeps the simulator off unless asked, as in any deployment.
const suite = useBrowserApp({ app: 'web-recruiter', env: { BILLING_SIMULATOR: 'on' } });

beforeAll(async () => {
  // The admin's half of the story runs in the console, served from its own build.
  assertFreshBuild('web-admin');
  await suite.app.as('admin');
});

async function consoleAt(path: string): Promise<Page> {
  const page = await suite.page({ width: 1440, height: 900 });
  await page.goto(`${suite.app.url}/admin/`);
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/#/');
  await page.goto(`${suite.app.url}/admin/#${path}`);
  return page;
}

describe('refunds under the money-back guarantee', { timeout: 120_000 }, () => {
  test('an eligible refund request approved in the console ends the subscription', async () => {
    const user = await suite.app.signUp();
    await suite.app.subscribe(user, 'price_annual');
    await suite.app.caughtUp();

    const page = await suite.page();
    await page.goto(`${suite.app.url}/login?return_to=%2Faccount`);
    await field(page, 'Email').fill(user.email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/account');
    const subscription = page.getByRole('region', { name: 'Subscription' });
    await expectText(subscription, 'Tier: premium');
    await expectText(subscription, 'covered by the 30-day money-back guarantee');

    await subscription.getByRole('button', { name: 'Request a refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a refund' });
    await dialog.getByLabel('Reason (optional)').fill('We hired in-house after all.');
    await dialog.getByRole('button', { name: 'Request refund' }).click();
    await expectText(page.getByTestId('refund-status'), 'Refund requested');
    await expectHidden(subscription.getByRole('button', { name: 'Request a refund' }));

    const console = await consoleAt('/refund-requests');
    const row = console.getByRole('row').filter({ hasText: user.email });
    await expectText(row, 'We hired in-house after all.');
    await expectText(row, 'pending');
    await row.getByRole('button', { name: 'Approve' }).click();
    await console.getByRole('button', { name: 'Approve refund' }).click();
    await expectVisible(console.getByRole('alert').filter({ hasText: 'Refund approved' }));

    await suite.app.caughtUp();
    await page.reload();
    await expectText(subscription, 'Free plan');
    // Issue 32, finding 18: the plan is gone, so nothing renews; the panel says it ended.
    await expectVisible(subscription.getByText('Your subscription has ended.', { exact: true }));
    await expectHidden(subscription.getByText('Renews on', { exact: false }));
    await expectText(page.getByTestId('refund-status'), 'Refund approved');
    await expectText(page.getByTestId('refund-status'), '$2,995.00 was refunded');
    await expectHidden(subscription.getByRole('button', { name: 'Manage subscription' }));
  });

  test('the money-back guarantee page says to ask from Account', async () => {
    const page = await suite.page();
    await page.goto(`${suite.app.url}/money-back-guarantee`);
    await expectVisible(page.getByText('request the refund from your Account page', { exact: false }));
  });
});

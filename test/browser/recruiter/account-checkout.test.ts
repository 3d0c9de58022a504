import { AuthMessages, BillingMessages } from '@healthtal/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD, startTestApp, type TestApp } from '../../../services/cli/test/support/harness';
import {
  assertFreshBuild,
  type BrowserSession,
  expectText,
  expectVisible,
  launchBrowser,
  screenshot,
  seriousAxeViolations,
} from '../support/browser';
import { field, fieldMessage } from './public-support';

let app: TestApp;
let browser: BrowserSession;

beforeAll(async () => {
  assertFreshBuild('web-recruiter');
  app = await startTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function fillSignup(page: Page, email: string) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm password').fill(PASSWORD);
  await field(page, 'Phone').fill('512-555-0100');
  await page.getByLabel(/Where did you hear about us/).fill('A colleague');
}

describe('from sign-up to a paid plan', () => {
  test('sign up, verify by the mailed link, log in, buy Annual in the billing simulator, get premium', async () => {
    const email = 'new.recruiter@agency.example';
    const { page } = await browser.newPage();

    // Sign-up: the button waits for the terms; the form checks the passwords first.
    await page.goto(`${app.url}/signup`);
    await expectVisible(page.getByRole('heading', { name: 'Create your account' }));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'signup');
    await fillSignup(page, email);
    await field(page, 'Confirm password').fill('something else');
    const create = page.getByRole('button', { name: 'Create account' });
    expect(await create.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await create.click();
    await expectText(page.getByText(AuthMessages.passwordsDoNotMatch), AuthMessages.passwordsDoNotMatch);
    await field(page, 'Confirm password').fill(PASSWORD);
    await create.click();

    await page.waitForURL('**/check-email-confirmation');
    await expectVisible(toast(page, AuthMessages.checkEmailTitle));
    await expectVisible(page.getByText(email));
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expectVisible(toast(page, AuthMessages.emailSent));

    // The link in the verification mail, opened in the browser.
    const mail = await app.lastMail(email, 'verify-email');
    const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '');
    expect(link.pathname).toBe('/verify-email');
    await page.goto(`${app.url}${link.pathname}${link.search}`);
    await expectVisible(page.getByText(`Your email ${email} is verified`));
    await page.getByRole('link', { name: 'Log in' }).last().click();

    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(await fieldMessage(page, 'Email')).toBe(AuthMessages.emailRequired);
    expect(await fieldMessage(page, 'Password')).toBe(AuthMessages.passwordRequired);
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectVisible(toast(page, 'Success!'));
    await expectVisible(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: email }));

    // Pricing → checkout in the local billing simulator → back on /success.
    await page.goto(`${app.url}/pricing`);
    const annual = page.getByRole('region', { name: 'Annual plan' });
    await expectVisible(annual.getByRole('button', { name: 'Get Annual' }));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'pricing');
    await annual.getByRole('button', { name: 'Get Annual' }).click();
    await page.waitForURL('**/api/v1/billing/simulator/**');
    await expectVisible(page.getByRole('heading', { name: 'HealthTal Annual' }));
    await page.getByRole('button', { name: 'Complete payment' }).click();

    await page.waitForURL('**/success?session_id=**');
    await expectVisible(page.getByRole('heading', { name: BillingMessages.paymentSuccessful }));
    // The page re-checks after 3 s and 2 s, then says so.
    await expectVisible(page.getByText('Your subscription is active'), 10_000);

    // Premium unlocked: the account shows the Annual plan and tier, the pricing card is current.
    await page.getByRole('link', { name: 'View Account Settings' }).click();
    await page.waitForURL('**/account');
    const subscription = page.getByRole('region', { name: 'Subscription' });
    await expectText(subscription, 'Annual');
    await expectText(subscription, 'Tier: premium');
    await expectText(subscription, 'money-back guarantee');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'account');

    // Search: premium's Export is on (the Annual plan's feature), and the page passes axe.
    await page.goto(`${app.url}/search`);
    const exportButton = page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Export' });
    await expectVisible(exportButton);
    expect(await exportButton.isEnabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`${app.url}/pricing`);
    const current = page.getByRole('region', { name: 'Annual plan' }).getByRole('button', {
      name: BillingMessages.currentPlan,
    });
    await expectVisible(current);
    expect(await current.isDisabled()).toBe(true);
  });

  test('signing up again with the same address says to sign in instead', async () => {
    const user = await app.as('free');
    const { page } = await browser.newPage();
    await page.goto(`${app.url}/signup`);
    await fillSignup(page, user.email);
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectText(page.getByRole('alert'), AuthMessages.alreadyRegistered);
    await expectVisible(page.getByRole('alert').getByRole('link', { name: 'Log in' }));
  });

  test('/account sends a signed-out visitor to log in, and back to /account after', async () => {
    const user = await app.as('basic');
    const { page } = await browser.newPage();
    await page.goto(`${app.url}/account`);
    await page.waitForURL('**/login');
    await field(page, 'Email').fill(user.email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/account');
    await expectText(page.getByRole('region', { name: 'Subscription' }), 'Tier: basic');
    // Three tabs for a non-admin; the profile saves for real.
    expect(await page.getByRole('tab').count()).toBe(3);
    await field(page, 'Name').fill('Robin Recruiter');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisible(toast(page, AuthMessages.profileUpdated));
    await app.caughtUp(); // the profile is read back from the users read model
    await page.reload();
    expect(await field(page, 'Name').inputValue()).toBe('Robin Recruiter');
  });
});

import { AuthMessages, BillingMessages } from '@healthtal/contracts';
import { PASSWORD } from '@healthtal/testkit/harness';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PAYWALL } from '../../../web-recruiter/src/directory/search/search-screen';
import {
  expectText,
  expectVisible,
  screenshot,
  seriousAxeViolations,
  useBrowserApp,
} from '../support/browser';
import { field, fieldMessage, mailedLink } from './public-support';

// A database of its own (DATABASE_URL) keeps the simulator off unless asked, as in any deployment.
const suite = useBrowserApp({ app: 'web-recruiter', env: { BILLING_SIMULATOR: 'on' } });

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function fillSignup(page: Page, email: string) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm password').fill(PASSWORD);
  await field(page, 'Phone').fill('512-555-0100');
  await page.getByLabel(/Where did you hear about us/).fill('A colleague');
}

// Real browser, real server, on a shared machine: more time than the 30 s default.
describe('from sign-up to a paid plan', { timeout: 90_000 }, () => {
  test('sign up, verify by the mailed link, log in, buy Annual in the billing simulator, get premium', async () => {
    const email = 'new.recruiter@agency.example';
    const page = await suite.page();

    // Sign-up: the button waits for the terms; the form checks the passwords first.
    await page.goto(`${suite.app.url}/signup`);
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
    const verifyLink = await mailedLink(suite.app, email, 'verify-email');
    expect(verifyLink).toMatch(/^\/verify-email\?token=/);
    await page.goto(`${suite.app.url}${verifyLink}`);
    await expectVisible(page.getByText(`Your email ${email} is verified`));
    await page.getByRole('link', { name: 'Log in' }).last().click();

    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(await fieldMessage(page, 'Email')).toBe(AuthMessages.emailRequired);
    expect(await fieldMessage(page, 'Password')).toBe(AuthMessages.passwordRequired);
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    // Signed in, the new (free) account lands on the search page under the paywall, whose dialog
    // hides the rest of the page (the toast and the header too) from the accessibility tree once
    // its chunk arrives: both are there, hidden or not.
    await expectVisible(page.getByRole('status', { includeHidden: true }).filter({ hasText: 'Success!' }));
    await page.waitForURL('**/search');
    await expectVisible(page.getByRole('dialog', { name: PAYWALL.title }));
    await expectVisible(
      page
        .getByRole('navigation', { name: 'Main', includeHidden: true })
        .getByRole('button', { name: email, includeHidden: true }),
    );

    // Pricing → checkout in the local billing simulator → back on /success.
    await page.goto(`${suite.app.url}/pricing`);
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
    // Account pages stay out of search engines.
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'account');

    // Search: premium's Export is on (the Annual plan's feature), and the page passes axe.
    await page.goto(`${suite.app.url}/search`);
    const exportButton = page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Export' });
    await expectVisible(exportButton);
    expect(await exportButton.isEnabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`${suite.app.url}/pricing`);
    const current = page.getByRole('region', { name: 'Annual plan' }).getByRole('button', {
      name: BillingMessages.currentPlan,
    });
    await expectVisible(current);
    expect(await current.isDisabled()).toBe(true);
  });

  test('a signed-out visitor who picks a plan is sent to log in, then back to Pricing', async () => {
    const user = await suite.app.as('free');
    const page = await suite.page();
    await page.goto(`${suite.app.url}/pricing`);
    await page
      .getByRole('region', { name: 'Monthly plan' })
      .getByRole('button', { name: 'Get Monthly' })
      .click();
    await expectVisible(toast(page, BillingMessages.signInToSubscribe));
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('return_to') === '/pricing',
    );
    await field(page, 'Email').fill(user.email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/pricing');
    // Without a session id the success page cannot vouch for a payment.
    await page.goto(`${suite.app.url}/success`);
    await expectVisible(toast(page, BillingMessages.paymentUnverified));
  });

  test('a forgotten password is reset through the mailed link', async () => {
    const user = await suite.app.signUp();
    const page = await suite.page();
    await page.goto(`${suite.app.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The page arrives as its own chunk; until then the login form (with its own Email) stays up.
    await expectVisible(page.getByRole('heading', { name: 'Reset your password' }));
    await field(page, 'Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectVisible(page.getByText(`If an account exists for ${user.email}`));

    const resetLink = await mailedLink(suite.app, user.email, 'reset-password');
    expect(resetLink).toMatch(/^\/reset-password\?token=/);
    await page.goto(`${suite.app.url}${resetLink}`);
    await field(page, 'New password').fill('a brand new secret');
    await field(page, 'Confirm new password').fill('a different one');
    await page.getByRole('button', { name: 'Save new password' }).click();
    expect(await fieldMessage(page, 'Confirm new password')).toBe(AuthMessages.passwordsDoNotMatch);
    await field(page, 'Confirm new password').fill('a brand new secret');
    await page.getByRole('button', { name: 'Save new password' }).click();
    // The header has a Log in link too: follow the one the page shows once the password is changed.
    const changed = page.getByRole('alert').filter({ hasText: 'Your password is changed.' });
    await expectVisible(changed);
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();

    await field(page, 'Email').fill(user.email);
    await field(page, 'Password').fill('a brand new secret');
    await page.getByRole('button', { name: 'Log in' }).click();
    // Signed in, a free account lands on the search page under the paywall, whose dialog hides the
    // page (the header too) from the accessibility tree once it arrives: the account menu is there.
    await page.waitForURL('**/search');
    await expectVisible(page.getByRole('dialog', { name: PAYWALL.title }));
    await expectVisible(
      page
        .getByRole('navigation', { name: 'Main', includeHidden: true })
        .getByRole('button', { name: user.email, includeHidden: true }),
    );
  });

  test('signing up again with the same address says to sign in instead', async () => {
    const user = await suite.app.as('free');
    const page = await suite.page();
    await page.goto(`${suite.app.url}/signup`);
    await fillSignup(page, user.email);
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectText(page.getByRole('alert'), AuthMessages.alreadyRegistered);
    await expectVisible(page.getByRole('alert').getByRole('link', { name: 'Log in' }));
  });

  test('/account sends a signed-out visitor to log in, and back to /account after', async () => {
    const user = await suite.app.as('basic');
    const page = await suite.page();
    await page.goto(`${suite.app.url}/account`);
    await page.waitForURL('**/login');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Keyboard only: type, Tab to the next field, Enter submits.
    await field(page, 'Email').focus();
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/account');
    await expectText(page.getByRole('region', { name: 'Subscription' }), 'Tier: basic');
    // Four tabs for a non-admin (Testing is the admins'); the profile saves for real.
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Profile',
      'Activity',
      'Exports',
      'Notifications',
    ]);
    await field(page, 'Name').fill('Robin Recruiter');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisible(toast(page, AuthMessages.profileUpdated));
    await suite.app.caughtUp(); // the profile is read back from the users read model
    await page.reload();
    expect(await field(page, 'Name').inputValue()).toBe('Robin Recruiter');
  });
});

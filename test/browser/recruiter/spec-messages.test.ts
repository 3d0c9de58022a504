import { BillingMessages, ContactMessages, OutreachMessages, RemovalMessages } from '@healthtal/contracts';
import { candidate } from '@healthtal/testkit/directory-fixture';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { RevealMessages } from '../../../web-recruiter/src/directory/candidate-card';
import { expectHidden, expectText, expectVisible, signIn, useBrowserApp } from '../support/browser';
import { field } from './public-support';
import { seedDirectory } from './recruiter-support';

/*
 * Issue 37, finding 21: the app says the spec's texts (recruiter-directory §8, admin-intake-outreach
 * §8) where it said a server's title, another button's name, or a message about something else.
 */
const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** A problem+json answer, as the API sends its refusals. */
const problem = (status: number, title: string, detail: string) => (route: Route) =>
  route.fulfill({
    status,
    contentType: 'application/problem+json',
    body: JSON.stringify({ status, title, detail }),
  });

describe('the spec’s message texts', { timeout: 90_000 }, () => {
  test('a refused checkout is titled "Checkout failed", with the server’s reason', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/pricing');
    await page.route('**/api/v1/billing/checkout', problem(409, 'Conflict', 'You are already on this plan.'));
    await page
      .getByRole('region', { name: 'Annual plan' })
      .getByRole('button', { name: 'Get Annual' })
      .click();
    const refused = toast(page, BillingMessages.checkoutFailedTitle);
    await expectText(refused, `${BillingMessages.checkoutFailedTitle}: You are already on this plan.`);
    expect(await refused.first().textContent()).not.toContain('Conflict');
  });

  test('Payment Successful offers Directory and View Account Settings, as the spec names them', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/account');
    await page.goto(
      `${suite.app.url}/success?session_id=cs_test_spec&return_to=${encodeURIComponent('/search?upgraded=true')}`,
    );
    await expectVisible(page.getByRole('link', { name: 'View Account Settings' }));
    expect(await page.getByRole('link', { name: 'Continue', exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: BillingMessages.toDirectory, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search');
  });

  test('a copy that fails says "Copy Failed: Failed to copy to clipboard."', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/email');
    await page.getByRole('textbox', { name: 'Job Title' }).fill('Night Charge Nurse');
    await page
      .getByRole('textbox', { name: 'Job Description' })
      .fill('Lead the night shift of a 30-bed ICU.');
    await page.getByRole('button', { name: 'Generate AI Email' }).click();
    await expectVisible(page.getByRole('textbox', { name: 'Subject Line' }));
    // The browser refuses the clipboard (a permission denied, a page without focus).
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Denied', 'NotAllowedError'));
    });
    await page.getByRole('button', { name: 'Copy Email' }).click();
    await expectText(
      toast(page, RevealMessages.copyFailedTitle),
      `${RevealMessages.copyFailedTitle}: ${RevealMessages.copyFailed}`,
    );
  });

  test('templates that cannot be reached say "Connection Error"; a failing server says "Database Error"', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search');
    await page.route('**/api/v1/email/templates', (route) => route.abort('internetdisconnected'));
    await page.goto(`${suite.app.url}/email`);
    const offline = toast(page, OutreachMessages.connectionErrorTitle);
    await expectText(
      offline,
      `${OutreachMessages.connectionErrorTitle}: ${OutreachMessages.connectionError}`,
    );
    expect(await toast(page, OutreachMessages.databaseErrorTitle).count()).toBe(0);

    await page.unroute('**/api/v1/email/templates');
    await page.route(
      '**/api/v1/email/templates',
      problem(500, 'Internal Server Error', 'database unavailable'),
    );
    await page.goto(`${suite.app.url}/email`);
    await expectText(
      toast(page, OutreachMessages.databaseErrorTitle),
      `${OutreachMessages.databaseErrorTitle}: ${OutreachMessages.databaseError}`,
    );
  });

  test('the contact form drops the last attempt’s error when a later one is sent', async () => {
    const page = await suite.page();
    await page.goto(`${suite.app.url}/contact`);
    await field(page, 'Name').fill('Dana Recruiter');
    await field(page, 'Email').fill('dana@agency.example');
    await field(page, 'Phone').fill('512-555-0199');
    await field(page, 'Subject').fill('Team plan');
    await field(page, 'Message').fill('We have five recruiters. Is there a team price?');
    await page.route('**/api/v1/contact-messages', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectVisible(page.getByText(ContactMessages.sendFailedText));

    await page.unroute('**/api/v1/contact-messages');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectVisible(page.getByText('Your message has been sent'));
    await expectHidden(page.getByText(ContactMessages.sendFailedText));
  });

  test('a removal request that fails does not blame a token the form never had', async () => {
    const page = await suite.page();
    await page.goto(`${suite.app.url}/remove-info`);
    await field(page, 'Email').fill('someone@mail.example');
    await page.route('**/api/v1/removal-requests', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Request removal' }).click();
    await expectVisible(page.getByText(RemovalMessages.requestFailed));
    expect(await page.getByText(/token/i).count()).toBe(0);
  });

  test('a profile the server fails to load says "Error loading the profile", not "Profile not found"', async () => {
    const id = candidate('cardio-07').candidateId;
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search');
    await page.route(
      `**/api/v1/candidates/${id}`,
      problem(500, 'Internal Server Error', 'database unavailable'),
    );
    await page.goto(`${suite.app.url}/physician/${id}`);
    await expectVisible(page.getByRole('heading', { name: RevealMessages.profileErrorTitle }));
    await expectVisible(page.getByText(RevealMessages.profileError).first());
    expect(await page.getByText('Profile not found').count()).toBe(0);
  });
});

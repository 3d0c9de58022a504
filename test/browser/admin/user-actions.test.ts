import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AdminUserMessages } from '@healthtal/contracts';
import { ADMIN_EMAIL, nextIp, PASSWORD, type SignedIn } from '@healthtal/testkit/harness';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectText, expectVisible, seriousAxeViolations, signIn, useBrowserApp } from '../support/browser';

/*
 * Issue 37, finding 14: the Users screen acts. An admin changes a user's plan with a reason (and is
 * told what billing refuses), resends a verification link, sends a password reset, filters by plan,
 * exports the filtered users as CSV, and reads the last sign-in with its time.
 */
const suite = useBrowserApp({ app: 'web-admin', viewport: { width: 1440, height: 900 } });

async function usersPage(): Promise<Page> {
  const page = await suite.page();
  await signIn(suite, page, 'admin', '/users');
  await page.waitForURL('**/admin/#/users**');
  return page;
}

const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

/** The user's row, found through the search box, and its menu opened. */
async function openRowMenu(page: Page, email: string) {
  await page.getByPlaceholder('Search users by email...').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expectVisible(row);
  await row.getByRole('button', { name: `Actions for ${email}` }).click();
  return row;
}

const eventData = async (type: string, userId: string) =>
  (
    await suite.app.database.pool.query<{ data: Record<string, unknown> }>(
      `select data from eventstore.events where type = $1 and data->>'userId' = $2`,
      [type, userId],
    )
  ).rows.map((row) => row.data);

describe('the Users screen acts on a user', { timeout: 90_000 }, () => {
  test('changes a subscriber’s plan with a reason, and says why a free user’s cannot change', async () => {
    const subscriber = await suite.app.signUp();
    await suite.app.subscribe(subscriber, 'price_monthly');
    const free = await suite.app.signUp();
    await suite.app.caughtUp();
    const page = await usersPage();

    await page.getByPlaceholder('Search users by email...').fill(subscriber.email);
    const row = page.getByRole('row').filter({ hasText: subscriber.email });
    await expectVisible(row.getByText('Monthly', { exact: true }));
    await openRowMenu(page, subscriber.email);
    await page.getByRole('menuitem', { name: 'Change Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Plan' });
    await expectText(dialog.getByRole('combobox', { name: 'New plan' }), 'Annual');
    const confirm = dialog.getByRole('button', { name: 'Change Plan' });
    expect(await confirm.isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByLabel(/Reason/).fill('Upgrade agreed on the phone');
    await confirm.click();
    await expectVisible(toast(page, AdminUserMessages.planChanged));
    await expectVisible(row.getByText('Annual', { exact: true }));
    // The user's history tells it as a sentence with names (issue 37, finding 15).
    await row.getByRole('button', { name: `Actions for ${subscriber.email}` }).click();
    await page.getByRole('menuitem', { name: 'Event History' }).click();
    const history = page.getByRole('dialog', { name: `Event history of ${subscriber.email}` });
    await expectVisible(
      history.getByRole('cell', {
        name: `${ADMIN_EMAIL} changed ${subscriber.email}'s plan to Annual: reason "Upgrade agreed on the phone"`,
      }),
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await history.getByRole('button', { name: 'Close' }).click();
    expect(await eventData('SubscriptionPlanChanged', subscriber.userId)).toEqual([
      expect.objectContaining({ priceId: 'price_annual', reason: 'Upgrade agreed on the phone' }),
    ]);

    await openRowMenu(page, free.email);
    await page.getByRole('menuitem', { name: 'Change Plan' }).click();
    await dialog.getByLabel(/Reason/).fill('A gift');
    await dialog.getByRole('button', { name: 'Change Plan' }).click();
    const refused = dialog.getByRole('alert').filter({ hasText: AdminUserMessages.planChangeFailed });
    await expectVisible(refused);
    await expectVisible(refused.getByText(/no running subscription/));
  });

  test('resends verification to an unverified user only, and sends a password reset', async () => {
    const email = `unverified-${randomUUID()}@agency.example`;
    const signup = await suite.app.request('/api/v1/auth/signup', {
      method: 'POST',
      ip: nextIp(),
      json: {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        phone: '555-010-2030',
        acceptTerms: true,
      },
    });
    expect(signup.status).toBe(201);
    const verified: SignedIn = await suite.app.signUp();
    await suite.app.caughtUp();
    const page = await usersPage();

    await openRowMenu(page, email);
    await page.getByRole('menuitem', { name: 'Resend Verification' }).click();
    await expectVisible(
      toast(page, AdminUserMessages.verificationSent).getByText(`A new verification link went to ${email}.`),
    );
    const mails = await suite.app.database.pool.query(
      `select 1 from mail_outbox where recipient = $1 and kind = 'verify-email'`,
      [email],
    );
    expect(mails.rows).toHaveLength(2);

    await openRowMenu(page, verified.email);
    const resend = page.getByRole('menuitem', { name: 'Resend Verification' });
    await expectVisible(resend);
    expect(await resend.getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('menuitem', { name: 'Send Password Reset' }).click();
    await expectVisible(toast(page, AdminUserMessages.resetSent));
    expect((await suite.app.lastMail(verified.email, 'reset-password'))?.subject).toBe(
      'Reset your HealthTal password',
    );
    expect(await eventData('PasswordResetMailSent', verified.userId)).toHaveLength(1);
  });

  test('filters by plan, exports the filtered users as CSV, and shows the last sign-in with its time', async () => {
    const tag = randomUUID().slice(0, 8);
    const annual = await suite.app.signUp(`annual-${tag}@agency.example`);
    const monthly = await suite.app.signUp(`monthly-${tag}@agency.example`);
    await suite.app.subscribe(annual, 'price_annual');
    await suite.app.subscribe(monthly, 'price_monthly');
    await suite.app.caughtUp();
    const page = await usersPage();

    await page.getByPlaceholder('Search users by email...').fill(tag);
    await expectText(page.getByText(/^Showing \d+ of \d+ users$/), 'Showing 2 of 2 users');
    await page.getByRole('combobox', { name: 'Plan' }).click();
    await page.getByRole('option', { name: 'Annual' }).click();
    await expectText(page.getByText(/^Showing \d+ of \d+ users$/), 'Showing 1 of 1 users');
    const row = page.getByRole('row').filter({ hasText: annual.email });
    await expectVisible(row);
    // Last Sign In: the date and the time, in Pacific time.
    await expectVisible(row.getByText(/\d{1,2}:\d{2}\s[AP]M PT/));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('healthtal_users.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Email,Signup Date,Last Sign In,Subscription,Status,Email Verified,Source,Phone,Exported Contacts,Admin,Demo',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${annual.email},`);
    expect(lines[1]).toContain(',Annual,active,yes,');
    expect(csv).not.toContain(monthly.email);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

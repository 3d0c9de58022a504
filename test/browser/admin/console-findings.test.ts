import { type MailDelivery, MailDeliveryMessages, ResumeMessages } from '@healthtal/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectHidden, expectVisible, seriousAxeViolations, signIn, useBrowserApp } from '../support/browser';
import { resumeSubmitter } from './admin-support';

/*
 * Issue 37, findings 16, 17 and 18: the console's resume queue opens on Pending, Reject Selected asks
 * for a confirmation and a reason that reaches the events, and the outbox says when no mail server
 * is configured (the test product has none).
 */
const suite = useBrowserApp({ app: 'web-admin', viewport: { width: 1440, height: 900 } });

async function consolePage(path: string): Promise<Page> {
  const page = await suite.page();
  await signIn(suite, page, 'admin', path);
  return page;
}

const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });
const menu = (page: Page, label: string) => page.getByRole('menuitem', { name: label });

/** A resume through the public form; returns its id. */
const submitResume = resumeSubmitter(() => suite.app);

describe('the console after issue 37', { timeout: 60_000 }, () => {
  test('the resume queue opens on Pending each time it is entered from the menu, whatever tab was last open', async () => {
    await submitResume('Philippa', 'Ravenscroft');
    await suite.app.caughtUp();
    const page = await consolePage('/resume-approval');
    await expectVisible(page.getByRole('tab', { name: 'Pending (1)', selected: true }));

    await page.getByRole('tab', { name: 'Approved' }).click();
    await expectVisible(page.getByRole('tab', { name: /^Approved/, selected: true }));
    // A deliberate tab choice stays in the address, so reloading keeps it.
    await page.reload();
    await expectVisible(page.getByRole('tab', { name: /^Approved/, selected: true }));

    await menu(page, 'Mail outbox').click();
    await page.waitForURL('**/mail-outbox**');
    await menu(page, 'Resume approval').click();
    await expectVisible(page.getByRole('tab', { name: 'Pending (1)', selected: true }));
    await expectVisible(page.getByRole('cell', { name: /Philippa Ravenscroft/ }));

    // A new visit, in a new tab of the same browser profile, opens on Pending too.
    await page.goto(`${suite.app.url}/admin/#/`);
    await menu(page, 'Resume approval').click();
    await expectVisible(page.getByRole('tab', { name: 'Pending (1)', selected: true }));
  });

  test('the mail outbox says plainly that no mail server is configured, from the API', async () => {
    const delivery = await suite.app.request('/api/admin/mail-delivery', { as: 'admin' });
    expect(delivery.status).toBe(200);
    expect((await delivery.json()) as MailDelivery).toEqual({ transport: 'outbox' });
    expect((await suite.app.request('/api/admin/mail-delivery', { as: 'premium' })).status).toBe(403);

    await suite.app.signUp('outbox-reader@agency.example');
    const page = await consolePage('/admin/mail-outbox');
    const banner = page.getByRole('alert').filter({ hasText: MailDeliveryMessages.noMailServer });
    await expectVisible(banner);
    await expectVisible(page.getByRole('row').filter({ hasText: 'outbox-reader@agency.example' }));
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('Reject Selected asks for a confirmation with a reason, and the reason is kept on each rejection', async () => {
    // Whatever is pending from earlier tests is approved first, so only the two below remain.
    await suite.app.caughtUp();
    const filter = encodeURIComponent(JSON.stringify({ status: 'pending' }));
    const pending = (await (
      await suite.app.request(`/api/admin/resume-submissions?filter=${filter}`, { as: 'admin' })
    ).json()) as { id: string }[];
    if (pending.length > 0) {
      const approved = await suite.app.request('/api/admin/resume-submissions/bulk-approve', {
        method: 'POST',
        as: 'admin',
        json: { ids: pending.map((row) => row.id) },
      });
      expect(approved.status).toBe(200);
    }
    const ids = [await submitResume('Ignatius', 'Spamworth'), await submitResume('Ottoline', 'Spamworth')];
    await suite.app.caughtUp();
    const page = await consolePage('/resume-approval');
    await expectVisible(page.getByText('0 selected of 2'));
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Reject Selected' }).click();

    const dialog = page.getByRole('dialog', { name: ResumeMessages.bulkRejectTitle(2) });
    await expectVisible(dialog);
    const confirm = dialog.getByRole('button', { name: ResumeMessages.confirmReject });
    expect(await confirm.isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Cancel rejects nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog);
    await expectVisible(page.getByText('2 selected of 2'));

    await page.getByRole('button', { name: 'Reject Selected' }).click();
    await dialog.getByLabel(ResumeMessages.rejectionReason).fill('Duplicate submissions from a spam run');
    await confirm.click();
    await expectVisible(toast(page, ResumeMessages.bulkSucceeded('reject')));
    await expectVisible(page.getByText(ResumeMessages.noSubmissions('pending')));

    const { rows } = await suite.app.database.pool.query<{ data: { submissionId: string; reason?: string } }>(
      `select data from eventstore.events where type = 'ResumeRejected' order by global_position`,
    );
    expect(rows.map((row) => row.data.submissionId).sort()).toEqual([...ids].sort());
    for (const row of rows) expect(row.data.reason).toBe('Duplicate submissions from a spam run');

    // The API validates the reason with the contract: an empty one is refused.
    const refused = await suite.app.request('/api/admin/resume-submissions/bulk-reject', {
      method: 'POST',
      as: 'admin',
      json: { ids: [ids[0]], reason: '   ' },
    });
    expect(refused.status).toBe(400);
  });
});

import { recordSearchFailure, removalIdOf, removalTokenHash } from '@healthtal/api';
import {
  type DemoGrantRow,
  formatPhoneForDisplay,
  type PublicSiteSettings,
  ResumeMessages,
  type ResumeSubmissionRow,
  type SearchResponse,
} from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { ADMIN_EMAIL, nextIp, type Role } from '@healthtal/testkit/harness';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { formatPacificTime } from '../../../web-admin/src/admin-console';
import {
  expectHidden,
  expectText,
  expectVisible,
  screenshot,
  seriousAxeViolations,
  signIn,
  useBrowserApp,
} from '../support/browser';
import { resumeSubmitter } from './admin-support';

// The console is laid out for a desktop screen.
const suite = useBrowserApp({ app: 'web-admin', viewport: { width: 1440, height: 900 } });

beforeAll(async () => {
  // An admin and a user of each kind, so the Users table shows its badges and labels.
  for (const role of ['admin', 'premium', 'basic', 'demo'] as const) await suite.app.as(role);
});

/** A fresh console page, signed in as `role` and showing `path` (a spec route, e.g. /users). */
async function consolePage(role: Role, path: string): Promise<Page> {
  const page = await suite.page();
  await signIn(suite, page, role, path);
  return page;
}

const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

/** Text as the page writes it: Chromium may put a narrow no-break space before "AM"/"PM". */
const spaced = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s'));

const LOGO = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64">
  <rect width="240" height="64" rx="12" fill="#1565c0"/>
  <circle cx="32" cy="32" r="18" fill="#fff"/><rect x="28" y="20" width="8" height="24" fill="#1565c0"/>
  <rect x="20" y="28" width="24" height="8" fill="#1565c0"/>
  <text x="62" y="42" font-family="sans-serif" font-size="28" font-weight="bold" fill="#fff">HealthTal</text>
</svg>`,
);

/** A resume through the public form, with any of its optional fields; returns its id. */
const submitResume = resumeSubmitter(() => suite.app);

describe('the admin console', () => {
  test('finds a user by email, grants 1-day demo access, shows the Demo badge, and revokes it', {
    timeout: 60_000,
  }, async () => {
    const user = await suite.app.signUp();
    const page = await consolePage('admin', '/users');
    await page.waitForURL('**/admin/#/users**');
    await expectVisible(page.getByLabel('Total Users'));

    await page.getByPlaceholder('Search users by email...').fill(user.email);
    const row = page.getByRole('row').filter({ hasText: user.email });
    await expectVisible(row);
    await expectText(page.getByText(/^Showing \d+ of \d+ users$/), 'Showing 1 of 1 users');

    await row.getByRole('button', { name: `Actions for ${user.email}` }).click();
    await page.getByRole('menuitem', { name: 'Grant Demo Access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grant Demo Access' });
    await expectText(dialog.getByRole('combobox', { name: 'Feature Access' }), 'Full Demo Access');
    await dialog.getByRole('combobox', { name: 'Access Duration' }).click();
    await page.getByRole('option', { name: '1 Day' }).click();
    await dialog.getByLabel('Notes (optional)').fill('Trial for the browser test');
    await dialog.getByRole('button', { name: 'Grant Access' }).click();
    await expectVisible(toast(page, 'Demo Access Granted'));
    await expectVisible(row.getByText('Demo', { exact: true }));

    const grants = (await (
      await suite.app.request(
        `/api/admin/demo-grants?filter=${encodeURIComponent(JSON.stringify({ q: user.email }))}`,
        { as: 'admin' },
      )
    ).json()) as DemoGrantRow[];
    expect(grants).toHaveLength(1);
    const hours = (Date.parse(grants[0]!.expires_at!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    await row.getByRole('button', { name: `Actions for ${user.email}` }).click();
    await page.getByRole('menuitem', { name: 'Revoke Demo Access' }).click();
    await expectVisible(toast(page, 'Demo Access Revoked'));
    await expectHidden(row.getByText('Demo', { exact: true }));

    await page.getByPlaceholder('Search users by email...').fill('');
    await expectText(page.getByText(/^Showing \d+ of \d+ users$/), 'Showing 5 of 5 users');
    const adminRow = page.getByRole('row').filter({ hasText: ADMIN_EMAIL });
    await expectVisible(adminRow.getByText('Admin', { exact: true }));
    await screenshot(page, 'admin-users');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('shows a user their event history and deletes them after the spec confirmation', async () => {
    const user = await suite.app.signUp();
    const page = await consolePage('admin', '/admin/users');
    await page.getByPlaceholder('Search users by email...').fill(user.email);
    const row = page.getByRole('row').filter({ hasText: user.email });
    await row.getByRole('button', { name: `Actions for ${user.email}` }).click();
    await page.getByRole('menuitem', { name: 'Event History' }).click();
    const history = page.getByRole('dialog', { name: `Event history of ${user.email}` });
    // A sentence with the user's address, not the event's type and fields (issue 37, finding 15) …
    await expectVisible(history.getByRole('cell', { name: `${user.email} signed up`, exact: true }));
    await expectHidden(history.getByRole('cell', { name: 'UserRegistered' }));
    // … and the raw event one click away, for auditors.
    await history.getByRole('button', { name: 'Raw event', exact: true }).last().click();
    await expectText(history.getByLabel('Raw event UserRegistered'), `"type": "UserRegistered"`);
    await history.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: `Actions for ${user.email}` }).click();
    await page.getByRole('menuitem', { name: 'Delete User' }).click();
    const confirm = page.getByRole('dialog');
    await expectVisible(
      confirm.getByText(
        "This permanently removes the user's subscriptions, saved searches and export history. This cannot be undone.",
        { exact: false },
      ),
    );
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await expectVisible(toast(page, 'User deleted successfully'));
    await expectVisible(page.getByText('No users found'));
  });

  test('bulk-approves three resumes, which recruiter search then finds', { timeout: 60_000 }, async () => {
    for (const firstName of ['Adaeze', 'Bartholomew', 'Cosima'])
      await submitResume(firstName, 'Quillfeather');
    await suite.app.caughtUp();

    const page = await consolePage('admin', '/resume-approval');
    await expectVisible(page.getByRole('tab', { name: 'Pending (3)' }));
    await expectVisible(page.getByText('0 selected of 3'));
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await expectVisible(page.getByText('3 selected of 3'));
    await screenshot(page, 'admin-resume-approval');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Approve Selected' }).click();
    await expectVisible(toast(page, 'Bulk approve successful'));
    await expectVisible(page.getByText('No pending submissions found.'));

    await page.getByRole('tab', { name: 'Approved' }).click();
    await expectVisible(page.getByRole('tab', { name: 'Approved (3)' }));
    await expectVisible(page.getByRole('cell', { name: /Cosima Quillfeather/ }));

    await suite.app.caughtUp();
    while ((await suite.app.request('/readyz')).status !== 200) await new Promise((r) => setTimeout(r, 50));
    const search = await suite.app.request('/api/v1/search', {
      method: 'POST',
      as: 'premium',
      json: { query: 'Quillfeather' },
    });
    const found = (await search.json()) as SearchResponse;
    expect(found.count).toBe(3);
  });

  test('lists open removal requests with their age, contact messages and the mail outbox', async () => {
    // A removal request is only recorded for an address HealthTal holds: put it in the directory.
    await importCandidates(suite.app, [
      candidate('removal-requester', { personalEmail: 'cosima.quillfeather@example.org' }),
    ]);
    const removal = await suite.app.request('/api/v1/removal-requests', {
      method: 'POST',
      ip: nextIp(),
      json: { email: 'cosima.quillfeather@example.org' },
    });
    expect(removal.status).toBeLessThan(300);
    const contact = await suite.app.request('/api/v1/contact-messages', {
      method: 'POST',
      ip: nextIp(),
      json: {
        name: 'Rosalind Vega',
        email: 'rosalind@example.org',
        phone: '555-010-4455',
        subject: 'Team pricing',
        message: 'Do you offer seats for a team of five recruiters?',
      },
    });
    expect(contact.status).toBe(201);
    await suite.app.caughtUp();

    // The list names the request, never the requester's address.
    const token = await suite.app.tokenFromMail('cosima.quillfeather@example.org', 'removal-confirmation');
    const page = await consolePage('admin', '/admin/removal-requests');
    const request = page
      .getByRole('row')
      .filter({ hasText: `#${removalIdOf(removalTokenHash(token)).slice(0, 8)}` });
    await expectVisible(request.getByText('open', { exact: true }));
    await expectVisible(request.getByText('today', { exact: true }));
    await expectHidden(page.getByText('cosima.quillfeather@example.org'));

    await page.getByRole('menuitem', { name: 'Contact messages' }).click();
    await page.getByRole('row').filter({ hasText: 'Team pricing' }).click();
    await expectVisible(page.getByText('Do you offer seats for a team of five recruiters?'));

    await page.getByRole('menuitem', { name: 'Mail outbox' }).click();
    const mail = page.getByRole('row').filter({ hasText: 'cosima.quillfeather@example.org' });
    await expectVisible(mail.getByText('removal-confirmation'));
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('lists every export with who made it, its rows and how it ended', async () => {
    await importCandidates(suite.app, [candidate('exported-one'), candidate('exported-two')]);
    await suite.app.caughtUp();
    const premium = await suite.app.as('premium');
    const exported = await suite.app.request('/api/v1/exports', {
      method: 'POST',
      as: premium,
      json: {
        candidateIds: [candidate('exported-one').candidateId, candidate('exported-two').candidateId],
        format: 'csv',
        fileName: 'icu-nurses',
      },
    });
    expect(exported.status).toBe(200);
    await exported.text();
    await suite.app.caughtUp();

    const page = await consolePage('admin', '/admin/');
    await page.getByRole('menuitem', { name: 'Exports' }).click();
    const row = page.getByRole('row').filter({ hasText: 'icu-nurses' });
    await expectVisible(row.getByText(premium.email));
    await expectVisible(row.getByText('2 of 2'));
    await expectVisible(row.getByText('completed'));
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('reports a bulk rejection that partly failed, with counts', { timeout: 60_000 }, async () => {
    const first = await submitResume('Dov', 'Ettinger');
    await submitResume('Ines', 'Ettinger');
    await suite.app.caughtUp();
    const page = await consolePage('admin', '/resume-approval');
    await page.getByRole('button', { name: 'Reject Selected' }).click();
    await expectVisible(toast(page, 'No Submissions Selected'));

    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await expectVisible(page.getByText('2 selected of 2'));
    // Another admin approves one of them meanwhile: approved is final, so rejecting it fails.
    const approved = await suite.app.request(`/api/admin/resume-submissions/${first}/approve`, {
      method: 'POST',
      as: 'admin',
      json: {},
    });
    expect(approved.status).toBe(200);
    await page.getByRole('button', { name: 'Reject Selected' }).click();
    // Reject Selected asks for a reason first (issue 37, finding 16).
    const confirm = page.getByRole('dialog', { name: ResumeMessages.bulkRejectTitle(2) });
    await confirm.getByLabel(ResumeMessages.rejectionReason).fill('Not a healthcare professional');
    await confirm.getByRole('button', { name: ResumeMessages.confirmReject }).click();
    const outcome = toast(page, 'Bulk reject partially failed');
    await expectVisible(outcome);
    await expectText(outcome, '1 rejected, 1 failed.');
    await page.getByRole('tab', { name: 'Rejected' }).click();
    await expectVisible(page.getByRole('cell', { name: /Ines Ettinger/ }));
    await expectVisible(page.getByRole('columnheader', { name: 'Processed At' }));
  });

  test('uploads a logo that the public site then shows', { timeout: 60_000 }, async () => {
    const page = await consolePage('admin', '/admin-settings');
    await expectVisible(page.getByRole('tab', { name: 'Visual Assets' }));
    const logo = page.getByRole('region', { name: 'Site Logo' });
    await logo
      .getByLabel('Upload Site Logo')
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: LOGO });
    await expectVisible(toast(page, 'Image uploaded successfully'));
    await expectVisible(logo.getByRole('img', { name: 'Site Logo preview' }));
    await screenshot(page, 'admin-settings');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await suite.app.caughtUp();
    const settings = (await (await suite.app.request('/api/v1/site-settings')).json()) as PublicSiteSettings;
    expect(settings.site_logo_url).toMatch(/\/api\/v1\/site-assets\/[0-9a-f]{64}\.svg$/);
    const image = await fetch(settings.site_logo_url!);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(Buffer.from(await image.arrayBuffer()).equals(LOGO)).toBe(true);

    await page.getByRole('tab', { name: 'SEO & Search' }).click();
    await page.getByRole('textbox', { name: 'SEO Title' }).fill('HealthTal: find healthcare professionals');
    await page.getByRole('button', { name: 'Save SEO Title' }).click();
    await expectVisible(toast(page, 'Setting saved'));
    await suite.app.caughtUp();
    const saved = (await (await suite.app.request('/api/v1/site-settings')).json()) as PublicSiteSettings;
    expect(saved.seo_title).toBe('HealthTal: find healthcare professionals');
  });

  test('filters the search error logs to the last hour', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await recordSearchFailure(
      suite.app.store,
      {
        errorMessage: 'statement timeout',
        errorType: 'timeout',
        responseTimeMs: 2417,
        userEmail: 'r@x.example',
      },
      { now: minutesAgo(10) },
    );
    await recordSearchFailure(
      suite.app.store,
      { errorMessage: 'connection reset', errorType: 'database_error', responseTimeMs: 120 },
      { now: minutesAgo(300) },
    );
    await suite.app.caughtUp();

    const page = await consolePage('admin', '/admin-logs');
    await expectVisible(page.getByRole('cell', { name: 'connection reset' }));
    await expectText(page.getByLabel('Total Errors'), 'Total Errors2');

    await page.getByRole('combobox', { name: 'Time Range' }).click();
    await page.getByRole('option', { name: 'Last hour' }).click();
    await expectHidden(page.getByRole('cell', { name: 'connection reset' }));
    await expectVisible(page.getByRole('cell', { name: 'statement timeout' }));
    await expectText(page.getByLabel('Total Errors'), 'Total Errors1');
    await expectVisible(page.getByRole('cell', { name: '2.4s' }));

    await page.getByRole('button', { name: 'View details' }).click();
    const details = page.getByRole('dialog', { name: 'Search error details' });
    await expectVisible(details.getByText('r@x.example'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await details.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Delete log' }).click();
    await expectVisible(toast(page, 'Log deleted'));
    await expectVisible(page.getByText('No error logs found for the selected filters.'));
  });

  test('the dashboard shows the queues, charts and read models, and survives a reload', async () => {
    // Something to chart: a subscriber, a few searches, and two professionals to reveal and export.
    await importCandidates(suite.app, [
      candidate('dashboard-1', { lastName: 'Okonkwo' }),
      candidate('dashboard-2', { lastName: 'Okonkwo' }),
    ]);
    await suite.app.as('basic');
    while ((await suite.app.request('/readyz')).status !== 200) await new Promise((r) => setTimeout(r, 50));
    for (const query of ['nurse', 'Quillfeather', 'therapist'])
      await suite.app.request('/api/v1/search', { method: 'POST', as: 'premium', json: { query } });
    const found = (await (
      await suite.app.request('/api/v1/search', { method: 'POST', as: 'premium', json: { query: 'Okonkwo' } })
    ).json()) as SearchResponse;
    for (const card of found.data.slice(0, 2))
      expect(
        (await suite.app.request(`/api/v1/candidates/${card.id}/reveal`, { method: 'POST', as: 'premium' }))
          .status,
      ).toBe(200);
    const exported = await suite.app.request('/api/v1/exports', {
      method: 'POST',
      as: 'premium',
      json: { search: { query: 'Okonkwo' } },
    });
    expect(exported.status).toBe(200);
    await exported.arrayBuffer();
    await suite.app.caughtUp();
    const page = await consolePage('admin', '/admin/');
    await expectVisible(page.getByRole('heading', { name: 'Dashboard' }));
    await expectVisible(page.getByRole('region', { name: 'Sign-ups and active subscriptions' }));
    // The session outlives a reload (the refresh cookie), and the dashboard loads again.
    await page.reload();
    const readModels = page.getByRole('region', { name: 'Projector lag' });
    await expectVisible(readModels.getByRole('row').filter({ hasText: 'users' }).getByText('caught up'));
    await expectText(page.getByLabel('Pending resumes'), 'Pending resumes0');
    await expectText(page.getByLabel('Search error rate'), '%');
    await expectVisible(
      page.getByRole('region', { name: 'Reveals and exports per day' }).locator('.recharts-bar-rectangle'),
    );
    await screenshot(page, 'admin-dashboard');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('refuses a non-admin: only Access Denied and Sign out in the console, 403 from the API', async () => {
    const page = await consolePage('premium', '/users');
    await expectVisible(page.getByRole('heading', { name: 'Access Denied' }));
    await expectVisible(page.getByText('You do not have permission to view this page.'));
    // No menu, no sidebar, no screens to guess at: the one thing to do is sign out.
    expect(await page.getByRole('menuitem').count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.getByRole('button').allTextContents()).toEqual(['Sign out']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectVisible(page.getByRole('button', { name: 'Sign in' }));
    expect((await suite.app.request('/api/admin/users', { as: 'premium' })).status).toBe(403);
    expect((await suite.app.request('/api/admin/dashboard', { as: 'premium' })).status).toBe(403);
  });

  test('shows a resume in full in a drawer, in Pacific time, approves it there, and ends toasts on leaving', {
    timeout: 60_000,
  }, async () => {
    const id = await submitResume('Henrietta', 'Lindqvist', {
      linkedinUrl: 'linkedin.com/in/henrietta-lindqvist',
      education: [{ school: 'Johns Hopkins University', degree: 'BSN' }],
      skills: ['ACLS', 'Telemetry'],
    });
    await suite.app.caughtUp();
    const submission = (await (
      await suite.app.request(`/api/admin/resume-submissions/${id}`, { as: 'admin' })
    ).json()) as ResumeSubmissionRow;
    const submitted = formatPacificTime(submission.submittedAt);
    expect(submitted).toMatch(/ PT$/);

    const page = await suite.page({ width: 1280, height: 900 });
    await signIn(suite, page, 'admin', '/resume-approval');
    const row = page.getByRole('row').filter({ hasText: 'Henrietta Lindqvist' });
    await expectVisible(row.getByText(spaced(submitted)));

    await row.getByRole('button', { name: 'Details of Henrietta Lindqvist' }).click();
    const drawer = page.getByRole('dialog', { name: 'Henrietta Lindqvist' });
    await expectVisible(drawer.getByText(formatPhoneForDisplay(submission.phone)!, { exact: true }));
    const linkedin = drawer.getByRole('link', { name: 'linkedin.com/in/henrietta-lindqvist' });
    expect(await linkedin.getAttribute('href')).toBe(submission.linkedinUrl);
    await expectVisible(drawer.getByText('BSN, Johns Hopkins University'));
    await expectVisible(drawer.getByText('ACLS', { exact: true }));
    await expectVisible(drawer.getByText('Telemetry', { exact: true }));
    await expectVisible(drawer.getByText('henrietta.lindqvist@example.org'));
    await expectVisible(drawer.getByText('Austin, Texas, United States'));
    await expectVisible(drawer.getByText(spaced(submitted)));
    await expectVisible(drawer.getByText('Not decided yet'));
    await screenshot(page, 'admin-resume-drawer');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await drawer.getByRole('button', { name: 'Approve Henrietta Lindqvist' }).click();
    await expectHidden(drawer);
    await expectVisible(toast(page, 'Resume approved'));
    await expectVisible(page.getByText('No pending submissions found.'));

    // Decided is final: its drawer says when, and offers no decision.
    await page.getByRole('tab', { name: 'Approved' }).click();
    await row.getByRole('button', { name: 'Details of Henrietta Lindqvist' }).click();
    await expectVisible(drawer.getByText(/^Approved .* PT$/));
    expect(await drawer.getByRole('button', { name: /Approve|Reject/ }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expectHidden(drawer);

    // A toast belongs to its screen: moving to another resource ends it. (Here rather than in a test
    // of its own: a sign-in more and the admin would pass the login rate limit, 10 in 15 minutes.)
    await page.getByRole('tab', { name: 'Pending' }).click();
    await page.getByRole('button', { name: 'Reject Selected' }).click();
    await expectVisible(toast(page, 'No Submissions Selected'));
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.waitForURL('**/admin/#/users**');
    // Well before the toast's own 5 seconds are up.
    await expectHidden(toast(page, 'No Submissions Selected'), 1500);
  });
});

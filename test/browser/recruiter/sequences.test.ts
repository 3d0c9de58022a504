import { type CreateListResponse, enrolResultText, SequenceViewMessages } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { PASSWORD, type SignedIn } from '@healthtal/testkit/harness';
import { recruiterWhoRevealed } from '@healthtal/testkit/sequences';
import { smtpAccounts } from '@healthtal/testkit/smtp-accounts';
import { parsedMail, startTestSmtpServer, type TestSmtpServer } from '@healthtal/testkit/smtp-server';
import { TestClock } from '@healthtal/testkit/test-clock';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectText, expectVisible, seriousAxeViolations, useBrowserApp } from '../support/browser';

/*
 * Issue 36, the recruiter's view of sequences: build one, enrol a list into it, and see its first
 * step reach a real SMTP server on loopback, the progress say so, and "Contacted by you" on the
 * candidate's card and row; then enrol a search selection (already enrolled) and remove a recipient.
 */

// The product's time runs from Monday 6 January 2031, 9:30 in New York: inside the send window of
// the New York nurses below, whenever the test runs.
const STARTED = Date.now();
const clock = new TestClock(() => Date.UTC(2031, 0, 6, 14, 30) + (Date.now() - STARTED));

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp?.stop());
const suite = useBrowserApp({
  app: 'web-recruiter',
  viewport: { width: 1440, height: 900 },
  clock,
  env: () => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'HealthTal Outreach <outreach@healthtal.test>',
    SEQUENCE_POLL_SECONDS: '0.5',
  }),
});

const nurse = (key: string, firstName: string) =>
  candidate(`sequences-${key}`, {
    firstName,
    lastName: 'Seqwright',
    specialty: 'Registered Nurse',
    title: 'ICU Nurse',
    city: 'Albany',
    state: 'NY',
    personalEmail: `${key}@clinicians.test`,
  });
const ADA = nurse('ada', 'Ada');
const BEN = nurse('ben', 'Ben');
// On the list, but the recruiter never revealed her email: enrolling skips her and says why.
const CY = nurse('cy', 'Cy');

let recruiter: SignedIn;
let listId: string;
beforeAll(async () => {
  const { app } = suite;
  await importCandidates(app, [ADA, BEN, CY]);
  recruiter = await recruiterWhoRevealed(app, [ADA.candidateId, BEN.candidateId], () =>
    smtpAccounts(app, smtp).signUp(),
  );
  const list = await app.request('/api/v1/lists', {
    method: 'POST',
    as: recruiter,
    json: { name: 'Albany ICU', candidateIds: [ADA, BEN, CY].map((c) => c.candidateId) },
  });
  expect(list.status).toBe(201);
  listId = ((await list.json()) as CreateListResponse).list.id;
  await app.caughtUp();
}, 120_000);

async function signInAt(page: Page, path: string) {
  await page.goto(`${suite.app.url}/login?return_to=${encodeURIComponent(path)}`);
  await page.getByLabel('Email').fill(recruiter.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === path);
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.envelope.to.includes(address));
const step = (page: Page, n: number) => page.getByRole('group', { name: `Step ${n}` });
const sequenceCard = (page: Page) => page.getByRole('article', { name: 'ICU nights' });

/** Every step the enrolment made due has been handed to SMTP, and the read models show it. */
async function stepsDelivered() {
  const delivery = suite.app.sequenceDelivery!;
  await delivery.dispatchDue();
  await expect.poll(() => delivery.pending(), { timeout: 30_000, interval: 200 }).toBe(0);
  await suite.app.caughtUp();
}

describe('sequences in the recruiter app', { timeout: 180_000 }, () => {
  test('build a sequence, enrol a list, see the step sent and “Contacted by you”', async () => {
    const page = await suite.page();
    await signInAt(page, '/search');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sequences' }).click();
    await page.waitForURL('**/sequences');
    await expectVisible(page.getByText(SequenceViewMessages.noSequences));
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'New sequence' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('ICU nights');
    await step(page, 1).getByRole('textbox', { name: 'Subject' }).fill('Nights in Albany, {{first_name}}?');
    await step(page, 1)
      .getByRole('textbox', { name: 'Body' })
      .fill('Hi {{first_name}}, our ICU in {{location}} is hiring night nurses.');
    await page.getByRole('button', { name: 'Add a step' }).click();
    await step(page, 2).getByRole('spinbutton', { name: /Wait/ }).fill('2');
    await step(page, 2).getByRole('textbox', { name: 'Body' }).fill('Just following up, {{first_name}}.');
    // The server's field message, under the field it is about.
    await page.getByRole('button', { name: 'Save sequence' }).click();
    await expectVisible(step(page, 2).getByText('Subject is required.'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await step(page, 2).getByRole('textbox', { name: 'Subject' }).fill('Following up');
    await page.getByRole('button', { name: 'Save sequence' }).click();
    await page.waitForURL('**/sequences');
    await expectText(sequenceCard(page).getByRole('list', { name: 'Steps' }), 'Nights in Albany');
    await expectText(sequenceCard(page).getByRole('list', { name: 'Steps' }), '2 business days after step 1');

    // Enrol the list from its page: two enrolled, the one whose email was never revealed skipped.
    await page.goto(`${suite.app.url}/lists/${listId}`);
    await page.getByRole('button', { name: 'Add to sequence…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to sequence' });
    await dialog.getByRole('combobox', { name: 'Sequence' }).click();
    await page.getByRole('option', { name: 'ICU nights' }).click();
    await dialog.getByRole('button', { name: 'Enrol' }).click();
    const enrolled = enrolResultText('ICU nights', {
      enrolled: 2,
      alreadyEnrolled: 0,
      notRevealed: 1,
      noEmail: 0,
      optedOut: 0,
    });
    await expectText(dialog.getByRole('status'), enrolled);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The first step reaches the SMTP server, once per recipient, filled in for each.
    await stepsDelivered();
    await expect.poll(() => mailsTo(ADA.personalEmail!).length, { timeout: 30_000 }).toBe(1);
    expect(mailsTo(BEN.personalEmail!)).toHaveLength(1);
    expect(mailsTo(CY.personalEmail!)).toHaveLength(0);
    const mail = await parsedMail(mailsTo(ADA.personalEmail!)[0]!);
    expect(mail.subject).toBe('Nights in Albany, Ada?');
    expect(mail.replyTo?.value[0]?.address).toBe(recruiter.email);

    await dialog.getByRole('link', { name: 'See recipients' }).click();
    await page.waitForURL(`**/sequences/*`);
    await expectVisible(page.getByRole('heading', { name: 'ICU nights', level: 1 }));
    await expectText(page.getByLabel('Progress of ICU nights'), 'Sent2');
    const adaRow = page.getByRole('row', { name: 'Ada Seqwright' });
    await expectText(adaRow, 'Sent step 1 of 2; step 2 due');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // "Contacted by you" on the card, and as the row's mark in the table.
    await page.goto(`${suite.app.url}/search?query=Seqwright`);
    const card = page
      .getByRole('region', { name: 'Search results' })
      .getByRole('article', { name: 'Ada Seqwright' });
    await expectText(card, SequenceViewMessages.contactedByYou('Jan 6, 2031'));
    const cy = page
      .getByRole('region', { name: 'Search results' })
      .getByRole('article', { name: 'Cy Seqwright' });
    await expectVisible(cy);
    expect(await cy.textContent()).not.toContain('Contacted by you');
  });

  test('enrol a search selection, read why it was not enrolled again, remove a recipient', async () => {
    const page = await suite.page();
    await signInAt(page, '/search');
    await page.goto(`${suite.app.url}/search?query=Seqwright`);
    const results = page.getByRole('region', { name: 'Search results' });
    await results.getByRole('checkbox', { name: 'Select Ben Seqwright' }).check();
    await page
      .getByRole('group', { name: 'Actions' })
      .getByRole('button', { name: 'Add to Sequence', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add to sequence' });
    await dialog.getByRole('combobox', { name: 'Sequence' }).click();
    await page.getByRole('option', { name: 'ICU nights' }).click();
    await dialog.getByRole('button', { name: 'Enrol' }).click();
    await expectText(
      dialog.getByRole('status'),
      'Enrolled 0 recipients in “ICU nights”. 1 was already enrolled.',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await expectVisible(
      results.getByRole('img', { name: SequenceViewMessages.contactedByYou('Jan 6, 2031') }),
    );

    await page.goto(`${suite.app.url}/sequences`);
    await sequenceCard(page).getByRole('link', { name: 'Recipients of ICU nights' }).click();
    const benRow = page.getByRole('row', { name: 'Ben Seqwright' });
    await benRow.getByRole('button', { name: 'Remove Ben Seqwright from the sequence' }).click();
    await expectText(benRow, 'Removed after 1 of 2 sent');
    await expectText(page.getByLabel('Progress of ICU nights'), 'Removed1');

    await page.getByRole('button', { name: 'Pause ICU nights' }).click();
    await expectVisible(page.getByRole('button', { name: 'Resume ICU nights' }));
    await expectText(page.getByRole('status').filter({ hasText: 'is paused' }), 'is paused');
  });
});

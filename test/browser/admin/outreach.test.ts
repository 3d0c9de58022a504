import { randomUUID } from 'node:crypto';
import { streamName } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { testMetadata } from '@healthtal/testkit/harness';
import { oneStepSequence } from '@healthtal/testkit/sequences';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  expectHidden,
  expectText,
  expectVisible,
  seriousAxeViolations,
  signIn,
  useBrowserApp,
} from '../support/browser';

/*
 * Issue 36: the console's Outreach screen, from the side menu: each sender's sequence counts (sent,
 * waiting on the weekly contact cap) and the clinicians' global opt-outs (who, when, how).
 */
const suite = useBrowserApp({ app: 'web-admin', viewport: { width: 1440, height: 900 } });

// Far ahead: the scheduler finds nothing due, so these recipients stay as the events put them.
const LATER = '2099-01-05T15:00:00.000Z';
const OLIVE = candidate('outreach-olive', { firstName: 'Olive', lastName: 'Optout' });
const PERCY = candidate('outreach-percy', { firstName: 'Percy', lastName: 'Pageclick' });
const SENT_TO = candidate('outreach-sam', { firstName: 'Sam', lastName: 'Sentto' });
const WAITING = candidate('outreach-wes', { firstName: 'Wes', lastName: 'Waits' });

/** A recruiter with one sequence: one recipient sent step 1, one waiting on the contact cap. */
async function sender() {
  const { app } = suite;
  const recruiter = await app.signUp(`outreach-${randomUUID().slice(0, 8)}@harness.test`);
  await app.subscribe(recruiter, 'price_monthly');
  await app.caughtUp();
  const sequenceId = await oneStepSequence(app, recruiter, 'ICU');
  for (const [who, next] of [
    [SENT_TO, 'sent'],
    [WAITING, 'waiting'],
  ] as const) {
    const enrolmentId = randomUUID();
    const { candidateId } = who;
    await app.store.append(streamName('enrolment', enrolmentId), [
      {
        type: 'RecipientEnrolled',
        data: {
          enrolmentId,
          sequenceId,
          ownerId: recruiter.userId,
          candidateId,
          timeZone: 'America/New_York',
          firstDueAt: LATER,
        },
        metadata: testMetadata(),
      },
      next === 'sent'
        ? {
            type: 'SequenceStepSent',
            data: {
              enrolmentId,
              sequenceId,
              candidateId,
              step: 0,
              messageId: `<seq.${enrolmentId}.0@test>`,
              nextDueAt: null,
            },
            metadata: testMetadata(),
          }
        : {
            type: 'SequenceStepDeferred',
            data: { enrolmentId, step: 0, reason: 'contact-cap', until: LATER },
            metadata: testMetadata(),
          },
    ]);
  }
  return recruiter;
}

const optOut = (candidateId: string, via: 'one-click' | 'unsubscribe-page') =>
  suite.app.store.append(streamName('contact', candidateId), [
    { type: 'ClinicianOptedOut', data: { candidateId, via }, metadata: testMetadata() },
  ]);

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('the Outreach screen', { timeout: 90_000 }, () => {
  test('shows each sender’s sent and waiting-on-cap counts, and the global opt-outs with how they asked', async () => {
    await importCandidates(suite.app, [OLIVE, PERCY, SENT_TO, WAITING]);
    const recruiter = await sender();
    await optOut(OLIVE.candidateId, 'one-click');
    await optOut(PERCY.candidateId, 'unsubscribe-page');
    await suite.app.caughtUp();

    const page = await suite.page();
    await signIn(suite, page, 'admin', '/users');
    await page.getByRole('menuitem', { name: 'Outreach' }).click();
    await page.waitForURL('**/admin/#/outreach**');

    const senderRow = rowOf(page, recruiter.email);
    await expectVisible(senderRow);
    // Sequences, recipients, sent, waiting on cap.
    // Polled: the row can show before its cells are filled in.
    await expect
      .poll(() => senderRow.getByRole('cell').allTextContents(), { timeout: 15_000 })
      .toEqual([recruiter.email, '1', '2', '1', '1', expect.stringMatching(/PT$/)]);

    const optOuts = page.getByRole('region', { name: 'Global opt-outs' });
    await expectText(rowOf(page, 'Olive Optout'), 'One-click unsubscribe (mail client)');
    await expectVisible(rowOf(page, 'Olive Optout').getByText(/\d{1,2}:\d{2}\s[AP]M PT/));
    await expectText(rowOf(page, 'Percy Pageclick'), 'Unsubscribe page');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Narrowed to those who asked through the page.
    await optOuts.getByRole('combobox', { name: 'Asked through' }).click();
    await page.getByRole('option', { name: 'Unsubscribe page' }).click();
    await expectHidden(rowOf(page, 'Olive Optout'));
    await expectVisible(rowOf(page, 'Percy Pageclick'));
  });
});

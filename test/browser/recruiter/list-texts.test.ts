import { EMAIL_STATUS_LABELS, WorkspaceMessages } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  expectHidden,
  expectText,
  expectVisible,
  seriousAxeViolations,
  signIn,
  useBrowserApp,
} from '../support/browser';
import { expectCount } from './recruiter-support';

/*
 * Issue 37, finding 11: texts that contradict themselves or miscount, a picker that forgets its
 * choice, a label too pale to read and headings that skip a level.
 */
const suite = useBrowserApp({ app: 'web-recruiter' });

/** An unverified address checked a while ago, one known to bounce, and a nurse beside them. */
const UNVERIFIED = candidate('texts-unverified', {
  firstName: 'Uma',
  lastName: 'Unsure',
  specialty: 'Neurology',
  emailStatus: 'unknown',
  emailVerifiedAt: '2026-10-01T00:00:00.000Z',
});
const INVALID = candidate('texts-invalid', {
  firstName: 'Ivo',
  lastName: 'Bounce',
  specialty: 'Neurology',
  emailStatus: 'invalid',
});
const NURSE = candidate('texts-nurse', { firstName: 'Nia', lastName: 'Ward' });
/** 25 oncologists: one page of results, all of them selectable at once. */
const ONCOLOGISTS = Array.from({ length: 25 }, (_, i) =>
  candidate(`texts-onco-${i}`, { firstName: 'Otto', lastName: `Cell${i}`, specialty: 'Oncology' }),
);
beforeAll(() => importCandidates(suite.app, [UNVERIFIED, INVALID, NURSE, ...ONCOLOGISTS]));

async function createList(name: string, candidateIds: string[]): Promise<string> {
  const res = await suite.app.request('/api/v1/lists', {
    method: 'POST',
    as: 'premium',
    json: { name, candidateIds },
  });
  expect(res.status).toBe(201);
  await suite.app.caughtUp();
  return ((await res.json()) as { list: { id: string } }).list.id;
}

/** axe's heading-order rule (moderate, so seriousAxeViolations leaves it out); axe is injected by then. */
const headingOrderViolations = (page: Page) =>
  page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }
    ).axe;
    const result = (await axe.run(document, { runOnly: ['heading-order'] })) as {
      violations: { nodes: { target: string[] }[] }[];
    };
    return result.violations.flatMap((v) => v.nodes.map((node) => node.target.join(' ')));
  });

const MIXED = 'Mixed team';
let mixedListId: Promise<string> | undefined;
/** The list of the three above, made once for the tests that read it. */
const mixedList = () => {
  mixedListId ??= createList(
    MIXED,
    [UNVERIFIED, INVALID, NURSE].map((c) => c.candidateId),
  );
  return mixedListId;
};
/** The mixed list's page, its three cards shown. */
async function openMixedList(): Promise<Page> {
  const listId = await mixedList();
  const page = await suite.page();
  await signIn(suite, page, 'premium', `/lists/${listId}`);
  await expectCount(members(page), 3);
  return page;
}
const members = (page: Page) => page.getByRole('region', { name: 'List members' }).getByRole('article');

describe('list and card texts that agree with themselves', { timeout: 90_000 }, () => {
  test('a list card names one email status: never "Unverified email · email verified"', async () => {
    const listId = await mixedList();
    const page = await suite.page();
    await signIn(suite, page, 'premium', `/lists/${listId}`);
    const unverified = members(page).filter({ hasText: 'Uma Unsure' });
    await expectText(unverified, EMAIL_STATUS_LABELS.unknown);
    expect(await unverified.textContent()).not.toContain('email verified');
    await expectText(unverified, 'email checked');
  });

  test('lists count professionals, not physicians, whatever their profession', async () => {
    const listId = await mixedList();
    const page = await suite.page();
    await signIn(suite, page, 'premium', '/lists');
    const row = page.getByRole('row').filter({ hasText: MIXED });
    await expectText(row, WorkspaceMessages.memberCount(3));
    expect(await row.textContent()).not.toContain('physician');
    await page.goto(`${suite.app.url}/lists/${listId}`);
    await expectCount(members(page), 3);
    await expectText(page.getByText(/professionals$/), '3 professionals');
  });

  test('the orange "Email invalid" label reads at 4.5:1 or more (axe: no serious violation)', async () => {
    const page = await openMixedList();
    await expectVisible(
      members(page).filter({ hasText: 'Ivo Bounce' }).getByText(EMAIL_STATUS_LABELS.invalid),
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('candidate names are headings one level under the page’s (axe heading-order)', async () => {
    const page = await openMixedList();
    await expectVisible(members(page).getByRole('heading', { name: 'Uma Unsure', level: 2 }));
    await seriousAxeViolations(page); // injects axe
    expect(await headingOrderViolations(page)).toEqual([]);
  });

  test('Payment Successful welcomes the subscriber in plain words', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'premium', '/account');
    await page.goto(`${suite.app.url}/success?session_id=cs_test_texts`);
    await expectVisible(page.getByText('Your subscription is active'), 10_000);
    const text = (await page.getByText('Your subscription is active').textContent()) ?? '';
    expect(text).not.toContain('aboard');
    expect(text).toMatch(/^Welcome( to [^.]+)?\. Your subscription is active\.$/);
  });

  test('Add 25 to a list holding 4 of them says 21 were added and 4 were already on the list', async () => {
    await createList(
      'Onco',
      ONCOLOGISTS.slice(0, 4).map((c) => c.candidateId),
    );
    const page = await suite.page();
    await signIn(suite, page, 'premium', '/search?specialty=Oncology');
    const results = page.getByRole('region', { name: 'Search results' }).getByRole('article');
    await expectCount(results, 25);
    for (let i = 0; i < 25; i++) await results.nth(i).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add to List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to List' });
    await dialog.getByRole('radio', { name: 'Existing list' }).check();
    await dialog.getByRole('combobox', { name: 'List' }).click();
    await page.getByRole('option', { name: 'Onco (4)' }).click();
    await expectHidden(page.getByRole('listbox'));
    await dialog.getByRole('button', { name: 'Add 25 to List' }).click();
    await expectText(
      page.getByRole('status').filter({ hasText: 'Success!' }),
      WorkspaceMessages.added(21, 'Onco', 4),
    );
    expect(WorkspaceMessages.added(21, 'Onco', 4)).toBe(
      'Success! Added 21 candidates to Onco; 4 were already on the list.',
    );
  });

  test('the Send Email template picker shows the name of the template chosen', async () => {
    const saved = await suite.app.request('/api/v1/email/templates', {
      method: 'POST',
      as: 'premium',
      json: {
        jobTitle: 'Tumor Board Lead',
        subject: 'A role for {{first_name}}',
        body: 'Hi {{first_name}},',
      },
    });
    expect(saved.status).toBe(201);
    const page = await suite.page();
    await signIn(suite, page, 'premium', '/search?specialty=Oncology');
    const results = page.getByRole('region', { name: 'Search results' }).getByRole('article');
    await expectCount(results, 25);
    await results.nth(0).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Send Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email' });
    const picker = dialog.getByRole('combobox', { name: 'Use a saved template' });
    await expectVisible(picker);
    // The dialog re-renders once the cached emails are read; let that pass before opening the menu.
    await page.waitForTimeout(500);
    await picker.click();
    await page.getByRole('option', { name: 'Tumor Board Lead' }).click();
    await expectHidden(page.getByRole('listbox'));
    expect(await dialog.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe(
      'A role for {{first_name}}',
    );
    await expectText(picker, 'Tumor Board Lead');
  });
});

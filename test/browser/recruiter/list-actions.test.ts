import { EXPORT_FORMAT_LABELS, ExportMessages } from '@healthtal/contracts';
import { candidate } from '@healthtal/testkit/directory-fixture';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  expectHidden,
  expectText,
  expectVisible,
  seriousAxeViolations,
  signIn,
  useBrowserApp,
} from '../support/browser';
import { downloadedPdf, expectCount, seedDirectory } from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

const SLUGS = ['cardio-10', 'cardio-11', 'cardio-12'];

describe('a list’s Send Email and PDF (issue 37, findings 4 and 5)', () => {
  test('Send Email to the whole list or to the selected, and the list as PDF candidate sheets', async () => {
    const created = await suite.app.request('/api/v1/lists', {
      method: 'POST',
      as: 'premium',
      json: { name: 'Heart shortlist', candidateIds: SLUGS.map((slug) => candidate(slug).candidateId) },
    });
    expect(created.status).toBe(201);
    await suite.app.caughtUp();
    const listId = ((await created.json()) as { list: { id: string } }).list.id;

    const page = await suite.page();
    await signIn(suite, page, 'premium', `/lists/${listId}`);
    const members = page.getByRole('region', { name: 'List members' }).getByRole('article');
    await expectCount(members, 3);

    // Nothing selected: the whole list.
    await page.getByRole('button', { name: 'Send Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email' });
    await dialog.getByRole('button', { name: 'Reveal 3 emails' }).click();
    for (const slug of SLUGS) await expectText(dialog.getByLabel('Recipients'), `${slug}@mail.example`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expectHidden(dialog);

    // One selected: that one (their email is already revealed).
    await members.first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Send Email to 1' }).click();
    await expectText(dialog.getByLabel('Recipients'), 'To: cardio-10@mail.example');
    expect(await dialog.getByLabel('Recipients').textContent()).not.toContain('cardio-11');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expectHidden(dialog);
    await members.first().getByRole('checkbox').uncheck();
    await expectVisible(page.getByText('0 selected'));

    // The list as PDF: a sheet per member, named after the list.
    await page.getByRole('combobox', { name: 'Format' }).selectOption({ label: EXPORT_FORMAT_LABELS.pdf });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const sheets = await downloadedPdf(page, () =>
      page.getByRole('button', { name: ExportMessages.guaranteeConfirm }).click(),
    );
    expect(sheets.name).toBe('Heart shortlist.pdf');
    expect(sheets.pages).toHaveLength(3);
    expect(sheets.pages.map((text) => /Casey Heart\d\d/.exec(text)?.[0])).toEqual([
      'Casey Heart10',
      'Casey Heart11',
      'Casey Heart12',
    ]);
    await expectVisible(page.getByRole('status').filter({ hasText: 'Exported 3 candidates.' }));
  });
});

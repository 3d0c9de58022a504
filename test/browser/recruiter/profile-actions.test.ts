import { DEMO_DISABLED_TOOLTIP, ExportMessages } from '@healthtal/contracts';
import { candidate } from '@healthtal/testkit/directory-fixture';
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
import { downloadedPdf, seedDirectory } from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

const profileOf = (slug: string) => `/physician/${candidate(slug).candidateId}`;
const actions = (page: Page) => page.getByRole('group', { name: 'Profile actions' });

describe('a profile’s actions (issue 37, findings 4 and 5)', () => {
  test('Add to List, Email this one candidate, and Export PDF: a candidate sheet', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'premium', profileOf('cardio-05'));
    await expectVisible(page.getByRole('heading', { name: 'Casey Heart05' }));

    await actions(page).getByRole('button', { name: 'Add to List' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add to List' });
    await addDialog.getByRole('textbox', { name: 'List name' }).fill('For Dr. Hale');
    await addDialog.getByRole('button', { name: 'Add 1 to List' }).click();
    await expectText(
      page.getByRole('status').filter({ hasText: 'Success!' }),
      'Added 1 candidate to For Dr. Hale',
    );

    await actions(page).getByRole('button', { name: 'Email' }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Send Email' });
    await emailDialog.getByRole('button', { name: 'Reveal 1 email' }).click();
    await expectText(emailDialog.getByLabel('Recipients'), 'cardio-05@mail.example');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await emailDialog.getByRole('button', { name: 'Close' }).click();
    await expectHidden(emailDialog);

    // The first export inside the money-back window asks first, as every export does.
    const exportPdf = actions(page).getByRole('button', { name: 'Export PDF' });
    await exportPdf.click();
    const guarantee = page.getByRole('dialog', { name: ExportMessages.guaranteeTitle });
    const sheet = await downloadedPdf(page, () =>
      guarantee.getByRole('button', { name: ExportMessages.guaranteeConfirm }).click(),
    );
    expect(sheet.name).toBe('Casey Heart05.pdf');
    expect(sheet.pages).toHaveLength(1);
    for (const field of ['Casey Heart05', 'Cardiologist · Cardiology', 'Echocardiography', 'Austin'])
      expect(sheet.pages[0]).toContain(field);
    await expectVisible(page.getByRole('status').filter({ hasText: 'Exported 1 candidate.' }));
  });

  test('on Monthly, Export PDF is off and says it comes with Annual; a demo account gets none of the actions', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', profileOf('cardio-06'));
    await expectVisible(actions(page).getByRole('button', { name: 'Add to List' }));
    expect(await actions(page).getByRole('button', { name: 'Add to List' }).isEnabled()).toBe(true);
    expect(await actions(page).getByRole('button', { name: 'Export PDF' }).isDisabled()).toBe(true);
    await actions(page).getByRole('button', { name: 'Export PDF' }).locator('..').hover();
    await expectText(page.getByRole('tooltip'), 'Select All and export come with the Annual plan.');

    const demo = await suite.page();
    await signIn(suite, demo, 'demo', profileOf('cardio-06'));
    await expectVisible(actions(demo).getByRole('button', { name: 'Email' }));
    for (const name of ['Add to List', 'Email', 'Export PDF'])
      expect(await actions(demo).getByRole('button', { name }).isDisabled()).toBe(true);
    await actions(demo).getByRole('button', { name: 'Email' }).locator('..').hover();
    await expectText(demo.getByRole('tooltip'), DEMO_DISABLED_TOOLTIP);
  });
});

import { readFile } from 'node:fs/promises';
import { ResumeFileLimits, ResumeFileMessages } from '@healthtal/contracts';
import { resumePdf, windowsExecutable } from '@healthtal/testkit/resume-files';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { field } from '../recruiter/public-support';
import {
  expectHidden,
  expectText,
  expectVisible,
  seriousAxeViolations,
  signIn,
  useBrowserApp,
} from '../support/browser';

/*
 * Issue 37, finding 17: a professional attaches their resume as a file on the public form (a PDF or
 * DOCX of at most 5 MB, its type told by its bytes), and the admin sees it in the review drawer and
 * downloads it. The public page and the console are served by the same product.
 */
const suite = useBrowserApp({ app: 'web-admin', viewport: { width: 1280, height: 900 } });

const fileInput = (page: Page) => page.getByLabel(/Attach resume file|Replace resume file/);
const fileError = (page: Page) => page.getByRole('alert').filter({ hasText: /file/i });

async function fillTheForm(page: Page) {
  await field(page, 'First name').fill('Beatrix');
  await field(page, 'Last name').fill('Quennell');
  await field(page, 'Physician title').fill('Nurse Anesthetist');
  await field(page, 'Company name').fill('Providence St. Vincent');
  await field(page, 'Email').fill('beatrix.quennell@mail.example');
  await field(page, 'Phone').fill('(503) 555-0178');
  await field(page, 'City').fill('Portland');
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Oregon' }).click();
  await page.getByRole('combobox', { name: 'Specialty' }).click();
  await page.getByRole('option', { name: 'Anesthesiology' }).click();
}

describe('resume files', { timeout: 120_000 }, () => {
  test('a professional attaches a PDF (a wrong or oversized file is refused on the spot) and the admin downloads it', async () => {
    const pdf = await resumePdf('Beatrix Quennell');
    const page = await suite.page();
    await page.goto(`${suite.app.url}/submit-resume`);
    // The page says what it takes and how much.
    await expectVisible(page.getByText(ResumeFileMessages.hint));
    expect(ResumeFileMessages.hint).toContain('5 MB');

    // A program renamed resume.pdf: its bytes say what it is.
    await fileInput(page).setInputFiles({
      name: 'resume.pdf',
      mimeType: 'application/pdf',
      buffer: windowsExecutable(),
    });
    await expectText(fileError(page), ResumeFileMessages.wrongType);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Over the limit: refused before anything is sent.
    const oversized = Buffer.concat([pdf, Buffer.alloc(ResumeFileLimits.maxBytes, 0x20)]);
    await fileInput(page).setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: oversized });
    await expectText(fileError(page), ResumeFileMessages.tooLarge);

    await fileInput(page).setInputFiles({
      name: 'Beatrix Quennell CV.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expectText(page.getByTestId('resume-file-chosen'), 'Beatrix Quennell CV.pdf');
    await expectHidden(fileError(page));
    expect(await seriousAxeViolations(page)).toEqual([]);

    await fillTheForm(page);
    await page.getByRole('button', { name: 'Submit Resume' }).click();
    await page.waitForURL('**/resume-submitted');
    await expectVisible(page.getByRole('heading', { name: 'Resume submitted' }));

    // The admin's review drawer names the file and downloads the very bytes that were attached.
    await suite.app.caughtUp();
    const admin = await suite.page();
    await signIn(suite, admin, 'admin', '/resume-approval');
    const row = admin.getByRole('row').filter({ hasText: 'Beatrix Quennell' });
    await row.getByRole('button', { name: 'Details of Beatrix Quennell' }).click();
    const drawer = admin.getByRole('dialog', { name: 'Beatrix Quennell' });
    await expectVisible(drawer.getByText('Beatrix Quennell CV.pdf', { exact: true }));
    await expectVisible(drawer.getByText(/^PDF · \d+ KB$/));
    expect(await seriousAxeViolations(admin)).toEqual([]);

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      drawer.getByRole('button', { name: 'Download Beatrix Quennell CV.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Beatrix Quennell CV.pdf');
    const saved = await readFile(await download.path());
    expect(saved.equals(pdf)).toBe(true);
  });

  test('a resume without a file says so in the drawer', async () => {
    const page = await suite.page();
    await page.goto(`${suite.app.url}/submit-resume`);
    await fillTheForm(page);
    await field(page, 'First name').fill('Cosimo');
    await field(page, 'Last name').fill('Ashdown');
    await field(page, 'Email').fill('cosimo.ashdown@mail.example');
    await field(page, 'Phone').fill('(503) 555-0179');
    await page.getByRole('button', { name: 'Submit Resume' }).click();
    await page.waitForURL('**/resume-submitted');

    await suite.app.caughtUp();
    const admin = await suite.page();
    await signIn(suite, admin, 'admin', '/resume-approval');
    const row = admin.getByRole('row').filter({ hasText: 'Cosimo Ashdown' });
    await row.getByRole('button', { name: 'Details of Cosimo Ashdown' }).click();
    const drawer = admin.getByRole('dialog', { name: 'Cosimo Ashdown' });
    await expectVisible(drawer.getByText(ResumeFileMessages.none));
  });
});

import { readFile } from 'node:fs/promises';
import { ExportMessages, SearchLimits } from '@healthtal/contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectText, expectVisible, seriousAxeViolations, signIn, useBrowserApp } from '../support/browser';
import { CARDIOLOGISTS, expectCount, resultCount, seedDirectory } from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

async function selectPageOfCardiologists(page: Page) {
  await expectText(resultCount(page), `${CARDIOLOGISTS} results`);
  await page.getByRole('button', { name: 'Select Page' }).click();
  await expectText(page.getByRole('toolbar', { name: 'Results' }), '25 selected');
}

async function chooseFormat(page: Page, label: 'CSV' | 'Excel (.xlsx)') {
  await page
    .getByRole('group', { name: 'Actions' })
    .getByRole('combobox', { name: 'Format' })
    .selectOption({ label });
}

const guarantee = (page: Page) => page.getByRole('dialog', { name: ExportMessages.guaranteeTitle });

describe('exports', () => {
  test('inside the money-back window the first export asks first; Excel downloads a valid xlsx', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'premium', '/search?specialty=Cardiology&state=TX');
    await selectPageOfCardiologists(page);
    await chooseFormat(page, 'Excel (.xlsx)');
    const exportButton = page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Export' });

    // Keeping the guarantee downloads nothing.
    let downloads = 0;
    page.on('download', () => downloads++);
    await exportButton.click();
    await expectText(guarantee(page), 'ends the guarantee');
    await guarantee(page).getByRole('button', { name: ExportMessages.guaranteeCancel }).click();
    await expectCount(guarantee(page), 0);
    expect(downloads).toBe(0);

    await exportButton.click();
    const download = page.waitForEvent('download');
    await guarantee(page).getByRole('button', { name: ExportMessages.guaranteeConfirm }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(26);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('First name');
    const cells = JSON.stringify(sheet.getSheetValues());
    expect(cells.match(/cardio-\d\d@mail\.example/g)?.length).toBeGreaterThanOrEqual(25);

    // The guarantee is gone now: the next export (CSV) asks nothing.
    await chooseFormat(page, 'CSV');
    const csvDownload = page.waitForEvent('download');
    await exportButton.click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    expect(await guarantee(page).count()).toBe(0);
  });

  test('an admin, with no guarantee to lose, exports without a confirmation', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'admin', '/search?specialty=Cardiology&state=TX');
    await selectPageOfCardiologists(page);
    await chooseFormat(page, 'Excel (.xlsx)');
    const download = page.waitForEvent('download');
    await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    expect(await guarantee(page).count()).toBe(0);
    await expectVisible(page.getByRole('status').filter({ hasText: '25' }));
  });
});

describe('export of the whole search (issue 37, finding 5)', () => {
  test('with nothing selected, Export asks with the count and downloads the search, run by the server', async () => {
    const page = await suite.page();
    const { userId } = await suite.app.as('admin');
    await signIn(suite, page, 'admin', '/search?specialty=Cardiology&state=TX');
    await expectText(resultCount(page), `${CARDIOLOGISTS} results`);
    await chooseFormat(page, 'CSV');
    const exportButton = page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Export' });
    const question = page.getByRole('dialog', {
      name: ExportMessages.searchTitle(CARDIOLOGISTS, SearchLimits.selectAllCap),
    });

    // Cancel downloads nothing.
    let downloads = 0;
    page.on('download', () => downloads++);
    await exportButton.click();
    await expectText(question, ExportMessages.searchText(SearchLimits.selectAllCap));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await question.getByRole('button', { name: ExportMessages.searchCancel }).click();
    await expectCount(question, 0);
    expect(downloads).toBe(0);

    await exportButton.click();
    const download = page.waitForEvent('download');
    await question.getByRole('button', { name: ExportMessages.searchConfirm }).click();
    const file = await download;
    const rows = parse(await readFile((await file.path())!), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(rows).toHaveLength(CARDIOLOGISTS);
    expect(new Set(rows.map((row) => row.Specialty))).toEqual(new Set(['Cardiology']));
    await expectVisible(page.getByRole('status').filter({ hasText: `Exported ${CARDIOLOGISTS} candidates` }));
    // Logged and counted as any export: a search export, with the rows it set out to send.
    await expect
      .poll(async () => (await suite.app.store.readStream(`exports-${userId}`)).at(-1)?.data)
      .toMatchObject({ scope: 'search', rowsIntended: CARDIOLOGISTS, count: CARDIOLOGISTS });
  });
});

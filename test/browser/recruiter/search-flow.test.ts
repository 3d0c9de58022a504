import { readFile } from 'node:fs/promises';
import { ExportMessages } from '@healthtal/contracts';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectText, expectVisible, seriousAxeViolations, signIn, useBrowserApp } from '../support/browser';
import {
  CARDIOLOGISTS,
  expectCount,
  resultCount,
  screenshotAtRest,
  seedDirectory,
} from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

describe('a recruiter works through a search', () => {
  test('search with three filters, page 2, reload, reveal and copy, a new list, a saved search, an email template', async () => {
    const page = await suite.page({ clipboard: true });
    await signIn(suite, page, 'basic', '/search');

    // Three filters: a specialty from the counts, a state, a city tag.
    await page.getByRole('combobox', { name: 'Specialty' }).click();
    await page.getByRole('option', { name: /Cardiology/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'State' }).fill('Texas');
    await page.getByRole('option', { name: /^Texas \(TX\)/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'City' }).fill('  Austin ');
    await page.getByRole('combobox', { name: 'City' }).press('Enter');
    await expectText(resultCount(page), `${CARDIOLOGISTS} results`);
    expect(new URL(page.url()).search).toBe('?city=Austin&state=TX&specialty=Cardiology');

    const results = page.getByRole('region', { name: 'Search results' }).getByRole('article');
    const firstOnPage1 = await results.first().getByRole('heading').textContent();
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: 'Page 2' })
      .click();
    await page.waitForURL(/page=2/);
    await expectCount(results, CARDIOLOGISTS - 25);
    const firstOnPage2 = (await results.first().getByRole('heading').textContent())!;
    expect(firstOnPage2).toMatch(/^Casey Heart\d\d$/);
    expect(firstOnPage2).not.toBe(firstOnPage1);

    // The URL is the source of truth: a reload shows the same filters and page.
    await page.reload();
    await expectText(resultCount(page), `${CARDIOLOGISTS} results`);
    await expectText(results.first().getByRole('heading'), firstOnPage2);
    await expectVisible(
      page
        .getByRole('group', { name: 'Applied filters' })
        .getByRole('button', { name: 'Remove State: Texas' }),
    );
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    // Reveal, then copy: the second click puts the email on the clipboard and says Copied.
    const email = `cardio-${firstOnPage2.slice(-2)}@mail.example`;
    const first = results.first();
    await first.getByRole('button', { name: 'View Email' }).click();
    await first.getByRole('button', { name: email }).click();
    await expectVisible(first.getByRole('button', { name: 'Copied' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(email);
    await expectVisible(first.getByRole('button', { name: email }), 4000);

    // Two candidates onto a new list.
    await results.nth(0).getByRole('checkbox').check();
    await results.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add to List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to List' });
    await dialog.getByRole('textbox', { name: 'List name' }).fill('Austin cardiology shortlist');
    await dialog.getByRole('button', { name: 'Add 2 to List' }).click();
    await expectText(
      page.getByRole('status').filter({ hasText: 'Success!' }),
      'Added 2 candidates to Austin cardiology shortlist',
    );

    // Save the search; it comes back from the sheet onto a cleared search.
    await page.getByRole('button', { name: 'Save Search' }).click();
    const save = page.getByRole('dialog', { name: 'Save Search' });
    await save.getByRole('textbox', { name: 'Search name' }).fill('Austin cardiologists');
    await save.getByRole('button', { name: 'Save' }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'Search saved' }), 'Search saved');
    await page.goto(`${suite.app.url}/search`);
    await expectText(resultCount(page), '65 results');
    await page.getByRole('button', { name: 'Saved Searches' }).click();
    const saved = page.getByRole('article', { name: 'Austin cardiologists' });
    await expectVisible(saved.getByText('Cardiology'));
    await saved.getByRole('button', { name: 'Apply Search' }).click();
    await page.waitForURL(/specialty=Cardiology/);
    await expectText(resultCount(page), `${CARDIOLOGISTS} results`);
    expect(new URL(page.url()).search).toBe('?city=Austin&state=TX&specialty=Cardiology');

    // Open the list.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lists' }).click();
    await page.getByRole('link', { name: 'View Austin cardiology shortlist' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Austin cardiology shortlist' }));
    const members = page.getByRole('region', { name: 'List members' }).getByRole('article');
    await expectCount(members, 2);

    // Generate an email and keep it as a template.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Email' }).click();
    const generate = page.getByRole('button', { name: 'Generate AI Email' });
    expect(await generate.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Job Title' }).fill('Interventional Cardiologist');
    await page
      .getByRole('textbox', { name: 'Job Description' })
      .fill('Join our Austin heart center: cath lab, full-time.');
    await generate.click();
    const subject = page.getByRole('textbox', { name: 'Subject Line' });
    await expectVisible(subject);
    expect((await subject.inputValue()).length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Save “Interventional Cardiologist” as Template' }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'Template Saved' }), 'Template Saved');
    await expectVisible(page.getByRole('article', { name: 'Interventional Cardiologist' }));
  });

  test('a premium subscriber selects a page of results and exports it', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'premium', '/search?specialty=Cardiology&state=TX');
    await expectText(resultCount(page), `${CARDIOLOGISTS} results`);
    await page.getByRole('button', { name: 'Select Page' }).click();
    await expectText(page.getByRole('toolbar', { name: 'Results' }), '25 selected');
    await page.getByRole('button', { name: 'Export' }).click();
    // An Annual subscriber inside the money-back window is told the export ends the guarantee.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: ExportMessages.guaranteeConfirm }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.trim().split('\n')).toHaveLength(26);
    expect(csv.match(/cardio-\d\d@mail\.example/g)?.length).toBeGreaterThanOrEqual(25);
  });

  test('the Results and Selected tabs follow the keyboard: arrows move between them, Enter chooses', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?specialty=Cardiology');
    await expectText(resultCount(page), `${CARDIOLOGISTS} results`);
    const results = page.getByRole('region', { name: 'Search results' }).getByRole('article');
    const picked = await results.nth(1).getByRole('heading').textContent();
    await results.nth(1).getByRole('checkbox').check();
    const tabs = page.getByRole('tablist', { name: 'Views' });
    await expect.poll(() => tabs.getByRole('tab', { selected: true }).textContent()).toBe('Results');
    // One tab stop for the list: the chosen tab; the arrows and Home/End move focus, wrapping round.
    expect(await tabs.getByRole('tab', { name: 'Selected (1)' }).getAttribute('tabindex')).toBe('-1');
    await tabs.getByRole('tab', { name: 'Results' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Selected (1)');
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.waitForURL(/tab=selected/);
    const selected = page.getByRole('region', { name: 'Selected candidates' }).getByRole('article');
    await expectCount(selected, 1);
    expect(await selected.getByRole('heading').textContent()).toBe(picked);
    expect(await tabs.getByRole('tab', { selected: true }).textContent()).toBe('Selected (1)');
  });

  test('the search page has no serious accessibility violations', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?specialty=Cardiology');
    await expectText(resultCount(page), `${CARDIOLOGISTS} results`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotAtRest(page, 'search');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectVisible(page.getByRole('button', { name: 'Search Filters' }));
    await screenshotAtRest(page, 'search-mobile');
  });
});

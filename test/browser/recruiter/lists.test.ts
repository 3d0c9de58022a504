import { readFile } from 'node:fs/promises';
import { ExportMessages } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectText, expectVisible, signIn, useBrowserApp } from '../support/browser';
import { expectCount, screenshotAtRest, seedDirectory } from './recruiter-support';

const two = (i: number) => String(i).padStart(2, '0');
const cardiologists = (n: number) =>
  Array.from({ length: n }, (_, i) => candidate(`cardio-${two(i)}`).candidateId);

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

async function createList(name: string, candidateIds: string[]): Promise<string> {
  const res = await suite.app.request('/api/v1/lists', {
    method: 'POST',
    as: 'premium',
    json: { name, description: 'Texas heart programs', ...(candidateIds.length ? { candidateIds } : {}) },
  });
  expect(res.status).toBe(201);
  await suite.app.caughtUp();
  return ((await res.json()) as { list: { id: string } }).list.id;
}

describe('lists', () => {
  test('My Lists, then one list: search within, select all, export, remove', async () => {
    const listId = await createList('Heart team', cardiologists(30));
    const page = await suite.page();
    await signIn(suite, page, 'premium', '/lists');
    const row = page.getByRole('row').filter({ hasText: 'Heart team' });
    await expectText(row, '30 professionals');
    await row.getByRole('link', { name: 'View Heart team' }).click();
    await page.waitForURL(`**/lists/${listId}`);
    const members = page.getByRole('region', { name: 'List members' }).getByRole('article');
    await expectCount(members, 25);
    await screenshotAtRest(page, 'lists');

    await page.getByRole('searchbox', { name: 'Search this list' }).fill('Heart05');
    await expectCount(members, 1);
    await page.getByRole('searchbox', { name: 'Search this list' }).fill('');
    await expectCount(members, 25);

    await page.getByRole('button', { name: 'Remove from list' }).click();
    await expectText(
      page.getByRole('status').filter({ hasText: 'Selection Required' }),
      'select at least one',
    );

    await page.getByRole('checkbox', { name: 'Select all' }).click();
    await expectVisible(page.getByText('30 selected'));
    await page.getByRole('button', { name: 'Export 30' }).click();
    // An Annual subscriber inside the money-back window is told the export ends the guarantee.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: ExportMessages.guaranteeConfirm }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    expect(csv.trim().split('\n')).toHaveLength(31);

    await page.getByRole('checkbox', { name: 'Select all' }).click();
    await expectVisible(page.getByText('0 selected'));
    await members.first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Remove from list' }).click();
    await expectText(
      page.getByRole('status').filter({ hasText: 'Removed' }),
      'Removed 1 healthcare worker from the list.',
    );
    await expectText(page.getByText(/professionals$/), '29 professionals');
  });

  test('an empty list leads back to search', async () => {
    const listId = await createList('Empty for now', []);
    const page = await suite.page();
    await signIn(suite, page, 'premium', `/lists/${listId}`);
    await page.getByRole('link', { name: 'Go to Search' }).click();
    await page.waitForURL((url) => url.pathname === '/search');
  });

  test('the Saved Lists and Saved Searches sheets: view, delete, and the new-candidate badge', async () => {
    await createList('Sheet list', cardiologists(2));
    const saved = await suite.app.request('/api/v1/saved-searches', {
      method: 'POST',
      as: 'premium',
      json: { name: 'Cardiology watch', searchParams: { specialty: ['Cardiology'], city: ['Austin'] } },
    });
    expect(saved.status).toBe(201);
    await suite.app.caughtUp();
    // Three cardiologists join the directory after the search was saved.
    await importCandidates(
      suite.app,
      [1, 2, 3].map((i) =>
        candidate(`late-${i}`, { specialty: 'Cardiology', city: 'Austin', lastName: `Late${i}` }),
      ),
    );

    const page = await suite.page();
    await signIn(suite, page, 'premium', '/search');
    await page.getByRole('button', { name: 'Saved Lists' }).click();
    const list = page.getByRole('article', { name: 'Sheet list' });
    await expectText(list, '2 professionals');
    await expectText(list, 'Texas heart programs');
    await list.getByRole('button', { name: 'Delete Sheet list' }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'List deleted' }), 'List deleted');
    await expectCount(page.getByRole('article', { name: 'Sheet list' }), 0);
    await page.getByRole('button', { name: 'Close Saved Lists' }).click();

    await page.getByRole('button', { name: 'Saved Searches' }).click();
    const search = page.getByRole('article', { name: 'Cardiology watch' });
    await expectText(search, '3 new since');
    await expectText(search, 'Austin');
    await search.getByRole('button', { name: 'Delete Cardiology watch' }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'Search deleted' }), 'Search deleted');
    await expectCount(page.getByRole('article', { name: 'Cardiology watch' }), 0);
  });

  test('Add to List into an existing list: the option is there once lists exist, the first is preselected', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?specialty=Pediatrics');
    const results = page.getByRole('region', { name: 'Search results' }).getByRole('article');
    await expectCount(results, 10);
    await results.nth(0).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add to List' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add to List' });
    // No lists yet: only a new one can be made, and not without a name.
    expect(await dialog.getByRole('radio', { name: 'Existing list' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Add 1 to List' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'List name' }).fill('Peds');
    await dialog.getByRole('button', { name: 'Add 1 to List' }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'Success!' }), 'Added 1 candidate to Peds');

    await results.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add to List' }).click();
    dialog = page.getByRole('dialog', { name: 'Add to List' });
    await dialog.getByRole('radio', { name: 'Existing list' }).check();
    await expectText(dialog.getByRole('combobox', { name: 'List' }), 'Peds (1)');
    await dialog.getByRole('button', { name: 'Add 2 to List' }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'Success!' }), 'Added 1 candidate to Peds');
  });
});

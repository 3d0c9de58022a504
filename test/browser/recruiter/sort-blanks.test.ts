import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectText, signIn, useBrowserApp } from '../support/browser';
import { expectCount, resultCount } from './recruiter-support';

/*
 * Issue 37, finding 13: a descending location sort opened on hundreds of rows without a place. Rows
 * without a value now come last in both directions, for every sort.
 */
const suite = useBrowserApp({ app: 'web-recruiter' });
const nowhere = {
  city: null,
  state: null,
  location: null,
  officeCity: null,
  officeState: null,
  officeZip: null,
};
beforeAll(() =>
  importCandidates(suite.app, [
    candidate('onco-blank-1', { firstName: 'Blank', lastName: 'One', specialty: 'Oncology', ...nowhere }),
    candidate('onco-austin', {
      firstName: 'Ana',
      lastName: 'Austin',
      specialty: 'Oncology',
      city: 'Austin',
      state: 'TX',
    }),
    candidate('onco-blank-2', { firstName: 'Blank', lastName: 'Two', specialty: 'Oncology', ...nowhere }),
    candidate('onco-albany', {
      firstName: 'Al',
      lastName: 'Albany',
      specialty: 'Oncology',
      city: 'Albany',
      state: 'NY',
    }),
    candidate('onco-dallas', {
      firstName: 'Dee',
      lastName: 'Dallas',
      specialty: 'Oncology',
      city: 'Dallas',
      state: 'TX',
    }),
  ]),
);

describe('sorting', () => {
  test('a descending location sort opens on places, and the rows without one come last', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?specialty=Oncology&sortKey=location&sortDirection=desc');
    await expectText(resultCount(page), '5 results');
    const names = page
      .getByRole('region', { name: 'Search results' })
      .getByRole('article')
      .getByRole('heading');
    await expectCount(names, 5);
    await expect
      .poll(async () => (await names.allTextContents()).map((name) => name.trim()))
      .toEqual(['Dee Dallas', 'Ana Austin', 'Al Albany', 'Blank One', 'Blank Two']);

    await page.goto(`${suite.app.url}/search?specialty=Oncology&sortKey=location`);
    await expect
      .poll(async () => (await names.allTextContents()).map((name) => name.trim()))
      .toEqual(['Al Albany', 'Ana Austin', 'Dee Dallas', 'Blank One', 'Blank Two']);
  });
});

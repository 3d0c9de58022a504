import { beforeAll, describe, expect, test } from 'vitest';
import { KEYWORDS_HELP } from '../../../web-recruiter/src/directory/search/search-screen';
import { expectText, expectVisible, signIn, useBrowserApp } from '../support/browser';
import { resultCount, seedDirectory } from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

describe('boolean Keywords on the search screen', () => {
  test('say what they take, show a syntax error with its position under the field, and search once fixed', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search');
    await expectText(resultCount(page), '65 results');
    const form = page.getByRole('form', { name: 'Keyword search' });
    await expectVisible(form.getByText(KEYWORDS_HELP));
    const keywords = form.getByRole('textbox', { name: 'Keywords' });

    // Half typed: a pause in typing says what is missing, and does not search.
    await keywords.fill('cardiology OR');
    await expectVisible(
      form.getByRole('alert').filter({ hasText: 'Expected a word after OR at position 11.' }),
    );
    expect(new URL(page.url()).searchParams.get('query')).toBeNull();
    await expectText(resultCount(page), '65 results');

    // Submitted, the API refuses it, and its error shows in the same place.
    await keywords.fill('cardiology AND (pediatrician');
    await keywords.press('Enter');
    await expectVisible(form.getByRole('alert').filter({ hasText: 'Unclosed ( at position 15.' }));
    await expectVisible(page.getByText('Keywords: Unclosed ( at position 15.').first());

    await keywords.fill('cardiology OR pediatrician');
    await keywords.press('Enter');
    await expectText(resultCount(page), '50 results');
    await expectVisible(form.getByText(KEYWORDS_HELP));
    await keywords.fill('"cardiac catheterization" NOT pediatrician');
    await keywords.press('Enter');
    await expectText(resultCount(page), '40 results');
  });
});

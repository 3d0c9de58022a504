import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectText, expectVisible, signIn, useBrowserApp } from '../support/browser';
import { resultCount } from './recruiter-support';

/*
 * Issue 35: a recruiter searches within 25 miles of a ZIP (Austin's 78701), sorts by distance, sees
 * each candidate's distance on the cards and in the table, and a place we do not know is said so
 * beside the control.
 */
const at = (key: string, lastName: string, officeZip: string, officeCity: string) =>
  candidate(key, {
    firstName: 'Robin',
    lastName,
    officeZip,
    officeCity,
    officeState: 'TX',
    city: officeCity,
  });
const people = [
  at('austin', 'Downtown', '78701', 'Austin'),
  at('round-rock', 'North', '78664', 'Round Rock'),
  at('san-marcos', 'South', '78666', 'San Marcos'),
  at('houston', 'Far', '77002', 'Houston'),
];

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => importCandidates(suite.app, people));

describe('distance', () => {
  test('finds the candidates within 25 miles of a ZIP, nearest first, each with its distance', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search');
    await expectText(resultCount(page), '4 results');

    const distance = page.getByRole('form', { name: 'Distance' });
    await distance.getByRole('spinbutton', { name: 'Within (miles)' }).fill('25');
    await distance.getByRole('textbox', { name: 'of ZIP or city' }).fill('78701');
    await page.keyboard.press('Enter');
    await expectText(resultCount(page), '2 results');
    expect(new URL(page.url()).search).toBe('?near=78701&miles=25');
    const chips = page.getByRole('group', { name: 'Applied filters' });
    await expectVisible(chips.getByRole('button', { name: 'Remove Within 25 mi of 78701' }));

    // Distance is a sort once there is a place; nearest first, the distance on each card.
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Distance' }).click();
    await expectVisible(page.getByRole('link', { name: 'Robin Downtown' }));
    expect(new URL(page.url()).searchParams.get('sortKey')).toBe('distance');
    const results = page.getByRole('region', { name: 'Search results' });
    const cards = results.getByRole('article');
    await expectText(cards.first(), 'Austin, TX · 0 mi');
    expect(await cards.first().textContent()).toContain('Robin Downtown');
    expect(await cards.nth(1).textContent()).toMatch(/Robin North[\s\S]*Round Rock, TX · 1\d\.\d mi/);
    // The table's rows say it too, after the location.
    await page.getByRole('button', { name: 'Table' }).click();
    const rows = results.getByRole('table').locator('tbody tr');
    await expectText(rows.first(), 'Austin, TX · 0 mi');
    expect(await rows.nth(1).textContent()).toMatch(/Round Rock, TX · 1\d\.\d mi/);
    await page.getByRole('button', { name: 'Cards' }).click();

    // A reload keeps it (the URL is the source of truth), and a wider radius takes in San Marcos.
    await page.reload();
    await expectText(resultCount(page), '2 results');
    await distance.getByRole('spinbutton', { name: 'Within (miles)' }).fill('50');
    await distance.getByRole('textbox', { name: 'of ZIP or city' }).press('Enter');
    await expectText(resultCount(page), '3 results');

    // A place we cannot place: the API's words beside the control.
    await distance.getByRole('textbox', { name: 'of ZIP or city' }).fill('Atlantis, ZZ');
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText(/We don't know the place "Atlantis, ZZ"/).first());

    // Removing the chip takes the filter and the distance sort away.
    await distance.getByRole('textbox', { name: 'of ZIP or city' }).fill('Austin, TX');
    await page.keyboard.press('Enter');
    await expectText(resultCount(page), '3 results');
    await chips.getByRole('button', { name: 'Remove Within 50 mi of Austin, TX' }).click();
    await expectText(resultCount(page), '4 results');
    expect(new URL(page.url()).search).toBe('');
  });
});

import type { LicenseRecord } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectText, expectVisible, signIn, useBrowserApp } from '../support/browser';
import { resultCount } from './recruiter-support';

/*
 * Issue 34: a recruiter finds nurses licensed in Texas with a compact license (the Licensed in and
 * Compact license filters, with their counts), opens one and sees each license with its source.
 */
const rn = (state: string, primary = false): LicenseRecord => ({
  state,
  number: `RN-${state}-1`,
  taxonomyCode: '163W00000X',
  primary,
});
const nurse = (key: string, lastName: string, state: string, licenseRecords: LicenseRecord[]) =>
  candidate(key, {
    firstName: 'Robin',
    lastName,
    state,
    city: null,
    npi: '1234567893',
    sourceDate: '2024-02-11',
    sourceUpdatedOn: '2024-01-15',
    sourceFile: 'npidata_pfile_20050523-20240211.csv',
    licenseRecords,
  });
const people = [
  // Practises in Oklahoma, licensed in Texas too: found by where the license is held.
  nurse('robin-okla', 'Border', 'OK', [rn('OK', true), rn('TX')]),
  nurse('robin-tex', 'Lone', 'TX', [rn('TX', true)]),
  // Licensed in California only: not a compact license, not in Texas.
  nurse('robin-cal', 'Coast', 'CA', [rn('CA', true)]),
  // A physician licensed in Texas: no compact license.
  candidate('doc-tex', {
    firstName: 'Sam',
    lastName: 'Doctor',
    state: 'TX',
    title: 'M.D.',
    licenseRecords: [{ state: 'TX', number: 'Q-1', taxonomyCode: '207R00000X', primary: true }],
  }),
];

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => importCandidates(suite.app, people));

describe('licenses', () => {
  test('finds nurses licensed in Texas with a compact license and shows each license with its source', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search');
    await expectText(resultCount(page), '4 results');

    // Licensed in: states by name, each with how many hold a license there.
    await page.getByRole('combobox', { name: 'Licensed in' }).click();
    const texas = page.getByRole('option', { name: /^Texas \(TX\)/ });
    await expectText(texas, 'Texas (TX)3');
    await texas.click();
    await page.keyboard.press('Escape');
    await expectText(resultCount(page), '3 results');
    // Compact license: a checkbox with its count.
    await expectVisible(page.getByText('Compact license · 2'));
    // Checked once the URL says so (the screen's state is the URL's).
    await page.getByRole('checkbox', { name: /Compact license/ }).click();
    await expectText(resultCount(page), '2 results');
    expect(await page.getByRole('checkbox', { name: /Compact license/ }).isChecked()).toBe(true);
    expect(new URL(page.url()).search).toBe('?licensedIn=TX&compactLicense=true');
    const chips = page.getByRole('group', { name: 'Applied filters' });
    await expectVisible(chips.getByRole('button', { name: 'Remove Licensed in: Texas' }));
    await expectVisible(chips.getByRole('button', { name: 'Remove Compact license' }));

    // A reload keeps them (the URL is the source of truth).
    await page.reload();
    await expectText(resultCount(page), '2 results');
    expect(await page.getByRole('checkbox', { name: /Compact license/ }).isChecked()).toBe(true);

    await page.getByRole('link', { name: 'Robin Border' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Robin Border' }));
    const licenses = page.getByRole('table', { name: 'Licenses' });
    // The heading can show before the profile's licenses have rendered: wait for the last row.
    await expectVisible(licenses.getByRole('row').nth(2));
    const rows = await licenses
      .getByRole('row')
      .evaluateAll((all) =>
        all.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
      );
    expect(rows).toEqual([
      ['State', 'Number', 'Taxonomy', 'Compact'],
      ['Oklahoma (OK)Primary', 'RN-OK-1', '163W00000X', 'Compact'],
      ['Texas (TX)', 'RN-TX-1', '163W00000X', 'Compact'],
    ]);
    await expectVisible(
      page.getByText(
        'Source: NPI registry file npidata_pfile_20050523-20240211.csv of Feb 11, 2024 (updated in the registry Jan 15, 2024)',
      ),
    );
    await expectVisible(
      page.getByText(/the NPI registry does not say whether it is single-state or multistate/),
    );
    await expectVisible(page.getByRole('link', { name: "NCSBN's Nurse Licensure Compact map" }));
  });
});

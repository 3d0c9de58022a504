import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DAC_NEW_HEADER,
  type TestClinician,
  writeAffiliationFile,
  writeDacFile,
  writeHospitalFile,
} from '@healthtal/testkit/dac-files';
import { importDacFile } from '@healthtal/testkit/dac-import';
import { npiOf, nppesHeader, type TestProvider, writeNppesFile } from '@healthtal/testkit/nppes-files';
import { importNppesFile } from '@healthtal/testkit/nppes-import';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectText, expectVisible, seriousAxeViolations, signIn, useBrowserApp } from '../support/browser';
import { resultCount } from './recruiter-support';

/*
 * Issue 34: a recruiter finds nurses licensed in Texas with a compact license and 5+ years in
 * practice, all three filters through the sidebar, opens one and sees each fact with its source.
 * The directory is what the two registries' files give, imported as `healthtal import --format
 * nppes` and `--format dac` do: the NPI registry (names, licenses) and CMS Doctors and Clinicians
 * (school, graduation year, group, hospitals), joined by NPI.
 */
const NPPES_FILE = 'npidata_pfile_20050523-20240811.csv';
const DAC_FILE = 'DAC_NationalDownloadableFile.csv';
const AFFILIATION_FILE = 'Facility_Affiliation.csv';
const HOSPITAL_FILE = 'Hospital_General_Information.csv';

// A nurse practitioner who also holds an RN license: the RN one (163W…) is the compact kind.
const np = (state: string) => ({
  code: '363L00000X',
  license: `NP${state}1001`,
  licenseState: state,
  primary: true,
});
const rn = (state: string, primary = false) => ({
  code: '163W00000X',
  license: `RN${state}2002`,
  licenseState: state,
  primary,
});
const provider = (
  nine: string,
  first: string,
  last: string,
  state: string,
  taxonomies: TestProvider['taxonomies'],
) =>
  ({
    npi: npiOf(nine),
    first,
    last,
    credential: 'APRN, FNP-C',
    city: state === 'TX' ? 'HOUSTON' : state === 'OK' ? 'TULSA' : 'FRESNO',
    state,
    zip: state === 'TX' ? '770302701' : state === 'OK' ? '741035104' : '937211211',
    updated: '01/15/2024',
    taxonomies,
  }) satisfies TestProvider;
const maria = provider('300000001', 'MARIA', 'ALVAREZ', 'TX', [np('TX'), rn('TX')]); // 2009: found
const jordan = provider('300000002', 'JORDAN', 'LEE', 'TX', [np('TX'), rn('TX')]); // 2024: too new
const sam = provider('300000003', 'SAM', 'ORTIZ', 'OK', [rn('OK', true), np('TX')]); // practises in OK, licensed in TX: found
const priya = provider('300000004', 'PRIYA', 'NAIR', 'CA', [np('CA'), rn('CA')]); // California: not compact
const doctor = {
  ...provider('300000005', 'ANA', 'REYES', 'TX', [
    { code: '207R00000X', license: 'Q1234', licenseState: 'TX', primary: true },
  ]),
  credential: 'M.D.',
};

const cms = (p: TestProvider, year: string, school: string): TestClinician => ({
  npi: p.npi,
  last: p.last,
  first: p.first,
  cred: p === doctor ? 'MD' : 'NP',
  school,
  year,
  primary: p === doctor ? 'INTERNAL MEDICINE' : 'NURSE PRACTITIONER',
  group: p.state === 'TX' ? 'HOUSTON METHODIST PRIMARY CARE GROUP' : 'OTHER GROUP',
  telehealth: 'Y',
  city: p.city,
  state: p.state,
});
const MEMORIAL = '450068';

let dir = '';
const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'healthtal-registry-facts-'));
  const nppes = await writeNppesFile(path.join(dir, NPPES_FILE), nppesHeader('Provider Sex Code'), [
    maria,
    jordan,
    sam,
    priya,
    doctor,
  ]);
  const { rejected } = await importNppesFile(suite.app, nppes);
  expect(rejected).toEqual([]);
  const dac = await writeDacFile(path.join(dir, DAC_FILE), DAC_NEW_HEADER, [
    cms(maria, '2009', 'UNIVERSITY OF TEXAS HEALTH SCIENCE CENTER AT HOUSTON'),
    cms(jordan, '2024', 'TEXAS WOMANS UNIVERSITY'),
    cms(sam, '2012', 'UNIVERSITY OF OKLAHOMA'),
    cms(priya, '2005', 'UNIVERSITY OF CALIFORNIA SAN FRANCISCO'),
    cms(doctor, '2000', 'BAYLOR COLLEGE OF MEDICINE'),
  ]);
  const affiliationFile = await writeAffiliationFile(path.join(dir, AFFILIATION_FILE), [
    [maria.npi, 'Hospital', MEMORIAL],
    [maria.npi, 'Hospital', '450999'], // a hospital the hospitals file does not name
  ]);
  const hospitalFile = await writeHospitalFile(path.join(dir, HOSPITAL_FILE), [
    [MEMORIAL, 'MEMORIAL HERMANN HOSPITAL', 'HOUSTON', 'TX'],
  ]);
  const dacRun = await importDacFile(suite.app, dac, { date: '2024-09-01', affiliationFile, hospitalFile });
  expect(dacRun.rejected).toEqual([]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('registry facts a recruiter hires on', () => {
  test('finds nurses licensed in Texas with a compact license and 5+ years in practice, and shows each fact with its source', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search');
    await expectText(resultCount(page), '5 results');

    await page.getByRole('combobox', { name: 'Licensed in' }).click();
    await page.getByRole('option', { name: /^Texas \(TX\)/ }).click();
    await page.keyboard.press('Escape');
    await expectText(resultCount(page), '4 results');
    await page.getByRole('checkbox', { name: /Compact license/ }).click();
    await expectText(resultCount(page), '3 results');
    const years = page.getByRole('group', { name: 'Years in practice' });
    await years.getByRole('spinbutton', { name: 'Min years' }).fill('5');
    await years.getByRole('spinbutton', { name: 'Min years' }).press('Enter');
    await expectText(resultCount(page), '2 results');
    await expectVisible(years.getByText('Showing 5+ years'));
    expect(new URL(page.url()).search).toBe('?licensedIn=TX&compactLicense=true&yearsInPractice=5-');
    const chips = page.getByRole('group', { name: 'Applied filters' });
    await expectVisible(chips.getByRole('button', { name: 'Remove Years in practice: 5+' }));

    // A reload keeps all three (the URL is the source of truth).
    await page.reload();
    await expectText(resultCount(page), '2 results');
    expect(await page.getByRole('checkbox', { name: /Compact license/ }).isChecked()).toBe(true);
    expect(await years.getByRole('spinbutton', { name: 'Min years' }).inputValue()).toBe('5');
    expect(await page.getByRole('link', { name: 'Maria Alvarez' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Sam Ortiz' }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Maria Alvarez' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Maria Alvarez' }));
    // The license with its registry file and date.
    await expectVisible(
      page.getByText(
        `Source: NPI registry file ${NPPES_FILE} of Aug 11, 2024 (updated in the registry Jan 15, 2024)`,
      ),
    );
    const cmsSource = `Source: CMS Doctors and Clinicians · ${DAC_FILE} · Sep 1, 2024`;
    const since = new Date().getFullYear() - 2009;
    expect(await factsOf(page, 'Education and experience')).toEqual([
      [
        'Credential',
        'NP, APRN', // read from the registry's credential text, APRN, FNP-C
        expect.stringMatching(/^Source: NPI registry · npidata_pfile_20050523-20240811\.csv · Aug 11, 2024/),
      ],
      ['Medical school', 'University of Texas Health Science Center at Houston', cmsSource],
      ['Graduation year', '2009', cmsSource],
      ['Years in practice', `${since} years (since 2009)`, cmsSource],
    ]);
    const affiliations = page.getByRole('region', { name: 'Affiliations' });
    await expectVisible(affiliations.getByText('Memorial Hermann Hospital (CCN 450068)', { exact: true }));
    await expectVisible(affiliations.getByText('CCN 450999'));
    // Named as the CMS import records it: the run's main file (Facility_Affiliation.csv joined in).
    expect(await affiliations.getByText(/^Source: /).textContent()).toBe(cmsSource);
    expect(await factsOf(page, 'Practice')).toEqual([
      ['Group practice', 'Houston Methodist Primary Care Group', cmsSource],
      ['CMS primary specialty', 'Nurse Practitioner', cmsSource],
      ['Telehealth', 'Yes', cmsSource],
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('a range the API refuses shows its field error, a chip clears it, a saved search keeps it; hospitals are suggested by name', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search');
    await expectText(resultCount(page), '5 results');
    const years = page.getByRole('group', { name: 'Years in practice' });
    const min = years.getByRole('spinbutton', { name: 'Min years' });
    const max = years.getByRole('spinbutton', { name: 'Max years' });

    // 70 years is beyond the field's 60: the API's own words, beside the control and in the results.
    await min.fill('70');
    await min.press('Enter');
    await expectVisible(years.getByRole('alert').filter({ hasText: 'At most 60.' }));
    await expectVisible(page.getByText('Years in practice: At most 60.').first());
    // The lowest above the highest: refused too, by the API's rule.
    await min.fill('20');
    await max.fill('5');
    await max.press('Enter');
    await expectVisible(
      years.getByRole('alert').filter({ hasText: 'The lowest cannot be above the highest.' }),
    );

    // Up to 15 years: Jordan (2024) and Sam (2012); the chip removes it.
    await min.fill('');
    await max.fill('15');
    await max.press('Enter');
    await expectText(resultCount(page), '2 results');
    expect(new URL(page.url()).search).toBe('?yearsInPractice=-15');
    await page.getByRole('button', { name: 'Remove Years in practice: up to 15' }).click();
    await expectText(resultCount(page), '5 results');
    expect(await max.inputValue()).toBe('');

    // Kept in a saved search and applied back: 5–20 years are Maria (2009) and Sam (2012).
    await min.fill('5');
    await max.fill('20');
    await max.press('Enter');
    await expectText(resultCount(page), '2 results');
    await page.getByRole('button', { name: 'Save Search' }).click();
    const save = page.getByRole('dialog', { name: 'Save Search' });
    await save.getByRole('textbox', { name: 'Search name' }).fill('Experienced clinicians');
    await save.getByRole('button', { name: 'Save' }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'Search saved' }), 'Search saved');
    await page.goto(`${suite.app.url}/search`);
    await expectText(resultCount(page), '5 results');
    await page.getByRole('button', { name: 'Saved Searches' }).click();
    await page
      .getByRole('article', { name: 'Experienced clinicians' })
      .getByRole('button', { name: 'Apply Search' })
      .click();
    await page.waitForURL(/yearsInPractice=5-20/);
    await expectText(resultCount(page), '2 results');
    expect(await min.inputValue()).toBe('5');

    // Hospital affiliation: typed, with the directory's hospitals suggested with their counts.
    await page.getByRole('button', { name: 'Clear all' }).first().click();
    await expectText(resultCount(page), '5 results');
    await page.getByRole('combobox', { name: 'Hospital affiliation' }).pressSequentially('memorial');
    const memorial = page.getByRole('option', { name: /^memorial hermann hospital · 1$/i });
    await expectVisible(memorial);
    await memorial.click();
    await expectText(resultCount(page), '1 result');
  });
});

/** A section's facts: [label, value, its source line]. */
async function factsOf(page: import('playwright-core').Page, section: string) {
  return page
    .getByRole('region', { name: section })
    .locator('dt')
    .evaluateAll((terms) =>
      terms.map((term) => {
        const value = term.nextElementSibling!;
        const source = value.querySelector('span')?.textContent ?? '';
        return [
          term.textContent,
          value.textContent!.slice(0, value.textContent!.length - source.length),
          source,
        ];
      }),
    );
}

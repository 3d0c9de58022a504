import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CandidateProfile } from '@healthtal/contracts';
import {
  DAC_NEW_HEADER,
  DAC_OLD_HEADER,
  type TestClinician,
  writeAffiliationFile,
  writeDacFile,
  writeHospitalFile,
} from '@healthtal/testkit/dac-files';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import {
  ana,
  anaRow,
  ben,
  benRow,
  ENDPOINT_HEADER,
  endpointRow,
  npiOf,
  nppesHeader,
  writeNppesFile,
} from '@healthtal/testkit/nppes-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEndpoints } from '../nppes/endpoints';
import { npiCandidateId } from '../nppes/npi-ids';
import { importNppes } from '../nppes/nppes-import';
import { nppesFile } from '../nppes/nppes-source';
import { loadHospitalNames } from './dac-affiliations';
import { type DacImportOptions, importDac } from './dac-import';
import { dacAffiliationFile, dacMainFile } from './dac-source';

let app: TestApp;
let dir = '';
const NPPES_FILE = 'npidata_pfile_20050523-20240811.csv';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'healthtal-dac-'));
  app = await startTestApp();
  // The directory the CMS file joins: Ana and Ben from the NPI registry (Ben with an email).
  const nppes = await writeNppesFile(path.join(dir, NPPES_FILE), nppesHeader('Provider Sex Code'), [
    anaRow,
    benRow,
  ]);
  const endpoints = path.join(dir, 'endpoint_pfile.csv');
  await writeFile(
    endpoints,
    [ENDPOINT_HEADER.join(','), endpointRow(ben, 'DIRECT', 'ben@direct.example')].join('\n'),
  );
  await importNppes({
    pool: app.pool,
    store: app.store,
    file: await nppesFile(nppes),
    endpoints: await loadEndpoints(app.pool, endpoints),
  });
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

const stranger = npiOf('200000001'); // in CMS's file, never in the directory
const id = (npi: string) => npiCandidateId(npi);
const events = (npi: string) => app.store.readStream(`candidate-${id(npi)}`);
const profile = async (npi: string) => {
  const response = await app.request(`/api/v1/candidates/${id(npi)}`, { as: 'basic' });
  return (await response.json()) as CandidateProfile;
};

async function runDac(
  main: string,
  options: Partial<DacImportOptions> & {
    date?: string;
    affiliationFile?: string;
    hospitalFile?: string;
  } = {},
) {
  const rejected: { line: number; reason: string; file: string }[] = [];
  const { date, affiliationFile, hospitalFile, ...rest } = options;
  const summary = await importDac({
    pool: app.pool,
    store: app.store,
    file: await dacMainFile(main, { date }),
    affiliations: affiliationFile ? await dacAffiliationFile(affiliationFile) : null,
    hospitals: hospitalFile ? { key: hospitalFile, names: await loadHospitalNames(hospitalFile) } : null,
    onRejected: (row) => rejected.push(row),
    ...rest,
  });
  await app.caughtUp();
  return { summary, rejected };
}

// Ana's three rows (two groups, one of them twice) are not adjacent, as in CMS's file.
const anaCms: TestClinician = {
  npi: ana,
  last: 'GARCIA-LOPEZ',
  first: 'ANA',
  cred: 'MD',
  school: 'UNIV OF ARIZONA COLLEGE OF MEDICINE',
  year: '2004',
  primary: 'INTERNAL MEDICINE',
  secondary: ['CARDIOVASCULAR DISEASE (CARDIOLOGY)'],
  group: 'GOOD SAMARITAN MEDICAL GROUP, LLC',
  telehealth: '',
};
const benCms: TestClinician = {
  npi: ben,
  cred: 'NP',
  school: 'OTHER',
  year: '2014',
  primary: 'NURSE PRACTITIONER',
  group: 'AUSTIN FAMILY CLINIC',
  telehealth: 'Y',
};
const newFile = (name: string, rows: (TestClinician | string)[] = []) =>
  writeDacFile(path.join(dir, name), DAC_NEW_HEADER, [
    anaCms, // line 2
    benCms, // line 3
    { ...anaCms, group: 'LA HEART PARTNERS', secondary: ['INTERVENTIONAL CARDIOLOGY'], telehealth: 'Y' }, // 4
    { npi: stranger, school: 'YALE UNIVERSITY SCHOOL OF MEDICINE', primary: 'SURGERY' }, // line 5
    { ...anaCms, school: '', year: '' }, // line 6: the same group again
    ...rows,
  ]);

describe('healthtal import --format dac', () => {
  it('refuses a file without a date in its name unless --file-date says it', async () => {
    const file = await newFile('DAC_NationalDownloadableFile.csv');
    await expect(dacMainFile(file)).rejects.toThrow(/no date in its name.*--file-date YYYY-MM-DD/);
    await expect(dacMainFile(file, { date: '2024-13-01' })).rejects.toThrow(/--file-date must be a date/);
    expect((await dacMainFile(file, { date: '2024-09-01' })).date).toBe('2024-09-01');
  });

  it('folds each clinician’s rows into one update of their registry candidate, affiliations named by the hospitals file', async () => {
    const main = await newFile('DAC_NationalDownloadableFile.csv', [
      { ...benCms, npi: '1234567890' }, // line 7: the check digit is wrong
      { ...benCms, year: '20x4' }, // line 8: no year
    ]);
    const affiliationFile = await writeAffiliationFile(path.join(dir, 'Facility_Affiliation.csv'), [
      [ana, 'Hospital', '450068'],
      [ben, 'Hospital', '450358'],
      [ana, 'Nursing home', '455000'], // not a hospital
      [ana, 'Hospital', '45S068', '450068'], // a unit of the first: its parent, once
      [ana, 'Long-term care hospital', '452019'],
    ]);
    const hospitalFile = await writeHospitalFile(path.join(dir, 'Hospital_General_Information.csv'), [
      ['450068', 'MEMORIAL HERMANN HOSPITAL', 'HOUSTON', 'TX'],
      ['450358', "ST. DAVID'S MEDICAL CENTER", 'AUSTIN', 'TX'],
    ]);
    // Small batches: Ana's rows land in different batches and still fold into one.
    const { summary, rejected } = await runDac(main, {
      date: '2024-09-01',
      affiliationFile,
      hospitalFile,
      batchSize: 2,
    });
    expect(summary).toMatchObject({
      read: 7,
      affiliationRows: 5,
      clinicians: 3,
      updated: 2,
      notInDirectory: 1,
      suppressed: 0,
      rejected: 2,
      complete: true,
    });
    expect(rejected.map((r) => [r.file, r.line])).toEqual([
      ['DAC_NationalDownloadableFile.csv', 7],
      ['DAC_NationalDownloadableFile.csv', 8],
    ]);
    const [, update] = await events(ana);
    const { candidateId, ...data } = update!.data as Record<string, unknown>;
    expect(data).toEqual({
      source: 'cms-dac',
      sourceFile: 'DAC_NationalDownloadableFile.csv',
      sourceDate: '2024-09-01',
      sourceUpdatedOn: null,
      medicalSchool: 'Univ of Arizona College of Medicine',
      graduationYear: 2004,
      primarySpecialty: 'Internal Medicine',
      secondarySpecialties: ['Cardiovascular Disease (Cardiology)', 'Interventional Cardiology'],
      groupPractice: 'Good Samaritan Medical Group, LLC',
      hospitalAffiliations: [
        { ccn: '450068', name: 'Memorial Hermann Hospital' },
        { ccn: '452019', name: null },
      ],
      telehealth: true,
    });
    // Ben: CMS's "OTHER" is no school; a hospital by its name.
    const benUpdate = (await events(ben))[1]!.data as Record<string, unknown>;
    expect(benUpdate).toMatchObject({ graduationYear: 2014, telehealth: true });
    expect(benUpdate).not.toHaveProperty('medicalSchool');
    expect(benUpdate.hospitalAffiliations).toEqual([{ ccn: '450358', name: "St. David's Medical Center" }]);
    expect(await events(stranger)).toEqual([]);
    // Nothing of the load stays behind in the clear.
    expect((await app.pool.query('select * from dac_staging')).rowCount).toBe(0);
  });

  it('answers each fact of the profile with its source, file and date', async () => {
    const p = await profile(ana);
    expect(p).toMatchObject({
      firstName: 'Ana',
      medicalSchool: 'Univ of Arizona College of Medicine',
      graduationYear: 2004,
      groupPractice: 'Good Samaritan Medical Group, LLC',
      telehealth: true,
    });
    const cms = {
      source: 'cms-dac',
      file: 'DAC_NationalDownloadableFile.csv',
      date: '2024-09-01',
      updatedOn: null,
    };
    for (const field of [
      'medicalSchool',
      'graduationYear',
      'secondarySpecialties',
      'hospitalAffiliations',
      'telehealth',
    ])
      expect(p.provenance[field], field).toEqual(cms);
    // The NPI registry's events name their file (issue 34), so its fields say which file too.
    const registry = {
      source: 'NPI registry',
      file: 'npidata_pfile_20050523-20240811.csv',
      date: '2024-08-11',
      updatedOn: '2024-01-15',
    };
    expect(p.provenance.firstName).toEqual(registry);
    expect(p.provenance.specialty).toBeUndefined(); // no taxonomy file: no specialty to source
    expect(p.provenance.city).toEqual(registry);
    // CMS's file is not the registry's: its date stays the NPI registry file's.
    expect(p.registry?.sourceDate).toBe('2024-08-11');
    expect(p.registry?.sourceFile).toBe('npidata_pfile_20050523-20240811.csv');
  });

  it('appends nothing when the same file comes again, under any name', async () => {
    const before = await app.eventCount();
    const again = await runDac(path.join(dir, 'DAC_NationalDownloadableFile.csv'), {
      date: '2024-09-01',
      affiliationFile: path.join(dir, 'Facility_Affiliation.csv'),
      hospitalFile: path.join(dir, 'Hospital_General_Information.csv'),
      batchSize: 2,
    });
    expect(again.summary).toMatchObject({ alreadyImported: true, read: 0 });
    const copy = path.join(dir, 'DAC copy.csv');
    await copyFile(path.join(dir, 'DAC_NationalDownloadableFile.csv'), copy);
    const { summary } = await runDac(copy, {
      date: '2024-09-01',
      affiliationFile: path.join(dir, 'Facility_Affiliation.csv'),
      hospitalFile: path.join(dir, 'Hospital_General_Information.csv'),
    });
    expect(summary).toMatchObject({ read: 7, clinicians: 3, updated: 0, unchanged: 2, notInDirectory: 1 });
    expect(await app.eventCount()).toBe(before);
  });

  it('appends only what a newer file changed, and leaves what this file cannot know', async () => {
    // The next month's file, without its affiliation file: affiliations are kept as they are.
    const october = await writeDacFile(
      path.join(dir, 'DAC_NationalDownloadableFile_20241001.csv'),
      DAC_NEW_HEADER,
      [
        { ...anaCms, year: '2005', telehealth: 'Y' },
        { ...anaCms, group: 'LA HEART PARTNERS', secondary: ['INTERVENTIONAL CARDIOLOGY'] },
        benCms,
      ],
    );
    const { summary } = await runDac(october);
    expect(summary).toMatchObject({ read: 3, updated: 1, unchanged: 1 });
    const stream = await events(ana);
    expect(stream).toHaveLength(3);
    const { candidateId, ...data } = stream[2]!.data as Record<string, unknown>;
    expect(data).toEqual({
      source: 'cms-dac',
      sourceFile: 'DAC_NationalDownloadableFile_20241001.csv',
      sourceDate: '2024-10-01',
      sourceUpdatedOn: null,
      graduationYear: 2005,
    });
    const p = await profile(ana);
    expect(p.hospitalAffiliations).toHaveLength(2);
    expect(p.provenance.graduationYear?.file).toBe('DAC_NationalDownloadableFile_20241001.csv');
    expect(p.provenance.medicalSchool?.file).toBe('DAC_NationalDownloadableFile.csv');
  });

  it('reads the older vintage: lower-case names, a space after each comma, hospitals in its own columns', async () => {
    const old = await writeDacFile(
      path.join(dir, 'Physician_Compare_National_Downloadable_File_2024-11-01.csv'),
      DAC_OLD_HEADER,
      [
        {
          ...anaCms,
          year: '2005',
          group: 'GOOD SAMARITAN MEDICAL GROUP',
          hospitals: [{ ccn: '050454', name: 'UCSF MEDICAL CENTER' }],
        },
        { ...benCms, hospitals: [{ ccn: '450358', name: "ST DAVID'S MEDICAL CENTER" }] },
        // line 4: a quoted value holding a comma after ", " cannot be told from two values: refused, not mangled
        { ...benCms, group: 'NORTH, SOUTH CLINIC' },
      ],
      ', ',
    );
    const { summary, rejected } = await runDac(old);
    expect(summary).toMatchObject({ read: 3, rejected: 1, updated: 2 });
    expect(rejected).toEqual([
      expect.objectContaining({ line: 4, reason: expect.stringMatching(/fields where the header has/) }),
    ]);
    const anaUpdate = (await events(ana))[3]!.data as Record<string, unknown>;
    // Its own hospitals; no Telehlth column: telehealth is left as the last file had it.
    expect(anaUpdate.hospitalAffiliations).toEqual([{ ccn: '050454', name: 'UCSF Medical Center' }]);
    expect(anaUpdate).not.toHaveProperty('telehealth');
    expect((await profile(ana)).telehealth).toBe(true);
  });

  it('resumes an interrupted load where it stopped, folding no row twice', async () => {
    const rows = Array.from({ length: 9 }, (_, i) => ({
      ...benCms,
      group: i % 3 === 0 ? 'NORTH CLINIC' : 'SOUTH CLINIC',
    }));
    const file = await writeDacFile(
      path.join(dir, 'DAC_NationalDownloadableFile_20241201.csv'),
      DAC_NEW_HEADER,
      rows,
    );
    const stop = new AbortController();
    const first = await runDac(file, { batchSize: 2, signal: stop.signal, onProgress: () => stop.abort() });
    expect(first.summary.complete).toBe(false);
    const { summary } = await runDac(file, { batchSize: 2 });
    expect(summary).toMatchObject({ complete: true, resumedFrom: first.summary.read });
    const staged = first.summary.read + summary.read;
    expect(staged).toBe(9);
    const benEvents = await events(ben);
    expect(benEvents.at(-1)!.data).toMatchObject({ groupPractice: 'South Clinic' });
  });

  it('never updates anyone removed at their request', async () => {
    expect(
      (
        await app.request('/api/v1/removal-requests', {
          method: 'POST',
          json: { email: 'ben@direct.example' },
        })
      ).status,
    ).toBe(202);
    const token = await app.tokenFromMail('ben@direct.example', 'removal-confirmation');
    expect(
      (await app.request('/api/v1/removal-requests/confirm', { method: 'POST', json: { token } })).status,
    ).toBe(200);
    await app.caughtUp();
    const before = (await events(ben)).length;
    const file = await writeDacFile(
      path.join(dir, 'DAC_NationalDownloadableFile_20250101.csv'),
      DAC_NEW_HEADER,
      [{ ...benCms, year: '2015' }],
    );
    const { summary } = await runDac(file);
    expect(summary).toMatchObject({ updated: 0, suppressed: 1 });
    expect((await events(ben)).length).toBe(before);
  });
});

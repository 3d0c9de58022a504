import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import {
  npiOf,
  nppesHeader,
  nppesRow,
  type TestProvider,
  writeNppesFile,
} from '@healthtal/testkit/nppes-files';
import {
  importNppesFile,
  nuccTaxonomy,
  profileAsBasic,
  searchAsBasic,
} from '@healthtal/testkit/nppes-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npiCandidateId } from './npi-ids';
import { NppesFileDateMissing, NppesFileUnreadable, nppesFile } from './nppes-source';

/*
 * The NPPES findings of issue 34, each on rows shaped like the real file (the testkit writes CMS's
 * columns, every field quoted, both spellings of the sex header).
 */
let app: TestApp;
let dir = '';
let taxonomy: Awaited<ReturnType<typeof nuccTaxonomy>>;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'healthtal-nppes-findings-'));
  app = await startTestApp();
  taxonomy = await nuccTaxonomy(dir);
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

let next = 300;
const person = (last: string, fields: Partial<TestProvider> = {}): TestProvider => ({
  npi: npiOf(`100000${next++}`),
  last,
  first: 'ALEX',
  city: 'DALLAS',
  state: 'TX',
  zip: '75201',
  sex: 'F',
  enumerated: '05/23/2005',
  updated: '01/15/2024',
  taxonomies: [{ code: '207R00000X', license: `L${next}`, licenseState: 'TX', primary: true }],
  ...fields,
});
const slot = (code: string, licenseState = 'TX', primary = true) => ({
  code,
  license: `${licenseState}${next++}`,
  licenseState,
  primary,
});
const id = (p: TestProvider) => npiCandidateId(p.npi);
const file = async (
  name: string,
  rows: (TestProvider | string)[],
  sex: 'Provider Sex Code' | 'Provider Gender Code' = 'Provider Sex Code',
) => writeNppesFile(path.join(dir, name), nppesHeader(sex), rows);

describe('issue 34, NPPES finding 1: subspecialties', () => {
  const cardiologist = person('HART', { taxonomies: [slot('207RC0000X')] });
  // The primary switch on the second slot: its subspecialty, not the first slot's classification.
  const secondSlot = person('VALVE', {
    taxonomies: [slot('207R00000X', 'TX', false), slot('207RC0000X', 'OK', true)],
  });
  const oncologist = person('MARROW', { taxonomies: [slot('207RH0003X')] });
  const adolescent = person('TEEN', { taxonomies: [slot('207RA0000X')] });
  const pediatricNurse = person('CRIB', { credential: 'RN', taxonomies: [slot('163WP0200X')] });
  const counselors = [
    person('SOBER', { taxonomies: [slot('101YA0400X')] }),
    person('CALM', { taxonomies: [slot('101YM0800X')] }),
    person('CLASS', { taxonomies: [slot('101YS0200X')] }),
  ];

  it("takes a physician's specialty from the taxonomy's specialization, keeps counselors' and not nurses'", async () => {
    const rows = [cardiologist, secondSlot, oncologist, adolescent, pediatricNurse, ...counselors];
    const { summary } = await importNppesFile(app, await file('npidata_pfile_20240101-20240107.csv', rows), {
      taxonomy,
    });
    expect(summary).toMatchObject({ imported: rows.length, rejected: 0 });
    const cardiology = await searchAsBasic(app, { specialty: ['Cardiology'], sortKey: 'name' });
    expect(cardiology.names).toEqual(['Hart', 'Valve']);
    expect((await searchAsBasic(app, { specialty: ['Oncology'] })).ids).toEqual([id(oncologist)]);
    // A subspecialty the directory's taxonomy does not list stays with its classification.
    expect((await searchAsBasic(app, { specialty: ['Internal Medicine'] })).ids).toEqual([id(adolescent)]);
    expect((await searchAsBasic(app, { specialty: ['Nurse'] })).ids).toEqual([id(pediatricNurse)]);
    expect((await searchAsBasic(app, { specialty: ['Pediatrics'] })).count).toBe(0);
    const specialties = await Promise.all(
      counselors.map(async (c) => (await profileAsBasic(app, id(c))).body.specialty),
    );
    expect(specialties).toEqual([
      'Addiction (Substance Use Disorder) Counselor',
      'Mental Health Counselor',
      'School Counselor',
    ]);
    // The code is kept whatever the specialty.
    expect((await profileAsBasic(app, id(secondSlot))).body.registry?.taxonomyCode).toBe('207RC0000X');
  });
});

describe('issue 34, NPPES finding 2: dotted credentials', () => {
  const spellings = ['M.D.', 'M. D.', 'MD', 'M.D', 'MD, PHD', 'M.D., F.A.C.C.', 'MD.'];
  const physicians = spellings.map((credential, i) =>
    person(`DOTTED${'ABCDEFG'[i]}`, { credential, city: 'WACO' }),
  );
  const others = [
    person('OSTEO', { credential: 'D.O.', city: 'WACO' }),
    person('NURSE', { credential: 'R.N.', city: 'WACO' }),
  ];

  it('finds all 7 physicians by the title MD however the registry dotted it, and D.O. and R.N. by theirs', async () => {
    await importNppesFile(
      app,
      await file('npidata_pfile_20240108-20240114.csv', [...physicians, ...others], 'Provider Gender Code'),
    );
    const md = await searchAsBasic(app, { title: ['MD'], city: ['Waco'] });
    expect(md.count).toBe(7);
    expect(new Set(md.ids)).toEqual(new Set(physicians.map(id)));
    expect((await searchAsBasic(app, { credential: ['MD'], city: ['Waco'] })).count).toBe(7);
    expect((await searchAsBasic(app, { title: ['DO'], city: ['Waco'] })).ids).toEqual([id(others[0]!)]);
    expect((await searchAsBasic(app, { title: ['RN'], city: ['Waco'] })).ids).toEqual([id(others[1]!)]);
    // The profile keeps the registry's text.
    expect((await profileAsBasic(app, id(physicians[1]!))).body).toMatchObject({
      title: 'M. D.',
      credential: ['MD'],
    });
  });
});

describe('issue 34, NPPES finding 3: names', () => {
  const harold = person('SMITSON', { first: 'HAROLD', middle: 'LEROY', prefix: 'DR.', suffix: 'II' });
  const junior = person('BAKER', { first: 'SAM', suffix: 'JR.' });
  const cased = [
    ['MCDONALD', 'McDonald'],
    ['MACARTHUR', 'MacArthur'],
    ['MACK', 'Mack'],
    ['MACY', 'Macy'],
    ['MACHADO', 'Machado'],
    ["O'NEIL", "O'Neil"],
    ['SMITH-JONES', 'Smith-Jones'],
    ['MCDONALD-MACLEOD', 'McDonald-MacLeod'],
  ] as const;
  const people = cased.map(([last]) => person(last, { city: 'MCALLEN' }));

  it("keeps the name prefix and suffix and title-cases Mc, Mac, O' and hyphenated names", async () => {
    await importNppesFile(
      app,
      await file('npidata_pfile_20240115-20240121.csv', [harold, junior, ...people]),
    );
    const { body } = await profileAsBasic(app, id(harold));
    expect(body).toMatchObject({
      namePrefix: 'Dr.',
      firstName: 'Harold',
      middleName: 'Leroy',
      lastName: 'Smitson',
      nameSuffix: 'II',
    });
    expect((await profileAsBasic(app, id(junior))).body.nameSuffix).toBe('Jr.');
    const [event] = await app.store.readStream(`candidate-${id(harold)}`);
    expect(event!.data).toMatchObject({ namePrefix: 'Dr.', nameSuffix: 'II' });
    for (const [i, p] of people.entries()) {
      const profile = (await profileAsBasic(app, id(p))).body;
      expect(profile.lastName).toBe(cased[i]![1]);
      expect(profile.city).toBe('McAllen');
    }
  });

  it('appends a changed suffix as an update of that field alone', async () => {
    await importNppesFile(
      app,
      await file('npidata_pfile_20240122-20240128.csv', [
        { ...harold, suffix: 'III', updated: '01/25/2024' },
      ]),
    );
    const stream = await app.store.readStream(`candidate-${id(harold)}`);
    expect(stream.map((e) => e.type)).toEqual(['CandidateImported', 'CandidateUpdated']);
    expect(stream[1]!.data).toMatchObject({
      nameSuffix: 'III',
      sourceFile: 'npidata_pfile_20240122-20240128.csv',
    });
    expect(Object.keys(stream[1]!.data as object)).not.toContain('lastName');
    const { body } = await profileAsBasic(app, id(harold));
    expect(body.nameSuffix).toBe('III');
    expect(body.registry?.fieldUpdatedOn.nameSuffix).toBe('2024-01-25');
  });
});

describe('issue 34, NPPES finding 4: the file and its date', () => {
  const undated = person('UNDATED');

  it('refuses a file without a date in its name unless the date is given, and says which file on the profile', async () => {
    const name = await file('export.csv', [undated]);
    await expect(nppesFile(name)).rejects.toThrow(NppesFileDateMissing);
    await expect(nppesFile(name)).rejects.toThrow(
      'export.csv has no date in its name (CMS names its files …_YYYYMMDD.csv): give the date of the registry data with --file-date YYYY-MM-DD',
    );
    await importNppesFile(app, name, { date: '2014-06-30' });
    const [event] = await app.store.readStream(`candidate-${id(undated)}`);
    expect(event!.data).toMatchObject({ sourceDate: '2014-06-30', sourceFile: 'export.csv' });
    expect((await profileAsBasic(app, id(undated))).body.registry).toMatchObject({
      sourceDate: '2014-06-30',
      sourceFile: 'export.csv',
    });
  });
});

describe('issue 34, NPPES finding 5: searching by NPI', () => {
  it('finds the person whose NPI the query is, and nobody for an NPI or part of one that is not theirs', async () => {
    const target = person('NUMBERED', { npi: '1851806699' });
    const other = person('OTHER');
    await importNppesFile(app, await file('npidata_pfile_20240129-20240204.csv', [target, other]));
    expect(await searchAsBasic(app, { query: '1851806699' })).toMatchObject({ count: 1, ids: [id(target)] });
    // With a word of the name too; a word of someone else's name leaves nobody.
    expect((await searchAsBasic(app, { query: 'numbered 1851806699' })).ids).toEqual([id(target)]);
    expect((await searchAsBasic(app, { query: 'other 1851806699' })).count).toBe(0);
    expect((await searchAsBasic(app, { query: '185180669' })).count).toBe(0);
    expect((await searchAsBasic(app, { query: npiOf('999999999') })).count).toBe(0);
  });
});

describe('issue 34, NPPES finding 6: the deactivation report and broken quoting', () => {
  it("reads the report's sheet with its title and date lines above the header", async () => {
    const leaving = person('LEAVING');
    await importNppesFile(app, await file('npidata_pfile_20240205-20240211.csv', [leaving]));
    const report = path.join(dir, 'NPPES Deactivated NPI Report 20240212.csv');
    await writeFile(
      report,
      `"NPPES Deactivated NPI Report",\r\n"Report Date: 02/12/2024",\r\n,\r\nNPI,NPPES Deactivation Date\r\n${leaving.npi},02/09/2024\r\n`,
    );
    const { summary } = await importNppesFile(app, report);
    expect(summary).toMatchObject({ read: 1, deactivated: 1, rejected: 0 });
    expect((await profileAsBasic(app, id(leaving))).body.registry).toMatchObject({
      deactivatedOn: '2024-02-09',
      sourceFile: 'NPPES Deactivated NPI Report 20240212.csv',
    });
  });

  it('stops with one message when no header is found in the first lines', async () => {
    const notNppes = path.join(dir, 'people_20240212.csv');
    await writeFile(notNppes, `${Array.from({ length: 12 }, (_, i) => `"Name","Row ${i}"`).join('\n')}\n`);
    const before = await app.eventCount();
    await expect(importNppesFile(app, notNppes)).rejects.toThrow(NppesFileUnreadable);
    await expect(importNppesFile(app, notNppes)).rejects.toThrow(
      'people_20240212.csv has no NPI column in its first 10 lines',
    );
    expect(await app.eventCount()).toBe(before);
  });

  it('reports a field with a bare quote inside its quotes by its line, and reads the rows after it', async () => {
    const header = nppesHeader('Provider Sex Code');
    const broken = person('BROKEN');
    const after = person('AFTER');
    const good = nppesRow(header, broken).replace('"BROKEN"', '"BRO"KEN"');
    const name = await file('npidata_pfile_20240212-20240218.csv', [person('BEFORE'), good, after]);
    const { summary, rejected } = await importNppesFile(app, name);
    expect(summary).toMatchObject({ read: 3, imported: 2, rejected: 1 });
    expect(rejected).toEqual([
      {
        line: 3,
        reason:
          'Invalid Closing Quote: got "K" instead of delimiter or record delimiter (a quote inside a quoted field is written twice: "")',
      },
    ]);
    expect((await profileAsBasic(app, id(after))).body.lastName).toBe('After');
    expect((await profileAsBasic(app, id(broken))).status).toBe(404);
  });
});

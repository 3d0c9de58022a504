import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { npiOf, nppesHeader, type TestProvider, writeNppesFile } from '@healthtal/testkit/nppes-files';
import {
  importNppesFile,
  nuccTaxonomy,
  profileAsBasic,
  searchAsBasic,
} from '@healthtal/testkit/nppes-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npiCandidateId } from './npi-ids';

/*
 * Licenses as first-class data (issue 34): every taxonomy/license slot of an NPPES row (1–15) that
 * names a license state is a license record, the primary taxonomy's first, marked compact when it is
 * a registered or practical nurse's in a state that issues compact licenses.
 */
let app: TestApp;
let dir = '';
let taxonomy: Awaited<ReturnType<typeof nuccTaxonomy>>;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'healthtal-nppes-licenses-'));
  app = await startTestApp();
  taxonomy = await nuccTaxonomy(dir);
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

const base = {
  first: 'JO',
  city: 'EL PASO',
  state: 'TX',
  zip: '79901',
  enumerated: '05/23/2005',
  updated: '01/15/2024',
} satisfies Partial<TestProvider>;
// A travel nurse: the primary switch on the third slot, the same license listed twice, a slot
// without a license state (not a license), and licenses in compact (TX, NM) and other states (CA).
const nurse: TestProvider = {
  ...base,
  npi: npiOf('100000501'),
  last: 'ROAMER',
  credential: 'RN',
  taxonomies: [
    { code: '163W00000X', license: 'NM-1', licenseState: 'NM' },
    { code: '163W00000X', license: 'CA-2', licenseState: 'CA' },
    { code: '163W00000X', license: 'TX-3', licenseState: 'TX', primary: true },
    { code: '163W00000X', license: 'NM-1', licenseState: 'NM' },
    { code: '163WP0200X' },
  ],
};
/** The same nurse's row in a file of the older header spelling (another NPI). */
const olderFileNurse: TestProvider = { ...nurse, npi: npiOf('100000601') };
const practical: TestProvider = {
  ...base,
  npi: npiOf('100000502'),
  last: 'PRACTICAL',
  credential: 'LPN',
  state: 'MA',
  taxonomies: [{ code: '164W00000X', license: 'LPN-9', licenseState: 'MA', primary: true }],
};
const physician: TestProvider = {
  ...base,
  npi: npiOf('100000503'),
  last: 'DOCTOR',
  credential: 'MD',
  taxonomies: [{ code: '207R00000X', license: 'Q-4', licenseState: 'TX', primary: true }],
};
const id = (p: TestProvider) => npiCandidateId(p.npi);
const record = (state: string, number: string, taxonomyCode: string, primary = false) => ({
  state,
  number,
  taxonomyCode,
  primary,
});

describe('licenses from the NPI registry', () => {
  it.each([
    ['Provider Sex Code', 'npidata_pfile_20050523-20240211.csv', nurse],
    ['Provider Gender Code', 'npidata_pfile_20050523-20231210.csv', olderFileNurse],
  ] as const)('reads every license slot of a file with the %s header', async (sex, name, row) => {
    const file = await writeNppesFile(path.join(dir, name), nppesHeader(sex), [row]);
    await importNppesFile(app, file, { taxonomy });
    const [event] = await app.store.readStream(`candidate-${id(row)}`);
    expect(event!.data).toMatchObject({
      licenses: 'TX TX-3; NM NM-1; CA CA-2',
      licenseRecords: [
        record('TX', 'TX-3', '163W00000X', true),
        record('NM', 'NM-1', '163W00000X'),
        record('CA', 'CA-2', '163W00000X'),
      ],
    });
  });

  it('marks compact the nurse licenses of states that issue them, and finds them by state and by compact', async () => {
    const file = await writeNppesFile(
      path.join(dir, 'npidata_pfile_20240212-20240218.csv'),
      nppesHeader('Provider Sex Code'),
      [practical, physician],
    );
    await importNppesFile(app, file, { taxonomy });
    const { body } = await profileAsBasic(app, id(nurse));
    expect(body.licenseRecords.map(({ state, compact }) => [state, compact])).toEqual([
      ['TX', true],
      ['NM', true],
      ['CA', false],
    ]);
    // Massachusetts has enacted the compact but does not issue its licenses yet; a physician's is never one.
    expect((await profileAsBasic(app, id(practical))).body.licenseRecords[0]).toMatchObject({
      compact: false,
    });
    expect((await profileAsBasic(app, id(physician))).body.licenseRecords[0]).toMatchObject({
      compact: false,
    });

    const holders = async (body: Record<string, unknown>) => new Set((await searchAsBasic(app, body)).ids);
    expect(await holders({ licensedIn: ['NM'] })).toEqual(new Set([id(nurse), id(olderFileNurse)]));
    expect(await holders({ licensedIn: ['TX'] })).toEqual(
      new Set([id(nurse), id(olderFileNurse), id(physician)]),
    );
    expect((await searchAsBasic(app, { licensedIn: ['MA'] })).ids).toEqual([id(practical)]);
    expect((await searchAsBasic(app, { compactLicense: true, state: ['TX'] })).count).toBe(2);
    expect((await searchAsBasic(app, { compactLicense: true, licensedIn: ['MA'] })).count).toBe(0);
  });

  it('appends a new license as an update, and nothing when the file says the same again', async () => {
    const header = nppesHeader('Provider Sex Code');
    const again = await writeNppesFile(path.join(dir, 'npidata_pfile_20240219-20240225.csv'), header, [
      nurse,
    ]);
    expect((await importNppesFile(app, again, { taxonomy })).summary).toMatchObject({
      unchanged: 1,
      updated: 0,
    });
    const moved: TestProvider = {
      ...nurse,
      updated: '03/01/2024',
      taxonomies: [...nurse.taxonomies!, { code: '163W00000X', license: 'AZ-5', licenseState: 'AZ' }],
    };
    const later = await writeNppesFile(path.join(dir, 'npidata_pfile_20240226-20240303.csv'), header, [
      moved,
    ]);
    expect((await importNppesFile(app, later, { taxonomy })).summary).toMatchObject({ updated: 1 });
    const stream = await app.store.readStream(`candidate-${id(nurse)}`);
    const { candidateId, ...update } = stream.at(-1)!.data as Record<string, unknown>;
    expect(update).toEqual({
      source: 'NPI registry',
      sourceDate: '2024-03-03',
      sourceFile: 'npidata_pfile_20240226-20240303.csv',
      sourceUpdatedOn: '2024-03-01',
      licenses: 'TX TX-3; NM NM-1; CA CA-2; AZ AZ-5',
      licenseRecords: [
        record('TX', 'TX-3', '163W00000X', true),
        record('NM', 'NM-1', '163W00000X'),
        record('CA', 'CA-2', '163W00000X'),
        record('AZ', 'AZ-5', '163W00000X'),
      ],
    });
    expect((await searchAsBasic(app, { licensedIn: ['AZ'], compactLicense: true })).ids).toEqual([id(nurse)]);
    const { body } = await profileAsBasic(app, id(nurse));
    expect(body.registry?.fieldUpdatedOn.licenseRecords).toBe('2024-03-01');
  });
});

import { CandidateProfile, type FilterSuggestions, type LicenseRecord } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { startTestApp, type TestApp, testMetadata } from '@healthtal/testkit/harness';
import { firstNamesFound, searchAs } from '@healthtal/testkit/search-requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The Licensed in and Compact license filters (issue 34): the states a license is held in, any of
 * several, distinct from the practice state; and a registered or practical nurse's license in a
 * state that issues compact licenses. Fields of the candidate field table: their columns, index
 * terms, suggestions with counts and the profile's licenses come from there.
 */
let app: TestApp;
const rn = (state: string, primary = false): LicenseRecord => ({
  state,
  number: `RN-${state}`,
  taxonomyCode: '163W00000X',
  primary,
});
const registry = (
  key: string,
  firstName: string,
  state: string,
  licenseRecords: LicenseRecord[] | null,
  extra = {},
) =>
  candidate(key, {
    firstName,
    lastName: 'Reyes',
    state,
    city: null,
    npi: '1234567893',
    sourceDate: '2024-02-11',
    sourceUpdatedOn: '2024-01-15',
    sourceFile: 'npidata_pfile_20050523-20240211.csv',
    licenseRecords,
    ...extra,
  });
const people = [
  // Practises in Texas, licensed in Texas and Oklahoma (both compact) and California (not).
  registry('ada', 'Ada', 'TX', [rn('TX', true), rn('OK'), rn('CA')]),
  // Practises in California, licensed there only.
  registry('bo', 'Bo', 'CA', [rn('CA', true)]),
  // A physician licensed in Texas: no compact license.
  registry('cy', 'Cy', 'TX', [{ state: 'TX', number: 'Q1', taxonomyCode: '207R00000X', primary: true }], {
    title: 'M.D.',
  }),
  // Imported before license records: the licenses text of a nurse (taxonomy 163W), Oklahoma only.
  registry('dee', 'Dee', 'NM', null, { licenses: 'OK 12345', taxonomyCode: '163W00000X', title: 'RN' }),
  // No license at all.
  candidate('eve', { firstName: 'Eve', lastName: 'Reyes', state: 'TX' }),
];

beforeAll(async () => {
  app = await startTestApp();
  await importCandidates(app, people);
});
afterAll(() => app?.close());

const search = (body: Record<string, unknown>) => searchAs(app, body);
const found = (body: Record<string, unknown>) => firstNamesFound(app, body);
const suggestions = async (field: string) => {
  const response = await app.request(`/api/v1/search/suggestions?field=${field}&prefix=&limit=60`, {
    as: 'basic',
  });
  return (await response.json()) as FilterSuggestions;
};

describe('Licensed in', () => {
  it('finds whoever holds a license in any of the states, wherever they practise', async () => {
    expect(await found({ licensedIn: ['OK'] })).toEqual(['Ada', 'Dee']);
    expect(await found({ licensedIn: ['CA'] })).toEqual(['Ada', 'Bo']);
    expect(await found({ licensedIn: ['OK', 'CA'] })).toEqual(['Ada', 'Bo', 'Dee']);
    expect(await found({ licensedIn: 'TX' })).toEqual(['Ada', 'Cy']);
    // Distinct from the practice state.
    expect(await found({ state: ['OK'] })).toEqual([]);
    expect(await found({ state: ['TX'], licensedIn: ['CA'] })).toEqual(['Ada']);
  });

  it('refuses a value that is no state, naming the field', async () => {
    const { status, body } = await search({ licensedIn: ['Texas'] });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('licensedIn');
  });

  it('counts the holders of each state, as the filter finds them', async () => {
    expect(await suggestions('licensedIn')).toEqual([
      { value: 'CA', count: 2 },
      { value: 'OK', count: 2 },
      { value: 'TX', count: 2 },
    ]);
  });
});

describe('Compact license', () => {
  it("finds nurses with a license from a state that issues compact licenses, a text license's by the nurse's taxonomy", async () => {
    expect(await found({ compactLicense: true })).toEqual(['Ada', 'Dee']);
    expect(await found({ compactLicense: 'true' })).toEqual(['Ada', 'Dee']);
    expect(await found({ compactLicense: ['true'] })).toEqual(['Ada', 'Dee']);
    expect((await search({ compactLicense: false })).body.count).toBe(people.length);
    expect(await found({ compactLicense: true, licensedIn: ['CA'] })).toEqual(['Ada']);
    expect(await suggestions('compactLicense')).toEqual([{ value: 'true', count: 2 }]);
  });

  it('refuses anything but on or off', async () => {
    const { status, body } = await search({ compactLicense: 'yes' });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('compactLicense');
  });

  it('follows a registry update of the licenses', async () => {
    const bo = people[1]!;
    await app.store.append(
      `candidate-${bo.candidateId}`,
      [
        {
          type: 'CandidateUpdated',
          data: {
            candidateId: bo.candidateId,
            source: 'NPI registry',
            sourceDate: '2024-03-10',
            sourceUpdatedOn: '2024-03-01',
            sourceFile: 'npidata_pfile_20240304-20240310.csv',
            licenseRecords: [rn('CA', true), rn('AZ')],
          },
          metadata: testMetadata(),
        },
      ],
      { expectedVersion: 'any' },
    );
    await app.caughtUp();
    expect(await found({ compactLicense: true })).toEqual(['Ada', 'Bo', 'Dee']);
    expect(await found({ licensedIn: ['AZ'] })).toEqual(['Bo']);
  });
});

describe('the profile (contract)', () => {
  it('answers every license with its state, number, taxonomy, primary and compact mark, and the file it came from', async () => {
    const response = await app.request(`/api/v1/candidates/${people[0]!.candidateId}`, { as: 'basic' });
    expect(response.status).toBe(200);
    const profile = CandidateProfile.strict().parse(await response.json());
    expect(profile.licenseRecords).toEqual([
      { state: 'TX', number: 'RN-TX', taxonomyCode: '163W00000X', primary: true, compact: true },
      { state: 'OK', number: 'RN-OK', taxonomyCode: '163W00000X', primary: false, compact: true },
      { state: 'CA', number: 'RN-CA', taxonomyCode: '163W00000X', primary: false, compact: false },
    ]);
    expect(profile.registry).toMatchObject({
      sourceFile: 'npidata_pfile_20050523-20240211.csv',
      sourceDate: '2024-02-11',
      fieldUpdatedOn: expect.objectContaining({ licenseRecords: '2024-01-15' }),
    });
    const legacy = CandidateProfile.parse(
      await (await app.request(`/api/v1/candidates/${people[3]!.candidateId}`, { as: 'basic' })).json(),
    );
    expect(legacy.licenseRecords).toEqual([
      { state: 'OK', number: '12345', taxonomyCode: null, primary: true, compact: true },
    ]);
    const none = CandidateProfile.parse(
      await (await app.request(`/api/v1/candidates/${people[4]!.candidateId}`, { as: 'basic' })).json(),
    );
    expect(none.licenseRecords).toEqual([]);
  });
});

import { CandidateProfile } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { startTestApp, type TestApp, testMetadata } from '@healthtal/testkit/harness';
import { firstNamesFound, searchAs } from '@healthtal/testkit/search-requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The credential (issue 34: MD, DO, NP, PA-C, RN…), read from the title: the NPPES credential text
 * as the registry spells it ("M.D.", "M. D.", "R.N."), or an export's title. A field of the
 * candidate field table: its column, filter, words and profile row come from there.
 */
let app: TestApp;
const person = (key: string, firstName: string, title: string | null, state = 'TX') =>
  candidate(key, { firstName, lastName: 'Reyes', title, state, specialty: null });
const people = [
  person('ada', 'Ada', 'M.D.'),
  person('bo', 'Bo', 'M. D.', 'CA'),
  person('cy', 'Cy', 'MD, PhD'),
  person('dee', 'Dee', 'D.O.'),
  person('eve', 'Eve', 'R.N.'),
  person('fay', 'Fay', 'Registered Nurse', 'CA'),
  person('gus', 'Gus', 'MSN, APRN, FNP-BC'),
  person('hal', 'Hal', 'Family Nurse Practitioner'),
  person('ivy', 'Ivy', 'PA-C'),
  person('jo', 'Jo', 'Attending Physician'),
  person('kit', 'Kit', null),
];

beforeAll(async () => {
  app = await startTestApp();
  await importCandidates(app, people);
});
afterAll(() => app?.close());

const search = (body: Record<string, unknown>) => searchAs(app, body);
const found = (body: Record<string, unknown>) => firstNamesFound(app, body);

describe('searching by credential', () => {
  it('finds the physicians however the registry dotted or spaced "MD", and not the DO', async () => {
    expect(await found({ credential: ['MD'] })).toEqual(['Ada', 'Bo', 'Cy']);
    expect(await found({ credential: ['DO'] })).toEqual(['Dee']);
    expect(await found({ credential: ['MD', 'DO'], state: ['TX'] })).toEqual(['Ada', 'Cy', 'Dee']);
  });

  it('finds nurses and nurse practitioners by the abbreviation or the words of their title', async () => {
    expect(await found({ credential: ['RN'] })).toEqual(['Eve', 'Fay']);
    expect(await found({ credential: ['NP'] })).toEqual(['Gus', 'Hal']);
    expect(await found({ credential: ['APRN'] })).toEqual(['Gus']);
    expect(await found({ credential: ['PA-C'] })).toEqual(['Ivy']);
    expect(await found({ credential: ['PharmD'] })).toEqual([]);
  });

  it('makes a dotted credential a word of the title: the query and the title filter find it', async () => {
    expect(await found({ query: 'md' })).toEqual(['Ada', 'Bo', 'Cy']);
    expect(await found({ title: ['MD'] })).toEqual(['Ada', 'Bo', 'Cy']);
    expect(await found({ query: 'rn' })).toEqual(['Eve', 'Fay']);
  });

  it('refuses a credential outside the vocabulary, naming the field', async () => {
    const { status, body } = await search({ credential: ['Wizard'] });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('credential');
  });

  it('shows the credential on the profile, the title as the source wrote it, and follows a registry update', async () => {
    const ada = people[0]!;
    const profileOf = async () =>
      CandidateProfile.parse(
        await (await app.request(`/api/v1/candidates/${ada.candidateId}`, { as: 'basic' })).json(),
      );
    expect(await profileOf()).toMatchObject({ title: 'M.D.', credential: ['MD'] });

    await app.store.append(
      `candidate-${ada.candidateId}`,
      [
        {
          type: 'CandidateUpdated',
          data: {
            candidateId: ada.candidateId,
            source: 'nppes',
            sourceDate: '2026-11-01',
            sourceUpdatedOn: '2026-10-20',
            title: 'D.O.',
          },
          metadata: testMetadata(),
        },
      ],
      { expectedVersion: 'any' },
    );
    await app.caughtUp();
    expect(await profileOf()).toMatchObject({ title: 'D.O.', credential: ['DO'] });
    expect(await found({ credential: ['MD'] })).toEqual(['Bo', 'Cy']);
    expect(await found({ credential: ['DO'] })).toEqual(['Ada', 'Dee']);
  });
});

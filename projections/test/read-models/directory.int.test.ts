import { BULK_IMPORT_CORRELATION_PREFIX } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { directoryProjection } from '../../src';
import { type GivenEvent, minute, readModelDatabase } from '../support/read-model';

const { givenEvents } = readModelDatabase();

const [maria, james] = ['f2ad1e2f-9a0b-4c1d-8e2f-3a4b5c6d7e01', 'f2ad1e2f-9a0b-4c1d-8e2f-3a4b5c6d7e02'];
const blank = {
  middleName: null,
  title: null,
  titleLevel: null,
  jobFunctions: null,
  companyName: null,
  companyEmployees: null,
  companyIndustry: null,
  companyRevenueRange: null,
  companyDomain: null,
  companyStartDate: null,
  officeCity: null,
  officeState: null,
  officeZip: null,
  location: null,
  workEmail: null,
  directPhone: null,
  linkedinUrl: null,
  connections: null,
  gender: null,
  skills: null,
  education: null,
  emailVerifiedAt: null,
  phoneVerifiedAt: null,
  emailHash: null,
  phoneHash: null,
};
const imported = (candidateId: string, firstName: string, specialty: string) =>
  ({
    type: 'CandidateImported',
    data: {
      ...blank,
      candidateId,
      sourceRef: `csv:${firstName}`,
      source: 'csv',
      firstName,
      lastName: 'Lopez',
      specialty,
      city: 'Austin',
      state: 'TX',
      personalEmail: `${firstName.toLowerCase()}@mail.example`,
      phone: 'null',
      skills: '"ACLS","Triage","acls"',
      education: 'school-name: UT Austin; degrees: BSN',
      emailStatus: 'valid',
    },
    occurredAt: minute(0),
  }) as const;
const erased = (subjectId: string) => ({ type: 'PersonalDataErased', data: { subjectId } }) as const;

describe('directory', () => {
  it('writes the state of a location built from city and state as its column has it', async () => {
    const lower = imported(james, 'James', 'Physician');
    const model = await givenEvents(directoryProjection, [
      { ...lower, data: { ...lower.data, state: 'tx' } },
    ]);

    expect(await model.thenRows('select state, location from directory_candidates')).toEqual([
      { state: 'TX', location: 'Austin, TX' },
    ]);
  });

  it('shows an imported professional with the card fields cleaned and parsed once', async () => {
    const model = await givenEvents(directoryProjection, [imported(maria, 'Maria', 'Registered Nurse')]);

    expect(
      await model.thenRows(
        `select id, first_name, specialty, state, location, string_to_array(skills, chr(31)) as skills, education, has_email, has_phone,
           imported_at, revision::int from directory_candidates`,
      ),
    ).toEqual([
      {
        id: maria,
        first_name: 'Maria',
        specialty: 'Nurse',
        state: 'TX',
        location: 'Austin, TX',
        skills: ['ACLS', 'Triage'],
        education: [{ school: 'UT Austin', degree: 'BSN' }],
        has_email: true,
        has_phone: false, // "null" is no phone
        imported_at: new Date(minute(0)),
        revision: 1,
      },
    ]);
    expect(
      await model.thenRows('select candidate_id, personal_email, phone from directory_contacts'),
    ).toEqual([{ candidate_id: maria, personal_email: 'maria@mail.example', phone: null }]);
    expect(await model.thenRows('select * from specialty_counts')).toEqual([
      { specialty: 'Nurse', count: 1 },
    ]);
  });

  it('takes an erased professional out with their contacts, count and a tombstone for the search index', async () => {
    const model = await givenEvents(directoryProjection, [
      imported(maria, 'Maria', 'Nurse'),
      imported(james, 'James', 'Nurse'),
      erased(maria),
    ]);

    expect(await model.thenRows('select id from directory_candidates')).toEqual([{ id: james }]);
    expect(await model.thenRows('select candidate_id from directory_contacts')).toEqual([
      { candidate_id: james },
    ]);
    expect(await model.thenRows('select id, revision::int from directory_removed')).toEqual([
      { id: maria, revision: 3 },
    ]);
    expect(await model.thenRows('select * from specialty_counts')).toEqual([
      { specialty: 'Nurse', count: 1 },
    ]);
    expect(await model.thenRows('select revision::int from directory_meta')).toEqual([{ revision: 3 }]);
  });

  it('counts the revision a search must see: every event but a bulk import’s additions', async () => {
    const bulk = (candidateId: string, name: string) => ({
      ...imported(candidateId, name, 'Nurse'),
      correlationId: `${BULK_IMPORT_CORRELATION_PREFIX}run-1`,
    });
    const mustSee = (model: { thenRows: (sql: string) => Promise<unknown[]> }) =>
      model.thenRows('select revision::int, must_see_revision::int as "mustSee" from directory_meta');
    const approved = 'f2ad1e2f-9a0b-4c1d-8e2f-3a4b5c6d7e03';
    const imports = [bulk(maria, 'Maria'), bulk(james, 'James')];

    expect(await mustSee(await givenEvents(directoryProjection, imports))).toEqual([
      { revision: 2, mustSee: 0 },
    ]);
    // An approved resume (not a bulk import) and an erasure must be seen, in any batching.
    for (const batchSize of [1, 2, 10]) {
      const model = await givenEvents(
        directoryProjection,
        [...imports, imported(approved, 'Ann', 'Nurse'), bulk('f2ad1e2f-9a0b-4c1d-8e2f-3a4b5c6d7e04', 'Bo')],
        { batchSize },
      );
      expect(await mustSee(model)).toEqual([{ revision: 4, mustSee: 3 }]);
      const erasing = await givenEvents(
        directoryProjection,
        [...imports, erased(maria), bulk(approved, 'Ann')],
        {
          batchSize,
        },
      );
      expect(await mustSee(erasing)).toEqual([{ revision: 4, mustSee: 3 }]);
      // The end of the run: nothing changes in the rows, but a search must see all it added.
      const completed = await givenEvents(
        directoryProjection,
        [
          ...imports,
          {
            type: 'ImportCompleted',
            data: { source: 'csv', imported: 2 },
            correlationId: bulk(maria, 'M').correlationId,
          },
        ],
        { batchSize },
      );
      expect(await mustSee(completed)).toEqual([{ revision: 3, mustSee: 3 }]);
      expect(await completed.thenRows('select count(*)::int as n from directory_candidates')).toEqual([
        { n: 2 },
      ]);
    }
  });

  it('does not bring an erased professional back on a replay, where their import reads nameless', async () => {
    const model = await givenEvents(
      directoryProjection,
      [imported(maria, 'Maria', 'Nurse'), imported(james, 'James', 'Nurse'), erased(maria)],
      { replay: true },
    );

    expect(await model.thenRows('select id from directory_candidates')).toEqual([{ id: james }]);
    expect(await model.thenRows('select * from specialty_counts')).toEqual([
      { specialty: 'Nurse', count: 1 },
    ]);
  });

  it('keeps a deactivated professional out of search and the counts until the registry reactivates them', async () => {
    const deactivated: GivenEvent = {
      type: 'CandidateDeactivated',
      data: { candidateId: maria, source: 'nppes', deactivatedOn: '2026-03-01', sourceDate: '2026-03-02' },
    };
    const out = await givenEvents(directoryProjection, [imported(maria, 'Maria', 'Nurse'), deactivated]);
    expect(await out.thenRows('select deactivated_on::text from directory_candidates')).toEqual([
      { deactivated_on: '2026-03-01' },
    ]);
    expect(await out.thenRows('select id, revision::int from directory_removed')).toEqual([
      { id: maria, revision: 2 },
    ]);
    expect(await out.thenRows('select * from specialty_counts')).toEqual([]);

    const back = await givenEvents(directoryProjection, [
      imported(maria, 'Maria', 'Nurse'),
      deactivated,
      {
        type: 'CandidateReactivated',
        data: { candidateId: maria, source: 'nppes', reactivatedOn: '2026-03-05', sourceDate: '2026-03-06' },
      },
    ]);
    expect(await back.thenRows('select deactivated_on, revision::int from directory_candidates')).toEqual([
      { deactivated_on: null, revision: 3 },
    ]);
    expect(await back.thenRows('select * from specialty_counts')).toEqual([{ specialty: 'Nurse', count: 1 }]);
  });

  it('moves a registry update onto the row and its count, with a tombstone of the old document', async () => {
    const model = await givenEvents(directoryProjection, [
      imported(maria, 'Maria', 'Nurse'),
      {
        type: 'CandidateUpdated',
        data: {
          candidateId: maria,
          source: 'nppes',
          sourceDate: '2026-03-02',
          sourceUpdatedOn: '2026-02-20',
          specialty: 'CRNA',
          city: 'Dallas',
        },
      },
    ]);

    expect(
      await model.thenRows(
        'select specialty, location, field_updated_on, revision::int from directory_candidates',
      ),
    ).toEqual([
      {
        specialty: 'Certified Registered Nurse Anesthetist',
        location: 'Dallas, TX',
        field_updated_on: { specialty: '2026-02-20', city: '2026-02-20' },
        revision: 2,
      },
    ]);
    expect(await model.thenRows('select id, revision::int from directory_removed')).toEqual([
      { id: maria, revision: 2 },
    ]);
    expect(await model.thenRows('select * from specialty_counts')).toEqual([
      { specialty: 'Certified Registered Nurse Anesthetist', count: 1 },
    ]);
  });

  it('gives the same revisions whether the events arrive in one batch or one by one', async () => {
    const history = [imported(maria, 'Maria', 'Nurse'), erased(maria), imported(james, 'James', 'Nurse')];
    const revisions =
      'select id::text as id, revision::int from directory_candidates union all select id::text, revision::int from directory_removed order by revision';

    const batched = await givenEvents(directoryProjection, history);
    const oneByOne = await givenEvents(directoryProjection, history, { batchSize: 1 });

    expect(await oneByOne.thenRows(revisions)).toEqual(await batched.thenRows(revisions));
    expect(await batched.thenRows(revisions)).toEqual([
      { id: maria, revision: 2 },
      { id: james, revision: 3 },
    ]);
  });
});

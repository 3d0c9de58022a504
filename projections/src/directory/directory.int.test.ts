import {
  BULK_IMPORT_CORRELATION_PREFIX,
  CANDIDATE_FIELDS,
  type CandidateFieldDefinition,
  type CandidateFieldTable,
  type FieldSourceEntry,
  latestWriteOf,
} from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { type GivenEvent, minute, readModelDatabase } from '../../test/support/read-model';
import { directoryProjection, directoryVersionOf } from './directory.projection';

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

  it('writes every column of an imported professional, each value as the event has it, and nulls as nulls', async () => {
    const full = {
      ...imported(james, 'James', 'Physician'),
      data: {
        ...imported(james, 'James', 'Physician').data,
        middleName: 'Q "Quote" O\'Neil',
        title: 'Attending Physician',
        titleLevel: 'Senior',
        jobFunctions: 'Clinical',
        companyName: 'Mercy Health',
        companyEmployees: '1000 to 4999',
        companyIndustry: 'Hospital & Health Care',
        companyRevenueRange: '$1B+',
        companyDomain: 'mercy.example',
        companyStartDate: '2019-04',
        officeCity: 'Round Rock',
        officeState: 'TX',
        officeZip: '78664',
        workEmail: 'james@mercy.example',
        phone: '+15125550123',
        directPhone: '+15125550124',
        linkedinUrl: 'https://www.linkedin.com/in/james-lopez',
        connections: 512,
        gender: 'M',
        emailVerifiedAt: '2026-01-02T03:04:05.000Z',
        phoneVerifiedAt: '2026-01-03T03:04:05.000Z',
        emailHash: 'ab'.repeat(32),
        phoneHash: 'cd'.repeat(32),
        npi: '1234567893',
        taxonomyCode: '207R00000X',
        licenses: 'TX:12345',
        sourceDate: '2026-02-01',
        sourceUpdatedOn: '2026-02-20',
      },
    } as const;
    const model = await givenEvents(directoryProjection, [imported(maria, 'Maria', 'Nurse'), full]);
    const rows = await model.thenRows<{ seq: unknown; source_date: Date }>(
      `select c.*, k.personal_email, k.work_email, k.phone, k.direct_phone, encode(k.email_hash, 'hex') as email_hash,
         encode(k.phone_hash, 'hex') as phone_hash
       from directory_candidates c join directory_contacts k on k.candidate_id = c.id order by c.seq`,
    );
    // Every column the field table defines, and the read model's own: no more, no fewer.
    const columns = Object.values(CANDIDATE_FIELDS as CandidateFieldTable).flatMap(({ column }) =>
      column ? [column.name] : [],
    );
    const own = ['seq', 'imported_at', 'revision', 'source_id', 'field_sources', 'deactivated_on'];
    for (const row of rows) expect(Object.keys(row).sort()).toEqual([...columns, ...own].sort());
    expect(rows.map(({ seq, ...rest }) => rest)).toEqual([
      expect.objectContaining({
        id: maria,
        source_ref: 'csv:Maria',
        source: 'csv',
        first_name: 'Maria',
        middle_name: null,
        last_name: 'Lopez',
        title: null,
        title_level: null,
        job_functions: null,
        specialty: 'Nurse',
        company_name: null,
        company_employees: null,
        company_industry: null,
        company_revenue_range: null,
        company_domain: null,
        company_start_date: null,
        city: 'Austin',
        state: 'TX',
        office_city: null,
        office_state: null,
        office_zip: null,
        location: 'Austin, TX',
        linkedin_url: null,
        connections: null,
        gender: null,
        skills: 'ACLS\u001fTriage',
        education: [{ school: 'UT Austin', degree: 'BSN' }],
        email_status: 'valid',
        email_verified_at: null,
        phone_verified_at: null,
        has_email: true,
        has_phone: false,
        imported_at: new Date(minute(0)),
        revision: '1',
        npi: null,
        taxonomy_code: null,
        licenses: null,
        source_date: null,
        source_updated_on: null,
        source_id: expect.any(Number),
        field_sources: [],
        deactivated_on: null,
        personal_email: 'maria@mail.example',
        work_email: null,
        phone: null,
        direct_phone: null,
        email_hash: null,
        phone_hash: null,
      }),
      expect.objectContaining({
        id: james,
        source_ref: 'csv:James',
        source: 'csv',
        first_name: 'James',
        middle_name: 'Q "Quote" O\'Neil',
        last_name: 'Lopez',
        title: 'Attending Physician',
        title_level: 'Senior',
        job_functions: 'Clinical',
        specialty: 'Physician',
        company_name: 'Mercy Health',
        company_employees: '1000 to 4999',
        company_industry: 'Hospital & Health Care',
        company_revenue_range: '$1B+',
        company_domain: 'mercy.example',
        company_start_date: '2019-04',
        city: 'Austin',
        state: 'TX',
        office_city: 'Round Rock',
        office_state: 'TX',
        office_zip: '78664',
        location: 'Austin, TX',
        linkedin_url: 'https://www.linkedin.com/in/james-lopez',
        connections: 512,
        gender: 'M',
        skills: 'ACLS\u001fTriage',
        education: [{ school: 'UT Austin', degree: 'BSN' }],
        email_status: 'valid',
        email_verified_at: new Date('2026-01-02T03:04:05.000Z'),
        phone_verified_at: new Date('2026-01-03T03:04:05.000Z'),
        has_email: true,
        has_phone: true,
        imported_at: new Date(minute(0)),
        revision: '2',
        npi: '1234567893',
        taxonomy_code: '207R00000X',
        licenses: 'TX:12345',
        source_date: expect.any(Date),
        // The record's own update date, once for the row; its source, file and file date by id.
        source_updated_on: new Date('2026-02-20T00:00:00Z'),
        source_id: expect.any(Number),
        field_sources: [],
        deactivated_on: null,
        personal_email: 'james@mail.example',
        work_email: 'james@mercy.example',
        phone: '+15125550123',
        direct_phone: '+15125550124',
        email_hash: 'ab'.repeat(32),
        phone_hash: 'cd'.repeat(32),
      }),
    ]);
    expect(rows[1]!.source_date.toISOString().slice(0, 10)).toBe('2026-02-01');
    expect(
      await model.thenRows(
        `select c.id, s.source, s.file, s.file_date::text from directory_candidates c
         join directory_sources s on s.id = c.source_id order by c.seq`,
      ),
    ).toEqual([
      { id: maria, source: 'csv', file: null, file_date: null },
      { id: james, source: 'csv', file: null, file_date: '2026-02-01' },
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
      await model.thenRows('select specialty, location, revision::int from directory_candidates'),
    ).toEqual([{ specialty: 'Certified Registered Nurse Anesthetist', location: 'Dallas, TX', revision: 2 }]);
    expect(await model.thenRows('select id, revision::int from directory_removed')).toEqual([
      { id: maria, revision: 2 },
    ]);
    expect(await model.thenRows('select * from specialty_counts')).toEqual([
      { specialty: 'Certified Registered Nurse Anesthetist', count: 1 },
    ]);
  });

  it('keeps per field the write it comes from: the import, or the later file or other source that changed it', async () => {
    const update = (
      from: { source: string; sourceFile: string; sourceDate: string; sourceUpdatedOn: string | null },
      fields: { specialty?: string; city?: string; medicalSchool?: string; graduationYear?: number },
    ): GivenEvent => ({ type: 'CandidateUpdated', data: { candidateId: maria, ...from, ...fields } });
    const csv = imported(maria, 'Maria', 'Nurse');
    const model = await givenEvents(directoryProjection, [
      { ...csv, data: { ...csv.data, sourceFile: 'nurses.csv' } },
      update(
        {
          source: 'csv',
          sourceFile: 'nurses-2.csv',
          sourceDate: '2026-03-02',
          sourceUpdatedOn: '2026-02-20',
        },
        { specialty: 'CRNA', city: 'Dallas' },
      ),
      update(
        {
          source: 'cms-dac',
          sourceFile: 'DAC_NationalDownloadableFile.csv',
          sourceDate: '2026-04-01',
          sourceUpdatedOn: null,
        },
        { medicalSchool: 'UT Health', graduationYear: 2010, city: 'Plano' },
      ),
    ]);
    const [row] = await model.thenRows<{
      source_id: number;
      field_sources: FieldSourceEntry[];
      source_date: string;
    }>('select source_id, field_sources, source_date::text from directory_candidates');
    const sources = new Map(
      (
        await model.thenRows<{ id: number; source: string; file: string; file_date: string }>(
          'select id, source, file, file_date::text from directory_sources',
        )
      ).map((s) => [s.id, `${s.source} ${s.file} ${s.file_date ?? '-'}`]),
    );
    const from = (field: string) => {
      const write = latestWriteOf(row!.field_sources, field);
      return write
        ? `${sources.get(write.sourceId)} ${write.updatedOn ?? '-'}`
        : `${sources.get(row!.source_id)} import`;
    };
    expect(from('firstName')).toBe('csv nurses.csv - import');
    expect(from('specialty')).toBe('csv nurses-2.csv 2026-03-02 2026-02-20');
    expect(from('city')).toBe('cms-dac DAC_NationalDownloadableFile.csv 2026-04-01 -');
    expect(from('medicalSchool')).toBe('cms-dac DAC_NationalDownloadableFile.csv 2026-04-01 -');
    // One entry per write still shown, its fields by mask: never one per field.
    expect(row!.field_sources).toHaveLength(2);
    // Another source's file is not the candidate's own source's date.
    expect(row!.source_date).toBe('2026-03-02');
  });

  it('numbers its sources by first appearance, whatever the batches: a rebuild names them alike', async () => {
    // One file's import, then a batch naming that file again with a new one: a sequence with
    // "on conflict do nothing" took a number for the repeat, so batches of one numbered them 1, 3
    // and a single batch 1, 2, and the chaos suite's rebuild disagreed on every source_id.
    const fromFile = (id: string, name: string, file: string): GivenEvent => {
      const event = imported(id, name, 'Nurse');
      return { ...event, data: { ...event.data, sourceFile: file } };
    };
    const [ana, li] = ['f2ad1e2f-9a0b-4c1d-8e2f-3a4b5c6d7e03', 'f2ad1e2f-9a0b-4c1d-8e2f-3a4b5c6d7e04'];
    const history = [
      fromFile(maria, 'Maria', 'a.csv'),
      fromFile(james, 'James', 'a.csv'),
      fromFile(ana, 'Ana', 'b.csv'),
      fromFile(li, 'Li', 'a.csv'),
    ];
    const sql = `select c.id, s.id as source_id, s.file from directory_candidates c
      join directory_sources s on s.id = c.source_id order by c.seq`;

    const batched = await givenEvents(directoryProjection, history);
    const oneByOne = await givenEvents(directoryProjection, history, { batchSize: 1 });
    const inPairs = await givenEvents(directoryProjection, history, { batchSize: 2 });

    expect(await batched.thenRows(sql)).toEqual([
      { id: maria, source_id: 1, file: 'a.csv' },
      { id: james, source_id: 1, file: 'a.csv' },
      { id: ana, source_id: 2, file: 'b.csv' },
      { id: li, source_id: 1, file: 'a.csv' },
    ]);
    expect(await oneByOne.thenRows(sql)).toEqual(await batched.thenRows(sql));
    expect(await inPairs.thenRows(sql)).toEqual(await batched.thenRows(sql));
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

  it('is rebuilt when the candidate field definition changes: its version follows the definition', () => {
    const table = CANDIDATE_FIELDS as CandidateFieldTable;
    const versions = new Set([directoryProjection.version]);
    expect(directoryVersionOf(table)).toBe(directoryProjection.version);
    const expectNew = (field: string, definition: CandidateFieldDefinition, what: string) => {
      const version = directoryVersionOf({ ...table, [field]: definition });
      expect(versions.has(version), what).toBe(false);
      expect(Number.isInteger(version) && version > 0 && version < 2 ** 31, what).toBe(true);
      versions.add(version);
    };
    const { specialty, officeZip, workEmail } = table;
    expectNew(
      'specialty',
      { ...specialty!, column: { ...specialty!.column!, clean: 'text' } },
      'another cleaning',
    );
    expectNew(
      'specialty',
      { ...specialty!, column: { ...specialty!.column!, name: 'speciality' } },
      'a column renamed',
    );
    expectNew('officeZip', { ...officeZip!, column: { ...officeZip!.column!, type: 'int' } }, 'another type');
    expectNew(
      'workEmail',
      { ...workEmail!, column: { ...workEmail!.column!, table: undefined } },
      'another table',
    );
    expectNew(
      'officeZip',
      { ...officeZip!, column: { ...officeZip!.column!, of: 'state' } },
      'from another field',
    );
    expectNew(
      'boardCertification',
      {
        event: officeZip!.event!,
        optional: true,
        column: { ...officeZip!.column!, name: 'board_certification' },
      },
      'a new field',
    );
    // What the read model does not store changes nothing (the profile label, the search entry).
    expect(
      directoryVersionOf({ ...table, officeZip: { ...officeZip!, profile: { label: 'ZIP' }, search: {} } }),
    ).toBe(directoryProjection.version);
  });
});

import { CANDIDATE_FIELDS, COLUMN_DATA, NURSE_LICENSURE_COMPACT } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { type GivenEvent, readModelDatabase } from '../../test/support/read-model';
import { directoryProjection, directoryVersionOf } from './directory.projection';

/*
 * Licenses in the directory read model (issue 34): license records, each marked compact by the
 * Nurse Licensure Compact's data file, the states they are held in and whether one is compact; and
 * events written before the records, whose `licenses` text reads into the same columns.
 */
const { givenEvents } = readModelDatabase();

const ids = {
  legacyNurse: 'a1000000-0000-4000-8000-000000000001',
  legacyPhysician: 'a1000000-0000-4000-8000-000000000002',
  legacyLpn: 'a1000000-0000-4000-8000-000000000003',
  practitioner: 'a1000000-0000-4000-8000-000000000004',
} as const;

const registryCandidate = (
  candidateId: string,
  fields: { title: string; taxonomyCode: string | null; licenses: string | null; [field: string]: unknown },
): GivenEvent =>
  ({
    type: 'CandidateImported',
    data: {
      candidateId,
      sourceRef: `nppes:${candidateId}`,
      source: 'NPI registry',
      firstName: 'Pat',
      middleName: null,
      lastName: candidateId.slice(-1),
      titleLevel: null,
      jobFunctions: null,
      specialty: null,
      companyName: null,
      companyEmployees: null,
      companyIndustry: null,
      companyRevenueRange: null,
      companyDomain: null,
      companyStartDate: null,
      city: 'Austin',
      state: 'TX',
      officeCity: null,
      officeState: null,
      officeZip: null,
      location: null,
      personalEmail: null,
      workEmail: null,
      phone: '+15125550100',
      directPhone: null,
      linkedinUrl: null,
      connections: null,
      gender: null,
      skills: null,
      education: null,
      emailStatus: 'unknown',
      emailVerifiedAt: null,
      phoneVerifiedAt: null,
      emailHash: null,
      phoneHash: null,
      npi: '1234567893',
      sourceDate: '2024-02-11',
      sourceUpdatedOn: '2024-01-15',
      ...fields,
    },
  }) as GivenEvent;

const updated = (candidateId: string, fields: Record<string, unknown>): GivenEvent =>
  ({
    type: 'CandidateUpdated',
    data: {
      candidateId,
      source: 'NPI registry',
      sourceDate: '2024-03-10',
      sourceUpdatedOn: '2024-03-01',
      ...fields,
    },
  }) as GivenEvent;

const history: GivenEvent[] = [
  // Written before license records: the `licenses` text alone.
  registryCandidate(ids.legacyNurse, { title: 'RN', taxonomyCode: '163W00000X', licenses: 'TX 111; CA 222' }),
  registryCandidate(ids.legacyPhysician, { title: 'M.D.', taxonomyCode: '207R00000X', licenses: 'TX 333' }),
  registryCandidate(ids.legacyLpn, { title: 'LPN', taxonomyCode: null, licenses: 'PA 444' }),
  registryCandidate(ids.practitioner, {
    title: 'MSN, APRN, FNP-BC, RN',
    taxonomyCode: '363L00000X',
    licenses: 'TX NP1; OK RN2',
    licenseRecords: [
      { state: 'TX', number: 'NP1', taxonomyCode: '363L00000X', primary: true },
      { state: 'OK', number: 'RN2', taxonomyCode: '163W00000X', primary: false },
    ],
  }),
];

const rows = async (events: GivenEvent[]) =>
  (await givenEvents(directoryProjection, events)).thenRows<{
    id: string;
    license_records: unknown;
    licensed_in: string[];
    compact_license: boolean;
  }>(
    `select id, license_records, string_to_array(licensed_in, chr(31)) as licensed_in, compact_license
     from directory_candidates order by id`,
  );
const license = (
  state: string,
  number: string,
  compact: boolean,
  primary = false,
  taxonomyCode: string | null = null,
) => ({
  state,
  number,
  taxonomyCode,
  primary,
  compact,
});

describe('licenses in the directory', () => {
  it('reads license records, and the licenses text of earlier events, marking a nurse license in a compact state', async () => {
    expect(await rows(history)).toEqual([
      {
        id: ids.legacyNurse,
        license_records: [license('TX', '111', true, true), license('CA', '222', false)],
        licensed_in: ['TX', 'CA'],
        compact_license: true,
      },
      // Not a nurse: no license of theirs is compact, Texas or not.
      {
        id: ids.legacyPhysician,
        license_records: [license('TX', '333', false, true)],
        licensed_in: ['TX'],
        compact_license: false,
      },
      // No taxonomy: the credential says practical nurse; Pennsylvania issues compact licenses.
      {
        id: ids.legacyLpn,
        license_records: [license('PA', '444', true, true)],
        licensed_in: ['PA'],
        compact_license: true,
      },
      // Each record by its own taxonomy: the NP license is not the compact's, the RN one is.
      {
        id: ids.practitioner,
        license_records: [
          license('TX', 'NP1', false, true, '363L00000X'),
          license('OK', 'RN2', true, false, '163W00000X'),
        ],
        licensed_in: ['TX', 'OK'],
        compact_license: true,
      },
    ]);
  });

  it('follows a registry update of the records, and of the licenses text of a candidate without records', async () => {
    const after = await rows([
      ...history,
      // Massachusetts has enacted the compact but does not issue its licenses yet.
      updated(ids.legacyNurse, { licenses: 'MA 555' }),
      updated(ids.practitioner, {
        licenses: 'CA NP9',
        licenseRecords: [{ state: 'CA', number: 'NP9', taxonomyCode: '363L00000X', primary: true }],
      }),
      // The title alone changes nothing of records, which carry their own taxonomy.
      updated(ids.practitioner, { title: 'RN' }),
      // A physician's records now: they replace the text's.
      updated(ids.legacyPhysician, {
        licenseRecords: [{ state: 'TX', number: '333', taxonomyCode: '207R00000X', primary: true }],
      }),
    ]);
    expect(after.map(({ id, ...rest }) => rest)).toEqual([
      { license_records: [license('MA', '555', false, true)], licensed_in: ['MA'], compact_license: false },
      {
        license_records: [license('TX', '333', false, true, '207R00000X')],
        licensed_in: ['TX'],
        compact_license: false,
      },
      { license_records: [license('PA', '444', true, true)], licensed_in: ['PA'], compact_license: true },
      {
        license_records: [license('CA', 'NP9', false, true, '363L00000X')],
        licensed_in: ['CA'],
        compact_license: false,
      },
    ]);
  });

  it('is rebuilt when the compact data file changes: its data is part of the version', () => {
    expect(directoryVersionOf(CANDIDATE_FIELDS, COLUMN_DATA)).toBe(directoryProjection.version);
    const massachusettsImplements = {
      nurseLicensureCompact: {
        ...NURSE_LICENSURE_COMPACT,
        members: {
          ...NURSE_LICENSURE_COMPACT.members,
          MA: { status: 'implemented', implementedOn: '2026-07-01' },
        },
      },
    };
    expect(directoryVersionOf(CANDIDATE_FIELDS, massachusettsImplements)).not.toBe(
      directoryProjection.version,
    );
  });
});

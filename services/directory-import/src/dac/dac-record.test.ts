import { DAC_NEW_HEADER, DAC_OLD_HEADER } from '@healthtal/testkit/dac-files';
import { npiOf } from '@healthtal/testkit/nppes-files';
import { describe, expect, it } from 'vitest';
import { dateInFileName } from '../csv-records';
import { changedDacFields, dacFieldsOf, dacFingerprintOf, displayName } from './dac-fields';
import { cell, dacRowOf, readDacHeader } from './dac-record';
import type { StagedClinician } from './dac-state';

const npi = npiOf('300000001');
const rowOf = (header: readonly string[], values: Record<string, string>) =>
  header.map((column) => values[column.trim()] ?? '');

describe('the CMS Doctors and Clinicians row', () => {
  it('reads both header vintages, a leading space before a name included', () => {
    const spaced = DAC_OLD_HEADER.map((name, i) => (i === 0 ? name : ` ${name}`));
    for (const [header, values] of [
      [
        DAC_NEW_HEADER,
        {
          NPI: npi,
          Med_sch: 'YALE',
          Grd_yr: '1999',
          pri_spec: 'SURGERY',
          'Facility Name': 'YNHH',
          Telehlth: 'Y',
        },
      ],
      [spaced, { NPI: npi, Med_sch: 'YALE', grd_yr: '1999', pri_spec: 'SURGERY', org_nm: 'YNHH' }],
    ] as const) {
      const read = readDacHeader(header);
      const row = dacRowOf(read, rowOf(header, values), 2);
      expect(row).toMatchObject({
        npi,
        medicalSchool: 'YALE',
        graduationYear: 1999,
        primarySpecialty: 'SURGERY',
        group: 'YNHH',
      });
      // The older vintage has no Telehlth column: telehealth is unknown there, not "no".
      expect((row as { telehealth: boolean | null }).telehealth).toBe(read.hasTelehealth ? true : null);
      expect(read.hasAffiliations).toBe(header === spaced);
    }
  });

  it('merges sec_spec_1..4 with sec_spec_all, once each', () => {
    const header = readDacHeader(DAC_NEW_HEADER);
    const row = dacRowOf(
      header,
      rowOf(DAC_NEW_HEADER, {
        NPI: npi,
        pri_spec: 'INTERNAL MEDICINE',
        sec_spec_1: 'GERIATRIC MEDICINE',
        sec_spec_all: 'GERIATRIC MEDICINE|SLEEP MEDICINE',
      }),
      2,
    );
    expect(row).toMatchObject({ secondarySpecialties: ['GERIATRIC MEDICINE', 'SLEEP MEDICINE'] });
  });

  it('refuses a row whose NPI or graduation year cannot be one, with why', () => {
    const header = readDacHeader(DAC_NEW_HEADER);
    expect(dacRowOf(header, rowOf(DAC_NEW_HEADER, { NPI: '1234567890' }), 3)).toEqual({
      reason: 'NPI 1234567890 is not a valid NPI (10 digits, check digit)',
    });
    expect(dacRowOf(header, rowOf(DAC_NEW_HEADER, { NPI: npi, Grd_yr: '1850' }), 3)).toEqual({
      reason: 'Grd_yr "1850" is not a graduation year',
    });
    expect(dacRowOf(header, rowOf(DAC_NEW_HEADER, { NPI: npi, Grd_yr: '' }), 3)).toMatchObject({
      graduationYear: null,
    });
  });

  it('is refused whole when it is no CMS file', () => {
    expect(() => readDacHeader(['NPI', 'Entity Type Code', 'Provider First Name'])).toThrow(
      /no Med_sch or pri_spec/,
    );
    expect(() => readDacHeader(['Med_sch', 'pri_spec'])).toThrow(/no NPI column/);
  });

  it('takes the quotes off a value an export wrote after ", "', () => {
    expect(cell(' "MD"')).toBe('MD');
    expect(cell(' "SAINT ""JOE"" CLINIC" ')).toBe('SAINT "JOE" CLINIC');
    expect(cell('  ')).toBeNull();
  });

  it('finds a release date in a file name', () => {
    expect(dateInFileName('DAC_NationalDownloadableFile_20240915.csv')).toBe('2024-09-15');
    expect(dateInFileName('Physician_Compare_2019-06-30.csv')).toBe('2019-06-30');
    expect(dateInFileName('DAC_NationalDownloadableFile.csv')).toBeNull();
    expect(dateInFileName('export_20241340.csv')).toBeNull();
  });
});

describe('one clinician from all their rows', () => {
  const staged = (over: Partial<StagedClinician>): StagedClinician => ({
    npi,
    rows: 3,
    medicalSchool: 'UNIV OF TX MED BRANCH GALVESTON',
    graduationYear: 2001,
    primarySpecialty: 'FAMILY PRACTICE',
    secondaries: ['FAMILY PRACTICE', 'SPORTS MEDICINE', 'SPORTS MEDICINE'],
    groups: ['NORTH CLINIC', 'SOUTH CLINIC', 'SOUTH CLINIC', ''],
    affiliations: [
      ['450068', null],
      ['450068', 'MEMORIAL HERMANN'],
    ],
    telehealth: false,
    ...over,
  });

  it('keeps the most frequent group (the first on a tie), each affiliation and secondary once, not the primary', () => {
    expect(dacFieldsOf(staged({}), new Map([['450068', 'MEMORIAL HERMANN HOSPITAL']]))).toEqual({
      medicalSchool: 'Univ of Tx Med Branch Galveston',
      graduationYear: 2001,
      secondarySpecialties: ['Sports Medicine'],
      groupPractice: 'South Clinic',
      hospitalAffiliations: [{ ccn: '450068', name: 'Memorial Hermann Hospital' }],
      telehealth: false,
      primarySpecialty: 'Family Practice',
    });
    expect(dacFieldsOf(staged({ groups: ['NORTH CLINIC', 'SOUTH CLINIC'] }), null).groupPractice).toBe(
      'North Clinic',
    );
  });

  it('compares by a fingerprint: a run without the hospitals file keeps the names an earlier one wrote', () => {
    const named = dacFieldsOf(staged({}), new Map([['450068', 'MEMORIAL HERMANN HOSPITAL']]));
    const before = dacFingerprintOf(named);
    const unnamed = dacFieldsOf(staged({ affiliations: [['450068', null]] }), null);
    expect(changedDacFields(unnamed, before, new Set(['affiliationNames'])).changed).toEqual({});
    // The same run with another hospital: the list changed, so it is written (by CCN).
    const moved = dacFieldsOf(staged({ affiliations: [['670055', null]] }), null);
    expect(changedDacFields(moved, before, new Set(['affiliationNames'])).changed).toEqual({
      hospitalAffiliations: [{ ccn: '670055', name: null }],
    });
  });

  it('writes CMS capitals as a name reads', () => {
    expect(displayName('MAYO CLINIC ARIZONA LLC')).toBe('Mayo Clinic Arizona LLC');
    expect(displayName('UCLA DAVID GEFFEN SCHOOL OF MEDICINE')).toBe('UCLA David Geffen School of Medicine');
    expect(displayName('OBSTETRICS/GYNECOLOGY')).toBe('Obstetrics/Gynecology');
    expect(displayName('Already Mixed Case')).toBe('Already Mixed Case');
  });
});

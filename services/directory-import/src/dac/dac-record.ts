import { isValidNpi } from '@healthtal/contracts';

/*
 * CMS's Doctors and Clinicians national downloadable file (Care Compare, Provider Data Catalog
 * dataset mj5m-pzi6, https://data.cms.gov/provider-data/dataset/mj5m-pzi6; data dictionary
 * https://data.cms.gov/provider-data/sites/default/files/data_dictionaries/physician/DOC_Data_Dictionary.pdf),
 * one row per clinician x Medicare enrollment x group x practice address: an NPI repeats. Two header
 * vintages are read, by name (case, spaces and punctuation ignored, so " frst_nm" with the leading
 * space some exports have is frst_nm):
 * - older (Physician Compare on data.medicare.gov): NPI, …, lst_nm, frst_nm, …, Cred, Med_sch,
 *   Grd_yr (or grd_yr), pri_spec, sec_spec_1..4, sec_spec_all, [Telehlth,] org_nm, org_pac_id, …,
 *   cty, st, zip, phn_numbr, hosp_afl_1..5 (CCN), hosp_afl_lbn_1..5 (the hospital's legal name), …
 * - newer (DAC_NationalDownloadableFile.csv): NPI, …, Provider Last Name, Provider First Name, …,
 *   Med_sch, Grd_yr, pri_spec, sec_spec_1..4, sec_spec_all, Telehlth, Facility Name, org_pac_id,
 *   …, City/Town, State, ZIP Code, Telephone Number, …; hospital affiliations in a file of their own
 *   (dac-affiliations.ts).
 * The directory reads the NPI (the join to the registry's candidates), the school and graduation
 * year, the specialties, the group practice, the affiliations and telehealth; names, credential and
 * address stay the NPI registry's.
 */

/**
 * The newer vintage's columns in CMS's order (DAC_NationalDownloadableFile.csv, 31 columns): what
 * the bench generates and tests write. The import itself finds its columns by name.
 */
export const DAC_NEWER_COLUMNS: readonly string[] = [
  'NPI',
  'Ind_PAC_ID',
  'Ind_enrl_ID',
  'Provider Last Name',
  'Provider First Name',
  'Provider Middle Name',
  'suff',
  'gndr',
  'Cred',
  'Med_sch',
  'Grd_yr',
  'pri_spec',
  'sec_spec_1',
  'sec_spec_2',
  'sec_spec_3',
  'sec_spec_4',
  'sec_spec_all',
  'Telehlth',
  'Facility Name',
  'org_pac_id',
  'num_org_mem',
  'adr_ln_1',
  'adr_ln_2',
  'ln_2_sprs',
  'City/Town',
  'State',
  'ZIP Code',
  'Telephone Number',
  'ind_assgn',
  'grp_assgn',
  'adrs_id',
];

/** One row, as far as the directory reads it; texts trimmed, empty ones null. */
export type DacRow = {
  line: number;
  npi: string;
  medicalSchool: string | null;
  graduationYear: number | null;
  primarySpecialty: string | null;
  secondarySpecialties: string[];
  /** The group practice this row's enrollment bills through (org_nm / Facility Name). */
  group: string | null;
  /** The older vintage's hosp_afl_N / hosp_afl_lbn_N pairs. */
  affiliations: { ccn: string | null; name: string | null }[];
  /** Null when the file has no Telehlth column (older vintages): not known, never compared. */
  telehealth: boolean | null;
};

type Single = 'npi' | 'medicalSchool' | 'graduationYear' | 'primarySpecialty' | 'group' | 'telehealth';

/** CMS's column names (compared without case, spaces or punctuation) → what the directory reads. */
const SINGLE: Record<string, Single> = {
  npi: 'npi',
  medsch: 'medicalSchool',
  grdyr: 'graduationYear', // Grd_yr and grd_yr alike
  prispec: 'primarySpecialty',
  orgnm: 'group', // older
  orglglnm: 'group', // older still (org_lgl_nm)
  facilityname: 'group', // newer
  telehlth: 'telehealth',
};
const SECONDARY = /^secspec(\d+|all)$/;
const AFFILIATION = /^hospafl(lbn)?(\d+)$/;

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export type DacHeader = {
  single: [index: number, field: Single][];
  secondary: number[];
  /** Per affiliation slot (1..5): its CCN's column and its name's, -1 when absent. */
  affiliations: { ccn: number; name: number }[];
  hasTelehealth: boolean;
  /** Whether the file names affiliations itself (the older vintage). */
  hasAffiliations: boolean;
  width: number;
  /** 1 at the positions the import reads (the CSV reader copies only those). */
  keep: Uint8Array;
};

/** Reads the header by name; columns the directory does not read are ignored. */
export function readDacHeader(names: readonly string[]): DacHeader {
  const single: [number, Single][] = [];
  const secondary: number[] = [];
  const slots = new Map<number, { ccn: number; name: number }>();
  names.forEach((name, index) => {
    const k = key(name);
    const field = SINGLE[k];
    if (field) {
      // The first of two spellings wins (a file with org_nm and Facility Name has one group).
      if (!single.some(([, f]) => f === field)) single.push([index, field]);
      return;
    }
    if (SECONDARY.test(k)) {
      secondary.push(index);
      return;
    }
    const affiliation = AFFILIATION.exec(k);
    if (affiliation) {
      const slot = slots.get(Number(affiliation[2])) ?? { ccn: -1, name: -1 };
      slot[affiliation[1] ? 'name' : 'ccn'] = index;
      slots.set(Number(affiliation[2]), slot);
    }
  });
  if (!single.some(([, field]) => field === 'npi'))
    throw new Error('This file has no NPI column: is it the CMS Doctors and Clinicians file?');
  if (!single.some(([, f]) => f === 'medicalSchool' || f === 'primarySpecialty'))
    throw new Error(
      'This file has no Med_sch or pri_spec column: is it the CMS Doctors and Clinicians national downloadable file?',
    );
  const affiliations = [...slots.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot);
  const keep = new Uint8Array(names.length);
  for (const [index] of single) keep[index] = 1;
  for (const index of secondary) keep[index] = 1;
  for (const { ccn, name } of affiliations) for (const index of [ccn, name]) if (index >= 0) keep[index] = 1;
  return {
    single,
    secondary,
    affiliations,
    hasTelehealth: single.some(([, f]) => f === 'telehealth'),
    hasAffiliations: affiliations.length > 0,
    width: names.length,
    keep,
  };
}

/**
 * A cell trimmed, empty as null. An export that writes a space after each comma leaves a quoted
 * value as ` "MD"`, which reads as unquoted text: its quotes are taken off here.
 */
export function cell(value: string | undefined): string | null {
  let v = value?.trim() ?? '';
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1).replaceAll('""', '"').trim();
  return v === '' ? null : v;
}

const THIS_YEAR = new Date().getUTCFullYear();

/** One row of the file, or why it cannot be read. */
export function dacRowOf(
  header: DacHeader,
  record: readonly string[],
  line: number,
): DacRow | { reason: string } {
  const values: Partial<Record<Single, string | null>> = {};
  for (const [index, field] of header.single) values[field] = cell(record[index]);
  const npi = values.npi;
  if (!npi) return { reason: 'no NPI' };
  if (!isValidNpi(npi)) return { reason: `NPI ${npi} is not a valid NPI (10 digits, check digit)` };
  let graduationYear: number | null = null;
  if (values.graduationYear) {
    const year = /^\d{4}$/.test(values.graduationYear) ? Number(values.graduationYear) : Number.NaN;
    // CMS leaves the year empty when it is not known; a year that cannot be one is reported.
    if (!(year >= 1900 && year <= THIS_YEAR + 1))
      return { reason: `Grd_yr "${values.graduationYear}" is not a graduation year` };
    graduationYear = year;
  }
  const secondarySpecialties: string[] = [];
  for (const index of header.secondary) {
    // sec_spec_all lists them all; CMS's specialty names hold neither commas nor bars.
    for (const part of (cell(record[index]) ?? '').split(/[|,]/)) {
      const specialty = part.trim();
      if (specialty && !secondarySpecialties.includes(specialty)) secondarySpecialties.push(specialty);
    }
  }
  const affiliations: DacRow['affiliations'] = [];
  for (const slot of header.affiliations) {
    const ccn = slot.ccn >= 0 ? cell(record[slot.ccn]) : null;
    const name = slot.name >= 0 ? cell(record[slot.name]) : null;
    if (ccn || name) affiliations.push({ ccn, name });
  }
  for (const field of ['medicalSchool', 'primarySpecialty', 'group'] as const)
    if ((values[field]?.length ?? 0) > 300) return { reason: `${field} is longer than 300 characters` };
  return {
    line,
    npi,
    medicalSchool: values.medicalSchool ?? null,
    graduationYear,
    primarySpecialty: values.primarySpecialty ?? null,
    secondarySpecialties,
    group: values.group ?? null,
    affiliations,
    telehealth: header.hasTelehealth ? values.telehealth?.toUpperCase() === 'Y' : null,
  };
}

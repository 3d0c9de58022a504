import { writeFile } from 'node:fs/promises';
import { DAC_NEWER_COLUMNS } from '@healthtal/directory-import';

/*
 * CMS Doctors and Clinicians files as tests write them, in the headers CMS publishes (see
 * /work/notes/dac-research.md and services/directory-import/src/dac/dac-record.ts for where each
 * comes from): the newer national downloadable file, the older Physician Compare one (lower-case
 * short names, optionally with a space after each comma), Facility_Affiliation.csv and
 * Hospital_General_Information.csv.
 */

/** One row of a clinician as a test writes it; unset fields are empty. */
export type TestClinician = {
  npi: string;
  last?: string;
  first?: string;
  cred?: string;
  school?: string;
  year?: string;
  primary?: string;
  secondary?: string[];
  all?: string;
  telehealth?: 'Y' | '';
  group?: string;
  groupId?: string;
  city?: string;
  state?: string;
  /** The older vintage's hosp_afl_N (CCN) and hosp_afl_lbn_N (name). */
  hospitals?: { ccn: string; name: string }[];
};

/** The newer vintage's columns, as CMS publishes them (the import's own list of them). */
export const DAC_NEW_HEADER = DAC_NEWER_COLUMNS;

/** The older vintage (no Telehlth column; `grd_yr` in lower case as some releases spell it). */
export const DAC_OLD_HEADER = [
  'NPI',
  'Ind_PAC_ID',
  'Ind_enrl_ID',
  'lst_nm',
  'frst_nm',
  'mid_nm',
  'suff',
  'gndr',
  'Cred',
  'Med_sch',
  'grd_yr',
  'pri_spec',
  'sec_spec_1',
  'sec_spec_2',
  'sec_spec_3',
  'sec_spec_4',
  'sec_spec_all',
  'org_nm',
  'org_pac_id',
  'num_org_mem',
  'adr_ln_1',
  'adr_ln_2',
  'ln_2_sprs',
  'cty',
  'st',
  'zip',
  'phn_numbr',
  ...[1, 2, 3, 4, 5].flatMap((i) => [`hosp_afl_${i}`, `hosp_afl_lbn_${i}`]),
  'ind_assgn',
  'grp_assgn',
  'adrs_id',
];

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function cellOf(column: string, c: TestClinician): string {
  const slot = /^hosp_afl_(lbn_)?(\d)$/.exec(column);
  if (slot) {
    const hospital = c.hospitals?.[Number(slot[2]) - 1];
    return (slot[1] ? hospital?.name : hospital?.ccn) ?? '';
  }
  const secondary = /^sec_spec_(\d)$/.exec(column);
  if (secondary) return c.secondary?.[Number(secondary[1]) - 1] ?? '';
  const fields: Record<string, string | undefined> = {
    NPI: c.npi,
    Ind_PAC_ID: c.npi.slice(0, 9),
    'Provider Last Name': c.last,
    lst_nm: c.last,
    'Provider First Name': c.first,
    frst_nm: c.first,
    Cred: c.cred,
    Med_sch: c.school,
    Grd_yr: c.year,
    grd_yr: c.year,
    pri_spec: c.primary,
    sec_spec_all: c.all ?? c.secondary?.join(','),
    Telehlth: c.telehealth,
    'Facility Name': c.group,
    org_nm: c.group,
    org_pac_id: c.groupId ?? (c.group ? String(c.group.length * 1111111) : ''),
    'City/Town': c.city,
    cty: c.city,
    State: c.state,
    st: c.state,
    ind_assgn: 'Y',
  };
  return fields[column] ?? '';
}

/** A clinician's row under `header`; quoted where CSV needs it, as CMS writes them. */
export const dacRow = (header: readonly string[], c: TestClinician, separator = ',') =>
  header.map((column) => quote(cellOf(column, c))).join(separator);

/**
 * A file of `rows` (clinicians, or raw lines) under `header`. `separator` ", " writes the space
 * after each comma that some older exports have (header included).
 */
export async function writeDacFile(
  file: string,
  header: readonly string[],
  rows: (TestClinician | string)[],
  separator = ',',
): Promise<string> {
  const lines = [
    header.join(separator),
    ...rows.map((r) => (typeof r === 'string' ? r : dacRow(header, r, separator))),
  ];
  await writeFile(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

export const AFFILIATION_HEADER = [
  'NPI',
  'Ind_PAC_ID',
  'Provider Last Name',
  'Provider First Name',
  'Provider Middle Name',
  'suff',
  'facility_type',
  'Facility Affiliations Certification Number',
  'Facility Type Certification Number',
];

/** Facility_Affiliation.csv: [npi, facility type, CCN, parent CCN]. */
export async function writeAffiliationFile(
  file: string,
  rows: [npi: string, type: string, ccn: string, parent?: string][],
): Promise<string> {
  const lines = [
    AFFILIATION_HEADER.join(','),
    ...rows.map(([npi, type, ccn, parent]) =>
      [npi, npi.slice(0, 9), 'LAST', 'FIRST', '', '', type, ccn, parent ?? ''].map(quote).join(','),
    ),
  ];
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

/** Hospital_General_Information.csv, its first columns: [CCN, name, city, state]. */
export async function writeHospitalFile(
  file: string,
  rows: [ccn: string, name: string, city: string, state: string][],
) {
  const header = [
    'Facility ID',
    'Facility Name',
    'Address',
    'City/Town',
    'State',
    'ZIP Code',
    'County/Parish',
  ];
  const lines = [
    header.join(','),
    ...rows.map(([ccn, name, city, state]) =>
      [ccn, name, '1 MAIN ST', city, state, '77030', 'HARRIS'].map(quote).join(','),
    ),
  ];
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

import { isValidNpi } from '@healthtal/contracts';
import { csvRecords } from '../csv-records';
import { cell } from './dac-record';

/*
 * The newer vintage keeps hospital affiliations in a file of their own, Facility_Affiliation.csv
 * (Provider Data Catalog dataset 27ea-46a8, https://data.cms.gov/provider-data/dataset/27ea-46a8):
 * NPI, Ind_PAC_ID, Provider Last Name, Provider First Name, Provider Middle Name, suff,
 * facility_type, Facility Affiliations Certification Number (the facility's or unit's CCN), Facility
 * Type Certification Number (a unit's parent hospital's CCN). It names no hospital: names come from
 * Hospital_General_Information.csv (Facility ID = the CCN, Facility Name, …), when given.
 * facility_type is one of Hospital, Long-term care hospital, Nursing home, Inpatient rehabilitation
 * facility, Home health agency, Skilled nursing facility, Hospice, Dialysis facility (as the R
 * package andrewallenbruce/provider documents them); the directory keeps the hospitals.
 */

/** One affiliation row: the clinician and the hospital's CCN (a unit's parent hospital when named). */
export type AffiliationRow = { line: number; npi: string; ccn: string; parentCcn: string | null };

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Facility types that are hospitals ("Hospital", "Long-term care hospital"). */
const isHospital = (type: string | null) => type === null || /hospital/i.test(type);

export type AffiliationHeader = { npi: number; type: number; ccn: number; parent: number; width: number };

export function readAffiliationHeader(names: readonly string[]): AffiliationHeader {
  const at = (...wanted: string[]) => names.findIndex((name) => wanted.includes(key(name)));
  const header = {
    npi: at('npi'),
    type: at('facilitytype'),
    ccn: at('facilityaffiliationscertificationnumber', 'facilityccn', 'ccn'),
    parent: at('facilitytypecertificationnumber'),
    width: names.length,
  };
  if (header.npi < 0 || header.ccn < 0)
    throw new Error(
      'This file has no NPI or "Facility Affiliations Certification Number" column: is it Facility_Affiliation.csv?',
    );
  return header;
}

/** One row of the affiliation file; null when it is no hospital; why it cannot be read otherwise. */
export function affiliationRowOf(
  header: AffiliationHeader,
  record: readonly string[],
  line: number,
): AffiliationRow | null | { reason: string } {
  const npi = cell(record[header.npi]);
  if (!npi || !isValidNpi(npi)) return { reason: `NPI ${npi ?? '(none)'} is not a valid NPI` };
  const ccn = cell(record[header.ccn]);
  if (!ccn) return { reason: 'no CCN (Facility Affiliations Certification Number)' };
  if (!isHospital(header.type >= 0 ? cell(record[header.type]) : null)) return null;
  const parentCcn = header.parent >= 0 ? cell(record[header.parent]) : null;
  return { line, npi, ccn: ccn.slice(0, 20), parentCcn: parentCcn?.slice(0, 20) ?? null };
}

/**
 * Hospital_General_Information.csv's names by CCN (a few thousand hospitals: held in memory).
 * Older releases call the columns Provider ID and Hospital Name.
 */
export async function loadHospitalNames(file: string): Promise<Map<string, string>> {
  let columns: { ccn: number; name: number } | null = null;
  const { records } = csvRecords(file, (names) => {
    const at = (...wanted: string[]) => names.findIndex((name) => wanted.includes(key(name)));
    columns = { ccn: at('facilityid', 'providerid', 'ccn'), name: at('facilityname', 'hospitalname') };
    if (columns.ccn < 0 || columns.name < 0)
      throw new Error(
        'This file has no Facility ID or Facility Name column: is it Hospital_General_Information.csv?',
      );
    return null;
  });
  const names = new Map<string, string>();
  let first = true;
  for await (const row of records) {
    if (first) {
      first = false;
      continue;
    }
    if ('error' in row || !columns) continue;
    const { ccn, name } = columns as { ccn: number; name: number };
    const id = cell(row.fields[ccn]);
    const hospital = cell(row.fields[name]);
    if (id && hospital) names.set(id, hospital.slice(0, 300));
  }
  return names;
}

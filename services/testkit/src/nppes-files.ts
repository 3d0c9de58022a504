import { writeFile } from 'node:fs/promises';

/** A provider as a test writes it into an NPPES file; dates in the registry's MM/DD/YYYY. */
export type TestProvider = {
  npi: string;
  entity?: '1' | '2' | '';
  last?: string;
  first?: string;
  middle?: string;
  prefix?: string;
  suffix?: string;
  credential?: string;
  organization?: string;
  city?: string;
  state?: string;
  zip?: string;
  phone?: string;
  sex?: string;
  enumerated?: string;
  updated?: string;
  deactivated?: string;
  reactivated?: string;
  taxonomies?: { code: string; license?: string; licenseState?: string; primary?: boolean }[];
};

/** A valid NPI from nine digits: the Luhn check digit over 80840 + the digits, as CMS computes it. */
export function npiOf(nine: string): string {
  for (let check = 0; check <= 9; check++) {
    const digits = `80840${nine}${check}`;
    let sum = 0;
    for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
      let d = Number(digits[i]);
      if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) return `${nine}${check}`;
  }
  throw new Error('unreachable');
}

/**
 * The main file's header as CMS writes it (a subset of its 330 columns, in its order), with columns
 * this import does not read (and one no release has yet) in between. `sexHeader` picks the spelling:
 * `Provider Sex Code` since 2024, `Provider Gender Code` before.
 */
export function nppesHeader(sexHeader: 'Provider Sex Code' | 'Provider Gender Code', extra: string[] = []) {
  const groups = Array.from({ length: 15 }, (_, i) => [
    `Healthcare Provider Taxonomy Code_${i + 1}`,
    `Provider License Number_${i + 1}`,
    `Provider License Number State Code_${i + 1}`,
    `Healthcare Provider Primary Taxonomy Switch_${i + 1}`,
  ]).flat();
  return [
    'NPI',
    'Entity Type Code',
    'Replacement NPI',
    'Employer Identification Number (EIN)',
    'Provider Organization Name (Legal Business Name)',
    'Provider Last Name (Legal Name)',
    'Provider First Name',
    'Provider Middle Name',
    'Provider Name Prefix Text',
    'Provider Name Suffix Text',
    'Provider Credential Text',
    'Provider First Line Business Mailing Address',
    'Provider Business Mailing Address City Name',
    'Provider First Line Business Practice Location Address',
    'Provider Second Line Business Practice Location Address',
    'Provider Business Practice Location Address City Name',
    'Provider Business Practice Location Address State Name',
    'Provider Business Practice Location Address Postal Code',
    'Provider Business Practice Location Address Country Code (If outside U.S.)',
    'Provider Business Practice Location Address Telephone Number',
    'Provider Business Practice Location Address Fax Number',
    'Provider Enumeration Date',
    'Last Update Date',
    'NPI Deactivation Reason Code',
    'NPI Deactivation Date',
    'NPI Reactivation Date',
    sexHeader,
    'Authorized Official Last Name',
    ...groups,
    'Is Sole Proprietor',
    'Is Organization Subpart',
    'Certification Date',
    ...extra,
  ];
}

const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** One provider as a row of `header`; every field quoted, as in CMS's files. */
export function nppesRow(header: readonly string[], p: TestProvider): string {
  const value = (column: string): string => {
    const group = /_(\d+)$/.exec(column);
    if (group) {
      const t = p.taxonomies?.[Number(group[1]) - 1];
      if (!t) return '';
      if (column.startsWith('Healthcare Provider Taxonomy Code')) return t.code;
      if (column.startsWith('Provider License Number State Code')) return t.licenseState ?? '';
      if (column.startsWith('Provider License Number')) return t.license ?? '';
      return t.primary ? 'Y' : 'N';
    }
    const fields: Record<string, string | undefined> = {
      NPI: p.npi,
      'Entity Type Code': p.entity ?? (p.deactivated && !p.reactivated ? '' : '1'),
      'Provider Organization Name (Legal Business Name)': p.organization,
      'Provider Last Name (Legal Name)': p.last,
      'Provider First Name': p.first,
      'Provider Middle Name': p.middle,
      'Provider Name Prefix Text': p.prefix,
      'Provider Name Suffix Text': p.suffix,
      'Provider Credential Text': p.credential,
      'Provider First Line Business Practice Location Address': p.city ? '100 MAIN ST' : '',
      'Provider Business Practice Location Address City Name': p.city,
      'Provider Business Practice Location Address State Name': p.state,
      'Provider Business Practice Location Address Postal Code': p.zip,
      'Provider Business Practice Location Address Country Code (If outside U.S.)': p.city ? 'US' : '',
      'Provider Business Practice Location Address Telephone Number': p.phone,
      'Provider Enumeration Date': p.enumerated,
      'Last Update Date': p.updated,
      'NPI Deactivation Date': p.deactivated,
      'NPI Reactivation Date': p.reactivated,
      'Provider Sex Code': p.sex,
      'Provider Gender Code': p.sex,
      'Is Sole Proprietor': p.last ? 'N' : '',
    };
    return fields[column] ?? '';
  };
  return header.map((column) => quote(value(column))).join(',');
}

export async function writeNppesFile(
  file: string,
  header: readonly string[],
  rows: (TestProvider | string)[],
): Promise<string> {
  const lines = [
    header.map(quote).join(','),
    ...rows.map((r) => (typeof r === 'string' ? r : nppesRow(header, r))),
  ];
  await writeFile(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

/** A few rows of NUCC's taxonomy CSV, in its columns. */
export const NUCC_CSV = [
  'Code,Grouping,Classification,Specialization,Definition,Notes,Display Name,Section',
  '207R00000X,Allopathic & Osteopathic Physicians,Internal Medicine,,"A physician who provides long-term, comprehensive care.",,Internal Medicine Physician,Individual',
  '207RC0000X,Allopathic & Osteopathic Physicians,Internal Medicine,Cardiovascular Disease,Definition,,Cardiovascular Disease Physician,Individual',
  '207RH0003X,Allopathic & Osteopathic Physicians,Internal Medicine,Hematology & Oncology,Definition,,Hematology & Oncology Physician,Individual',
  '207RA0000X,Allopathic & Osteopathic Physicians,Internal Medicine,Adolescent Medicine,Definition,,Adolescent Medicine (Internal Medicine) Physician,Individual',
  '163W00000X,Nursing Service Providers,Registered Nurse,,Definition,,Registered Nurse,Individual',
  '163WP0200X,Nursing Service Providers,Registered Nurse,Pediatrics,Definition,,Pediatric Registered Nurse,Individual',
  '164W00000X,Nursing Service Providers,Licensed Practical Nurse,,Definition,,Licensed Practical Nurse,Individual',
  '363L00000X,Physician Assistants & Advanced Practice Nursing Providers,Nurse Practitioner,,Definition,,Nurse Practitioner,Individual',
  '101Y00000X,Behavioral Health & Social Service Providers,Counselor,,Definition,,Counselor,Individual',
  '101YA0400X,Behavioral Health & Social Service Providers,Counselor,Addiction (Substance Use Disorder),Definition,,Addiction (Substance Use Disorder) Counselor,Individual',
  '101YM0800X,Behavioral Health & Social Service Providers,Counselor,Mental Health,Definition,,Mental Health Counselor,Individual',
  '101YS0200X,Behavioral Health & Social Service Providers,Counselor,School,Definition,,School Counselor,Individual',
].join('\n');

/** NPPES's endpoint file columns. */
export const ENDPOINT_HEADER = [
  'NPI',
  'Endpoint Type',
  'Endpoint Type Description',
  'Endpoint',
  'Affiliation',
  'Endpoint Description',
  'Affiliation Legal Business Name',
  'Use Code',
  'Use Description',
  'Other Use Description',
  'Content Type',
  'Content Description',
  'Other Content Description',
  'Affiliation Address Line One',
  'Affiliation Address Line Two',
  'Affiliation Address City',
  'Affiliation Address State',
  'Affiliation Address Country',
  'Affiliation Address Postal Code',
];
export const endpointRow = (npi: string, type: string, endpoint: string) =>
  ENDPOINT_HEADER.map((column) =>
    quote(
      column === 'NPI'
        ? npi
        : column === 'Endpoint Type'
          ? type
          : column === 'Endpoint'
            ? endpoint
            : column === 'Endpoint Type Description'
              ? type === 'DIRECT'
                ? 'Direct Messaging Address'
                : 'FHIR URL'
              : '',
    ),
  ).join(',');

/** Two individuals of the registry, as the import and command tests write them. */
export const ana = npiOf('100000001');
export const ben = npiOf('100000002');
export const clinic = npiOf('100000003');

export const anaRow: TestProvider = {
  npi: ana,
  last: 'GARCIA-LOPEZ',
  first: 'ANA',
  middle: 'MARIA',
  credential: 'M.D.',
  city: 'LOS ANGELES',
  state: 'CA',
  zip: '900121234',
  phone: '2135550147',
  sex: 'F',
  enumerated: '05/23/2005',
  updated: '01/15/2024',
  taxonomies: [
    { code: '207RC0000X', license: 'Q1234', licenseState: 'TX' },
    { code: '207R00000X', license: 'A12345', licenseState: 'CA', primary: true },
  ],
};
export const benRow: TestProvider = {
  npi: ben,
  last: "O'NEIL",
  first: 'BEN',
  credential: 'RN',
  city: 'AUSTIN',
  state: 'TX',
  zip: '78701',
  phone: '5125550100',
  sex: 'M',
  enumerated: '01/02/2010',
  updated: '03/04/2023',
  taxonomies: [{ code: '163W00000X', license: 'RN998877', licenseState: 'TX', primary: true }],
};

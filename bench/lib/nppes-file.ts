import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/**
 * The NPPES main file's 330 columns in CMS's order (names as in the data dissemination readme),
 * so a generated file is as wide and as empty as a real one: the parser's work per row is the same.
 */
export function nppesColumns(): string[] {
  const range = (n: number, make: (i: number) => string[]) =>
    Array.from({ length: n }, (_, i) => make(i + 1)).flat();
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
    'Provider Other Organization Name',
    'Provider Other Organization Name Type Code',
    'Provider Other Last Name',
    'Provider Other First Name',
    'Provider Other Middle Name',
    'Provider Other Name Prefix Text',
    'Provider Other Name Suffix Text',
    'Provider Other Credential Text',
    'Provider Other Last Name Type Code',
    'Provider First Line Business Mailing Address',
    'Provider Second Line Business Mailing Address',
    'Provider Business Mailing Address City Name',
    'Provider Business Mailing Address State Name',
    'Provider Business Mailing Address Postal Code',
    'Provider Business Mailing Address Country Code (If outside U.S.)',
    'Provider Business Mailing Address Telephone Number',
    'Provider Business Mailing Address Fax Number',
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
    'Provider Sex Code',
    'Authorized Official Last Name',
    'Authorized Official First Name',
    'Authorized Official Middle Name',
    'Authorized Official Title or Position',
    'Authorized Official Telephone Number',
    ...range(15, (i) => [
      `Healthcare Provider Taxonomy Code_${i}`,
      `Provider License Number_${i}`,
      `Provider License Number State Code_${i}`,
      `Healthcare Provider Primary Taxonomy Switch_${i}`,
    ]),
    ...range(50, (i) => [
      `Other Provider Identifier_${i}`,
      `Other Provider Identifier Type Code_${i}`,
      `Other Provider Identifier State_${i}`,
      `Other Provider Identifier Issuer_${i}`,
    ]),
    'Is Sole Proprietor',
    'Is Organization Subpart',
    'Parent Organization LBN',
    'Parent Organization TIN',
    'Authorized Official Name Prefix Text',
    'Authorized Official Name Suffix Text',
    'Authorized Official Credential Text',
    ...range(15, (i) => [`Healthcare Provider Taxonomy Group_${i}`]),
    'Certification Date',
  ];
}

/** A few NUCC codes with the names the taxonomy file gives them. */
export const BENCH_TAXONOMY = [
  ['207R00000X', 'Allopathic & Osteopathic Physicians', 'Internal Medicine'],
  ['207Q00000X', 'Allopathic & Osteopathic Physicians', 'Family Medicine'],
  ['163W00000X', 'Nursing Service Providers', 'Registered Nurse'],
  ['363L00000X', 'Physician Assistants & Advanced Practice Nursing Providers', 'Nurse Practitioner'],
  ['363A00000X', 'Physician Assistants & Advanced Practice Nursing Providers', 'Physician Assistant'],
  ['183500000X', 'Pharmacy Service Providers', 'Pharmacist'],
  [
    '225100000X',
    'Respiratory, Developmental, Rehabilitative and Restorative Service Providers',
    'Physical Therapist',
  ],
  ['1223G0001X', 'Dental Providers', 'Dentist'],
] as const;

const FIRST = [
  'JAMES',
  'MARY',
  'ROBERT',
  'PATRICIA',
  'JOHN',
  'JENNIFER',
  'MICHAEL',
  'LINDA',
  'DAVID',
  'ELIZABETH',
  'MARIA',
  'WEI',
  'PRIYA',
  'AHMED',
  'CHLOE',
  'DIEGO',
];
const LAST = [
  'SMITH',
  'JOHNSON',
  'WILLIAMS',
  'BROWN',
  'JONES',
  'GARCIA',
  'MILLER',
  'DAVIS',
  'RODRIGUEZ',
  'MARTINEZ',
  'NGUYEN',
  'PATEL',
  "O'BRIEN",
  'KIM',
  'LEE',
  'CHEN',
];
const CITIES = [
  ['LOS ANGELES', 'CA', '900'],
  ['HOUSTON', 'TX', '770'],
  ['CHICAGO', 'IL', '606'],
  ['PHOENIX', 'AZ', '850'],
  ['BOSTON', 'MA', '021'],
  ['MIAMI', 'FL', '331'],
  ['SEATTLE', 'WA', '981'],
  ['DENVER', 'CO', '802'],
] as const;
const CREDENTIALS = ['M.D.', 'MD', 'RN', 'NP', 'PA-C', 'PHARMD', 'DPT', 'DDS', 'D.O.', ''];

/** NPIs in order from 1,000,000,000 on, each with its Luhn check digit (prefix 80840). */
export function benchNpi(index: number): string {
  const nine = String(100_000_000 + index);
  const digits = `80840${nine}`;
  let sum = 0;
  // The check digit sits to the right, so the doubling starts at the last of these digits.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return `${nine}${(10 - (sum % 10)) % 10}`;
}

const mix = (n: number) => {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/**
 * Writes `size` rows in the NPPES format: 90% individuals, 8% organizations, 2% deactivated NPIs
 * (their dates alone, as CMS lists them), every field quoted. Returns the NPIs given an endpoint.
 */
export async function writeNppesBenchFile(
  file: string,
  size: number,
  endpointsFile: string,
): Promise<{ bytes: number; endpoints: number }> {
  const columns = nppesColumns();
  const at = new Map(columns.map((c, i) => [c, i]));
  const out = createWriteStream(file, { highWaterMark: 1 << 20 });
  const endpoints = createWriteStream(endpointsFile);
  endpoints.write(
    '"NPI","Endpoint Type","Endpoint Type Description","Endpoint","Affiliation","Endpoint Description"\n',
  );
  let bytes = 0;
  let endpointCount = 0;
  const write = async (stream: NodeJS.WritableStream, text: string) => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  const header = `${columns.map((c) => `"${c}"`).join(',')}\n`;
  bytes += header.length;
  await write(out, header);
  const empty = new Array<string>(columns.length).fill('');
  let chunk = '';
  for (let i = 0; i < size; i++) {
    const r = mix(i);
    const row = empty.slice();
    const npi = benchNpi(i);
    row[at.get('NPI')!] = npi;
    if (r % 50 === 0) {
      row[at.get('NPI Deactivation Date')!] = '06/15/2023';
    } else if (r % 100 < 8) {
      row[at.get('Entity Type Code')!] = '2';
      row[at.get('Provider Organization Name (Legal Business Name)')!] = `${LAST[r % 16]} MEDICAL GROUP LLC`;
    } else {
      const [city, state, zip] = CITIES[(r >>> 4) % CITIES.length]!;
      const taxonomy = BENCH_TAXONOMY[(r >>> 8) % BENCH_TAXONOMY.length]!;
      row[at.get('Entity Type Code')!] = '1';
      row[at.get('Provider Last Name (Legal Name)')!] = LAST[(r >>> 12) % 16]!;
      row[at.get('Provider First Name')!] = FIRST[(r >>> 16) % 16]!;
      row[at.get('Provider Middle Name')!] = r % 3 === 0 ? 'A' : '';
      row[at.get('Provider Credential Text')!] = CREDENTIALS[(r >>> 20) % CREDENTIALS.length]!;
      row[at.get('Provider First Line Business Mailing Address')!] = `${100 + (r % 900)} MAIN ST`;
      row[at.get('Provider Business Mailing Address City Name')!] = city;
      row[at.get('Provider Business Mailing Address State Name')!] = state;
      row[at.get('Provider First Line Business Practice Location Address')!] = `${100 + (r % 900)} MAIN ST`;
      row[at.get('Provider Business Practice Location Address City Name')!] = city;
      row[at.get('Provider Business Practice Location Address State Name')!] = state;
      row[at.get('Provider Business Practice Location Address Postal Code')!] =
        `${zip}${String(r % 100).padStart(2, '0')}1234`;
      row[at.get('Provider Business Practice Location Address Country Code (If outside U.S.)')!] = 'US';
      row[at.get('Provider Business Practice Location Address Telephone Number')!] =
        `${213 + (r % 700)}555${String(r % 10000).padStart(4, '0')}`;
      row[at.get('Provider Enumeration Date')!] = '05/23/2005';
      row[at.get('Last Update Date')!] = `0${1 + (r % 9)}/1${r % 10}/2023`;
      row[at.get('Provider Sex Code')!] = r % 2 === 0 ? 'F' : 'M';
      row[at.get('Healthcare Provider Taxonomy Code_1')!] = taxonomy[0];
      row[at.get('Provider License Number_1')!] = `L${r % 1_000_000}`;
      row[at.get('Provider License Number State Code_1')!] = state;
      row[at.get('Healthcare Provider Primary Taxonomy Switch_1')!] = 'Y';
      row[at.get('Is Sole Proprietor')!] = 'N';
      row[at.get('Certification Date')!] = '01/10/2020';
      if (r % 20 === 1) {
        endpointCount++;
        await write(
          endpoints,
          `"${npi}","DIRECT","Direct Messaging Address","p${i}@direct.example.org","Y",""\n`,
        );
      }
    }
    chunk += `"${row.join('","')}"\n`;
    if (chunk.length > 1 << 20) {
      bytes += chunk.length;
      await write(out, chunk);
      chunk = '';
    }
  }
  bytes += chunk.length;
  out.end(chunk);
  endpoints.end();
  await Promise.all([once(out, 'finish'), once(endpoints, 'finish')]);
  return { bytes, endpoints: endpointCount };
}

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { DAC_NEWER_COLUMNS } from '@healthtal/directory-import';
import { benchNpi } from './nppes-file';

/*
 * A CMS Doctors and Clinicians file of the newer vintage for the bench (31 columns, CMS's order),
 * with its Facility_Affiliation.csv and Hospital_General_Information.csv: real-shaped rows, a
 * clinician with one to four rows (enrollments, groups, addresses), their later rows written after
 * a few hundred other clinicians' so that one NPI's rows are not adjacent.
 */

const SCHOOLS = [
  'UNIV OF ARIZONA COLLEGE OF MEDICINE',
  'BAYLOR COLLEGE OF MEDICINE',
  'UNIVERSITY OF TEXAS MEDICAL BRANCH AT GALVESTON',
  'OTHER',
  'YALE UNIVERSITY SCHOOL OF MEDICINE',
  'UNIVERSITY OF MIAMI SCHOOL OF MEDICINE',
  'UCLA DAVID GEFFEN SCHOOL OF MEDICINE',
  'NORTHWESTERN UNIVERSITY MEDICAL SCHOOL',
];
const SPECIALTIES = [
  'INTERNAL MEDICINE',
  'FAMILY PRACTICE',
  'NURSE PRACTITIONER',
  'PHYSICAL THERAPY',
  'CARDIOVASCULAR DISEASE (CARDIOLOGY)',
  'PHYSICIAN ASSISTANT',
  'ANESTHESIOLOGY',
  'DIAGNOSTIC RADIOLOGY',
];
const CITIES = [
  ['LOS ANGELES', 'CA', '90012'],
  ['HOUSTON', 'TX', '77030'],
  ['CHICAGO', 'IL', '60611'],
  ['PHOENIX', 'AZ', '85004'],
  ['BOSTON', 'MA', '02114'],
  ['MIAMI', 'FL', '33136'],
] as const;
const HOSPITALS = 5000;

const mix = (n: number) => {
  let h = Math.imul(n ^ 0x85ebca6b, 0x9e3779b9);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 13)) >>> 0;
};
const ccnOf = (n: number) => String(10_000 + (n % HOSPITALS)).padStart(6, '0');
const quote = (v: string) => (/[",]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** The clinicians (NPIs benchNpi(0..)) a file of `rows` rows holds, about 2.2 rows each. */
export const cliniciansFor = (rows: number) => Math.ceil(rows / 2.2);

/**
 * Writes `rows` rows for clinicians benchNpi(0), benchNpi(1)…, and their affiliation and hospital
 * files. Returns the clinicians and affiliation rows written.
 */
export async function writeDacBenchFiles(
  files: { main: string; affiliations: string; hospitals: string },
  rows: number,
): Promise<{ clinicians: number; affiliationRows: number; bytes: number }> {
  const out = createWriteStream(files.main, { highWaterMark: 1 << 20 });
  const affiliations = createWriteStream(files.affiliations, { highWaterMark: 1 << 20 });
  const write = async (stream: NodeJS.WritableStream, text: string) => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  let bytes = 0;
  await write(out, `${DAC_NEWER_COLUMNS.join(',')}\n`);
  await write(
    affiliations,
    'NPI,Ind_PAC_ID,Provider Last Name,Provider First Name,Provider Middle Name,suff,facility_type,Facility Affiliations Certification Number,Facility Type Certification Number\n',
  );
  const later: { due: number; row: string }[] = [];
  let written = 0;
  let clinician = 0;
  let affiliationRows = 0;
  let chunk = '';
  let affChunk = '';
  const rowOf = (i: number, r: number, n: number) => {
    const [city, state, zip] = CITIES[(r >>> 3) % CITIES.length]!;
    const group = `${['SUNRISE', 'VALLEY', 'HARBOR', 'SUMMIT'][(r + n) % 4]} MEDICAL GROUP ${(r >>> 9) % 800}, LLC`;
    return [
      benchNpi(i),
      String(4_000_000_000 + i),
      `I${String(20_000_000 + i + n)}`,
      'SMITH',
      'MARY',
      '',
      '',
      r % 2 === 0 ? 'F' : 'M',
      r % 3 === 0 ? 'MD' : 'NP',
      SCHOOLS[r % SCHOOLS.length]!,
      r % 11 === 0 ? '' : String(1965 + (r % 57)),
      SPECIALTIES[(r >>> 5) % SPECIALTIES.length]!,
      r % 4 === 0 ? 'GERIATRIC MEDICINE' : '',
      '',
      '',
      '',
      r % 4 === 0 ? 'GERIATRIC MEDICINE' : '',
      r % 5 === 0 ? 'Y' : '',
      group,
      String(7_000_000_000 + ((r >>> 9) % 800)),
      String(10 + (r % 200)),
      `${100 + (r % 900)} MAIN ST`,
      '',
      '',
      city,
      state,
      `${zip}${String(r % 10000).padStart(4, '0')}`,
      `${213 + (r % 700)}5550${String(r % 1000).padStart(3, '0')}`,
      'Y',
      'M',
      `${state}${zip}${r % 1000}`,
    ]
      .map(quote)
      .join(',');
  };
  while (written < rows) {
    const i = clinician++;
    const r = mix(i);
    const count = 1 + (r % 7 === 0 ? 3 : r % 3 === 0 ? 2 : r % 2); // 1–4 rows, about 2.2
    chunk += `${rowOf(i, r, 0)}\n`;
    written++;
    for (let n = 1; n < count; n++) later.push({ due: clinician + 200 + n * 150, row: rowOf(i, r, n) });
    while (later.length > 0 && later[0]!.due <= clinician && written < rows) {
      chunk += `${later.shift()!.row}\n`;
      written++;
    }
    if (r % 4 !== 3) {
      affChunk += `${benchNpi(i)},${4_000_000_000 + i},SMITH,MARY,,,Hospital,${ccnOf(r)},\n`;
      affiliationRows++;
    }
    if (chunk.length > 1 << 20) {
      bytes += chunk.length;
      await write(out, chunk);
      await write(affiliations, affChunk);
      chunk = '';
      affChunk = '';
    }
  }
  bytes += chunk.length;
  out.end(chunk);
  affiliations.end(affChunk);
  await Promise.all([once(out, 'finish'), once(affiliations, 'finish')]);
  const hospitals = createWriteStream(files.hospitals);
  await write(hospitals, 'Facility ID,Facility Name,Address,City/Town,State,ZIP Code,County/Parish\n');
  for (let h = 0; h < HOSPITALS; h++)
    await write(
      hospitals,
      `${ccnOf(h)},${['ST MARY', 'MEMORIAL', 'MERCY', 'GENERAL'][h % 4]} HOSPITAL ${h},1 MAIN ST,HOUSTON,TX,77030,HARRIS\n`,
    );
  hospitals.end();
  await once(hospitals, 'finish');
  return { clinicians: clinician, affiliationRows, bytes };
}

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type CandidateRow,
  csvSource,
  type ImportSummary,
  importCandidates,
} from '@healthtal/directory-import';
import type { TestApp } from './harness';

const COLUMNS = [
  ['Contactfirstname', 'firstName'],
  ['Contactlastname', 'lastName'],
  ['Contacttitle', 'title'],
  ['specialty', 'specialty'],
  ['Companyname', 'companyName'],
  ['Contactcity', 'city'],
  ['Contactstate', 'state'],
  ['Personalemail', 'personalEmail'],
  ['Contactemail', 'workEmail'],
  ['Contactphone', 'phone'],
  ['Directdialphone', 'directPhone'],
] as const satisfies readonly (readonly [string, keyof CandidateRow])[];

type Person = Partial<Pick<CandidateRow, (typeof COLUMNS)[number][1]>>;
const quoted = (value: string | null | undefined) => `"${(value ?? '').replaceAll('"', '""')}"`;

let files = 0;

/**
 * Imports people through `healthtal import`'s own path (a CSV file, hashes, suppression list) and
 * waits for the read models. Each call writes a new file, so it is a new import, never a resume.
 */
export async function importCsv(app: TestApp, people: readonly Person[]): Promise<ImportSummary> {
  const dir = await mkdtemp(path.join(tmpdir(), 'healthtal-csv-'));
  try {
    const file = path.join(dir, `export-${++files}.csv`);
    const lines = [
      COLUMNS.map(([header]) => header).join(','),
      ...people.map((person) => COLUMNS.map(([, field]) => quoted(person[field])).join(',')),
    ];
    await writeFile(file, `${lines.join('\n')}\n`);
    const summary = await importCandidates({
      pool: app.pool,
      store: app.store,
      source: await csvSource(file),
    });
    await app.caughtUp();
    return summary;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

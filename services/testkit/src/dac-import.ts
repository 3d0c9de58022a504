import {
  type DacSummary,
  dacAffiliationFile,
  dacMainFile,
  importDac,
  loadHospitalNames,
} from '@healthtal/directory-import';
import type { TestApp } from './harness';

/**
 * Imports a CMS Doctors and Clinicians file as `healthtal import --format dac` does (`date`: its
 * --file-date; the affiliation and hospital files: --affiliations, --hospitals) and waits for the
 * read models; the rejected rows as the command lists them.
 */
export async function importDacFile(
  app: TestApp,
  file: string,
  options: { date?: string; affiliationFile?: string; hospitalFile?: string } = {},
): Promise<{ summary: DacSummary; rejected: { line: number; reason: string; file: string }[] }> {
  const { date, affiliationFile, hospitalFile } = options;
  const rejected: { line: number; reason: string; file: string }[] = [];
  const summary = await importDac({
    pool: app.pool,
    store: app.store,
    file: await dacMainFile(file, { date }),
    affiliations: affiliationFile ? await dacAffiliationFile(affiliationFile) : null,
    hospitals: hospitalFile ? { key: hospitalFile, names: await loadHospitalNames(hospitalFile) } : null,
    onRejected: (row) => rejected.push(row),
  });
  await app.caughtUp();
  return { summary, rejected };
}

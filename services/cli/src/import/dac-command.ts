import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type DacSummary,
  dacAffiliationFile,
  dacMainFile,
  formatDuration,
  importDac,
  loadHospitalNames,
} from '@healthtal/directory-import';
import { type Config, ConfigError } from '../config';
import { withDirectoryDatabase } from './directory-database';
import { count, importInTerminal, SHOWN_REJECTS } from './import-in-terminal';

const OPTIONS = {
  format: { type: 'string' },
  affiliations: { type: 'string' },
  hospitals: { type: 'string' },
  'file-date': { type: 'string' },
} as const;

export const isDacImport = (args: readonly string[]) =>
  args.some((arg, i) => arg === '--format=dac' || (arg === '--format' && args[i + 1] === 'dac'));

/**
 * `healthtal import --format dac DAC_NationalDownloadableFile.csv [--affiliations
 * Facility_Affiliation.csv] [--hospitals Hospital_General_Information.csv] [--file-date YYYY-MM-DD]`.
 */
export async function runDacImport(args: string[], config: Config): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  const fileName = positionals[0];
  if (!fileName)
    throw new ConfigError(
      'Name the CMS Doctors and Clinicians file: healthtal import --format dac DAC_NationalDownloadableFile.csv --file-date YYYY-MM-DD',
    );
  const file = await readable(fileName, () => dacMainFile(fileName, { date: values['file-date'] }));
  process.stderr.write(
    `  CMS Doctors and Clinicians file of ${file.date}` +
      `${file.header.hasAffiliations ? ', hospital affiliations in its own columns' : ''}` +
      `${file.header.hasTelehealth ? '' : ', no Telehlth column (telehealth left as it is)'}\n`,
  );
  const affiliations = values.affiliations
    ? await readable(values.affiliations, () => dacAffiliationFile(values.affiliations!))
    : null;
  if (!affiliations && !file.header.hasAffiliations)
    process.stderr.write('  no --affiliations file: hospital affiliations are left as they are\n');
  const hospitals = values.hospitals
    ? {
        key: `hospitals:${path.resolve(values.hospitals)}`,
        names: await readable(values.hospitals, () => loadHospitalNames(values.hospitals!)),
      }
    : null;
  if (hospitals)
    process.stderr.write(`  ${count(hospitals.names.size)} hospital names from ${values.hospitals}\n`);
  else if (affiliations) process.stderr.write('  no --hospitals file: affiliations are shown by CCN\n');

  return withDirectoryDatabase(config, (pool) =>
    importInTerminal(pool, config, {
      start: (store, hooks) =>
        importDac({
          pool,
          store,
          file,
          affiliations,
          hospitals,
          ...hooks,
          onRejected: (row) => hooks.onRejected({ line: row.line, reason: `${row.file}: ${row.reason}` }),
        }),
      rowsOf: (summary) => summary.read + summary.affiliationRows,
      describe: (summary, rejectedShown) => describeDacSummary(summary, file.date, rejectedShown),
      rejectedAs: 'rejected',
    }),
  );
}

async function readable<T>(file: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    throw new ConfigError(`Cannot read ${file}: ${(error as Error).message}`);
  }
}

export function describeDacSummary(summary: DacSummary, fileDate: string, rejectedShown = summary.rejected) {
  if (summary.alreadyImported)
    return `  CMS Doctors and Clinicians file of ${fileDate}: imported already, nothing to do.`;
  const seconds = summary.elapsedMs / 1000;
  const lines = [
    `  CMS Doctors and Clinicians file of ${fileDate}: ${summary.complete ? 'read' : 'stopped after'} ${count(summary.read)} rows` +
      `${summary.affiliationRows > 0 ? ` and ${count(summary.affiliationRows)} affiliation rows` : ''} in ${formatDuration(summary.elapsedMs)}` +
      ` (${count(seconds > 0 ? summary.read / seconds : 0)} rows/s)` +
      (summary.resumedFrom > 0 ? `, resuming at row ${count(summary.resumedFrom)}` : '') +
      ':',
    `    ${count(summary.clinicians)} clinicians`,
    `    ${count(summary.updated)} updated`,
    `    ${count(summary.unchanged)} unchanged`,
    `    ${count(summary.notInDirectory)} skipped: NPI not in the directory (import the NPI registry first)`,
    `    ${count(summary.suppressed)} skipped by suppression (removed at their request)`,
    `    ${count(summary.rejected)} rejected rows${summary.rejected > rejectedShown ? ` (the first ${SHOWN_REJECTS} are listed above)` : ''}`,
  ];
  return lines.join('\n');
}

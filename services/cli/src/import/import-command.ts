import { parseArgs } from 'node:util';
import {
  type CandidateSource,
  csvSource,
  DEFAULT_SEED,
  formatDuration,
  type ImportSummary,
  importCandidates,
  syntheticSource,
} from '@healthtal/directory-import';
import { type Config, ConfigError } from '../config';
import { isDacImport, runDacImport } from './dac-command';
import { withDirectoryDatabase } from './directory-database';
import { count, importInTerminal, SHOWN_REJECTS } from './import-in-terminal';
import { isNppesImport, runNppesImport } from './nppes-command';

export const IMPORT_HELP = `  import FILE.csv    import candidates from a CSV export with the spec's candidate headers
  import --format nppes NPPES.csv [--taxonomy NUCC.csv] [--endpoints ENDPOINTS.csv]
                     import or update individuals from an NPI registry (NPPES) file: monthly,
                     weekly or the deactivation report (see the README, "A directory to search")
  import --format dac DAC_NationalDownloadableFile.csv [--affiliations Facility_Affiliation.csv]
         [--hospitals Hospital_General_Information.csv] [--file-date YYYY-MM-DD]
                     add CMS Doctors and Clinicians data (school, graduation year, specialties,
                     group practice, hospital affiliations, telehealth) to the registry's candidates
  import --synthetic N [--seed S]
                     import N synthetic candidates (same seed, same people)
  seed --size N      the synthetic directory of N candidates (default seed)
                     (both use DATABASE_URL, or the embedded database while start is not running)`;

/** `healthtal import …` and `healthtal seed …`: parse the arguments, open the database, import. */
export async function runImportCommand(
  command: 'import' | 'seed',
  args: string[],
  config: Config,
): Promise<number> {
  if (command === 'import' && isNppesImport(args)) return runNppesImport(args, config);
  if (command === 'import' && isDacImport(args)) return runDacImport(args, config);
  const source = await sourceFromArgs(command, args);
  const usedBy = `\`healthtal ${command}\``;
  return withDirectoryDatabase(
    config,
    (pool) =>
      importInTerminal(pool, config, {
        start: (store, hooks) => importCandidates({ pool, store, source, ...hooks }),
        rowsOf: (summary) => summary.rows,
        describe: describeSummary,
        rejectedAs: 'skipped',
      }),
    usedBy,
  );
}

async function sourceFromArgs(command: 'import' | 'seed', args: string[]): Promise<CandidateSource> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { synthetic: { type: 'string' }, seed: { type: 'string' }, size: { type: 'string' } },
  });
  const whole = (name: string, text: string | undefined, fallback?: number) => {
    if (text === undefined && fallback !== undefined) return fallback;
    const n = Number(text);
    if (!Number.isSafeInteger(n) || n < 0)
      throw new ConfigError(`--${name} must be a whole number, got ${text}`);
    return n;
  };
  if (command === 'seed') return syntheticSource(whole('size', values.size), DEFAULT_SEED);
  if (values.synthetic !== undefined) {
    return syntheticSource(whole('synthetic', values.synthetic), whole('seed', values.seed, DEFAULT_SEED));
  }
  const file = positionals[0];
  if (!file) throw new ConfigError(`Name a CSV file or --synthetic N.\n\n${IMPORT_HELP}`);
  try {
    return await csvSource(file, (names) =>
      process.stderr.write(`  ignoring columns this import does not know: ${names.join(', ')}\n`),
    );
  } catch (error) {
    throw new ConfigError(`Cannot read ${file}: ${(error as Error).message}`);
  }
}

export function describeSummary(summary: ImportSummary, rejectedShown = summary.rejected): string {
  const seconds = summary.elapsedMs / 1000;
  const lines = [
    `  ${summary.complete ? 'Imported' : 'Stopped after'} ${count(summary.rows)} rows in ${formatDuration(summary.elapsedMs)}` +
      ` (${count(seconds > 0 ? summary.rows / seconds : 0)} rows/s)` +
      (summary.resumedFrom > 0 ? `, resuming at row ${count(summary.resumedFrom)}` : '') +
      ':',
    `    ${count(summary.imported)} new candidates`,
    `    ${count(summary.existing)} already in the directory`,
    `    ${count(summary.suppressed)} refused: on the suppression list (removed at their request)`,
    `    ${count(summary.rejected)} rejected rows${summary.rejected > rejectedShown ? ` (the first ${SHOWN_REJECTS} are listed above)` : ''}`,
  ];
  if (summary.rows === 0 && summary.resumedFrom > 0)
    lines.push('  Nothing left to import: this source was imported already.');
  return lines.join('\n');
}

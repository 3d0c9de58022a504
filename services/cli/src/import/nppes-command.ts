import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  formatDuration,
  importNppes,
  loadEndpoints,
  loadTaxonomy,
  NppesFileDateMissing,
  NppesFileUnreadable,
  type NppesSummary,
  nppesFile,
} from '@healthtal/directory-import';
import { type Config, ConfigError } from '../config';
import { withDirectoryDatabase } from './directory-database';
import { count, importInTerminal, SHOWN_REJECTS } from './import-in-terminal';

const OPTIONS = {
  format: { type: 'string' },
  taxonomy: { type: 'string' },
  endpoints: { type: 'string' },
  'file-date': { type: 'string' },
} as const;

export const isNppesImport = (args: readonly string[]) =>
  args.some((arg, i) => arg === '--format=nppes' || (arg === '--format' && args[i + 1] === 'nppes'));

/**
 * `healthtal import --format nppes FILE.csv [--taxonomy NUCC.csv] [--endpoints ENDPOINTS.csv]
 * [--file-date YYYY-MM-DD]`. A file without a date in its name needs --file-date; one that is not
 * an NPPES file stops with one message (no stack trace) before a row is imported.
 */
export async function runNppesImport(args: string[], config: Config): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  const fileName = positionals[0];
  if (!fileName)
    throw new ConfigError('Name the NPPES file: healthtal import --format nppes npidata_pfile_….csv');
  const fileDate = values['file-date'];
  if (fileDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(fileDate))
    throw new ConfigError(`--file-date must be YYYY-MM-DD, got ${fileDate}`);
  const file = await readable(fileName, () =>
    nppesFile(fileName, {
      date: fileDate,
      onIgnoredColumns: (names) =>
        process.stderr.write(`  ignoring ${names.length} columns this import does not read\n`),
    }),
  );
  const taxonomy = values.taxonomy
    ? {
        key: `nucc:${path.resolve(values.taxonomy)}`,
        entries: await readable(values.taxonomy, () => loadTaxonomy(values.taxonomy!)),
      }
    : null;
  if (taxonomy)
    process.stderr.write(`  ${count(taxonomy.entries.size)} taxonomy codes from ${values.taxonomy}\n`);
  else process.stderr.write('  no --taxonomy file: specialties stay empty, the taxonomy code is kept\n');

  return withDirectoryDatabase(config, async (pool) => {
    const endpoints = values.endpoints
      ? await readable(values.endpoints, () => loadEndpoints(pool, values.endpoints!))
      : null;
    if (endpoints)
      process.stderr.write(`  ${count(endpoints.emails)} endpoint emails from ${values.endpoints}\n`);
    return importInTerminal(pool, config, {
      start: (store, hooks) =>
        importNppes({ pool, store, file, taxonomy, endpoints, ...hooks }).catch((error: unknown) => {
          if (error instanceof NppesFileUnreadable) throw new ConfigError(error.message);
          throw error;
        }),
      rowsOf: (summary) => summary.read,
      describe: (summary, rejectedShown) => describeNppesSummary(summary, file.date, rejectedShown),
      rejectedAs: 'rejected',
    });
  });
}

async function readable<T>(file: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    if (error instanceof NppesFileDateMissing) throw new ConfigError(error.message);
    throw new ConfigError(`Cannot read ${file}: ${(error as Error).message}`);
  }
}

export function describeNppesSummary(
  summary: NppesSummary,
  fileDate: string,
  rejectedShown = summary.rejected,
) {
  const seconds = summary.elapsedMs / 1000;
  const lines = [
    `  NPI registry file of ${fileDate}: ${summary.complete ? 'read' : 'stopped after'} ${count(summary.read)} rows in ${formatDuration(summary.elapsedMs)}` +
      ` (${count(seconds > 0 ? summary.read / seconds : 0)} rows/s)` +
      (summary.resumedFrom > 0 ? `, resuming at row ${count(summary.resumedFrom)}` : '') +
      ':',
    `    ${count(summary.imported)} imported (new candidates)`,
    `    ${count(summary.updated)} updated`,
    `    ${count(summary.unchanged)} unchanged`,
    `    ${count(summary.deactivated)} deactivated (out of search)`,
    `    ${count(summary.reactivated)} reactivated (back in search)`,
    `    ${count(summary.suppressed)} skipped by suppression (removed at their request)`,
    `    ${count(summary.skipped)} skipped: organizations, or deactivated NPIs never imported`,
    `    ${count(summary.rejected)} rejected rows${summary.rejected > rejectedShown ? ` (the first ${SHOWN_REJECTS} are listed above)` : ''}`,
  ];
  if (summary.read === 0 && summary.resumedFrom > 0)
    lines.push('  Nothing left to import: this file was imported already.');
  return lines.join('\n');
}

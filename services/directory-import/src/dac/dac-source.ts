import { stat } from 'node:fs/promises';
import path from 'node:path';
import { csvRecords, dateInFileName } from '../csv-records';
import type { RejectedRow } from '../import';
import { type AffiliationRow, affiliationRowOf, readAffiliationHeader } from './dac-affiliations';
import { type DacHeader, type DacRow, dacRowOf, readDacHeader } from './dac-record';

/** A batch of one of the load's files: its rows read, from data row `firstRow` (0-based). */
export type DacBatch<R> = { firstRow: number; rowCount: number; rows: R[]; rejected: RejectedRow[] };

export type DacFile<R> = {
  file: string;
  /** Its name without a folder: the provenance its events carry (sourceFile). */
  name: string;
  /** Names the file in import_progress: the same file resumes, a changed one starts over. */
  key: string;
  batches(from: number, size: number): AsyncIterable<DacBatch<R>>;
  /** Share of the file read so far (by bytes). */
  fraction(): number | null;
};

/** The main file, with what its header says it holds. */
export type DacMainFile = DacFile<DacRow> & {
  /** The release's date: from the file's name or --file-date. */
  date: string;
  /** Its header: whether it has Telehlth and the older vintage's hosp_afl_N. */
  header: DacHeader;
};

/**
 * The date of a CMS release: `--file-date`, else a date in the file's name. CMS names the national
 * file without one (DAC_NationalDownloadableFile.csv), and a file's modification time is the day it
 * was downloaded, not the data's: without either the import is refused.
 */
export function dacFileDate(file: string, given: string | undefined): string {
  if (given !== undefined) {
    const parsed = new Date(`${given}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(given) || Number.isNaN(parsed.getTime()))
      throw new Error(`--file-date must be a date written YYYY-MM-DD, got ${given}`);
    return given;
  }
  const date = dateInFileName(path.basename(file));
  if (date) return date;
  throw new Error(
    `${path.basename(file)} has no date in its name (YYYYMMDD or YYYY-MM-DD): give the date of the CMS ` +
      'release with --file-date YYYY-MM-DD (the Provider Data Catalog shows it beside the download)',
  );
}

/** A CSV of this import streamed in batches: rows that cannot be read are reported by line. */
async function dacFile<R, H extends { width: number; keep?: Uint8Array }>(
  file: string,
  kind: string,
  readHeader: (names: readonly string[]) => H,
  rowOf: (header: H, fields: readonly string[], line: number) => R | null | { reason: string },
): Promise<DacFile<R>> {
  const absolute = path.resolve(file);
  const { size, mtimeMs } = await stat(absolute);
  let bytesRead = () => 0;
  return {
    file: absolute,
    name: path.basename(absolute).slice(0, 300),
    key: `${kind}:${absolute}#${size}:${Math.floor(mtimeMs)}`,
    fraction: () => (size > 0 ? Math.min(1, bytesRead() / size) : null),
    async *batches(from, batchSize) {
      let header: H | null = null;
      const reading = csvRecords(absolute, (names) => {
        header = readHeader(names);
        return header.keep ?? null;
      });
      bytesRead = reading.bytesRead;
      let index = 0;
      let batch: DacBatch<R> = { firstRow: from, rowCount: 0, rows: [], rejected: [] };
      let first = true;
      for await (const row of reading.records) {
        if (first) {
          first = false;
          if ('error' in row) throw new Error(`the header cannot be read: ${row.error}`);
          continue;
        }
        if (index++ < from) continue; // resuming: rows done before are only counted
        const h = header as H | null;
        if (!h) continue;
        batch.rowCount++;
        if ('error' in row) batch.rejected.push({ line: row.line, reason: row.error });
        else if (row.count !== h.width)
          batch.rejected.push({
            line: row.line,
            reason: `${row.count} fields where the header has ${h.width}`,
          });
        else {
          const result = rowOf(h, row.fields, row.line);
          if (result && 'reason' in (result as object)) {
            batch.rejected.push({ line: row.line, reason: (result as { reason: string }).reason });
          } else if (result) batch.rows.push(result as R);
        }
        if (batch.rowCount >= batchSize) {
          yield batch;
          batch = { firstRow: index, rowCount: 0, rows: [], rejected: [] };
        }
      }
      if (batch.rowCount > 0) yield batch;
    },
  };
}

/** The national downloadable file, either vintage; its header is read (and checked) on opening. */
export async function dacMainFile(file: string, options: { date?: string } = {}): Promise<DacMainFile> {
  const date = dacFileDate(file, options.date);
  const main = await dacFile<DacRow, DacHeader>(file, 'cms-dac', readDacHeader, dacRowOf);
  const { records } = csvRecords(main.file, () => null);
  const first = await records.next();
  await records.return(undefined);
  if (first.done) throw new Error('the file is empty');
  if ('error' in first.value) throw new Error(`the header cannot be read: ${first.value.error}`);
  const header = readDacHeader(first.value.fields.slice(0, first.value.count));
  return { ...main, date, header };
}

/** Facility_Affiliation.csv (the newer vintage's hospital affiliations). */
export const dacAffiliationFile = (file: string): Promise<DacFile<AffiliationRow>> =>
  dacFile(file, 'cms-dac-affiliations', readAffiliationHeader, affiliationRowOf);

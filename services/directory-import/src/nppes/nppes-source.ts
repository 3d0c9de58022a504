import { isAscii } from 'node:buffer';
import type { ReadStream } from 'node:fs';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { RejectedRow } from '../import';
import { type CsvError, CsvReader, type CsvRow } from './nppes-csv';
import {
  isNppesHeader,
  type NppesHeader,
  type NppesRecord,
  nppesRecordOf,
  readNppesHeader,
} from './nppes-record';

export type NppesBatch = {
  /** Index of the batch's first data row (0-based, rejected rows counted). */
  firstRow: number;
  rowCount: number;
  records: NppesRecord[];
  rejected: RejectedRow[];
};

export type NppesFile = {
  file: string;
  /** Names the file in import_progress: the same file resumes, a changed one starts over. */
  key: string;
  /** The file's date: the last YYYYMMDD of its name (CMS names them so), else `--file-date`. */
  date: string;
  /** Its name without the folder: with the date, where every value it gives came from. */
  name: string;
  batches(from: number, size: number): AsyncIterable<NppesBatch>;
  /** Share of the file read so far (by bytes). */
  fraction(): number | null;
};

/**
 * `npidata_pfile_20050523-20240811.csv` → 2024-08-11; weekly `…_20240805_20240811.csv` too. Null
 * when the name holds no date: the file's modification day is not the registry's (a copied or
 * downloaded file has today's), so the caller must say it (`--file-date`).
 */
export function fileDateOf(file: string): string | null {
  const dates = [...path.basename(file).matchAll(/(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)/g)];
  const last = dates[dates.length - 1];
  return last ? `${last[1]}-${last[2]}-${last[3]}` : null;
}

/** A file whose registry date is neither in its name nor given: refused before anything is read. */
export class NppesFileDateMissing extends Error {
  constructor(file: string) {
    super(
      `${path.basename(file)} has no date in its name (CMS names its files …_YYYYMMDD.csv): give the ` +
        'date of the registry data with --file-date YYYY-MM-DD',
    );
    this.name = 'NppesFileDateMissing';
  }
}

/** How many lines may come before the header (the deactivation report's title and date lines). */
export const HEADER_SEARCH_LINES = 10;

/** A file that is not an NPPES file (or not one we can read): one message, before any row is imported. */
export class NppesFileUnreadable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NppesFileUnreadable';
  }
}

/**
 * An NPPES data file (monthly full, weekly incremental, or the deactivation report saved as CSV),
 * streamed: memory stays flat however large the file. Columns are found by name; rows that cannot
 * be read are reported with their line number and skipped.
 */
export async function nppesFile(
  file: string,
  options: { date?: string; onIgnoredColumns?: (names: string[]) => void } = {},
): Promise<NppesFile> {
  const absolute = path.resolve(file);
  const { size, mtimeMs } = await stat(absolute);
  const date = options.date ?? fileDateOf(absolute);
  if (date === null) throw new NppesFileDateMissing(absolute);
  let stream: ReadStream | null = null;
  return {
    file: absolute,
    key: `nppes:${absolute}#${size}:${Math.floor(mtimeMs)}`,
    date,
    name: path.basename(absolute),
    fraction: () => (stream && size > 0 ? Math.min(1, stream.bytesRead / size) : null),
    async *batches(from, batchSize) {
      const input = createReadStream(absolute, { highWaterMark: 1 << 20 });
      stream = input;
      const reader = new CsvReader();
      let header: NppesHeader | null = null;
      let index = 0;
      let batch: NppesBatch = { firstRow: from, rowCount: 0, records: [], rejected: [] };
      const take = (row: CsvRow | CsvError): boolean => {
        if (!header) {
          // Title lines above the header (the deactivation report's sheet) are stepped over.
          if ('error' in row) throw new NppesFileUnreadable(`line ${row.line}: ${row.error}`);
          const names = row.fields.slice(0, row.count);
          if (!isNppesHeader(names)) {
            if (row.line >= HEADER_SEARCH_LINES) throw new NppesFileUnreadable(noHeader(absolute));
            return false;
          }
          header = readNppesHeader(names);
          reader.keep = header.keep;
          if (header.ignored.length > 0) options.onIgnoredColumns?.(header.ignored);
          return false;
        }
        if (index++ < from) return false; // resuming: rows done before are only counted
        batch.rowCount++;
        if ('error' in row) batch.rejected.push({ line: row.line, reason: row.error });
        else if (row.count !== header.width) {
          batch.rejected.push({
            line: row.line,
            reason: `${row.count} fields where the header has ${header.width}`,
          });
        } else {
          const result = nppesRecordOf(header, row.fields, row.line);
          if ('reason' in result) batch.rejected.push({ line: row.line, reason: result.reason });
          else batch.records.push(result);
        }
        return batch.rowCount >= batchSize;
      };
      const next = () => {
        const full = batch;
        batch = { firstRow: index, rowCount: 0, records: [], rejected: [] };
        return full;
      };
      const decoder = new StringDecoder('utf8');
      let pending = false; // the decoder may hold the start of a character cut by the chunk's end
      for await (const bytes of input as AsyncIterable<Buffer>) {
        // Nearly every chunk is ASCII, which latin1 reads as it is, several times faster than UTF-8.
        const ascii = isAscii(bytes);
        const chunk = ascii && !pending ? bytes.toString('latin1') : decoder.write(bytes);
        pending = !ascii;
        for (const row of reader.push(chunk)) if (take(row)) yield next();
      }
      const rest = decoder.end();
      if (rest) for (const row of reader.push(rest)) if (take(row)) yield next();
      for (const row of reader.end()) if (take(row)) yield next();
      if (!header) throw new NppesFileUnreadable(noHeader(absolute));
      if (batch.rowCount > 0) yield batch;
    },
  };
}

const noHeader = (file: string) =>
  `${path.basename(file)} has no NPI column in its first ${HEADER_SEARCH_LINES} lines: it is not an ` +
  'NPPES data file (npidata_pfile_…csv) or the deactivation report saved as CSV (NPI, NPPES Deactivation Date)';

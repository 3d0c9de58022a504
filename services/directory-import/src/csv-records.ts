import { isAscii } from 'node:buffer';
import { createReadStream, type ReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { type CsvError, CsvReader, type CsvRow } from './nppes/nppes-csv';

/**
 * A CSV file's records, streamed through the NPPES import's reader (nppes-csv.ts: only the columns
 * `keep` names are copied): the header first, then each row or why it cannot be read. `keepOf`
 * reads the header and says which columns the rest need. `bytesRead` tells how far the file is.
 */
export function csvRecords(
  file: string,
  keepOf: (header: readonly string[]) => Uint8Array | null,
): { records: AsyncGenerator<CsvRow | CsvError>; bytesRead: () => number } {
  let stream: ReadStream | null = null;
  async function* records(): AsyncGenerator<CsvRow | CsvError> {
    const input = createReadStream(file, { highWaterMark: 1 << 20 });
    stream = input;
    const reader = new CsvReader();
    let header = true;
    const take = function* (rows: Iterable<CsvRow | CsvError>): Generator<CsvRow | CsvError> {
      for (const row of rows) {
        if (header && !('error' in row)) {
          header = false;
          reader.keep = keepOf(row.fields.slice(0, row.count));
        }
        yield row;
      }
    };
    const decoder = new StringDecoder('utf8');
    let pending = false; // the decoder may hold the start of a character cut by the chunk's end
    try {
      for await (const bytes of input as AsyncIterable<Buffer>) {
        // Nearly every chunk is ASCII, which latin1 reads as it is, several times faster than UTF-8.
        const ascii = isAscii(bytes);
        yield* take(reader.push(ascii && !pending ? bytes.toString('latin1') : decoder.write(bytes)));
        pending = !ascii;
      }
      const rest = decoder.end();
      if (rest) yield* take(reader.push(rest));
      yield* take(reader.end());
    } finally {
      input.destroy();
    }
  }
  return { records: records(), bytesRead: () => stream?.bytesRead ?? 0 };
}

/** A file's date from its name: its last YYYYMMDD, YYYY-MM-DD or YYYY_MM_DD; null when it has none. */
export function dateInFileName(name: string): string | null {
  const dates = [...name.matchAll(/(?<!\d)(\d{4})[-_]?(\d{2})[-_]?(\d{2})(?!\d)/g)].filter(([, y, m, d]) => {
    const iso = `${y}-${m}-${d}`;
    const parsed = new Date(`${iso}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso;
  });
  const last = dates[dates.length - 1];
  return last ? `${last[1]}-${last[2]}-${last[3]}` : null;
}

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  CANDIDATE_FIELDS,
  type CandidateFieldTable,
  CandidateImported,
  cleanValue,
  EMAIL_STATUSES,
  type EmailStatus,
  CANDIDATE_IMPORTED_STORED_FIELDS as EVENT_FIELDS,
  EXPORT_COLUMNS,
} from '@healthtal/contracts';
import { type Parser, parse } from 'csv-parse';
import { candidateIdFor } from './candidate-ids';
import type { CandidateRow } from './candidate-row';
import type { CandidateSource, RejectedRow, SourceBatch } from './import';

type Field = keyof CandidateRow & string;
/** The CSV's `id` names the row (its sourceRef); every other column is a field of the candidate. */
type Column = Field | 'id';

/** The spec's candidate record headers (compared without case, spaces or punctuation): each field's `csv`. */
// No prototype: a column named `constructor` or `toString` is an unknown column, not Object's own.
const HEADERS: Record<string, Column> = Object.assign(Object.create(null), { id: 'id' });
for (const [field, { csv }] of Object.entries(CANDIDATE_FIELDS as CandidateFieldTable))
  if (csv) HEADERS[csv] = field as Field;
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
// A HealthTal export's headers in words ("First name", "Company employees") name the same fields.
for (const { field, header } of EXPORT_COLUMNS) HEADERS[headerKey(header)] ??= field;
const MAX_TEXT = 2000;
const CandidateData = CandidateImported.shape.data;

/** Which column holds which field; unknown columns are ignored (and reported once). */
export function readHeader(header: readonly string[]): { columns: (Column | null)[]; ignored: string[] } {
  const columns = header.map((name) => HEADERS[headerKey(name)] ?? null);
  if (!columns.includes('firstName') && !columns.includes('lastName')) {
    throw new Error('This file has no Contactfirstname or Contactlastname column: is it a candidate export?');
  }
  return { columns, ignored: header.filter((_, i) => columns[i] === null) };
}

const isoOrNull = (value: string | null) => {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};
const emailStatusOf = (value: string | null): EmailStatus => {
  const status = value?.toLowerCase().replace(/[\s-]/g, '_') ?? '';
  return (EMAIL_STATUSES as readonly string[]).includes(status) ? (status as EmailStatus) : 'unknown';
};
const connectionsOf = (value: string | null) => {
  const digits = /^\d[\d,]*/.exec(value ?? '')?.[0].replaceAll(',', '');
  return digits ? Math.min(Number(digits), 2 ** 31 - 1) : null;
};

/**
 * A row without an id column is named by what identifies the person in it, so the same row in
 * another export of the same data is the same candidate.
 */
function sourceRefOf(id: string | null, fields: Partial<Record<Field, string | null>>): string {
  if (id) return `csv:${id}`;
  const identity = [
    fields.firstName,
    fields.lastName,
    fields.personalEmail,
    fields.workEmail,
    fields.phone,
    fields.directPhone,
    fields.linkedinUrl,
    fields.companyName,
    fields.city,
    fields.state,
  ].map((value) => cleanValue(value)?.toLowerCase() ?? '');
  return `csv:${createHash('sha256').update(identity.join('\u001f')).digest('hex').slice(0, 32)}`;
}

/** How a cell becomes the field's value, for the fields that are not text as the file spells it. */
const READERS: Partial<Record<Field, (value: string | null) => unknown>> = {
  source: (value) => cleanValue(value)?.slice(0, 100) ?? 'csv',
  connections: connectionsOf,
  emailStatus: (value) => emailStatusOf(cleanValue(value)),
  emailVerifiedAt: (value) => isoOrNull(cleanValue(value)),
  phoneVerifiedAt: (value) => isoOrNull(cleanValue(value)),
};
const DEFINITIONS = CANDIDATE_FIELDS as CandidateFieldTable;
/** Made by the import, not read: the ids, and the contact hashes (candidate-row.ts). */
const NOT_READ = new Set(['candidateId', 'sourceRef', 'emailHash', 'phoneHash']);
/**
 * The fields a row has, each with how a cell becomes its value: those a header names, and every
 * field of the event that is not optional (null when the file has no column for it). An optional
 * field the file cannot hold stays absent, which the directory reads as null.
 */
const FILLED = (EVENT_FIELDS as Field[])
  .filter((field) => !NOT_READ.has(field) && (DEFINITIONS[field]!.csv || !DEFINITIONS[field]!.optional))
  .map((field) => [field, READERS[field] ?? ((value: string | null) => value)] as const);

/** One CSV record as a candidate, or why it cannot be one. */
export function candidateFromRecord(
  columns: readonly (Column | null)[],
  header: readonly string[],
  record: readonly string[],
): CandidateRow | { reason: string } {
  const fields: Partial<Record<Field, string | null>> = {};
  let id: string | null = null;
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i];
    if (!column) continue;
    const raw = record[i]?.trim() ?? '';
    if (raw.length > MAX_TEXT) return { reason: `${header[i]} is longer than ${MAX_TEXT} characters` };
    const value = raw === '' ? null : raw;
    if (column === 'id') id = cleanValue(value);
    else fields[column] = value;
  }
  if (cleanValue(fields.firstName) === null && cleanValue(fields.lastName) === null) {
    return { reason: 'no first or last name' };
  }
  if (id !== null && id.length > 250) return { reason: 'id is longer than 250 characters' };
  const sourceRef = sourceRefOf(id, fields);
  // As the file spells them: the directory projection cleans them (the specialty by the taxonomy, contracts).
  const candidate: Record<string, unknown> = { candidateId: candidateIdFor(sourceRef), sourceRef };
  for (const [field, read] of FILLED) candidate[field] = read(fields[field] ?? null);
  const row = candidate as CandidateRow;
  // The store would refuse the whole batch for one bad row; refuse the row here instead.
  const checked = CandidateData.safeParse({ ...row, emailHash: null, phoneHash: null });
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return { reason: `${issue.path.join('.')}: ${issue.message}` };
  }
  return row;
}

/**
 * A CSV file with the spec's candidate headers, read as a stream. Bad rows (a wrong number of
 * fields, no name, a value too long) are reported with their line and skipped. Each candidate
 * names the file it came from (`sourceFile`, its provenance). The import key is
 * the file's path, size and modification time: the same file resumes, a changed one starts over
 * (and the store still keeps each candidate once).
 */
export async function csvSource(
  file: string,
  onIgnoredColumns?: (names: string[]) => void,
): Promise<CandidateSource> {
  const absolute = path.resolve(file);
  const { size, mtimeMs } = await stat(absolute);
  // Where each candidate's values come from (its provenance): the file's name, without its folder.
  const sourceFile = path.basename(absolute).slice(0, 300);
  let parser: Parser | null = null;
  return {
    key: `csv:${absolute}#${size}:${Math.floor(mtimeMs)}`,
    totalRows: null,
    fraction: () => (parser && size > 0 ? Math.min(1, parser.info.bytes / size) : null),
    async *batches(from, size) {
      const skipped: RejectedRow[] = [];
      parser = createReadStream(absolute).pipe(
        parse({
          bom: true,
          info: true,
          relax_quotes: true,
          skip_empty_lines: true,
          skip_records_with_error: true,
          on_skip: (error) => {
            skipped.push({ line: Number(error?.lines ?? 0), reason: error?.message ?? 'unreadable row' });
          },
        }),
      );
      let header: { names: string[]; columns: (Column | null)[] } | null = null;
      let index = 0;
      let batch: SourceBatch = { firstRow: from, rowCount: 0, rows: [], rejected: [] };
      const count = (rejected: RejectedRow | null, row: CandidateRow | null) => {
        if (index++ < from) return;
        batch.rowCount++;
        if (rejected) batch.rejected.push(rejected);
        if (row) batch.rows.push(row);
      };
      for await (const { record, info } of parser as AsyncIterable<{
        record: string[];
        info: { lines: number };
      }>) {
        if (!header) {
          const { columns, ignored } = readHeader(record);
          header = { names: record, columns };
          if (ignored.length > 0) onIgnoredColumns?.(ignored);
          continue;
        }
        for (const rejected of skipped.splice(0)) count(rejected, null);
        const result = candidateFromRecord(header.columns, header.names, record);
        if ('reason' in result) count({ line: info.lines, reason: result.reason }, null);
        else count(null, Object.assign(result, { sourceFile }));
        if (batch.rowCount >= size) {
          yield batch;
          batch = { firstRow: Math.max(from, index), rowCount: 0, rows: [], rejected: [] };
        }
      }
      for (const rejected of skipped.splice(0)) count(rejected, null);
      if (batch.rowCount > 0) yield batch;
    },
  };
}

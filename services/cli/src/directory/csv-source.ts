import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  CandidateImported,
  cleanValue,
  EMAIL_STATUSES,
  type EmailStatus,
  EXPORT_COLUMNS,
} from '@healthtal/contracts';
import { type Parser, parse } from 'csv-parse';
import { candidateIdFor } from './candidate-ids';
import type { CandidateRow } from './candidate-row';
import type { CandidateSource, RejectedRow, SourceBatch } from './import';

type TextField = Exclude<keyof CandidateRow, 'candidateId' | 'sourceRef' | 'connections' | 'emailStatus'>;
type Column = TextField | 'connections' | 'id' | 'emailStatus';

/** The spec's candidate record headers (compared without case, spaces or punctuation). */
const HEADERS: Record<string, Column> = {
  id: 'id',
  contactfirstname: 'firstName',
  contactmiddlename: 'middleName',
  contactlastname: 'lastName',
  contacttitle: 'title',
  contacttitlelevel: 'titleLevel',
  contactjobfunctions: 'jobFunctions',
  specialty: 'specialty',
  companyname: 'companyName',
  companyemployees: 'companyEmployees',
  companyindustry: 'companyIndustry',
  companyrevenuerange: 'companyRevenueRange',
  companydomain: 'companyDomain',
  companystartdate: 'companyStartDate',
  contactcity: 'city',
  contactstate: 'state',
  contactofficecity: 'officeCity',
  contactofficestate: 'officeState',
  contactofficezipcode: 'officeZip',
  location: 'location',
  personalemail: 'personalEmail',
  contactemail: 'workEmail',
  contactphone: 'phone',
  directdialphone: 'directPhone',
  contactlinkedinurl: 'linkedinUrl',
  contactconnections: 'connections',
  contactgender: 'gender',
  contactskills: 'skills',
  contacteducation: 'education',
  source: 'source',
  emailstatus: 'emailStatus',
  emailverifiedat: 'emailVerifiedAt',
  phoneverifiedat: 'phoneVerifiedAt',
};
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
function sourceRefOf(id: string | null, fields: Partial<Record<TextField, string | null>>): string {
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

/** One CSV record as a candidate, or why it cannot be one. */
export function candidateFromRecord(
  columns: readonly (Column | null)[],
  header: readonly string[],
  record: readonly string[],
): CandidateRow | { reason: string } {
  const fields: Partial<Record<TextField, string | null>> = {};
  let id: string | null = null;
  let connections: string | null = null;
  let emailStatus: string | null = null;
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i];
    if (!column) continue;
    const raw = record[i]?.trim() ?? '';
    if (raw.length > MAX_TEXT) return { reason: `${header[i]} is longer than ${MAX_TEXT} characters` };
    const value = raw === '' ? null : raw;
    if (column === 'id') id = cleanValue(value);
    else if (column === 'connections') connections = value;
    else if (column === 'emailStatus') emailStatus = value;
    else fields[column] = value;
  }
  if (cleanValue(fields.firstName) === null && cleanValue(fields.lastName) === null) {
    return { reason: 'no first or last name' };
  }
  if (id !== null && id.length > 250) return { reason: 'id is longer than 250 characters' };
  const sourceRef = sourceRefOf(id, fields);
  const text = (field: TextField) => fields[field] ?? null;
  const row: CandidateRow = {
    candidateId: candidateIdFor(sourceRef),
    sourceRef,
    source: cleanValue(text('source'))?.slice(0, 100) ?? 'csv',
    firstName: text('firstName'),
    middleName: text('middleName'),
    lastName: text('lastName'),
    title: text('title'),
    titleLevel: text('titleLevel'),
    jobFunctions: text('jobFunctions'),
    // As the file spells it: the directory projection folds it by the specialty taxonomy (contracts).
    specialty: text('specialty'),
    companyName: text('companyName'),
    companyEmployees: text('companyEmployees'),
    companyIndustry: text('companyIndustry'),
    companyRevenueRange: text('companyRevenueRange'),
    companyDomain: text('companyDomain'),
    companyStartDate: text('companyStartDate'),
    city: text('city'),
    state: text('state'),
    officeCity: text('officeCity'),
    officeState: text('officeState'),
    officeZip: text('officeZip'),
    location: text('location'),
    personalEmail: text('personalEmail'),
    workEmail: text('workEmail'),
    phone: text('phone'),
    directPhone: text('directPhone'),
    linkedinUrl: text('linkedinUrl'),
    connections: connectionsOf(connections),
    gender: text('gender'),
    skills: text('skills'),
    education: text('education'),
    emailStatus: emailStatusOf(cleanValue(emailStatus)),
    emailVerifiedAt: isoOrNull(cleanValue(text('emailVerifiedAt'))),
    phoneVerifiedAt: isoOrNull(cleanValue(text('phoneVerifiedAt'))),
  };
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
 * fields, no name, a value too long) are reported with their line and skipped. The import key is
 * the file's path, size and modification time: the same file resumes, a changed one starts over
 * (and the store still keeps each candidate once).
 */
export async function csvSource(
  file: string,
  onIgnoredColumns?: (names: string[]) => void,
): Promise<CandidateSource> {
  const absolute = path.resolve(file);
  const { size, mtimeMs } = await stat(absolute);
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
        else count(null, result);
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

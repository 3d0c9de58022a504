import {
  DEFAULT_EXPORT_FILE_NAME,
  EXPORT_COLUMNS,
  EXPORT_HEADER,
  type ExportField,
  type ExportRequest,
  splitSkills,
} from '@healthtal/contracts';
import type pg from 'pg';
import { type ExportRow, exportRowsOf } from './candidates.queries';
import { type FieldPolicy, withVisibleExportFields } from './field-policy';
import { type CandidateSheet, pdfParts } from './pdf-writer';
import { type XlsxCell, xlsxParts } from './xlsx-writer';

export type ExportFormat = ExportRequest['format'];

/**
 * Ids per database query. Small enough that a chunk's rows die young (V8 collects them in the young
 * generation instead of promoting them): at 1,000 the process's peak memory grew with the row count
 * (garbage waiting for a full GC, +76 MB at 50,000 rows), at 250 it stays flat and runs faster
 * (npm run bench:export).
 */
export const EXPORT_CHUNK = 250;
const ROWS_PER_PIECE = 50;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const education = (row: ExportRow) =>
  row.education
    .map((entry) => (entry.degree ? `${entry.school} (${entry.degree})` : entry.school))
    .join('; ') || null;

/**
 * Each export column's value (the columns and their headers, in order, are contracts'
 * EXPORT_COLUMNS: the CSV and the Excel writer share them): the spec's candidate record field by
 * field, then the provenance HealthTal adds (email status, when email and phone were verified, the
 * source).
 */
const VALUES: Record<ExportField, (row: ExportRow) => XlsxCell> = {
  id: (r) => r.id,
  firstName: (r) => r.first_name,
  middleName: (r) => r.middle_name,
  lastName: (r) => r.last_name,
  title: (r) => r.title,
  titleLevel: (r) => r.title_level,
  jobFunctions: (r) => r.job_functions,
  specialty: (r) => r.specialty,
  companyName: (r) => r.company_name,
  companyEmployees: (r) => r.company_employees,
  companyIndustry: (r) => r.company_industry,
  companyRevenueRange: (r) => r.company_revenue_range,
  companyDomain: (r) => r.company_domain,
  companyStartDate: (r) => r.company_start_date,
  city: (r) => r.city,
  state: (r) => r.state,
  officeCity: (r) => r.office_city,
  officeState: (r) => r.office_state,
  officeZip: (r) => r.office_zip,
  location: (r) => r.location,
  personalEmail: (r) => r.personal_email,
  workEmail: (r) => r.work_email,
  phone: (r) => r.phone,
  directPhone: (r) => r.direct_phone,
  linkedinUrl: (r) => r.linkedin_url,
  connections: (r) => r.connections,
  gender: (r) => r.gender,
  skills: (r) => splitSkills(r.skills).join(', ') || null,
  education,
  emailStatus: (r) => r.email_status,
  emailVerifiedAt: (r) => iso(r.email_verified_at),
  phoneVerifiedAt: (r) => iso(r.phone_verified_at),
  source: (r) => r.source,
};
const COLUMN_VALUES = EXPORT_COLUMNS.map((column) => VALUES[column.field]);
const cellsOf = (row: ExportRow) => COLUMN_VALUES.map((value) => value(row));

/**
 * The PDF's sections: the export's columns (the same values, so the same field policy), grouped for
 * a reader. Gender is left out: a sheet goes to a hiring manager, who must not hire on it (ADR 0062).
 */
const SHEET_SECTIONS: { title: string; fields: ExportField[] }[] = [
  {
    title: 'Work',
    fields: [
      'companyName',
      'titleLevel',
      'jobFunctions',
      'companyStartDate',
      'companyIndustry',
      'companyEmployees',
      'companyRevenueRange',
      'companyDomain',
    ],
  },
  { title: 'Place', fields: ['location', 'city', 'state', 'officeCity', 'officeState', 'officeZip'] },
  {
    title: 'Contact',
    fields: [
      'personalEmail',
      'workEmail',
      'emailStatus',
      'emailVerifiedAt',
      'phone',
      'directPhone',
      'phoneVerifiedAt',
      'linkedinUrl',
      'connections',
    ],
  },
  { title: 'Background', fields: ['skills', 'education', 'source', 'id'] },
];
const HEADER_OF = new Map(EXPORT_COLUMNS.map((column) => [column.field, column.header]));

export function candidateSheetOf(row: ExportRow): CandidateSheet {
  const text = (field: ExportField) => {
    const value = VALUES[field](row);
    return value === null || value === '' ? null : String(value);
  };
  const name = ['firstName', 'middleName', 'lastName'] as const;
  return {
    name: name.map(text).filter(Boolean).join(' ') || 'Name not given',
    subtitle: [text('title'), text('specialty')].filter(Boolean).join(' · ') || null,
    sections: SHEET_SECTIONS.map(({ title, fields }) => ({
      title,
      fields: fields.flatMap((field): [string, string][] => {
        const value = text(field);
        return value === null ? [] : [[HEADER_OF.get(field)!, value]];
      }),
    })),
  };
}

/**
 * The rows of `ids`, a chunk per query, in the order given. The next chunk is fetched while the
 * current one is written, and never more than that: memory holds two chunks whatever the count.
 */
export async function* rowsInChunks(
  fetchRows: (ids: readonly string[]) => Promise<ExportRow[]>,
  ids: readonly string[],
  chunkSize = EXPORT_CHUNK,
): AsyncGenerator<ExportRow[]> {
  let pending: Promise<ExportRow[]> | null = ids.length > 0 ? fetchRows(ids.slice(0, chunkSize)) : null;
  try {
    for (let start = chunkSize; pending; start += chunkSize) {
      const rows: ExportRow[] = await pending;
      pending = start < ids.length ? fetchRows(ids.slice(start, start + chunkSize)) : null;
      yield rows;
    }
  } finally {
    // The client left mid-file: the prefetch still settles, and must not become an unhandled rejection.
    pending?.catch(() => undefined);
  }
}

/**
 * The same chunks, or null when none of the ids is in the directory (nothing to export): the route
 * can still answer with a problem before the file starts.
 */
export async function nonEmptyRows(
  chunks: AsyncGenerator<ExportRow[]>,
): Promise<AsyncGenerator<ExportRow[]> | null> {
  for (;;) {
    const next = await chunks.next();
    if (next.done) return null;
    if (next.value.length > 0) return prepend(next.value, chunks);
  }
}
async function* prepend(first: ExportRow[], rest: AsyncGenerator<ExportRow[]>): AsyncGenerator<ExportRow[]> {
  yield first;
  yield* rest;
}

// Spreadsheet apps run a cell that starts with = + - @ (or a tab or CR) as a formula: such text gets a
// leading apostrophe, unless it is just a number or a phone number ("+1 (555) 010-2030").
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER_LIKE = /^[+-]?[\d\s().-]*\d[\d\s().-]*$/;
export function csvCell(value: XlsxCell): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !NUMBER_LIKE.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
const csvLine = (cells: readonly XlsxCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** RFC 4180 CSV with a UTF-8 byte order mark, so Excel reads accented names right. */
async function* csvParts(
  chunks: AsyncIterable<ExportRow[]>,
  progress: { rows: number },
): AsyncGenerator<Buffer> {
  yield Buffer.from(`\uFEFF${csvLine(EXPORT_HEADER)}`, 'utf8');
  for await (const rows of chunks) {
    // A few rows per write: short-lived strings the young generation collects cheaply.
    for (let start = 0; start < rows.length; start += ROWS_PER_PIECE) {
      const piece = rows.slice(start, start + ROWS_PER_PIECE);
      let text = '';
      for (const row of piece) text += csvLine(cellsOf(row));
      progress.rows += piece.length;
      yield Buffer.from(text, 'utf8');
    }
  }
}

async function* counted(chunks: AsyncIterable<ExportRow[]>, progress: { rows: number }) {
  for await (const rows of chunks) {
    progress.rows += rows.length;
    yield rows;
  }
}

/** The bytes of the export file, produced as they are read; `progress.rows` counts rows written. */
export function exportFileParts(
  format: ExportFormat,
  chunks: AsyncIterable<ExportRow[]>,
  progress: { rows: number },
): AsyncGenerator<Buffer> {
  switch (format) {
    case 'csv':
      return csvParts(chunks, progress);
    case 'xlsx':
      return xlsxParts(EXPORT_HEADER, counted(chunks, progress), cellsOf, { sheetName: 'Candidates' });
    case 'pdf':
      return pdfParts(counted(chunks, progress), candidateSheetOf, { title: 'HealthTal candidate sheets' });
  }
}

/**
 * The export file of these candidates, read from the directory a chunk at a time as it is written;
 * null when none of them is in the directory. `progress.rows` counts the rows written so far. The
 * first chunk is read already (to know there is something to export).
 */
export async function openCandidateExport(
  pool: pg.Pool,
  ids: readonly string[],
  format: ExportFormat,
  policy: FieldPolicy,
): Promise<{
  parts: AsyncGenerator<Buffer>;
  progress: { rows: number };
  /** Lets go of the file unsent (the export was refused): the read ahead settles, nothing leaks. */
  discard: () => Promise<void>;
} | null> {
  const fetchRows = async (chunk: readonly string[]) =>
    (await exportRowsOf(pool, chunk)).map((row) => withVisibleExportFields(row, policy));
  const chunks = rowsInChunks(fetchRows, ids);
  const rows = await nonEmptyRows(chunks);
  if (!rows) return null;
  const progress = { rows: 0 };
  const discard = async () => void (await chunks.return(undefined));
  return { parts: exportFileParts(format, rows, progress), progress, discard };
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/**
 * The download's name: the one asked for, made safe for a header and a file system (letters,
 * digits, space, dot, dash, underscore, parentheses), with the format's extension; otherwise the
 * spec's default, healthtal_export.csv (or .xlsx, .pdf).
 */
export function exportFileName(format: ExportFormat, asked?: string): string {
  const base = (asked ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.(csv|xlsx|xls|pdf)$/i, '')
    .replace(/[^A-Za-z0-9 ._()-]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^[\s._-]+|[\s._-]+$/g, '')
    .slice(0, 100);
  const fallback = DEFAULT_EXPORT_FILE_NAME.replace(/\.csv$/, '');
  return `${base || fallback}.${format}`;
}

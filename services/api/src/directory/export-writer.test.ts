import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { CANDIDATE_FIELDS, type CandidateFieldTable } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import type { ExportRow } from './candidates.queries';
import { csvCell, type ExportFormat, exportFileName, exportFileParts, rowsInChunks } from './export-writer';

/** Rows that compress about as badly as real ones (every person differs), so buffers fill as they would. */
const noise = () => randomBytes(12).toString('base64url');
/** Every column of the field table empty (lists as none), so a field added there needs no edit here. */
const blank = Object.fromEntries(
  Object.values(CANDIDATE_FIELDS as CandidateFieldTable).flatMap(({ column }) =>
    column
      ? [[column.name, column.type === 'jsonb' ? [] : column.ddl?.includes("default ''") ? '' : null]]
      : [],
  ),
);
const row = (id: string): ExportRow => ({
  ...(blank as unknown as ExportRow),
  seq: '1',
  id,
  source: 'test',
  first_name: noise(),
  last_name: 'Silva',
  title: 'RN',
  specialty: 'Registered Nurse',
  company_name: noise(),
  city: 'Austin',
  state: 'TX',
  location: 'Austin, TX',
  linkedin_url: `https://www.linkedin.com/in/${noise()}`,
  connections: 10,
  skills: 'BLS',
  email_status: 'valid',
  has_email: true,
  has_phone: true,
  personal_email: `${noise()}@mail.example`,
  phone: noise(),
});

/** A row source that counts how many chunks were asked of it (the database, in the product). */
const countingSource = () => {
  const source = {
    chunks: 0,
    fetch: async (ids: readonly string[]) => {
      source.chunks++;
      return ids.map(row);
    },
  };
  return source;
};

/** Starts an export of `count` rows into a client that never acknowledges; how far did it read? */
async function readAheadOf(format: ExportFormat, count: number) {
  const source = countingSource();
  const progress = { rows: 0 };
  const ids = Array.from({ length: count }, (_, i) => `id-${i}`);
  const file = Readable.from(exportFileParts(format, rowsInChunks(source.fetch, ids, 10), progress), {
    objectMode: false,
    highWaterMark: 1024,
  });
  file.pipe(new Writable({ highWaterMark: 1024, write: () => undefined }));
  await sleep(200);
  file.destroy();
  return progress.rows;
}

describe('an export under a client that stops reading', () => {
  it.each(['csv', 'xlsx', 'pdf'] as const)(
    'reads ahead of a stalled client only what the %s stream buffers hold, whatever the export size',
    async (format: ExportFormat) => {
      const small = await readAheadOf(format, 2_000);
      const large = await readAheadOf(format, 20_000);
      // A few stream buffers' worth (a few dozen KB), never the export: the same for 2,000 or 20,000.
      expect(large).toBeLessThan(1_000);
      expect(Math.abs(large - small)).toBeLessThanOrEqual(50);
    },
  );

  it('reads every chunk once the client keeps up', async () => {
    const source = countingSource();
    const progress = { rows: 0 };
    let bytes = 0;
    const ids = Array.from({ length: 500 }, (_, i) => `id-${i}`);
    for await (const part of exportFileParts('csv', rowsInChunks(source.fetch, ids, 10), progress))
      bytes += part.length;
    expect(source.chunks).toBe(50);
    expect(progress.rows).toBe(500);
    expect(bytes).toBeGreaterThan(500 * 50);
  });
});

describe('CSV cells', () => {
  it.each([
    [null, ''],
    ['plain', 'plain'],
    [42, '42'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', "'=1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-2+3', "'-2+3"],
    ['+1 (713) 555-0142', '+1 (713) 555-0142'],
    ['-5', '-5'],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
  ])('writes %j as %j', (value, expected) => expect(csvCell(value)).toBe(expected));
});

describe('export file names', () => {
  it.each([
    [undefined, 'csv', 'healthtal_export.csv'],
    [undefined, 'xlsx', 'healthtal_export.xlsx'],
    [undefined, 'pdf', 'healthtal_export.pdf'],
    ['ICU nurses.csv', 'pdf', 'ICU nurses.pdf'],
    ['Texas nurses', 'csv', 'Texas nurses.csv'],
    ['Texas nurses.csv', 'xlsx', 'Texas nurses.xlsx'],
    ['../../etc/passwd', 'csv', 'etc_passwd.csv'],
    ['Pédiatrie "2026"', 'csv', 'Pediatrie _2026.csv'],
    ['a\r\nContent-Type: text/html', 'csv', 'a_Content-Type_ text_html.csv'],
    ['***', 'csv', 'healthtal_export.csv'],
  ] as const)('%j as %s is %j', (asked, format, expected) =>
    expect(exportFileName(format, asked)).toBe(expected),
  );
});

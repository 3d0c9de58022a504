import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A streaming .xlsx writer: one worksheet of inline strings and numbers, written as a zip whose
 * sheet entry goes through one deflate stream as the rows arrive (sizes and CRC follow in a data
 * descriptor). It is a generator, so the next bytes are produced only when the consumer (the HTTP
 * response, via stream.pipeline) asks for them: back-pressure reaches the database reads.
 *
 * Why not exceljs's streaming WorkbookWriter: its internal buffer (StreamBuf) never reports
 * back-pressure ("if write returns false (which it won't)"), so with a slow client the whole sheet
 * piles up in memory; it also brings ~170 packages for a file format we need one sheet of.
 */

export type XlsxCell = string | number | null;

const UTF8_NAMES = 0x0800;
const STREAMED = 0x0008;
const ZIP32_MAX = 0xffff_ffff;

type Entry = { name: Buffer; flags: number; crc: number; compressed: number; size: number; offset: number };

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const staticParts = (sheetName: string): [string, string][] => [
  [
    '[Content_Types].xml',
    `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CT}.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${xmlHead}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${xmlHead}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${xmlHead}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    `${xmlHead}<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  ],
];

// Characters XML 1.0 cannot carry at all (they would make Excel refuse the file): dropped.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must go.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** A, B, …, Z, AA, AB, … */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function rowXml(rowNumber: number, cells: readonly XlsxCell[], columns: string[], style = ''): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (value === null || value === undefined || value === '') continue;
    const ref = `${columns[i]}${rowNumber}`;
    if (typeof value === 'number' && Number.isFinite(value))
      xml += `<c r="${ref}"${style}><v>${value}</v></c>`;
    else {
      const text = String(value);
      const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
      xml += `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${escapeXml(text)}</t></is></c>`;
    }
  }
  return `${xml}</row>`;
}

const dosDateTime = (at: Date) => ({
  time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
  date: ((Math.max(at.getFullYear(), 1980) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
});

function localHeader(entry: Entry, at: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(8, 8);
  header.writeUInt16LE(at.time, 10);
  header.writeUInt16LE(at.date, 12);
  // A streamed entry's crc and sizes follow its data, in the data descriptor.
  const streamed = (entry.flags & STREAMED) !== 0;
  header.writeUInt32LE(streamed ? 0 : entry.crc, 14);
  header.writeUInt32LE(streamed ? 0 : entry.compressed, 18);
  header.writeUInt32LE(streamed ? 0 : entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function dataDescriptor(entry: Entry): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralDirectory(entries: Entry[], at: { time: number; date: number }, offset: number): Buffer {
  const headers = entries.map((entry) => {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(entry.flags, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(at.time, 12);
    header.writeUInt16LE(at.date, 14);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.compressed, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([header, entry.name]);
  });
  const directory = Buffer.concat(headers);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([directory, end]);
}

/** Rows go out in small pieces: short-lived strings the young generation collects cheaply. */
const ROWS_PER_PIECE = 50;

/** The worksheet's XML: the bold header row, then the rows, a few at a time. */
async function* sheetXml<Row>(
  header: readonly string[],
  columns: string[],
  chunks: AsyncIterable<readonly Row[]>,
  cellsOf: (row: Row) => readonly XlsxCell[],
): AsyncGenerator<Buffer> {
  const pane = '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>';
  yield Buffer.from(
    `${xmlHead}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews><sheetData>${rowXml(1, header, columns, ' s="1"')}`,
  );
  let rowNumber = 1;
  for await (const rows of chunks) {
    for (let start = 0; start < rows.length; start += ROWS_PER_PIECE) {
      let xml = '';
      for (const row of rows.slice(start, start + ROWS_PER_PIECE))
        xml += rowXml(++rowNumber, cellsOf(row), columns);
      yield Buffer.from(xml, 'utf8');
    }
  }
  yield Buffer.from('</sheetData></worksheet>');
}

/**
 * One deflate stream over the pieces (compressed on libuv's pool, not the event loop), counting the
 * entry's CRC and sizes as they pass. Pulled, not pushed: the pieces are made only as fast as the
 * compressed bytes are taken.
 */
async function* deflated(pieces: AsyncGenerator<Buffer>, entry: Entry): AsyncGenerator<Buffer> {
  async function* counted() {
    for await (const piece of pieces) {
      entry.crc = zlib.crc32(piece, entry.crc);
      entry.size += piece.length;
      yield piece;
    }
  }
  const compressed = pipeline(
    Readable.from(counted(), { objectMode: false }),
    zlib.createDeflateRaw(),
    () => {
      // Errors reach the loop below: pipeline destroys the deflate stream with them.
    },
  );
  for await (const packed of compressed as AsyncIterable<Buffer>) {
    entry.compressed += packed.length;
    yield packed;
  }
}

/**
 * The bytes of an .xlsx file with a bold, frozen header row and then the rows, a chunk (an array
 * of rows) at a time, each turned into cells only as it is written. Numbers stay numbers; everything else is an inline string, so a value that
 * looks like a formula is text and never runs.
 */
export async function* xlsxParts<Row>(
  header: readonly string[],
  chunks: AsyncIterable<readonly Row[]>,
  cellsOf: (row: Row) => readonly XlsxCell[],
  { sheetName = 'Sheet1', now = new Date() } = {},
): AsyncGenerator<Buffer> {
  const at = dosDateTime(now);
  const columns = header.map((_, i) => columnName(i));
  const entries: Entry[] = [];
  let offset = 0;
  const emit = (bytes: Buffer) => {
    offset += bytes.length;
    if (offset > ZIP32_MAX)
      throw new Error('An export this large needs ZIP64, which this writer does not write');
    return bytes;
  };

  for (const [name, text] of staticParts(sheetName)) {
    const raw = Buffer.from(text, 'utf8');
    const packed = zlib.deflateRawSync(raw);
    const entry = {
      name: Buffer.from(name),
      flags: UTF8_NAMES,
      crc: zlib.crc32(raw),
      compressed: packed.length,
      size: raw.length,
      offset,
    };
    entries.push(entry);
    yield emit(Buffer.concat([localHeader(entry, at), packed]));
  }

  const sheet: Entry = {
    name: Buffer.from('xl/worksheets/sheet1.xml'),
    flags: UTF8_NAMES | STREAMED,
    crc: 0,
    compressed: 0,
    size: 0,
    offset,
  };
  entries.push(sheet);
  yield emit(localHeader(sheet, at));
  for await (const packed of deflated(sheetXml(header, columns, chunks, cellsOf), sheet)) yield emit(packed);
  if (sheet.size > ZIP32_MAX)
    throw new Error('An export this large needs ZIP64, which this writer does not write');
  yield emit(dataDescriptor(sheet));
  yield emit(centralDirectory(entries, at, offset));
}

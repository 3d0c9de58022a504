import PDFDocument from 'pdfkit';

/**
 * A candidate sheet as the PDF shows it: a heading (the name), a line under it, then labelled
 * sections of the fields that have a value. Built by export-writer.ts from an export row, after the
 * field policy has blanked what the caller may not see: this file only lays out what it is given.
 */
export type CandidateSheet = {
  name: string;
  subtitle: string | null;
  sections: { title: string; fields: [label: string, value: string][] }[];
};

/**
 * The standard PDF fonts (Helvetica) carry Windows-1252 only, and pdfkit writes any other character
 * as a wrong glyph. So letters are written without their accents where they have no glyph, a few
 * letters that do not decompose get their base letter, and anything else becomes "?" (ADR 0062).
 */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const BASE_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', Ħ: 'H', ħ: 'h' };
const inWinAnsi = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(char);
};
export function winAnsiText(text: string): string {
  let out = '';
  for (const char of text.replace(/[\r\n\t]+/g, ' ')) {
    if (inWinAnsi(char)) out += char;
    else if (BASE_LETTERS[char]) out += BASE_LETTERS[char];
    else {
      const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += base !== '' && [...base].every(inWinAnsi) ? base : '?';
    }
  }
  return out;
}

const MARGIN = 54;
const LABEL_WIDTH = 150;
const GAP = 10;
const INK = '#1a1a1a';
const MUTED = '#555555';

function writeSheet(doc: PDFKit.PDFDocument, sheet: CandidateSheet, footer: string) {
  doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(winAnsiText(sheet.name), { width });
  if (sheet.subtitle)
    doc.fillColor(MUTED).font('Helvetica').fontSize(12).text(winAnsiText(sheet.subtitle), { width });
  for (const section of sheet.sections) {
    if (section.fields.length === 0) continue;
    doc.moveDown(0.8).fillColor(INK).font('Helvetica-Bold').fontSize(12).text(section.title, MARGIN);
    doc.moveDown(0.2);
    for (const [label, value] of section.fields) {
      const y = doc.y;
      doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(label, MARGIN, y, { width: LABEL_WIDTH });
      const below = doc.y;
      doc
        .fillColor(INK)
        .text(winAnsiText(value), MARGIN + LABEL_WIDTH + GAP, y, { width: width - LABEL_WIDTH - GAP });
      doc.y = Math.max(below, doc.y) + 2;
    }
  }
  // In the bottom margin: without it, pdfkit would start a page for the footer.
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.fillColor(MUTED).font('Helvetica').fontSize(8);
  doc.text(footer, MARGIN, doc.page.height - MARGIN / 2 - 8, { width, lineBreak: false });
  doc.page.margins.bottom = bottom;
}

/**
 * The bytes of a PDF of candidate sheets, one page (or more, for a long one) per candidate, made as
 * the rows arrive: each page is written out (pdfkit's pages are not buffered) and its bytes handed
 * on before the next candidate's, so memory holds one page whatever the count, and a client that
 * stops reading stops the database reads (the generator is pulled, not pushed).
 */
export async function* pdfParts<Row>(
  chunks: AsyncIterable<readonly Row[]>,
  sheetOf: (row: Row) => CandidateSheet,
  { title, now = new Date() }: { title: string; now?: Date },
): AsyncGenerator<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: winAnsiText(title), Producer: 'HealthTal', Creator: 'HealthTal' },
  });
  const written = function* () {
    for (let bytes = doc.read() as Buffer | null; bytes !== null; bytes = doc.read() as Buffer | null)
      yield bytes;
  };
  const footer = `HealthTal candidate sheet · ${now.toISOString().slice(0, 10)} · confidential`;
  try {
    for await (const rows of chunks) {
      for (const row of rows) {
        writeSheet(doc, sheetOf(row), footer);
        yield* written();
      }
    }
    doc.end();
    // The trailer may settle after end(): read on until the document's stream ends.
    for await (const bytes of doc as AsyncIterable<Buffer>) yield bytes;
  } finally {
    if (!doc.readableEnded) doc.destroy();
  }
}

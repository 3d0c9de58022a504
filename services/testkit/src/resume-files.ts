import JSZip from 'jszip';
import PDFDocument from 'pdfkit';

/** A one-page resume as a real PDF, written by pdfkit (the library the product's own PDFs use). */
export function resumePdf(name = 'Maya Okonkwo'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: `${name} resume` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text(name);
    doc.fontSize(11).text('Family Nurse Practitioner, Baylor Scott & White, Austin, Texas');
    doc.moveDown().text('Experience: 8 years in family practice and telehealth.');
    doc.end();
  });
}

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/**
 * A resume as a real Word document: the three parts a DOCX needs (content types, the package's
 * relationships, the main document), zipped and deflated by JSZip as Word's own files are.
 */
export function resumeDocx(text = 'Maya Okonkwo, Family Nurse Practitioner'): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="${WORD_MAIN}"/>
</Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`,
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body>
</w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A ZIP that is not a Word document: a spreadsheet's parts, named .docx by whoever sends it. */
export function plainZip(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<Types/>');
  zip.file('xl/workbook.xml', '<workbook/>');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * The start of a Windows executable (an MZ header pointing at a PE header), padded: what a
 * program renamed to resume.pdf looks like to a server that reads its bytes.
 */
export function windowsExecutable(): Buffer {
  const bytes = Buffer.alloc(4096);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c); // e_lfanew: where the PE header starts
  bytes.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

/** The EICAR test file: every virus scanner reports it, and it harms nothing. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/** A file as the resume form's JSON carries it. */
export const asUpload = (name: string, bytes: Uint8Array) => ({
  name,
  content: Buffer.from(bytes).toString('base64'),
});

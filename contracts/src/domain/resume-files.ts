/**
 * A resume file attached to a submission (issue 37, finding 17): a PDF or a Word document, at most
 * 5 MB, its type told by its bytes, never by its name or the browser's word for it. The page and the
 * API use the same test, so the page refuses a wrong file before sending it and the API refuses
 * whatever reaches it anyway. ADR 0070.
 */
export const ResumeFileLimits = {
  maxBytes: 5 * 1024 * 1024,
  /** What the page says the limit is. */
  maxLabel: '5 MB',
  nameMax: 200,
} as const;

export const RESUME_FILE_KINDS = {
  pdf: { mediaType: 'application/pdf', extension: 'pdf', label: 'PDF' },
  docx: {
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    label: 'Word (DOCX)',
  },
} as const;
export type ResumeFileKind = keyof typeof RESUME_FILE_KINDS;
export const RESUME_FILE_MEDIA_TYPES = Object.values(RESUME_FILE_KINDS).map((kind) => kind.mediaType);

/** Ours: the spec's resume form has no file. Each says what happened and what to do. */
export const ResumeFileMessages = {
  hint: `Optional. A PDF or Word (DOCX) file, up to ${ResumeFileLimits.maxLabel}.`,
  tooLarge: `This file is larger than ${ResumeFileLimits.maxLabel}. Attach a smaller PDF or Word (DOCX) file.`,
  empty: 'This file is empty. Attach your resume as a PDF or Word (DOCX) file.',
  wrongType: 'This file is not a PDF or a Word (DOCX) document. Attach your resume as a PDF or DOCX file.',
  nameInvalid: `The file name must be 1 to ${ResumeFileLimits.nameMax} characters, without control characters.`,
  rejectedByScanner:
    'This file did not pass the virus scan and was not accepted. Attach a clean copy of your resume, or submit without it.',
  scannerUnavailable:
    'Files cannot be checked for viruses right now, so nothing was submitted. Try again in a few minutes, or submit without the file.',
  uploadRefused: 'File not accepted',
  none: 'No file attached',
  downloadFailed: 'The file could not be downloaded. Try again.',
} as const;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PDF_END = [0x25, 0x25, 0x45, 0x4f, 0x46]; // %%EOF
/** A PDF ends with %%EOF; writers may add a line end or a little padding after it. */
const PDF_TAIL = 1024;

/** Which kind of resume file these bytes are, by their content; null when neither. */
export function resumeFileKindOf(bytes: Uint8Array): ResumeFileKind | null {
  if (startsWith(bytes, PDF_MAGIC) && indexOf(bytes, PDF_END, Math.max(0, bytes.length - PDF_TAIL)) !== -1)
    return 'pdf';
  if (isWordDocument(bytes)) return 'docx';
  return null;
}

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const ZIP_END_SIZE = 22;

/**
 * A DOCX is a ZIP whose central directory lists `[Content_Types].xml` and `word/document.xml`, the
 * latter's local header where the directory says. Only the directory is read (nothing is
 * inflated, so a ZIP bomb costs nothing); a renamed executable, a plain ZIP or an Excel workbook
 * (a ZIP with xl/workbook.xml) is not one.
 */
function isWordDocument(bytes: Uint8Array): boolean {
  if (bytes.length < ZIP_END_SIZE || u32(bytes, 0) !== ZIP_LOCAL) return false;
  const end = findEndOfCentralDirectory(bytes);
  if (end === -1) return false;
  const entries = u16(bytes, end + 10);
  const directoryOffset = u32(bytes, end + 16);
  const names = new Map<string, number>();
  let at = directoryOffset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== ZIP_CENTRAL) return false;
    const nameLength = u16(bytes, at + 28);
    const next = at + 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    if (next > bytes.length) return false;
    names.set(latin1(bytes.subarray(at + 46, at + 46 + nameLength)), u32(bytes, at + 42));
    at = next;
  }
  const document = names.get('word/document.xml');
  return (
    names.has('[Content_Types].xml') &&
    document !== undefined &&
    document + 4 <= bytes.length &&
    u32(bytes, document) === ZIP_LOCAL
  );
}

/** The end record is the last 22 bytes, or further back when the archive has a comment. */
function findEndOfCentralDirectory(bytes: Uint8Array): number {
  const earliest = Math.max(0, bytes.length - ZIP_END_SIZE - 0xffff);
  for (let at = bytes.length - ZIP_END_SIZE; at >= earliest; at--) if (u32(bytes, at) === ZIP_END) return at;
  return -1;
}

const u16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u32 = (bytes: Uint8Array, at: number) =>
  (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

function indexOf(bytes: Uint8Array, needle: readonly number[], from: number): number {
  for (let at = from; at + needle.length <= bytes.length; at++)
    if (needle.every((b, i) => bytes[at + i] === b)) return at;
  return -1;
}

/**
 * The number of bytes a base64 text decodes to, or null when it is not base64 (standard alphabet,
 * padded). Checked before decoding: a text longer than the limit allows is refused unread.
 */
export function base64ByteLength(text: string): number | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/** The base64 length of the largest file accepted. */
export const RESUME_FILE_MAX_BASE64 = Math.ceil(ResumeFileLimits.maxBytes / 3) * 4;

/** "1.2 MB", "340 KB": a file's size as people read it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

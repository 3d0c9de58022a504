import { SiteSettingLimits, SiteSettingMessages } from '@healthtal/contracts';
import type { Request } from 'express';
import { HttpProblem } from '../shared/problem';

/** Room for a multipart envelope around a full-size image. */
const MULTIPART_OVERHEAD = 64 * 1024;

export const fileTooLarge = () =>
  new HttpProblem(413, SiteSettingMessages.uploadFailed, SiteSettingMessages.fileTooLarge, {
    file: SiteSettingMessages.fileTooLarge,
  });

export const invalidFileType = (message: string = SiteSettingMessages.invalidFileType) =>
  new HttpProblem(400, SiteSettingMessages.uploadFailed, message, { file: message });

/**
 * The uploaded file's bytes: the raw request body (`fetch(url, { body: file })`) or the first file
 * of a multipart/form-data body (`FormData` with a `file` field). More than 5 MB is refused as soon
 * as it is known, before the rest is read.
 */
export async function readImageUpload(req: Request): Promise<Buffer> {
  const boundary = multipartBoundary(req.get('content-type'));
  const max = SiteSettingLimits.imageMaxBytes + (boundary ? MULTIPART_OVERHEAD : 0);
  if (Number(req.get('content-length') ?? 0) > max) throw fileTooLarge();
  // A JSON body was already read by the JSON parser: there is no file in it.
  if (req.readableEnded || req.body !== undefined) throw invalidFileType();
  const body = await readAtMost(req, max);
  const file = boundary ? firstFilePart(body, boundary) : body;
  if (!file || file.length === 0) throw invalidFileType();
  if (file.length > SiteSettingLimits.imageMaxBytes) throw fileTooLarge();
  return file;
}

/**
 * Collects the body up to `max` bytes. Past that it stops keeping chunks and drains the rest, so the
 * client still reads the 413 instead of a reset connection.
 */
function readAtMost(req: Request, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) return void chunks.push(chunk);
      req.off('data', onData);
      req.resume();
      reject(fileTooLarge());
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) return null;
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}

/** The content of the first part that carries a file name (its headers are not trusted for the type). */
function firstFilePart(body: Buffer, boundary: string): Buffer | null {
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const headersEnd = body.indexOf('\r\n\r\n', start);
    if (headersEnd === -1) return null;
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd);
    if (next === -1) return null;
    const headers = body.subarray(start, headersEnd).toString('utf8');
    if (/content-disposition:[^\r\n]*filename=/i.test(headers)) return body.subarray(headersEnd + 4, next);
    start = next + 2;
  }
  return null;
}

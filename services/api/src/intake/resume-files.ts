import { createHash } from 'node:crypto';
import {
  RESUME_FILE_KINDS,
  RESUME_FILE_MAX_BASE64,
  type ResumeFileInfo,
  ResumeFileMessages,
  type ResumeFileUpload,
  resumeFileKindOf,
} from '@healthtal/contracts';
import type { Migration } from '@healthtal/eventstore';
import express, { type RequestHandler, type Response } from 'express';
import type pg from 'pg';
import { uuidFromName } from '../shared/ids';
import { HttpProblem } from '../shared/problem';
import { type ResumeFileScanner, ScannerUnavailable } from './resume-scanner';

/**
 * A resume file's bytes: operational state beside the read models (DESIGN.md), not the event log,
 * which keeps only what the file is (ResumeSubmitted's `resumeFile`). One file per submission,
 * deleted with the person's other data when they ask to be removed (removals.ts). ADR 0070.
 */
export const resumeFileMigrations: readonly Migration[] = [
  {
    id: '047-resume-files',
    sql: `create table resume_files (
      id uuid primary key,
      submission_id uuid not null unique,
      name text not null,
      media_type text not null,
      size_bytes int not null,
      sha256 text not null,
      bytes bytea not null,
      created_at timestamptz not null default now()
    )`,
  },
];

/** A file that passed every check, ready to keep. */
export type AcceptedResumeFile = { info: ResumeFileInfo; bytes: Buffer };

/** The form's fields and a file of 5 MB in base64, with room to spare for the fields. */
const SUBMISSION_BODY_LIMIT = RESUME_FILE_MAX_BASE64 + 256 * 1024;

const refused = (status: number, message: string) =>
  new HttpProblem(status, ResumeFileMessages.uploadRefused, message, { resumeFile: message });

/**
 * The resume form's JSON parser: a larger limit than other routes' (the file travels in the body),
 * and a body past it is the file's fault, said on `resumeFile` like the schema's own size check.
 */
export function resumeSubmissionBody(): RequestHandler {
  const parse = express.json({ limit: SUBMISSION_BODY_LIMIT, strict: true });
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      const tooLarge = (error as { type?: unknown } | undefined)?.type === 'entity.too.large';
      next(tooLarge ? refused(413, ResumeFileMessages.tooLarge) : error);
    });
}

/** The file's id follows from its submission's, so a retried submission keeps the same file. */
export const resumeFileIdOf = (submissionId: string) => uuidFromName(`resume-file:${submissionId}`);

/**
 * The upload's bytes, if they are a PDF or a DOCX (by their content) and the scanner passes them:
 * 400 for another type, 422 when the scanner found something, 503 when it could not say. Nothing is
 * stored by this.
 */
export async function acceptResumeFile(
  upload: ResumeFileUpload,
  scanner: ResumeFileScanner,
  submissionId: string,
): Promise<AcceptedResumeFile> {
  const bytes = Buffer.from(upload.content, 'base64');
  const kind = resumeFileKindOf(bytes);
  if (kind === null) throw refused(400, ResumeFileMessages.wrongType);
  let verdict: Awaited<ReturnType<ResumeFileScanner['scan']>>;
  try {
    verdict = await scanner.scan(bytes);
  } catch (error) {
    if (error instanceof ScannerUnavailable) throw refused(503, ResumeFileMessages.scannerUnavailable);
    throw error;
  }
  if (!verdict.clean) throw refused(422, ResumeFileMessages.rejectedByScanner);
  return {
    bytes,
    info: {
      id: resumeFileIdOf(submissionId),
      name: upload.name,
      size: bytes.length,
      type: RESUME_FILE_KINDS[kind].mediaType,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    },
  };
}

/** Keeps the bytes before the event that names them is appended; a retry finds them already there. */
export async function storeResumeFile(
  pool: pg.Pool,
  submissionId: string,
  { info, bytes }: AcceptedResumeFile,
): Promise<void> {
  await pool.query(
    `insert into resume_files (id, submission_id, name, media_type, size_bytes, sha256, bytes)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing`,
    [info.id, submissionId, info.name, info.type, info.size, info.sha256, bytes],
  );
}

/**
 * Deletes the files of these submissions (a removal erasing them, or a submission that failed).
 * Other subjects' ids (a directory record's NPI) hold no file: compared as text, they match nothing.
 */
export async function deleteResumeFiles(pool: pg.Pool, submissionIds: readonly string[]): Promise<void> {
  await pool.query('delete from resume_files where submission_id::text = any($1::text[])', [submissionIds]);
}

type StoredFile = { name: string; media_type: string; sha256: string; bytes: Buffer };

/** Sends a submission's file as a download, or 404 when it has none (or it was erased). */
export async function sendResumeFile(pool: pg.Pool, submissionId: string, res: Response): Promise<void> {
  const { rows } = await pool.query<StoredFile>(
    'select name, media_type, sha256, bytes from resume_files where submission_id = $1',
    [submissionId],
  );
  const file = rows[0];
  if (!file) throw new HttpProblem(404, 'Resume file not found', 'This submission has no resume file.');
  res
    .set({
      'Content-Type': file.media_type,
      'Content-Disposition': attachment(file.name),
      ETag: `"${file.sha256}"`,
      'X-Content-Type-Options': 'nosniff',
      // Opened rather than saved, the file still runs nothing of ours.
      'Content-Security-Policy': "sandbox; default-src 'none'",
    })
    .send(file.bytes);
}

/**
 * `attachment` with the submitter's file name: an ASCII fallback (quotes, backslashes and anything
 * outside printable ASCII replaced) and the exact name in RFC 5987's `filename*`.
 */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

import { z } from 'zod';
import {
  base64ByteLength,
  RESUME_FILE_MAX_BASE64,
  ResumeFileLimits,
  ResumeFileMessages,
} from '../domain/resume-files';

/** Control characters have no place in a file name (it ends up in a Content-Disposition header). */
const CONTROL_CHARACTERS = /\p{Cc}/u;

/**
 * The resume file, in the JSON of the form: its name and its bytes in base64. Whether the bytes are a
 * PDF or a DOCX is the API's check (resumeFileKindOf); here, that they are base64, not empty and at
 * most 5 MB, each said on `resumeFile` itself, where the page shows it.
 */
export const ResumeFileUpload = z
  .strictObject({
    name: z
      .string({ error: ResumeFileMessages.nameInvalid })
      .trim()
      .min(1, ResumeFileMessages.nameInvalid)
      .max(ResumeFileLimits.nameMax, ResumeFileMessages.nameInvalid)
      .refine((name) => !CONTROL_CHARACTERS.test(name), ResumeFileMessages.nameInvalid),
    content: z.string({ error: ResumeFileMessages.wrongType }),
  })
  .superRefine(({ content }, ctx) => {
    // The length first: an oversized text is refused without reading it.
    const size =
      content.length > RESUME_FILE_MAX_BASE64 ? Number.POSITIVE_INFINITY : base64ByteLength(content);
    const message =
      size === null
        ? ResumeFileMessages.wrongType
        : size === 0
          ? ResumeFileMessages.empty
          : size > ResumeFileLimits.maxBytes
            ? ResumeFileMessages.tooLarge
            : null;
    if (message) ctx.addIssue({ code: 'custom', message });
  });
export type ResumeFileUpload = z.infer<typeof ResumeFileUpload>;

/** What a submission keeps of its file (the bytes are in the API's resume_files table). */
export const ResumeFileInfo = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int().min(1),
  /** Its media type, as its bytes say: application/pdf or the DOCX type. */
  type: z.string(),
  /** SHA-256 of the bytes, hex. */
  sha256: z.string(),
});
export type ResumeFileInfo = z.infer<typeof ResumeFileInfo>;

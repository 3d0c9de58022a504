import { z } from 'zod';
import { ResumeFileInfo } from '../api/resume-files';
import { ContactMessageId, RemovalRequestId, ResumeSubmissionId } from '../domain/ids';
import { event } from './envelope';

/** Someone sent the public contact form. The sender is not a user: no account is involved. */
export const ContactMessageReceived = event(
  'ContactMessageReceived',
  z.object({
    messageId: ContactMessageId,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    subject: z.string(),
    message: z.string(),
  }),
);
export type ContactMessageReceived = z.infer<typeof ContactMessageReceived>;

/**
 * A healthcare professional submitted their resume (public form). The data is the form as parsed:
 * "Other" already replaced by the free-text specialty, the LinkedIn URL with its scheme, skills
 * de-duplicated. All of it is the person's (encrypted, subject: the submission id, which is also
 * the id of the candidate an approval creates) but the keyed hashes, which let the suppression list
 * and removal requests find them without the values.
 */
export const ResumeSubmitted = event(
  'ResumeSubmitted',
  z.object({
    submissionId: ResumeSubmissionId,
    firstName: z.string(),
    middleName: z.string().nullable(),
    lastName: z.string(),
    title: z.string(),
    companyName: z.string(),
    specialty: z.string(),
    email: z.string(),
    phone: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
    linkedinUrl: z.string().nullable(),
    education: z.array(z.object({ school: z.string(), degree: z.string() })),
    skills: z.array(z.string()),
    emailHash: z.string().nullable(),
    phoneHash: z.string().nullable(),
    /**
     * The attached resume file (ADR 0070): what it is, not its bytes, which the API keeps in its
     * resume_files table and deletes with the person. Absent before files could be attached, and on
     * submissions without one.
     */
    resumeFile: ResumeFileInfo.nullable().optional(),
  }),
);
export type ResumeSubmitted = z.infer<typeof ResumeSubmitted>;
/**
 * Append only, as CANDIDATE_PERSONAL_FIELDS (title to skills were appended by ADR 0044, resumeFile by
 * ADR 0070: a file's name is often the person's).
 */
export const RESUME_PERSONAL_FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'email',
  'phone',
  'linkedinUrl',
  'title',
  'companyName',
  'specialty',
  'city',
  'state',
  'country',
  'education',
  'skills',
  'resumeFile',
] as const;

/**
 * An admin approved a submission. The same append carries the `CandidateImported` that puts the
 * person in the directory, with `candidateId` equal to the submission id: one personal-data key.
 */
export const ResumeApproved = event(
  'ResumeApproved',
  z.object({ submissionId: ResumeSubmissionId, candidateId: z.uuid(), approvedBy: z.string() }),
);
export type ResumeApproved = z.infer<typeof ResumeApproved>;

/** An admin rejected a submission, with their reason when they gave one. Final, like an approval. */
export const ResumeRejected = event(
  'ResumeRejected',
  z.object({ submissionId: ResumeSubmissionId, rejectedBy: z.string(), reason: z.string().optional() }),
);
export type ResumeRejected = z.infer<typeof ResumeRejected>;

/** A keyed hash (see suppression.ts) of an email address or a phone number. */
export const ContactHashData = z.object({ kind: z.enum(['email', 'phone']), hash: z.string() });

/**
 * Someone asked for their data to be removed and was mailed a confirmation link. The address is
 * theirs (encrypted, subject: the removal id; null once the removal is done); the token is kept
 * only as a hash, so the log cannot confirm anything.
 */
export const RemovalRequested = event(
  'RemovalRequested',
  z.object({
    removalId: RemovalRequestId,
    email: z.string().nullable(),
    emailHash: z.string(),
    tokenHash: z.string(),
    expiresAt: z.iso.datetime(),
  }),
);
export type RemovalRequested = z.infer<typeof RemovalRequested>;

/**
 * The owner of the address confirmed with the mailed token. `erased` are the directory records and
 * resume submissions whose personal data goes (each subject gets a `PersonalDataErased` on its
 * stream); `suppressed` the hashes put on the suppression list so that no import or resume brings
 * them back.
 */
export const RemovalConfirmed = event(
  'RemovalConfirmed',
  z.object({
    removalId: RemovalRequestId,
    erased: z.array(z.object({ subjectId: z.string(), streamId: z.string() })),
    suppressed: z.array(ContactHashData),
  }),
);
export type RemovalConfirmed = z.infer<typeof RemovalConfirmed>;

export const IntakeEvent = z.discriminatedUnion('type', [
  ContactMessageReceived,
  ResumeSubmitted,
  ResumeApproved,
  ResumeRejected,
  RemovalRequested,
  RemovalConfirmed,
]);
export type IntakeEvent = z.infer<typeof IntakeEvent>;

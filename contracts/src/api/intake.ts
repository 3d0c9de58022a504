import { z } from 'zod';
import { COUNTRY } from '../domain/directory';
import { ContactLimits, RemovalLimits, ResumeLimits } from '../domain/limits';
import { isLinkedinProfileUrl } from '../domain/linkedin';
import { ContactMessages, RemovalMessages, ResumeMessages } from '../domain/messages';
import { isPhoneNumber, normalisePhone } from '../domain/phone';
import { AdminIdFilter } from './admin';
import { ResumeFileInfo, ResumeFileUpload } from './resume-files';

const atMost = (field: string, max: number) => `${field} must be at most ${max} characters.`;

/** The public contact form (spec: admin-intake-outreach, "Contact form" validation). */
export const ContactMessageRequest = z.strictObject({
  name: z
    .string()
    .trim()
    .min(2, ContactMessages.nameTooShort)
    .max(ContactLimits.nameMax, atMost('Name', ContactLimits.nameMax)),
  email: z
    .string()
    .trim()
    .max(ContactLimits.emailMax, ContactMessages.invalidEmail)
    .pipe(z.email(ContactMessages.invalidEmail)),
  phone: z
    .string()
    .trim()
    .min(10, ContactMessages.phoneTooShort)
    .max(ContactLimits.phoneMax, atMost('Phone number', ContactLimits.phoneMax)),
  subject: z
    .string()
    .trim()
    .min(5, ContactMessages.subjectTooShort)
    .max(ContactLimits.subjectMax, atMost('Subject', ContactLimits.subjectMax)),
  message: z
    .string()
    .trim()
    .min(10, ContactMessages.messageTooShort)
    .max(ContactLimits.messageMax, atMost('Message', ContactLimits.messageMax)),
});
export type ContactMessageRequest = z.infer<typeof ContactMessageRequest>;

export const ContactMessageAccepted = z.object({ id: z.uuid() });
export type ContactMessageAccepted = z.infer<typeof ContactMessageAccepted>;

/** A row of the admin console's contact messages list. */
export const ContactMessageRow = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  receivedAt: z.iso.datetime(),
});
export type ContactMessageRow = z.infer<typeof ContactMessageRow>;

/** The contact messages list's `filter`: the search box (`q`), and react-admin's getMany (`id`). */
export const ContactMessageFilter = z.object({
  q: z.string().max(320).optional(),
  id: AdminIdFilter(z.uuid()).optional(),
});
export type ContactMessageFilter = z.infer<typeof ContactMessageFilter>;

/** Control characters have no place in a form and would blow up in the JSON of the directory record. */
const CONTROL_CHARACTERS = /\p{Cc}/u;
const withoutControlCharacters = (label: string) =>
  [
    (text: string) => !CONTROL_CHARACTERS.test(text),
    `${label} contains characters that are not allowed.`,
  ] as const;

/** A required text: missing, null or blank all say "X is required"; too long names its limit. */
const required = (label: string, message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, atMost(label, max))
    .refine(...withoutControlCharacters(label));
/** An optional text: missing, null and blank all become null. */
const optionalText = (label: string, max: number, tooLong = atMost(label, max)) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .refine(...withoutControlCharacters(label))
    .nullish()
    .transform((text) => (text ? text : null));

/** At least ten digits, nothing a phone number would not hold, and a number: kept as E.164. */
const ResumePhone = z
  .string({ error: ResumeMessages.invalidPhone })
  .trim()
  .max(ResumeLimits.phoneMax, ResumeMessages.invalidPhone)
  .refine(
    (phone) =>
      /^[0-9+().\-\s]+$/.test(phone) &&
      phone.replace(/\D/g, '').length >= ResumeLimits.phoneDigitsMin &&
      isPhoneNumber(phone),
    ResumeMessages.invalidPhone,
  )
  .transform((phone) => normalisePhone(phone)!);

/**
 * Adds https:// when there is no scheme (spec), then insists on a LinkedIn profile: https, host
 * linkedin.com or a subdomain of it, path /in/… or /pub/…, no credentials or port. The "LinkedIn"
 * button opens this address, so anything else would let a submission send recruiters anywhere.
 */
export function normalizeLinkedinUrl(text: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  // A plain-http profile link is the same profile: kept, upgraded to https.
  const https = withScheme.replace(/^http:\/\//i, 'https://');
  return isLinkedinProfileUrl(https) ? https : null;
}

const ResumeLinkedinUrl = optionalText(
  'LinkedIn URL',
  ResumeLimits.linkedinMax,
  ResumeMessages.invalidLinkedin,
).transform((text, ctx) => {
  if (text === null) return null;
  const url = normalizeLinkedinUrl(text);
  if (url === null) ctx.addIssue({ code: 'custom', message: ResumeMessages.invalidLinkedin });
  return url ?? z.NEVER;
});

const EducationEntry = z.strictObject({
  school: required('School', ResumeMessages.schoolRequired, ResumeLimits.schoolMax),
  degree: required('Degree', ResumeMessages.degreeRequired, ResumeLimits.degreeMax),
});

const atMostItems = (what: string, max: number) => `At most ${max} ${what}.`;

/** Trimmed, blanks dropped, each skill once (case-insensitively, the first spelling kept). */
const ResumeSkills = z
  .array(
    z
      .string()
      .trim()
      .max(ResumeLimits.skillMax, atMost('A skill', ResumeLimits.skillMax))
      .refine((skill) => !skill.includes('"'), ResumeMessages.skillHasQuotes)
      .refine(...withoutControlCharacters('A skill')),
  )
  .max(ResumeLimits.skillsMax, atMostItems('skills', ResumeLimits.skillsMax))
  .default([])
  .transform((skills) => {
    const seen = new Set<string>();
    return skills.filter((skill) => {
      const key = skill.toLowerCase();
      if (skill === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

export const OTHER_SPECIALTY = 'Other';
const isOther = (specialty: string) => specialty.toLowerCase() === OTHER_SPECIALTY.toLowerCase();

/**
 * The public resume form (spec: admin-intake-outreach, "Resume form" validation). A specialty of
 * "Other" is replaced by `otherSpecialty`, which it then requires.
 */
export const ResumeSubmissionRequest = z
  .strictObject({
    firstName: required('First name', ResumeMessages.firstNameRequired, ResumeLimits.textMax),
    middleName: optionalText('Middle name', ResumeLimits.textMax),
    lastName: required('Last name', ResumeMessages.lastNameRequired, ResumeLimits.textMax),
    title: required('Physician title', ResumeMessages.titleRequired, ResumeLimits.textMax),
    companyName: required('Company name', ResumeMessages.companyRequired, ResumeLimits.textMax),
    specialty: required('Specialty', ResumeMessages.specialtyRequired, ResumeLimits.textMax),
    otherSpecialty: optionalText('Other specialty', ResumeLimits.textMax),
    email: z
      .string({ error: ResumeMessages.invalidEmail })
      .trim()
      .max(ResumeLimits.emailMax, ResumeMessages.invalidEmail)
      .pipe(z.email(ResumeMessages.invalidEmail)),
    phone: ResumePhone,
    city: required('City', ResumeMessages.cityRequired, ResumeLimits.placeMax),
    state: required('State', ResumeMessages.stateRequired, ResumeLimits.placeMax),
    country: required('Country', ResumeMessages.countryRequired, ResumeLimits.placeMax).default(COUNTRY),
    linkedinUrl: ResumeLinkedinUrl,
    education: z
      .array(EducationEntry)
      .max(ResumeLimits.educationMax, atMostItems('education entries', ResumeLimits.educationMax))
      .default([]),
    skills: ResumeSkills,
    /** Optional: the resume itself, a PDF or DOCX of at most 5 MB (ADR 0070). */
    resumeFile: ResumeFileUpload.nullish().transform((file) => file ?? null),
  })
  .superRefine((form, ctx) => {
    if (isOther(form.specialty) && form.otherSpecialty === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['otherSpecialty'],
        message: ResumeMessages.otherSpecialtyRequired,
      });
    }
  })
  .transform(({ otherSpecialty, ...form }) => ({
    ...form,
    specialty: isOther(form.specialty) && otherSpecialty ? otherSpecialty : form.specialty,
  }));
export type ResumeSubmissionRequest = z.input<typeof ResumeSubmissionRequest>;
export type ResumeSubmissionForm = z.output<typeof ResumeSubmissionRequest>;

/** City, state and country joined: a submission's location (spec, candidate submission). */
export const resumeLocation = (place: { city: string; state: string; country: string }) =>
  [place.city, place.state, place.country].join(', ');

export const ResumeSubmissionAccepted = z.object({ id: z.uuid() });
export type ResumeSubmissionAccepted = z.infer<typeof ResumeSubmissionAccepted>;

export const RESUME_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ResumeStatus = z.enum(RESUME_STATUSES);
export type ResumeStatus = z.infer<typeof ResumeStatus>;

/** A row of the console's Resume Submissions tabs (and its show page). */
export const ResumeSubmissionRow = z.object({
  id: z.uuid(),
  status: ResumeStatus,
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
  /** City, state and country joined (spec). */
  location: z.string(),
  linkedinUrl: z.string().nullable(),
  education: z.array(z.object({ school: z.string(), degree: z.string() })),
  skills: z.array(z.string()),
  /** The attached resume file, downloadable from `/:id/file`; null when none was attached. */
  resumeFile: ResumeFileInfo.nullable(),
  submittedAt: z.iso.datetime(),
  approvedAt: z.iso.datetime().nullable(),
  /** When it was approved or rejected: the Rejected tab's Processed At. */
  processedAt: z.iso.datetime().nullable(),
});
export type ResumeSubmissionRow = z.infer<typeof ResumeSubmissionRow>;

/** The resume list's `filter`: the console's tabs (`status`), its search box (`q`), react-admin's getMany (`id`). */
export const ResumeSubmissionFilter = z.object({
  status: ResumeStatus.optional(),
  q: z.string().max(200).optional(),
  id: AdminIdFilter(z.uuid()).optional(),
});
export type ResumeSubmissionFilter = z.infer<typeof ResumeSubmissionFilter>;

/** How many submissions each tab holds. */
export const ResumeSubmissionCounts = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});
export type ResumeSubmissionCounts = z.infer<typeof ResumeSubmissionCounts>;

/** Reject Selected / Approve Selected. */
export const ResumeBulkRequest = z.strictObject({
  ids: z
    .array(z.uuid(), { error: ResumeMessages.noneSelected })
    .min(1, ResumeMessages.noneSelected)
    .max(ResumeLimits.bulkMax, `At most ${ResumeLimits.bulkMax} submissions at once.`),
});
export type ResumeBulkRequest = z.infer<typeof ResumeBulkRequest>;

/** An admin's reason for a rejection: optional, trimmed, and kept on the ResumeRejected event. */
export const ResumeRejectionReason = z
  .string()
  .trim()
  .min(1, 'The reason cannot be empty.')
  .max(ResumeLimits.rejectionReasonMax, `At most ${ResumeLimits.rejectionReasonMax} characters.`);

/** Reject Selected: the ids, and the reason the console asks for before rejecting. */
export const ResumeBulkRejectRequest = ResumeBulkRequest.extend({ reason: ResumeRejectionReason.optional() });
export type ResumeBulkRejectRequest = z.infer<typeof ResumeBulkRejectRequest>;

export const ResumeDecisionFailure = z.object({ id: z.uuid(), reason: z.string() });

/** What one approval or rejection did. */
export const ResumeDecisionResult = z.object({ id: z.uuid(), status: ResumeStatus, message: z.string() });
export type ResumeDecisionResult = z.infer<typeof ResumeDecisionResult>;

/** A bulk action's outcome: how many went through, and each one that did not, with why. */
export const ResumeBulkApproveResult = z.object({
  approved: z.number().int(),
  failed: z.array(ResumeDecisionFailure),
  message: z.string(),
});
export type ResumeBulkApproveResult = z.infer<typeof ResumeBulkApproveResult>;
export const ResumeBulkRejectResult = z.object({
  rejected: z.number().int(),
  failed: z.array(ResumeDecisionFailure),
  message: z.string(),
});
export type ResumeBulkRejectResult = z.infer<typeof ResumeBulkRejectResult>;

/** Remove My Information: the address to remove (spec: "Removal request: valid email"). */
export const RemovalRequestForm = z.strictObject({
  email: z
    .string(RemovalMessages.invalidEmail)
    .trim()
    .max(RemovalLimits.emailMax, RemovalMessages.invalidEmail)
    .pipe(z.email(RemovalMessages.invalidEmail)),
});
export type RemovalRequestForm = z.infer<typeof RemovalRequestForm>;

/** The same answer whether or not the address is known: the form must not tell who is listed. */
export const RemovalRequestAccepted = z.object({ message: z.string() });
export type RemovalRequestAccepted = z.infer<typeof RemovalRequestAccepted>;

/** The confirmation page posts the token from its link. */
export const RemovalConfirmationRequest = z.strictObject({
  token: z
    .string(RemovalMessages.noToken)
    .trim()
    .min(1, RemovalMessages.noToken)
    .max(RemovalLimits.tokenMax, RemovalMessages.failed),
});
export type RemovalConfirmationRequest = z.infer<typeof RemovalConfirmationRequest>;

export const RemovalConfirmationResult = z.object({ removed: z.literal(true), message: z.string() });
export type RemovalConfirmationResult = z.infer<typeof RemovalConfirmationResult>;

/** The removal link's other choice: stop recruiting email from every customer, erase nothing. */
export const RemovalOptOutResult = z.object({ optedOut: z.literal(true), message: z.string() });
export type RemovalOptOutResult = z.infer<typeof RemovalOptOutResult>;

/** `expired`: never confirmed, and its link no longer works. */
export const RemovalRequestStatus = z.enum(['open', 'confirmed', 'expired']);
export type RemovalRequestStatus = z.infer<typeof RemovalRequestStatus>;

/**
 * A row of the admin console's removal requests: what answering it within 30 days needs, and not
 * the requester's address (theirs too, and erased with them). `confirmed`: their removal is done,
 * by this request's link or another one's for any of their addresses. `overdue`: not confirmed and
 * older than the 30 days requests are answered in.
 */
export const RemovalRequestRow = z.object({
  id: z.uuid(),
  status: RemovalRequestStatus,
  requestedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime().nullable(),
  /** Directory records erased by the confirmation. */
  erasedCount: z.number().int().min(0),
  ageDays: z.number().int().min(0),
  overdue: z.boolean(),
});
export type RemovalRequestRow = z.infer<typeof RemovalRequestRow>;

/** The console's filters: by status, or only the overdue ones. */
export const RemovalRequestFilter = z.object({
  status: RemovalRequestStatus.optional(),
  overdue: z.boolean().optional(),
  /** react-admin's getMany asks for rows by id. */
  id: AdminIdFilter(z.uuid()).optional(),
});
export type RemovalRequestFilter = z.infer<typeof RemovalRequestFilter>;

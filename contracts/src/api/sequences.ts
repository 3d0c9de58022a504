import { z } from 'zod';
import { OutreachLimits } from '../domain/outreach';
import { SequenceLimits, SequenceMessages } from '../domain/sequences';

const text = (field: string, max: number) =>
  z
    .string(`${field} is required.`)
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} must be at most ${max} characters.`);

/** One email of a sequence: subject and body with the per-recipient placeholders, and its wait. */
export const SequenceStepInput = z.strictObject({
  subject: text('Subject', OutreachLimits.subjectMax),
  body: text('Body', OutreachLimits.bodyMax),
  waitBusinessDays: z
    .number('Wait must be a whole number of business days.')
    .int('Wait must be a whole number of business days.')
    .min(0, 'Wait cannot be negative.')
    .max(SequenceLimits.waitMax, `Wait is at most ${SequenceLimits.waitMax} business days.`),
});
export type SequenceStepInput = z.infer<typeof SequenceStepInput>;

const Steps = z
  .array(SequenceStepInput, SequenceMessages.stepsRequired)
  .min(SequenceLimits.stepsMin, SequenceMessages.stepsRequired)
  .max(SequenceLimits.stepsMax, SequenceMessages.stepsRequired)
  .refine((steps) => steps[0]?.waitBusinessDays === 0, { message: SequenceMessages.firstStepWaits });

/** Create a sequence, or replace its name and steps (PUT). */
export const SequenceRequest = z.strictObject({
  name: text('Name', SequenceLimits.nameMax),
  steps: Steps,
});
export type SequenceRequest = z.infer<typeof SequenceRequest>;

/** Enrol a list's members or a selection of candidates; exactly one of the two. */
export const EnrolRequest = z
  .strictObject({
    listId: z.uuid('listId must be a list id.').optional(),
    candidateIds: z
      .array(z.uuid('Each candidate id must be a UUID.'))
      .min(1, 'Select at least one candidate.')
      .max(SequenceLimits.recipientsMax, `At most ${SequenceLimits.recipientsMax} candidates at once.`)
      .optional(),
  })
  .refine((body) => (body.listId === undefined) !== (body.candidateIds === undefined), {
    message: SequenceMessages.enrolTarget,
    path: ['listId'],
  });
export type EnrolRequest = z.infer<typeof EnrolRequest>;

/**
 * What an enrolment did: recipients are the candidates whose email the recruiter revealed (as Send
 * Email uses); the others are counted by why they were left out.
 */
export const EnrolResult = z.object({
  sequenceId: z.uuid(),
  enrolled: z.number().int(),
  alreadyEnrolled: z.number().int(),
  notRevealed: z.number().int(),
  noEmail: z.number().int(),
  optedOut: z.number().int(),
});
export type EnrolResult = z.infer<typeof EnrolResult>;

export const SequenceStatus = z.enum(['active', 'paused']);
export const EnrolmentStatus = z.enum([
  'active',
  'completed',
  'removed',
  'opted-out',
  'stopped',
  'replied',
  'bounced',
]);
export type EnrolmentStatus = z.infer<typeof EnrolmentStatus>;

/** A sequence's progress: how many recipients are where. */
export const SequenceProgress = z.object({
  enrolled: z.number().int(),
  sent: z.number().int(),
  completed: z.number().int(),
  waitingOnCap: z.number().int(),
  /** When the first of those waiting on the contact cap may go; null when none waits. */
  waitingOnCapUntil: z.iso.datetime().nullable(),
  unsubscribed: z.number().int(),
  removed: z.number().int(),
  /** Recipients who answered (the sequence stopped for them). */
  replied: z.number().int(),
  /** Recipients whose email bounced for good. */
  bounced: z.number().int(),
});
export type SequenceProgress = z.infer<typeof SequenceProgress>;

export const SequenceView = z.object({
  id: z.uuid(),
  name: z.string(),
  status: SequenceStatus,
  steps: z.array(z.object({ subject: z.string(), body: z.string(), waitBusinessDays: z.number().int() })),
  createdAt: z.iso.datetime(),
  progress: SequenceProgress,
});
export type SequenceView = z.infer<typeof SequenceView>;
export const SequenceList = z.array(SequenceView);
export type SequenceList = z.infer<typeof SequenceList>;

/** One recipient of a sequence, with what happened to them so far. */
export const EnrolmentView = z.object({
  enrolmentId: z.uuid(),
  sequenceId: z.uuid(),
  candidateId: z.uuid(),
  status: EnrolmentStatus,
  stepsSent: z.number().int(),
  nextStep: z.number().int().nullable(),
  nextDueAt: z.iso.datetime().nullable(),
  /** Why the next step waits past its time, in words ("waiting on the contact cap until …"). */
  waiting: z.string().nullable(),
  /** Set when the clinician opted out of recruiting email from everyone. */
  optOut: z.string().nullable(),
  history: z.array(z.object({ step: z.number().int(), sentAt: z.iso.datetime(), messageId: z.string() })),
});
export type EnrolmentView = z.infer<typeof EnrolmentView>;
export const EnrolmentList = z.array(EnrolmentView);
export type EnrolmentList = z.infer<typeof EnrolmentList>;

/** Take recipients out of a sequence (as list members are removed: the ids in the body). */
export const RemoveRecipientsRequest = z.strictObject({
  candidateIds: z
    .array(z.uuid('Each candidate id must be a UUID.'))
    .min(1, 'Select at least one candidate.')
    .max(SequenceLimits.recipientsMax, `At most ${SequenceLimits.recipientsMax} candidates at once.`),
});
export type RemoveRecipientsRequest = z.infer<typeof RemoveRecipientsRequest>;
export const RemoveRecipientsResult = z.object({ removed: z.number().int(), notEnrolled: z.number().int() });
export type RemoveRecipientsResult = z.infer<typeof RemoveRecipientsResult>;

/** The one-click unsubscribe link's token (RFC 8058): signed, no login. */
export const UnsubscribeQuery = z.object({ token: z.string().min(1).max(400) });
export const UnsubscribeResult = z.object({ message: z.string() });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;

/** The reply inbox: the caller's replies, newest first, paged as the activity history is. */
export const RepliesQuery = z.strictObject({
  page: z.coerce.number().int().min(1, 'Pages start at 1.').max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'At least 1 row per page.')
    .max(100, 'At most 100 rows per page.')
    .default(25),
});
export type RepliesQuery = z.infer<typeof RepliesQuery>;

/** One reply to one of the caller's sequences. */
export const ReplyView = z.object({
  id: z.uuid(),
  enrolmentId: z.uuid(),
  sequenceId: z.uuid(),
  sequenceName: z.string(),
  candidateId: z.uuid(),
  /** Null once the candidate has left the directory. */
  candidateName: z.string().nullable(),
  /** The step it answers (from 0). */
  step: z.number().int(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  snippet: z.string().nullable(),
  receivedAt: z.iso.datetime(),
});
export type ReplyView = z.infer<typeof ReplyView>;

export const RepliesPage = z.object({
  data: z.array(ReplyView),
  count: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
export type RepliesPage = z.infer<typeof RepliesPage>;

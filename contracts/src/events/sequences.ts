import { z } from 'zod';
import { event } from './envelope';

/** One email of a sequence as stored: its templates and the business days it waits after the one before. */
export const StoredSequenceStep = z.object({
  subject: z.string(),
  body: z.string(),
  waitBusinessDays: z.number().int().min(0),
});
export type StoredSequenceStep = z.infer<typeof StoredSequenceStep>;

// The templates carry the recruiter's signature: `steps` is the owner's personal data, encrypted
// under the owner (sequencePersonalData) and read back as null once the owner is erased.

/** A recruiter made a sequence. Stream `sequence-<sequenceId>`. */
export const SequenceCreated = event(
  'SequenceCreated',
  z.object({
    sequenceId: z.uuid(),
    ownerId: z.string(),
    name: z.string(),
    steps: z.array(StoredSequenceStep),
  }),
);

/** The owner changed the name or steps; steps already sent stay sent, the next ones use the new text. */
export const SequenceEdited = event(
  'SequenceEdited',
  z.object({
    sequenceId: z.uuid(),
    ownerId: z.string(),
    name: z.string(),
    steps: z.array(StoredSequenceStep),
  }),
);

/** Nothing of this sequence is sent until it is resumed. */
export const SequencePaused = event(
  'SequencePaused',
  z.object({ sequenceId: z.uuid(), ownerId: z.string() }),
);
export const SequenceResumed = event(
  'SequenceResumed',
  z.object({ sequenceId: z.uuid(), ownerId: z.string() }),
);

/**
 * A candidate joined a sequence. Stream `enrolment-<enrolmentId>`, one per (sequence, candidate).
 * `timeZone` is the recipient's (from the practice state); `firstDueAt` when step 1 may go out.
 */
export const RecipientEnrolled = event(
  'RecipientEnrolled',
  z.object({
    enrolmentId: z.uuid(),
    sequenceId: z.uuid(),
    ownerId: z.string(),
    candidateId: z.uuid(),
    timeZone: z.string(),
    firstDueAt: z.iso.datetime(),
  }),
);

/**
 * A step was handed to the mail server (`step` from 0). `nextDueAt` is when the next step may go out,
 * null after the last step.
 */
export const SequenceStepSent = event(
  'SequenceStepSent',
  z.object({
    enrolmentId: z.uuid(),
    sequenceId: z.uuid(),
    candidateId: z.uuid(),
    step: z.number().int().min(0),
    messageId: z.string(),
    nextDueAt: z.iso.datetime().nullable(),
  }),
);

/**
 * A due step waits: the clinician's weekly cap is reached, the recruiter's daily limit is, or it came
 * due outside the recipient's send window.
 */
export const SequenceStepDeferred = event(
  'SequenceStepDeferred',
  z.object({
    enrolmentId: z.uuid(),
    step: z.number().int().min(0),
    reason: z.enum(['contact-cap', 'daily-limit', 'send-window']),
    until: z.iso.datetime(),
  }),
);

/** The owner took a recipient out of a sequence: nothing more is sent to them from it. */
export const RecipientRemoved = event(
  'RecipientRemoved',
  z.object({ enrolmentId: z.uuid(), sequenceId: z.uuid(), candidateId: z.uuid() }),
);

/**
 * Nothing more is sent to this recipient: they opted out of recruiting email (whoever's enrolment it
 * is), or the directory no longer has an address for them.
 */
export const EnrolmentStopped = event(
  'EnrolmentStopped',
  z.object({ enrolmentId: z.uuid(), reason: z.enum(['opted-out', 'no-address']) }),
);

/**
 * One clinician's contact record, across every customer (stream `contact-<candidateId>`): each
 * sequence email counts against the weekly cap, and an opt-out stops them all.
 */
export const ClinicianEmailed = event(
  'ClinicianEmailed',
  z.object({
    candidateId: z.uuid(),
    enrolmentId: z.uuid(),
    step: z.number().int().min(0),
    senderId: z.string(),
    /** When the slot was taken: the cap counts the 7 days before each new one. */
    at: z.iso.datetime(),
  }),
);

/** The clinician asked, through an unsubscribe link, for no more recruiting email from anyone. */
export const ClinicianOptedOut = event(
  'ClinicianOptedOut',
  z.object({ candidateId: z.uuid(), via: z.enum(['one-click', 'unsubscribe-page']) }),
);

export const SequenceEvent = z.discriminatedUnion('type', [
  SequenceCreated,
  SequenceEdited,
  SequencePaused,
  SequenceResumed,
  RecipientEnrolled,
  SequenceStepSent,
  SequenceStepDeferred,
  RecipientRemoved,
  EnrolmentStopped,
  ClinicianEmailed,
  ClinicianOptedOut,
]);
export type SequenceEvent = z.infer<typeof SequenceEvent>;
export type SequenceEventOf<T extends SequenceEvent['type']> = Extract<SequenceEvent, { type: T }>;

const ownerOf = (data: { ownerId: string }) => data.ownerId;
export const sequencePersonalData = {
  SequenceCreated: { subject: ownerOf, fields: ['steps'] },
  SequenceEdited: { subject: ownerOf, fields: ['steps'] },
} as const;

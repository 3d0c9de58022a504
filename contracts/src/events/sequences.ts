import { z } from 'zod';
import { OptOutVia } from '../domain/sequences';
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

/**
 * The clinician asked for no more recruiting email from anyone: through an unsubscribe link, or on
 * the removal page (`removal-page`: they proved the address with the removal link, ADR 0068).
 */
export const ClinicianOptedOut = event(
  'ClinicianOptedOut',
  z.object({ candidateId: z.uuid(), via: OptOutVia }),
);

/** How much of a reply's text the log keeps: enough to read in the inbox, not the whole thread. */
export const REPLY_SNIPPET_MAX = 500;

/**
 * The recipient answered (inbound mail matched by its In-Reply-To/References to one of our
 * Message-IDs, or by the tagged reply address, ADR 0068): nothing more of the sequence is sent to
 * them. `messageId` is the reply's own Message-ID (one event per inbound message), `step` the step
 * it answers. From, subject and snippet are the clinician's words: sealed under the candidate.
 */
export const SequenceReplyReceived = event(
  'SequenceReplyReceived',
  z.object({
    enrolmentId: z.uuid(),
    sequenceId: z.uuid(),
    ownerId: z.string(),
    candidateId: z.uuid(),
    step: z.number().int().min(0),
    messageId: z.string().max(998),
    from: z.string().max(998).nullable(),
    subject: z.string().max(998).nullable(),
    snippet: z.string().max(REPLY_SNIPPET_MAX).nullable(),
    receivedAt: z.iso.datetime(),
  }),
);

/**
 * A delivery status notification (RFC 3464) said a step could not be delivered, for good (Action:
 * failed, Status 5.x.x): nothing more is sent to this recipient. `addressInvalid` when the status
 * blames the address (5.1.x but the sender's, 5.2.1): the directory then marks the email invalid for
 * every customer and the reveal is credited back; a policy or content refusal (5.7.x …) does not.
 */
export const SequenceEmailBounced = event(
  'SequenceEmailBounced',
  z.object({
    enrolmentId: z.uuid(),
    sequenceId: z.uuid(),
    ownerId: z.string(),
    candidateId: z.uuid(),
    step: z.number().int().min(0),
    /** The report's own Message-ID: one event per report. */
    messageId: z.string().max(998),
    status: z.string().regex(/^5\.\d{1,3}\.\d{1,3}$/),
    addressInvalid: z.boolean(),
    receivedAt: z.iso.datetime(),
  }),
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
  SequenceReplyReceived,
  SequenceEmailBounced,
]);
export type SequenceEvent = z.infer<typeof SequenceEvent>;
export type SequenceEventOf<T extends SequenceEvent['type']> = Extract<SequenceEvent, { type: T }>;

const ownerOf = (data: { ownerId: string }) => data.ownerId;
export const sequencePersonalData = {
  SequenceCreated: { subject: ownerOf, fields: ['steps'] },
  SequenceEdited: { subject: ownerOf, fields: ['steps'] },
  // The clinician's own words: erased with the clinician.
  SequenceReplyReceived: {
    subject: (data: { candidateId: string }) => data.candidateId,
    fields: ['from', 'subject', 'snippet'],
  },
} as const;

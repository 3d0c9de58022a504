import {
  type CandidateImported,
  type DomainEvent,
  type ResumeApproved,
  type ResumeFileInfo,
  ResumeMessages,
  type ResumeRejected,
  type ResumeSubmissionForm,
  type ResumeSubmissionId,
  type ResumeSubmitted,
} from '@healthtal/contracts';
import type { Decider } from '../shared/command-handler';
import { DomainError } from '../shared/domain-error';
import { candidateFromSubmission } from './resume-candidate';

type Submission = ResumeSubmitted['data'];

export type SubmitResume = {
  type: 'SubmitResume';
  submissionId: ResumeSubmissionId;
  /** The form's fields; its file comes as `resumeFile`, checked and stored by then. */
  form: Omit<ResumeSubmissionForm, 'resumeFile'>;
  /** What the attached file is (its bytes are in resume_files already), or null. */
  resumeFile: ResumeFileInfo | null;
  /** Keyed hashes of the email and phone (suppression list), computed at the edge. */
  emailHash: string | null;
  phoneHash: string | null;
};
export type ApproveResume = {
  type: 'ApproveResume';
  submissionId: ResumeSubmissionId;
  approvedBy: string;
  /** The person's email or phone went on the suppression list after they submitted. */
  contactSuppressed: boolean;
};
export type RejectResume = {
  type: 'RejectResume';
  submissionId: ResumeSubmissionId;
  rejectedBy: string;
  /** The admin's reason, when they gave one (Reject Selected asks for it). */
  reason?: string;
};

export type ResumeSubmissionCommand = SubmitResume | ApproveResume | RejectResume;
type PersonalDataErased = DomainEvent<'PersonalDataErased', { subjectId: string }>;

/** `PersonalDataErased` lands here when a removal request erases a submission that is still pending. */
export type ResumeSubmissionEvent =
  | ResumeSubmitted
  | ResumeApproved
  | ResumeRejected
  | CandidateImported
  | PersonalDataErased;

/** `erased`: the person asked to be removed; their fields now read as null. */
export type ResumeSubmissionState =
  | { status: 'none' }
  | { status: 'pending'; submission: Submission }
  | { status: 'erased' }
  | { status: 'approved' }
  | { status: 'rejected' };

export type ResumeDecision = 'approve' | 'reject';

export class ResumeSubmissionNotFound extends DomainError {
  readonly status = 404;
  readonly title = 'Resume submission not found';
  constructor() {
    super('No resume submission has this id.');
  }
}

/** Approved and rejected submissions are read-only (admin-intake-outreach §4). */
export class ResumeAlreadyDecided extends DomainError {
  readonly status = 409;
  readonly title: string;
  constructor(
    readonly attempted: ResumeDecision,
    readonly decided: 'approved' | 'rejected',
  ) {
    super(`This submission was already ${decided}; approved and rejected submissions are final.`);
    this.title = attempted === 'approve' ? ResumeMessages.approvalFailed : ResumeMessages.rejectionFailed;
  }
}

/** The person asked for their data to be removed: there is nothing left to approve. */
export class ResumeOwnerRemoved extends DomainError {
  readonly status = 409;
  readonly title = ResumeMessages.approvalFailed;
  constructor() {
    super('This person asked for their data to be removed; the submission cannot be approved.');
  }
}

/** The time of the decision comes from the event's metadata; the decider needs only the status. */
function evolve(state: ResumeSubmissionState, event: ResumeSubmissionEvent): ResumeSubmissionState {
  switch (event.type) {
    case 'ResumeSubmitted':
      // An erased person's fields decrypt to null, whatever the schema says about them.
      return (event.data.firstName as string | null) === null
        ? { status: 'erased' }
        : { status: 'pending', submission: event.data };
    case 'ResumeApproved':
      return { status: 'approved' };
    case 'ResumeRejected':
      return { status: 'rejected' };
    case 'PersonalDataErased':
      // A decision already taken stays as it was; a pending submission has nobody left to decide on.
      return state.status === 'pending' ? { status: 'erased' } : state;
    case 'CandidateImported':
      return state;
  }
}

function submit(command: SubmitResume, state: ResumeSubmissionState): ResumeSubmissionEvent[] {
  // A retried request carries the same submission id: it adds nothing.
  if (state.status !== 'none') return [];
  const { submissionId, form, emailHash, phoneHash, resumeFile } = command;
  return [
    {
      type: 'ResumeSubmitted',
      data: { submissionId, ...form, emailHash, phoneHash, ...(resumeFile ? { resumeFile } : {}) },
    },
  ];
}

/** The submission an admin may still decide on; null when its owner's data was erased. */
function undecidedSubmission(state: ResumeSubmissionState, attempted: ResumeDecision): Submission | null {
  switch (state.status) {
    case 'none':
      throw new ResumeSubmissionNotFound();
    case 'approved':
    case 'rejected':
      throw new ResumeAlreadyDecided(attempted, state.status);
    case 'erased':
      return null;
    case 'pending':
      return state.submission;
  }
}

/**
 * Approval appends the candidate with it, in one append: the person is in the directory exactly
 * when the submission reads approved.
 */
function approve(command: ApproveResume, state: ResumeSubmissionState): ResumeSubmissionEvent[] {
  const submission = undecidedSubmission(state, 'approve');
  // Approving would bring back someone who asked to be removed.
  if (submission === null || command.contactSuppressed) throw new ResumeOwnerRemoved();
  return [
    {
      type: 'ResumeApproved',
      data: {
        submissionId: command.submissionId,
        candidateId: submission.submissionId,
        approvedBy: command.approvedBy,
      },
    },
    { type: 'CandidateImported', data: candidateFromSubmission(submission) },
  ];
}

function reject(command: RejectResume, state: ResumeSubmissionState): ResumeSubmissionEvent[] {
  undecidedSubmission(state, 'reject');
  return [
    {
      type: 'ResumeRejected',
      data: {
        submissionId: command.submissionId,
        rejectedBy: command.rejectedBy,
        ...(command.reason ? { reason: command.reason } : {}),
      },
    },
  ];
}

/** A resume submission: pending until an admin approves or rejects it, then final. */
export const resumeSubmissionDecider: Decider<
  ResumeSubmissionCommand,
  ResumeSubmissionState,
  ResumeSubmissionEvent
> = {
  initialState: { status: 'none' },
  evolve,
  decide: (command, state) => {
    switch (command.type) {
      case 'SubmitResume':
        return submit(command, state);
      case 'ApproveResume':
        return approve(command, state);
      case 'RejectResume':
        return reject(command, state);
    }
  },
};

import {
  type CandidateImported,
  type CandidateUpdated,
  DELIVERY_REPORT_SOURCE,
  type EmailStatus,
  streamName,
} from '@healthtal/contracts';
import type { Decider } from '../shared/command-handler';

/** A delivery report blamed the candidate's address: `day` is the report's (the update's source date). */
export type MarkEmailBounced = { type: 'MarkEmailBounced'; candidateId: string; day: string };

type CandidateEvent =
  | { type: 'CandidateImported'; data: CandidateImported['data'] }
  | { type: 'CandidateUpdated'; data: CandidateUpdated['data'] }
  | { type: 'PersonalDataErased'; data: { subjectId: string } };

/** What a candidate stream says of the email: whether the candidate is there, and the status last given. */
export type EmailStatusState = { present: boolean; emailStatus: EmailStatus | null };

export const candidateStream = (candidateId: string) => streamName('candidate', candidateId);

/**
 * The candidate's email status on their own stream, changed the way every later source changes a
 * candidate: a `CandidateUpdated` whose source is a delivery report (ADR 0068), which the directory
 * read model applies like a registry's update, so every customer's card and search then read
 * "Email invalid". Marked once: an address already invalid, or a candidate erased, adds nothing.
 */
export const emailStatusDecider: Decider<MarkEmailBounced, EmailStatusState, CandidateEvent> = {
  initialState: { present: false, emailStatus: null },
  evolve: (state, event) => {
    switch (event.type) {
      case 'CandidateImported':
        return { present: true, emailStatus: event.data.emailStatus };
      case 'CandidateUpdated':
        return event.data.emailStatus ? { ...state, emailStatus: event.data.emailStatus } : state;
      case 'PersonalDataErased':
        return { present: false, emailStatus: null };
      default:
        // Deactivations and the like say nothing of the email.
        return state;
    }
  },
  decide: (command, state) => {
    if (!state.present || state.emailStatus === 'invalid') return [];
    return [
      {
        type: 'CandidateUpdated',
        data: {
          candidateId: command.candidateId,
          source: DELIVERY_REPORT_SOURCE,
          sourceDate: command.day,
          sourceUpdatedOn: null,
          emailStatus: 'invalid',
        },
      },
    ];
  },
};

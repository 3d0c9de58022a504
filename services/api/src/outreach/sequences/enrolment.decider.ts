import type { EnrolmentStatus, SequenceEventOf } from '@healthtal/contracts';
import type { Decider } from '../../shared/command-handler';
import { RecipientNotEnrolled } from './sequence-errors';

export type Enrol = {
  type: 'Enrol';
  enrolmentId: string;
  sequenceId: string;
  ownerId: string;
  candidateId: string;
  timeZone: string;
  firstDueAt: Date;
};
export type RecordStepSent = {
  type: 'RecordStepSent';
  enrolmentId: string;
  step: number;
  messageId: string;
  nextDueAt: Date | null;
};
export type DeferStep = {
  type: 'DeferStep';
  enrolmentId: string;
  step: number;
  reason: 'contact-cap' | 'daily-limit' | 'send-window';
  until: Date;
};
export type RemoveRecipient = { type: 'RemoveRecipient'; enrolmentId: string; userId: string };
export type StopEnrolment = {
  type: 'StopEnrolment';
  enrolmentId: string;
  reason: 'opted-out' | 'no-address';
};
/** An inbound reply matched to this enrolment (inbound-mail.ts): `messageId` is the reply's own. */
export type RecordReply = {
  type: 'RecordReply';
  enrolmentId: string;
  step: number;
  messageId: string;
  from: string | null;
  subject: string | null;
  snippet: string | null;
  receivedAt: Date;
};
/** A delivery report that a step failed for good: `messageId` is the report's own. */
export type RecordBounce = {
  type: 'RecordBounce';
  enrolmentId: string;
  step: number;
  messageId: string;
  status: string;
  addressInvalid: boolean;
  receivedAt: Date;
};
export type EnrolmentCommand =
  | Enrol
  | RecordStepSent
  | DeferStep
  | RemoveRecipient
  | StopEnrolment
  | RecordReply
  | RecordBounce;

export type EnrolmentEvent = SequenceEventOf<
  | 'RecipientEnrolled'
  | 'SequenceStepSent'
  | 'SequenceStepDeferred'
  | 'RecipientRemoved'
  | 'EnrolmentStopped'
  | 'SequenceReplyReceived'
  | 'SequenceEmailBounced'
>;

export type EnrolmentState =
  | { status: 'none' }
  | {
      status: EnrolmentStatus;
      sequenceId: string;
      ownerId: string;
      candidateId: string;
      timeZone: string;
      /** The step to send next (from 0). */
      nextStep: number;
      sent: ReadonlySet<number>;
      /** The Message-IDs of the replies and reports recorded: the same message is recorded once. */
      inbound: ReadonlySet<string>;
    };
type Existing = Exclude<EnrolmentState, { status: 'none' }>;

function existing(state: EnrolmentState): Existing {
  if (state.status === 'none') throw new RecipientNotEnrolled();
  return state;
}

function decide(command: EnrolmentCommand, state: EnrolmentState): EnrolmentEvent[] {
  switch (command.type) {
    case 'Enrol': {
      // Enrolled before (still, or removed): a candidate is enrolled in a sequence once.
      if (state.status !== 'none') return [];
      const { enrolmentId, sequenceId, ownerId, candidateId, timeZone } = command;
      const firstDueAt = command.firstDueAt.toISOString();
      return [
        {
          type: 'RecipientEnrolled',
          data: { enrolmentId, sequenceId, ownerId, candidateId, timeZone, firstDueAt },
        },
      ];
    }
    case 'RecordStepSent': {
      // Recorded whatever the state now: the mail server already has it. Once per step.
      const enrolment = existing(state);
      if (enrolment.sent.has(command.step)) return [];
      const { enrolmentId, step, messageId } = command;
      const nextDueAt = command.nextDueAt?.toISOString() ?? null;
      const { sequenceId, candidateId } = enrolment;
      return [
        {
          type: 'SequenceStepSent',
          data: { enrolmentId, sequenceId, candidateId, step, messageId, nextDueAt },
        },
      ];
    }
    case 'DeferStep': {
      const enrolment = existing(state);
      if (enrolment.status !== 'active' || enrolment.sent.has(command.step)) return [];
      const { enrolmentId, step, reason } = command;
      return [
        {
          type: 'SequenceStepDeferred',
          data: { enrolmentId, step, reason, until: command.until.toISOString() },
        },
      ];
    }
    case 'RemoveRecipient': {
      const enrolment = existing(state);
      if (enrolment.ownerId !== command.userId) throw new RecipientNotEnrolled();
      if (enrolment.status === 'removed') return [];
      const { sequenceId, candidateId } = enrolment;
      return [
        { type: 'RecipientRemoved', data: { enrolmentId: command.enrolmentId, sequenceId, candidateId } },
      ];
    }
    case 'StopEnrolment': {
      const enrolment = existing(state);
      if (enrolment.status !== 'active') return [];
      return [
        { type: 'EnrolmentStopped', data: { enrolmentId: command.enrolmentId, reason: command.reason } },
      ];
    }
    case 'RecordReply': {
      // Whatever the state: a reply after the last step, or after a removal, is still a reply.
      const enrolment = existing(state);
      if (enrolment.inbound.has(command.messageId)) return [];
      const { type: _type, receivedAt, ...reply } = command;
      const { sequenceId, ownerId, candidateId } = enrolment;
      return [
        {
          type: 'SequenceReplyReceived',
          data: { ...reply, sequenceId, ownerId, candidateId, receivedAt: receivedAt.toISOString() },
        },
      ];
    }
    case 'RecordBounce': {
      const enrolment = existing(state);
      if (enrolment.inbound.has(command.messageId)) return [];
      const { type: _type, receivedAt, ...bounce } = command;
      const { sequenceId, ownerId, candidateId } = enrolment;
      return [
        {
          type: 'SequenceEmailBounced',
          data: { ...bounce, sequenceId, ownerId, candidateId, receivedAt: receivedAt.toISOString() },
        },
      ];
    }
  }
}

/** What a reply or a bounce makes of the status: a recipient still being mailed, or done with it, stops. */
const STOPPED_BY_INBOUND: ReadonlySet<EnrolmentStatus> = new Set(['active', 'completed']);

function evolve(state: EnrolmentState, event: EnrolmentEvent): EnrolmentState {
  if (event.type === 'RecipientEnrolled') {
    const { sequenceId, ownerId, candidateId, timeZone } = event.data;
    return {
      status: 'active',
      sequenceId,
      ownerId,
      candidateId,
      timeZone,
      nextStep: 0,
      sent: new Set(),
      inbound: new Set(),
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'SequenceStepSent': {
      const sent = new Set([...state.sent, event.data.step]);
      const last = event.data.nextDueAt === null;
      return {
        ...state,
        sent,
        nextStep: Math.max(state.nextStep, event.data.step + 1),
        status: last && state.status === 'active' ? 'completed' : state.status,
      };
    }
    case 'SequenceStepDeferred':
      return state;
    case 'RecipientRemoved':
      return { ...state, status: 'removed' };
    case 'EnrolmentStopped':
      return { ...state, status: event.data.reason === 'opted-out' ? 'opted-out' : 'stopped' };
    case 'SequenceReplyReceived':
    case 'SequenceEmailBounced': {
      const inbound = new Set([...state.inbound, event.data.messageId]);
      const stopped = event.type === 'SequenceReplyReceived' ? 'replied' : 'bounced';
      // A bounce after a reply leaves it replied; a reply after a bounce (from another address) replies.
      const status =
        STOPPED_BY_INBOUND.has(state.status) || (stopped === 'replied' && state.status === 'bounced')
          ? stopped
          : state.status;
      return { ...state, inbound, status };
    }
  }
}

/**
 * One candidate in one sequence (stream `enrolment-<id>`, the id following from both): which steps
 * went out, and whether more may. Each step is recorded sent once.
 */
export const enrolmentDecider: Decider<EnrolmentCommand, EnrolmentState, EnrolmentEvent> = {
  initialState: { status: 'none' },
  evolve,
  decide,
};

import type { SequenceEventOf, StoredSequenceStep } from '@healthtal/contracts';
import type { Decider } from '../../shared/command-handler';
import { SequenceNotFound } from './sequence-errors';

type Steps = readonly StoredSequenceStep[];
export type CreateSequence = {
  type: 'CreateSequence';
  sequenceId: string;
  ownerId: string;
  name: string;
  steps: Steps;
};
export type EditSequence = {
  type: 'EditSequence';
  sequenceId: string;
  userId: string;
  name: string;
  steps: Steps;
};
export type PauseSequence = { type: 'PauseSequence'; sequenceId: string; userId: string };
export type ResumeSequence = { type: 'ResumeSequence'; sequenceId: string; userId: string };
export type SequenceCommand = CreateSequence | EditSequence | PauseSequence | ResumeSequence;

export type SequenceStreamEvent = SequenceEventOf<
  'SequenceCreated' | 'SequenceEdited' | 'SequencePaused' | 'SequenceResumed'
>;

export type SequenceState =
  | { status: 'none' }
  | { status: 'active' | 'paused'; ownerId: string; name: string; steps: Steps | null };
type Existing = Exclude<SequenceState, { status: 'none' }>;

function owned(state: SequenceState, userId: string): Existing {
  if (state.status === 'none' || state.ownerId !== userId) throw new SequenceNotFound();
  return state;
}

const sameSteps = (a: Steps | null, b: Steps) => JSON.stringify(a) === JSON.stringify(b);

function decide(command: SequenceCommand, state: SequenceState): SequenceStreamEvent[] {
  switch (command.type) {
    case 'CreateSequence': {
      // A retried create (same id from the same Idempotency-Key) finds its sequence made.
      if (state.status !== 'none') {
        if (state.ownerId === command.ownerId) return [];
        throw new SequenceNotFound();
      }
      const { sequenceId, ownerId, name, steps } = command;
      return [{ type: 'SequenceCreated', data: { sequenceId, ownerId, name, steps: [...steps] } }];
    }
    case 'EditSequence': {
      const sequence = owned(state, command.userId);
      if (sequence.name === command.name && sameSteps(sequence.steps, command.steps)) return [];
      const { sequenceId, userId, name, steps } = command;
      return [{ type: 'SequenceEdited', data: { sequenceId, ownerId: userId, name, steps: [...steps] } }];
    }
    case 'PauseSequence': {
      const sequence = owned(state, command.userId);
      if (sequence.status === 'paused') return [];
      return [{ type: 'SequencePaused', data: { sequenceId: command.sequenceId, ownerId: command.userId } }];
    }
    case 'ResumeSequence': {
      const sequence = owned(state, command.userId);
      if (sequence.status === 'active') return [];
      return [{ type: 'SequenceResumed', data: { sequenceId: command.sequenceId, ownerId: command.userId } }];
    }
  }
}

function evolve(state: SequenceState, event: SequenceStreamEvent): SequenceState {
  switch (event.type) {
    case 'SequenceCreated':
      return {
        status: 'active',
        ownerId: event.data.ownerId,
        name: event.data.name,
        steps: event.data.steps,
      };
    case 'SequenceEdited':
      return state.status === 'none' ? state : { ...state, name: event.data.name, steps: event.data.steps };
    case 'SequencePaused':
      return state.status === 'none' ? state : { ...state, status: 'paused' };
    case 'SequenceResumed':
      return state.status === 'none' ? state : { ...state, status: 'active' };
  }
}

/**
 * A recruiter's sequence (stream `sequence-<id>`): its steps, and whether it sends. Only its owner
 * sees or changes it. Steps read as null once the owner is erased (their text is personal data).
 */
export const sequenceDecider: Decider<SequenceCommand, SequenceState, SequenceStreamEvent> = {
  initialState: { status: 'none' },
  evolve,
  decide,
};

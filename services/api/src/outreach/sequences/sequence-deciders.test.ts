import type { StoredSequenceStep } from '@healthtal/contracts';
import { describe, it } from 'vitest';
import { given } from '../../shared/decider-spec';
import { type ContactEvent, contactDecider } from './contact.decider';
import { type EnrolmentEvent, enrolmentDecider } from './enrolment.decider';
import { type SequenceStreamEvent, sequenceDecider } from './sequence.decider';
import {
  ClinicianOptedOutError,
  ContactCapReached,
  RecipientNotEnrolled,
  SequenceNotFound,
} from './sequence-errors';

const sequenceId = '00000000-0000-4000-8000-000000000001';
const enrolmentId = '00000000-0000-4000-8000-000000000002';
const candidateId = '00000000-0000-4000-8000-000000000003';
const owner = 'owner-1';
const steps: StoredSequenceStep[] = [
  { subject: 'Hi {{first_name}}', body: 'A role for you.', waitBusinessDays: 0 },
  { subject: 'Following up', body: 'Still open.', waitBusinessDays: 2 },
];
const created: SequenceStreamEvent = {
  type: 'SequenceCreated',
  data: { sequenceId, ownerId: owner, name: 'ICU', steps },
};

describe('Sequence', () => {
  it('is created once: a retried create adds nothing', () =>
    given(sequenceDecider, [created])
      .when({ type: 'CreateSequence', sequenceId, ownerId: owner, name: 'ICU', steps })
      .thenEmits([]));

  it('lets only its owner edit it', () =>
    given(sequenceDecider, [created])
      .when({ type: 'EditSequence', sequenceId, userId: 'someone-else', name: 'Mine', steps })
      .thenThrows(SequenceNotFound));

  it('pauses and resumes, each once', () => {
    given(sequenceDecider, [created])
      .when({ type: 'PauseSequence', sequenceId, userId: owner })
      .thenEmits([{ type: 'SequencePaused', data: { sequenceId, ownerId: owner } }]);
    given(sequenceDecider, [created, { type: 'SequencePaused', data: { sequenceId, ownerId: owner } }])
      .when({ type: 'PauseSequence', sequenceId, userId: owner })
      .thenEmits([]);
    given(sequenceDecider, [created])
      .when({ type: 'ResumeSequence', sequenceId, userId: owner })
      .thenEmits([]);
  });
});

const enrolled: EnrolmentEvent = {
  type: 'RecipientEnrolled',
  data: {
    enrolmentId,
    sequenceId,
    ownerId: owner,
    candidateId,
    timeZone: 'America/Chicago',
    firstDueAt: '2031-01-06T15:00:00.000Z',
  },
};
const sent = (step: number, nextDueAt: string | null): EnrolmentEvent => ({
  type: 'SequenceStepSent',
  data: { enrolmentId, sequenceId, candidateId, step, messageId: `<m${step}@x>`, nextDueAt },
});

describe('Enrolment', () => {
  it('records each step sent once', () =>
    given(enrolmentDecider, [enrolled, sent(0, '2031-01-08T15:00:00.000Z')])
      .when({ type: 'RecordStepSent', enrolmentId, step: 0, messageId: '<m0@x>', nextDueAt: null })
      .thenEmits([]));

  it('does not defer a step of a removed recipient', () =>
    given(enrolmentDecider, [
      enrolled,
      { type: 'RecipientRemoved', data: { enrolmentId, sequenceId, candidateId } },
    ])
      .when({
        type: 'DeferStep',
        enrolmentId,
        step: 0,
        reason: 'contact-cap',
        until: new Date('2031-01-09T00:00:00Z'),
      })
      .thenEmits([]));

  it('lets only the owner remove a recipient', () =>
    given(enrolmentDecider, [enrolled])
      .when({ type: 'RemoveRecipient', enrolmentId, userId: 'someone-else' })
      .thenThrows(RecipientNotEnrolled));

  it('stops an active enrolment when the clinician opts out, and only once', () => {
    given(enrolmentDecider, [enrolled])
      .when({ type: 'StopEnrolment', enrolmentId, reason: 'opted-out' })
      .thenEmits([{ type: 'EnrolmentStopped', data: { enrolmentId, reason: 'opted-out' } }]);
    given(enrolmentDecider, [enrolled, sent(0, null)])
      .when({ type: 'StopEnrolment', enrolmentId, reason: 'opted-out' })
      .thenEmits([]);
  });
});

const emailed = (n: number | string, at: string): ContactEvent => ({
  type: 'ClinicianEmailed',
  data: { candidateId, enrolmentId: typeof n === 'string' ? n : `e${n}`, step: 0, senderId: owner, at },
});
const reserve = (now: string, step = 0) => ({
  type: 'ReserveContact' as const,
  candidateId,
  enrolmentId,
  step,
  senderId: owner,
  now: new Date(now),
  cap: 3,
});

describe('A clinician’s contact record', () => {
  const three = [
    emailed(1, '2031-01-01T10:00:00.000Z'),
    emailed(2, '2031-01-02T10:00:00.000Z'),
    emailed(3, '2031-01-03T10:00:00.000Z'),
  ];

  it('refuses a fourth email within 7 days, until the oldest leaves the window', () => {
    given(contactDecider, three).when(reserve('2031-01-07T10:00:00.000Z')).thenThrows(ContactCapReached);
    try {
      contactDecider.decide(
        reserve('2031-01-07T10:00:00.000Z'),
        three.reduce(contactDecider.evolve, contactDecider.initialState),
      );
    } catch (error) {
      if (!(error instanceof ContactCapReached)) throw error;
      if (error.until.toISOString() !== '2031-01-08T10:00:00.000Z')
        throw new Error(`until ${error.until.toISOString()}`);
    }
  });

  it('takes a slot once the window has room', () =>
    given(contactDecider, three)
      .when(reserve('2031-01-08T10:00:01.000Z'))
      .thenEmits([
        {
          type: 'ClinicianEmailed',
          data: { candidateId, enrolmentId, step: 0, senderId: owner, at: '2031-01-08T10:00:01.000Z' },
        },
      ]));

  it('does not count the same step twice', () =>
    given(contactDecider, [emailed(enrolmentId, '2031-01-01T10:00:00.000Z')])
      .when(reserve('2031-01-01T10:05:00.000Z'))
      .thenEmits([]));

  it('refuses every email after an opt-out', () =>
    given(contactDecider, [{ type: 'ClinicianOptedOut', data: { candidateId, via: 'one-click' } }])
      .when(reserve('2031-01-01T10:00:00.000Z'))
      .thenThrows(ClinicianOptedOutError));
});

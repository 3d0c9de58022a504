import { describe, expect, it } from 'vitest';
import { minute, readModelDatabase } from '../../test/support/read-model';
import { sequencesProjection } from './sequences.projection';

const { givenEvents } = readModelDatabase();

const sequenceId = 'b3be2f3a-0b1c-4d2e-9f3a-4b5c6d7e8f01';
const enrolmentId = 'b3be2f3a-0b1c-4d2e-9f3a-4b5c6d7e8f02';
const candidateId = 'b3be2f3a-0b1c-4d2e-9f3a-4b5c6d7e8f03';
const owner = 'b3be2f3a-0b1c-4d2e-9f3a-4b5c6d7e8f04';
const steps = [
  { subject: 'Hi', body: 'A role', waitBusinessDays: 0 },
  { subject: 'Again', body: 'Still open', waitBusinessDays: 2 },
];
const created = {
  type: 'SequenceCreated',
  data: { sequenceId, ownerId: owner, name: 'ICU', steps },
  occurredAt: minute(0),
} as const;
const enrolled = {
  type: 'RecipientEnrolled',
  data: {
    enrolmentId,
    sequenceId,
    ownerId: owner,
    candidateId,
    timeZone: 'America/New_York',
    firstDueAt: '2031-01-06T14:30:00.000Z',
  },
  occurredAt: minute(1),
} as const;
const sent = (step: number, nextDueAt: string | null) =>
  ({
    type: 'SequenceStepSent',
    data: { enrolmentId, sequenceId, candidateId, step, messageId: `<seq.${step}@x>`, nextDueAt },
    occurredAt: minute(2 + step),
  }) as const;
const enrolmentRow =
  'select status, steps_sent, next_step, next_due_at, waiting_reason from sequence_enrolments';

describe('sequences', () => {
  it('follows a recipient: due, waiting on the cap, sent, completed, each step once', async () => {
    const model = await givenEvents(sequencesProjection, [
      created,
      enrolled,
      {
        type: 'SequenceStepDeferred',
        data: { enrolmentId, step: 0, reason: 'contact-cap', until: '2031-01-08T14:30:00.000Z' },
        occurredAt: minute(2),
      },
      sent(0, '2031-01-10T14:30:00.000Z'),
      sent(0, '2031-01-10T14:30:00.000Z'),
    ]);
    expect(await model.thenRows(enrolmentRow)).toEqual([
      {
        status: 'active',
        steps_sent: 1,
        next_step: 1,
        next_due_at: new Date('2031-01-10T14:30:00.000Z'),
        waiting_reason: null,
      },
    ]);
    const done = await givenEvents(sequencesProjection, [
      created,
      enrolled,
      sent(0, '2031-01-10T14:30:00.000Z'),
      sent(1, null),
    ]);
    expect(await done.thenRows(enrolmentRow)).toEqual([
      { status: 'completed', steps_sent: 2, next_step: null, next_due_at: null, waiting_reason: null },
    ]);
  });

  it('stops an opted-out clinician’s enrolment and remembers the opt-out', async () => {
    const model = await givenEvents(sequencesProjection, [
      created,
      enrolled,
      { type: 'ClinicianOptedOut', data: { candidateId, via: 'one-click' }, occurredAt: minute(3) },
      { type: 'EnrolmentStopped', data: { enrolmentId, reason: 'opted-out' }, occurredAt: minute(3) },
    ]);
    expect(await model.thenRows('select status, next_due_at from sequence_enrolments')).toEqual([
      { status: 'opted-out', next_due_at: null },
    ]);
    expect(await model.thenRows('select candidate_id, via from clinician_opt_outs')).toEqual([
      { candidate_id: candidateId, via: 'one-click' },
    ]);
  });

  it('pauses a sequence, and forgets an erased owner’s sequences and recipients', async () => {
    const paused = await givenEvents(sequencesProjection, [
      created,
      { type: 'SequencePaused', data: { sequenceId, ownerId: owner }, occurredAt: minute(1) },
    ]);
    expect(await paused.thenRows('select status from sequences')).toEqual([{ status: 'paused' }]);
    const erased = await givenEvents(sequencesProjection, [
      created,
      enrolled,
      { type: 'PersonalDataErased', data: { subjectId: owner }, occurredAt: minute(5) },
    ]);
    expect(await erased.thenRows('select * from sequences')).toEqual([]);
    expect(await erased.thenRows('select * from sequence_enrolments')).toEqual([]);
  });
});

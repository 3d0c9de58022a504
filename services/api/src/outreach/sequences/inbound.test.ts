import { gmailBounce, postfixBounce } from '@healthtal/testkit/inbound-mail';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { given } from '../../shared/decider-spec';
import { type EnrolmentEvent, enrolmentDecider } from './enrolment.decider';
import {
  failedRecipients,
  isAutomatic,
  isDeliveryReport,
  replyRef,
  replySnippet,
  reportedRef,
  statusBlamesAddress,
} from './inbound-parse';

const enrolmentId = '0b4c8a3e-5f1d-4e2a-9c7b-1d2e3f4a5b6c';
const sequenceId = '00000000-0000-4000-8000-000000000001';
const candidateId = '00000000-0000-4000-8000-000000000003';
const enrolled: EnrolmentEvent = {
  type: 'RecipientEnrolled',
  data: {
    enrolmentId,
    sequenceId,
    ownerId: 'owner-1',
    candidateId,
    timeZone: 'America/New_York',
    firstDueAt: '2031-01-06T14:00:00.000Z',
  },
};
const receivedAt = new Date('2031-01-06T15:00:00.000Z');
const reply = (messageId: string) => ({
  type: 'RecordReply' as const,
  enrolmentId,
  step: 0,
  messageId,
  from: 'nurse@clinicians.test',
  subject: 'Re: Hi',
  snippet: 'Yes.',
  receivedAt,
});
const replied = (messageId: string): EnrolmentEvent => {
  const { type: _type, ...data } = reply(messageId);
  return {
    type: 'SequenceReplyReceived',
    data: { ...data, sequenceId, ownerId: 'owner-1', candidateId, receivedAt: receivedAt.toISOString() },
  };
};

describe('an enrolment and inbound mail', () => {
  it('records a reply once per inbound Message-ID, whatever the status', () => {
    given(enrolmentDecider, [enrolled])
      .when(reply('<r1@x>'))
      .thenEmits([replied('<r1@x>')]);
    given(enrolmentDecider, [enrolled, replied('<r1@x>')])
      .when(reply('<r1@x>'))
      .thenEmits([]);
    const removed: EnrolmentEvent = {
      type: 'RecipientRemoved',
      data: { enrolmentId, sequenceId, candidateId },
    };
    expect(
      enrolmentDecider.decide(
        reply('<r2@x>'),
        [enrolled, removed].reduce(enrolmentDecider.evolve, enrolmentDecider.initialState),
      ),
    ).toHaveLength(1);
  });

  it('stops a replied or bounced enrolment; a removed one stays removed', () => {
    const state = (...events: EnrolmentEvent[]) =>
      events.reduce(enrolmentDecider.evolve, enrolmentDecider.initialState).status;
    expect(state(enrolled, replied('<r1@x>'))).toBe('replied');
    const bounced: EnrolmentEvent = {
      type: 'SequenceEmailBounced',
      data: {
        enrolmentId,
        sequenceId,
        ownerId: 'owner-1',
        candidateId,
        step: 0,
        messageId: '<b1@x>',
        status: '5.1.1',
        addressInvalid: true,
        receivedAt: receivedAt.toISOString(),
      },
    };
    expect(state(enrolled, bounced)).toBe('bounced');
    expect(state(enrolled, bounced, replied('<r1@x>'))).toBe('replied');
    expect(
      state(enrolled, { type: 'RecipientRemoved', data: { enrolmentId, sequenceId, candidateId } }, bounced),
    ).toBe('removed');
  });
});

const original = [
  `Message-ID: <seq.${enrolmentId}.1@healthtal.example>`,
  'From: HealthTal Outreach <outreach@healthtal.test>',
  'To: nurse@clinicians.test',
  'Subject: Step 2 for Nurse',
  '',
  'Hello.',
].join('\r\n');

describe('reading inbound mail', () => {
  it('reads a Postfix and a Gmail delivery report: who failed, how, and which step', async () => {
    for (const raw of [
      postfixBounce({ original, recipient: 'nurse@clinicians.test' }),
      gmailBounce({ original, recipient: 'nurse@clinicians.test' }),
    ]) {
      const mail = await simpleParser(raw, { keepDeliveryStatus: true });
      expect(isDeliveryReport(mail)).toBe(true);
      expect(failedRecipients(mail).map((r) => [r.address, r.status])).toContainEqual([
        'nurse@clinicians.test',
        '5.1.1',
      ]);
      expect(reportedRef(Buffer.from(raw), 'healthtal.example')).toEqual({ enrolmentId, step: 1 });
      expect(reportedRef(Buffer.from(raw), 'elsewhere.test')).toBeNull();
    }
    const delayed = await simpleParser(
      postfixBounce({ original, recipient: 'nurse@clinicians.test', action: 'delayed' }),
      {
        keepDeliveryStatus: true,
      },
    );
    expect(failedRecipients(delayed)).toEqual([]);
  });

  it('blames the address only for a bad or disabled mailbox, not for a policy refusal', () => {
    for (const status of ['5.1.1', '5.1.2', '5.1.10', '5.2.1'])
      expect(statusBlamesAddress(status), status).toBe(true);
    for (const status of ['5.1.7', '5.1.8', '5.7.1', '5.7.26', '5.2.2', '5.4.1'])
      expect(statusBlamesAddress(status), status).toBe(false);
  });

  it('finds the step a reply answers, and tells an automatic answer apart', async () => {
    const mail = await simpleParser(
      [
        'From: nurse@clinicians.test',
        'To: recruiter@agency.test',
        `In-Reply-To: <other@mail.test>`,
        `References: <seq.${enrolmentId}.0@healthtal.example> <other@mail.test>`,
        'Auto-Submitted: auto-replied',
        'Subject: Out of office',
        '',
        'Away until Monday.',
      ].join('\r\n'),
    );
    expect(replyRef(mail, 'healthtal.example')).toEqual({ enrolmentId, step: 0 });
    expect(isAutomatic(mail)).toBe(true);
  });

  it('keeps the reply’s own words, not the quoted message, and at most 500 characters', () => {
    expect(
      replySnippet('Sounds good.\n\nOn Mon, Jan 6, 2031 at 9:30 AM Ada <ada@x.test> wrote:\n> Hello'),
    ).toBe('Sounds good.');
    expect(replySnippet('Yes\r\n-----Original Message-----\r\nFrom: Ada')).toBe('Yes');
    expect(replySnippet('> only quoted')).toBeNull();
    expect(replySnippet('a'.repeat(600))).toHaveLength(500);
  });
});

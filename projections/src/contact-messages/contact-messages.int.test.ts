import { describe, expect, it } from 'vitest';
import { minute, readModelDatabase } from '../../test/support/read-model';
import { contactMessagesProjection } from './contact-messages.projection';

const { givenEvents } = readModelDatabase();

const messageId = '0b8f3c52-4d0e-4f43-9a55-3f1f6d7c2a01';
const received = {
  type: 'ContactMessageReceived',
  data: {
    messageId,
    name: 'Dana Reyes',
    email: 'dana@clinic.example',
    phone: '+1 555 0100',
    subject: 'Pricing for a team',
    message: 'We have six recruiters.',
  },
  occurredAt: minute(5),
} as const;

describe('contact_messages', () => {
  it('lists each message the contact form received, with when it arrived', async () => {
    const model = await givenEvents(contactMessagesProjection, [received]);

    expect(await model.thenRows('select * from contact_messages')).toEqual([
      {
        id: messageId,
        name: 'Dana Reyes',
        email: 'dana@clinic.example',
        phone: '+1 555 0100',
        subject: 'Pricing for a team',
        message: 'We have six recruiters.',
        received_at: new Date(minute(5)),
      },
    ]);
  });

  it('keeps one row when the same message is delivered twice', async () => {
    const model = await givenEvents(contactMessagesProjection, [received, received]);

    expect(await model.thenRows('select id from contact_messages')).toEqual([{ id: messageId }]);
  });

  it('ignores an event type the read model does not list in its handles', async () => {
    // Applied as a contact message, a resume would break the batch insert (no name, no message).
    const model = await givenEvents(contactMessagesProjection, [
      received,
      { type: 'ResumeRejected', data: { submissionId: messageId, rejectedBy: 'admin' } },
    ]);

    expect(model.applied).toBe(1);
    expect(await model.thenRows('select id from contact_messages')).toEqual([{ id: messageId }]);
  });
});

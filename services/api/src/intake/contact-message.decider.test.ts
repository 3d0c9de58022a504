import type { ContactMessageId } from '@healthtal/contracts';
import { describe, it } from 'vitest';
import { given } from '../shared/decider-spec';
import {
  type ContactMessageEvent,
  contactMessageDecider,
  type ReceiveContactMessage,
} from './contact-message.decider';

const form = {
  name: 'Dana Whitfield',
  email: 'dana@example.org',
  phone: '(555) 010-2030',
  subject: 'Enterprise pricing',
  message: 'We have twelve recruiters; do you offer team plans?',
};
const messageId = '3b0d6c1e-8a52-4f0e-9d7c-1f2a3b4c5d6e' as ContactMessageId;
const receive: ReceiveContactMessage = { type: 'ReceiveContactMessage', messageId, ...form };
const received: ContactMessageEvent = { type: 'ContactMessageReceived', data: { messageId, ...form } };

describe('Contact message', () => {
  it('is received with everything the visitor wrote', () =>
    given(contactMessageDecider, []).when(receive).thenEmits([received]));

  it('is received only once when the same request is retried', () =>
    given(contactMessageDecider, [received]).when(receive).thenEmits([]));
});

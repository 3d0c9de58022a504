import type { ContactMessageId, ContactMessageReceived, ContactMessageRequest } from '@healthtal/contracts';
import type { Decider } from '../shared/command-handler';

export type ReceiveContactMessage = {
  type: 'ReceiveContactMessage';
  messageId: ContactMessageId;
} & ContactMessageRequest;

export type ContactMessageCommand = ReceiveContactMessage;
export type ContactMessageEvent = ContactMessageReceived;
export type ContactMessageState = { status: 'none' } | { status: 'received' };

/**
 * A contact message is received once. Receiving it again (a retried request carries the same
 * message id) adds nothing.
 */
export const contactMessageDecider: Decider<ContactMessageCommand, ContactMessageState, ContactMessageEvent> =
  {
    initialState: { status: 'none' },
    evolve: (_state, event) => {
      switch (event.type) {
        case 'ContactMessageReceived':
          return { status: 'received' };
      }
    },
    decide: (command, state) => {
      switch (command.type) {
        case 'ReceiveContactMessage': {
          if (state.status === 'received') return [];
          const { type: _type, ...data } = command;
          return [{ type: 'ContactMessageReceived', data }];
        }
      }
    },
  };

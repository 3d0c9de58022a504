import { createHmac } from 'node:crypto';
import type { IdentityEvent, UserId } from '@healthtal/contracts';
import type { Decider } from '../shared/command-handler';
import { DomainError } from '../shared/domain-error';

type EmailClaimEvent = Extract<IdentityEvent, { type: 'EmailClaimed' | 'EmailReleased' }>;
export type EmailClaimState = { status: 'free' } | { status: 'claimed'; userId: UserId };
export type EmailClaimCommand =
  | { type: 'ClaimEmail'; userId: UserId }
  | { type: 'ReleaseEmail'; userId: UserId };

export class EmailAlreadyRegistered extends DomainError {
  readonly status = 409;
  readonly title = 'Email already exists';
}

/**
 * The stream that makes an email address belong to one account at a time. Its name holds a keyed
 * hash of the address, never the address, so the log does not reveal who signed up.
 */
export const emailClaimStream = (email: string, lookupKey: Buffer) =>
  `email-${createHmac('sha256', lookupKey).update(email.trim().toLowerCase()).digest('hex')}`;

export const emailClaimDecider: Decider<EmailClaimCommand, EmailClaimState, EmailClaimEvent> = {
  initialState: { status: 'free' },
  evolve: (_state, event) =>
    event.type === 'EmailClaimed' ? { status: 'claimed', userId: event.data.userId } : { status: 'free' },
  decide: (command, state) => {
    switch (command.type) {
      case 'ClaimEmail':
        if (state.status === 'claimed') {
          if (state.userId === command.userId) return [];
          throw new EmailAlreadyRegistered();
        }
        return [{ type: 'EmailClaimed', data: { userId: command.userId } }];
      case 'ReleaseEmail':
        return state.status === 'claimed' && state.userId === command.userId
          ? [{ type: 'EmailReleased', data: { userId: command.userId } }]
          : [];
    }
  },
};

import type { UserId } from '@healthtal/contracts';
import { describe, it } from 'vitest';
import { given } from '../shared/decider-spec';
import { ResetLinkOutdated, type UserEvent, userDecider } from './user.decider';

const userId = '3d9a1f7e-2b4c-4d5e-8f6a-7b8c9d0e1f2a' as UserId;
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    email: 'ria@clinic.example',
    passwordHash: 'hash-0',
    phone: '+15125550142',
    termsAcceptedAt: '2031-01-06T09:00:00.000Z',
  },
};
const changed = (passwordHash: string, reason: 'reset' | 'change'): UserEvent => ({
  type: 'PasswordChanged',
  data: { userId, passwordHash, reason },
});
const reset = (passwordVersion: number | null) =>
  ({ type: 'ResetPassword', passwordHash: 'hash-new', passwordVersion }) as const;

describe('Password reset (one reset per password: issue 32, finding 17)', () => {
  it('sets the new password with a link mailed for the password the account has', () =>
    given(userDecider, [registered])
      .when(reset(0))
      .thenEmits([changed('hash-new', 'reset')]));

  it('refuses a link mailed before the password changed: another link already reset it', () =>
    given(userDecider, [registered, changed('hash-1', 'reset')])
      .when(reset(0))
      .thenThrows(ResetLinkOutdated));

  it('refuses a link mailed before a change made in the account', () =>
    given(userDecider, [registered, changed('hash-1', 'change')])
      .when(reset(0))
      .thenThrows(ResetLinkOutdated));

  it('takes a link mailed after the last change', () =>
    given(userDecider, [registered, changed('hash-1', 'reset'), changed('hash-2', 'change')])
      .when(reset(2))
      .thenEmits([changed('hash-new', 'reset')]));

  it('takes a link from before links carried a version, as before', () =>
    given(userDecider, [registered, changed('hash-1', 'reset')])
      .when(reset(null))
      .thenEmits([changed('hash-new', 'reset')]));
});

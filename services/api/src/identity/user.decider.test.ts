import type { UserId } from '@healthtal/contracts';
import { describe, it } from 'vitest';
import { given } from '../shared/decider-spec';
import {
  EmailAlreadyVerified,
  ResetLinkOutdated,
  UserAlreadyRegistered,
  type UserCommand,
  type UserEvent,
  UserNotFound,
  userDecider,
} from './user.decider';

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
const register = (source?: string): UserCommand => ({
  type: 'RegisterUser',
  userId,
  email: 'ria@clinic.example',
  passwordHash: 'hash-0',
  phone: '+15125550142',
  ...(source ? { source } : {}),
  at: new Date('2031-01-06T09:00:00.000Z'),
});
const verified: UserEvent = { type: 'EmailVerified', data: { userId } };
const profile = (name: string, bio: string): UserEvent => ({
  type: 'ProfileUpdated',
  data: { userId, name, bio },
});
const preferences = { marketing: false, newFeatures: true, securityAlerts: true };
const granted: UserEvent = { type: 'AdminRoleGranted', data: { userId, grantedBy: 'admin-1' } };
const revoked: UserEvent = { type: 'AdminRoleRevoked', data: { userId, revokedBy: 'admin-1' } };
const deleted: UserEvent = { type: 'UserDeleted', data: { userId, deletedBy: 'admin-1' } };
const erased: UserEvent = { type: 'PersonalDataErased', data: { subjectId: userId } };

describe('Registration', () => {
  it('registers an account with the time the terms were accepted', () =>
    given(userDecider, []).when(register()).thenEmits([registered]));

  it('keeps where the sign-up came from when it says', () =>
    given(userDecider, [])
      .when(register('pricing'))
      .thenEmits([{ ...registered, data: { ...registered.data, source: 'pricing' } } as UserEvent]));

  it('refuses to register the same account twice', () =>
    given(userDecider, [registered]).when(register()).thenThrows(UserAlreadyRegistered));

  it('refuses to register a deleted account again', () =>
    given(userDecider, [registered, deleted, erased]).when(register()).thenThrows(UserAlreadyRegistered));
});

describe('Email verification and sign-in', () => {
  it('verifies the email once; a second link changes nothing', () => {
    given(userDecider, [registered]).when({ type: 'VerifyEmail' }).thenEmits([verified]);
    given(userDecider, [registered, verified]).when({ type: 'VerifyEmail' }).thenEmits([]);
  });

  it('records every sign-in', () =>
    given(userDecider, [registered, verified])
      .when({ type: 'RecordSignIn' })
      .thenEmits([{ type: 'UserSignedIn', data: { userId } }]));

  it('knows no account that was never registered or was deleted', () => {
    for (const history of [[], [registered, deleted, erased]])
      for (const command of [{ type: 'VerifyEmail' }, { type: 'RecordSignIn' }, reset(0)] as UserCommand[])
        given(userDecider, history).when(command).thenThrows(UserNotFound);
  });
});

describe('Password change in the account', () => {
  it('sets the new password, and makes a reset link mailed before it outdated', () => {
    given(userDecider, [registered])
      .when({ type: 'ChangePassword', passwordHash: 'hash-1' })
      .thenEmits([changed('hash-1', 'change')]);
    given(userDecider, [registered, changed('hash-1', 'change')])
      .when(reset(0))
      .thenThrows(ResetLinkOutdated);
  });
});

describe('Profile and notification preferences', () => {
  it('saves a changed name and bio, and nothing when they are the same', () => {
    given(userDecider, [registered])
      .when({ type: 'UpdateProfile', name: 'Ria Okafor', bio: 'ICU recruiter' })
      .thenEmits([profile('Ria Okafor', 'ICU recruiter')]);
    given(userDecider, [registered, profile('Ria Okafor', 'ICU recruiter')])
      .when({ type: 'UpdateProfile', name: 'Ria Okafor', bio: 'ICU recruiter' })
      .thenEmits([]);
  });

  it('starts with every notification on, and saves only a change', () => {
    given(userDecider, [registered])
      .when({ type: 'ChangeNotificationPreferences', preferences: { ...preferences, marketing: true } })
      .thenEmits([]);
    given(userDecider, [registered])
      .when({ type: 'ChangeNotificationPreferences', preferences })
      .thenEmits([{ type: 'NotificationPreferencesChanged', data: { userId, ...preferences } }]);
    given(userDecider, [
      registered,
      { type: 'NotificationPreferencesChanged', data: { userId, ...preferences } },
    ])
      .when({ type: 'ChangeNotificationPreferences', preferences })
      .thenEmits([]);
  });
});

describe('Admin role', () => {
  it('is granted once, and revoked only from an admin', () => {
    given(userDecider, [registered]).when({ type: 'GrantAdminRole', by: 'admin-1' }).thenEmits([granted]);
    given(userDecider, [registered, granted]).when({ type: 'GrantAdminRole', by: 'admin-2' }).thenEmits([]);
    given(userDecider, [registered, granted])
      .when({ type: 'RevokeAdminRole', by: 'admin-1' })
      .thenEmits([revoked]);
    given(userDecider, [registered]).when({ type: 'RevokeAdminRole', by: 'admin-1' }).thenEmits([]);
    given(userDecider, [registered, granted, revoked])
      .when({ type: 'GrantAdminRole', by: 'admin-1' })
      .thenEmits([granted]);
  });
});

describe('Account deletion', () => {
  it('deletes the account and erases the person’s data with it', () =>
    given(userDecider, [registered, verified, granted])
      .when({ type: 'DeleteUser', by: 'admin-1' })
      .thenEmits([deleted, erased]));

  it('refuses to delete an account twice', () =>
    given(userDecider, [registered, deleted, erased])
      .when({ type: 'DeleteUser', by: 'admin-1' })
      .thenThrows(UserNotFound));
});

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

describe('Mails an admin sends from the console (issue 37, finding 14)', () => {
  it('records who asked for a new verification link of an unverified address', () =>
    given(userDecider, [registered])
      .when({ type: 'SendVerificationMail', by: 'admin-1' })
      .thenEmits([{ type: 'VerificationMailSent', data: { userId, sentBy: 'admin-1' } }]));

  it('refuses a verification link for an address that is verified already', () =>
    given(userDecider, [registered, verified])
      .when({ type: 'SendVerificationMail', by: 'admin-1' })
      .thenThrows(EmailAlreadyVerified));

  it('records who asked for a password reset link', () =>
    given(userDecider, [registered, verified])
      .when({ type: 'SendPasswordResetMail', by: 'admin-1' })
      .thenEmits([{ type: 'PasswordResetMailSent', data: { userId, sentBy: 'admin-1' } }]));

  it('sends nothing for a deleted account', () =>
    given(userDecider, [registered, deleted, erased])
      .when({ type: 'SendPasswordResetMail', by: 'admin-1' })
      .thenThrows(UserNotFound));
});

import type {
  DEFAULT_NOTIFICATION_PREFERENCES,
  IdentityEvent,
  NotificationPreferences,
  UserId,
} from '@healthtal/contracts';
import type { Decider } from '../shared/command-handler';
import { DomainError } from '../shared/domain-error';

type UserEvent = Extract<
  IdentityEvent,
  {
    type:
      | 'UserRegistered'
      | 'EmailVerified'
      | 'UserSignedIn'
      | 'PasswordChanged'
      | 'ProfileUpdated'
      | 'NotificationPreferencesChanged'
      | 'AdminRoleGranted'
      | 'AdminRoleRevoked'
      | 'UserDeleted'
      | 'PersonalDataErased'
      | 'VerificationMailSent'
      | 'PasswordResetMailSent';
  }
>;

export type { UserEvent };

export type UserState =
  | { status: 'none' }
  | {
      status: 'active';
      userId: UserId;
      email: string;
      passwordHash: string;
      emailVerified: boolean;
      /** Password changes so far: a reset link is good only for the version it was mailed at. */
      passwordVersion: number;
      isAdmin: boolean;
      name: string;
      bio: string;
      notifications: NotificationPreferences;
    }
  | { status: 'deleted'; userId: UserId };

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: UserId;
      email: string;
      passwordHash: string;
      phone: string;
      source?: string;
      at: Date;
    }
  | { type: 'VerifyEmail' }
  | { type: 'RecordSignIn' }
  | { type: 'ChangePassword'; passwordHash: string }
  /** `passwordVersion`: the one the link was mailed at; null for a link from before versions. */
  | { type: 'ResetPassword'; passwordHash: string; passwordVersion: number | null }
  | { type: 'UpdateProfile'; name: string; bio: string }
  | { type: 'ChangeNotificationPreferences'; preferences: NotificationPreferences }
  | { type: 'GrantAdminRole'; by: string }
  | { type: 'RevokeAdminRole'; by: string }
  | { type: 'DeleteUser'; by: string }
  /** An admin's Resend Verification: recorded before the mail goes out (who asked, when). */
  | { type: 'SendVerificationMail'; by: string }
  /** An admin's Send Password Reset: recorded before the mail goes out. */
  | { type: 'SendPasswordResetMail'; by: string };

export class UserNotFound extends DomainError {
  readonly status = 404;
  readonly title = 'User not found';
}
export class UserAlreadyRegistered extends DomainError {
  readonly status = 409;
  readonly title = 'User already registered';
}
/** A verification link for an address that is verified already would verify nothing. */
export class EmailAlreadyVerified extends DomainError {
  readonly status = 409;
  readonly title = 'Email already verified';
  constructor() {
    super(
      'This address is verified already: there is nothing to resend. A password reset may be what the user needs.',
    );
  }
}
/** The password changed since the reset link was mailed (another link, used first or at once, won). */
export class ResetLinkOutdated extends DomainError {
  readonly status = 400;
  readonly title = 'Reset link outdated';
}

const DEFAULT_PREFERENCES: typeof DEFAULT_NOTIFICATION_PREFERENCES = {
  marketing: true,
  newFeatures: true,
  securityAlerts: true,
};

const evolve = (state: UserState, event: UserEvent): UserState => {
  if (event.type === 'UserRegistered') {
    return {
      status: 'active',
      userId: event.data.userId,
      email: event.data.email,
      passwordHash: event.data.passwordHash,
      emailVerified: false,
      passwordVersion: 0,
      isAdmin: false,
      name: '',
      bio: '',
      notifications: DEFAULT_PREFERENCES,
    };
  }
  if (event.type === 'UserDeleted') return { status: 'deleted', userId: event.data.userId };
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'EmailVerified':
      return { ...state, emailVerified: true };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, passwordVersion: state.passwordVersion + 1 };
    case 'ProfileUpdated':
      return { ...state, name: event.data.name, bio: event.data.bio };
    case 'NotificationPreferencesChanged': {
      const { userId: _userId, ...notifications } = event.data;
      return { ...state, notifications };
    }
    case 'AdminRoleGranted':
      return { ...state, isAdmin: true };
    case 'AdminRoleRevoked':
      return { ...state, isAdmin: false };
    default:
      return state;
  }
};

/** An account: registration, verification, sign-ins, password, profile, preferences, roles, deletion. */
export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: { status: 'none' },
  evolve,
  decide: (command, state) => {
    if (command.type === 'RegisterUser') {
      if (state.status !== 'none') throw new UserAlreadyRegistered();
      const { userId, email, passwordHash, phone, source, at } = command;
      return [
        {
          type: 'UserRegistered',
          data: {
            userId,
            email,
            passwordHash,
            phone,
            ...(source ? { source } : {}),
            termsAcceptedAt: at.toISOString(),
          },
        },
      ];
    }
    if (state.status !== 'active') throw new UserNotFound();
    const userId = state.userId;
    switch (command.type) {
      case 'VerifyEmail':
        return state.emailVerified ? [] : [{ type: 'EmailVerified', data: { userId } }];
      case 'RecordSignIn':
        return [{ type: 'UserSignedIn', data: { userId } }];
      case 'ChangePassword':
        return [
          { type: 'PasswordChanged', data: { userId, passwordHash: command.passwordHash, reason: 'change' } },
        ];
      case 'ResetPassword':
        if (command.passwordVersion !== null && command.passwordVersion !== state.passwordVersion)
          throw new ResetLinkOutdated();
        return [
          { type: 'PasswordChanged', data: { userId, passwordHash: command.passwordHash, reason: 'reset' } },
        ];
      case 'UpdateProfile':
        if (command.name === state.name && command.bio === state.bio) return [];
        return [{ type: 'ProfileUpdated', data: { userId, name: command.name, bio: command.bio } }];
      case 'ChangeNotificationPreferences': {
        const same = (Object.keys(command.preferences) as (keyof NotificationPreferences)[]).every(
          (key) => command.preferences[key] === state.notifications[key],
        );
        return same
          ? []
          : [{ type: 'NotificationPreferencesChanged', data: { userId, ...command.preferences } }];
      }
      case 'GrantAdminRole':
        return state.isAdmin ? [] : [{ type: 'AdminRoleGranted', data: { userId, grantedBy: command.by } }];
      case 'RevokeAdminRole':
        return state.isAdmin ? [{ type: 'AdminRoleRevoked', data: { userId, revokedBy: command.by } }] : [];
      case 'SendVerificationMail':
        if (state.emailVerified) throw new EmailAlreadyVerified();
        return [{ type: 'VerificationMailSent', data: { userId, sentBy: command.by } }];
      case 'SendPasswordResetMail':
        return [{ type: 'PasswordResetMailSent', data: { userId, sentBy: command.by } }];
      case 'DeleteUser':
        return [
          { type: 'UserDeleted', data: { userId, deletedBy: command.by } },
          { type: 'PersonalDataErased', data: { subjectId: userId } },
        ];
    }
  },
};

import { z } from 'zod';
import { UserId } from '../domain/ids';
import { event } from './envelope';

const personal = { subject: (data: { userId: string }) => data.userId };

/** An account was created. Email, phone and the password hash are the person's data. */
export const UserRegistered = event(
  'UserRegistered',
  z.object({
    userId: UserId,
    email: z.string(),
    passwordHash: z.string(),
    phone: z.string(),
    source: z.string().optional(),
    termsAcceptedAt: z.iso.datetime(),
  }),
);
export const EmailVerified = event('EmailVerified', z.object({ userId: UserId }));
export const UserSignedIn = event('UserSignedIn', z.object({ userId: UserId }));
export const PasswordChanged = event(
  'PasswordChanged',
  z.object({ userId: UserId, passwordHash: z.string(), reason: z.enum(['reset', 'change']) }),
);
export const ProfileUpdated = event(
  'ProfileUpdated',
  z.object({ userId: UserId, name: z.string(), bio: z.string() }),
);
export const NotificationPreferencesChanged = event(
  'NotificationPreferencesChanged',
  z.object({ userId: UserId, marketing: z.boolean(), newFeatures: z.boolean(), securityAlerts: z.boolean() }),
);
export const AdminRoleGranted = event(
  'AdminRoleGranted',
  z.object({ userId: UserId, grantedBy: z.string() }),
);
export const AdminRoleRevoked = event(
  'AdminRoleRevoked',
  z.object({ userId: UserId, revokedBy: z.string() }),
);
/** An admin deleted the account; the person's data is erased right after (PersonalDataErased). */
export const UserDeleted = event('UserDeleted', z.object({ userId: UserId, deletedBy: z.string() }));
export const PersonalDataErased = event('PersonalDataErased', z.object({ subjectId: z.string() }));

/** An admin had a new verification link mailed to the account's address (the console's Resend Verification). */
export const VerificationMailSent = event(
  'VerificationMailSent',
  z.object({ userId: UserId, sentBy: z.string() }),
);
/** An admin had a password reset link mailed to the account's address (the console's Send Password Reset). */
export const PasswordResetMailSent = event(
  'PasswordResetMailSent',
  z.object({ userId: UserId, sentBy: z.string() }),
);

/** The `email-<hash>` stream makes an address belong to one account at a time. */
export const EmailClaimed = event('EmailClaimed', z.object({ userId: UserId }));
export const EmailReleased = event('EmailReleased', z.object({ userId: UserId }));

export const IdentityEvent = z.discriminatedUnion('type', [
  UserRegistered,
  EmailVerified,
  UserSignedIn,
  PasswordChanged,
  ProfileUpdated,
  NotificationPreferencesChanged,
  AdminRoleGranted,
  AdminRoleRevoked,
  UserDeleted,
  PersonalDataErased,
  VerificationMailSent,
  PasswordResetMailSent,
  EmailClaimed,
  EmailReleased,
]);
export type IdentityEvent = z.infer<typeof IdentityEvent>;

export const identityPersonalData = {
  UserRegistered: { ...personal, fields: ['email', 'passwordHash', 'phone', 'source'] },
  PasswordChanged: { ...personal, fields: ['passwordHash'] },
  ProfileUpdated: { ...personal, fields: ['name', 'bio'] },
} as const;

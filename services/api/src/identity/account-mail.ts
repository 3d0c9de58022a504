import { MailDeliveryError, type MailMessage, secretLink } from '../mail/mailer';
import type { Identity } from './identity';
import type { UserState } from './user.decider';

type ActiveAccount = Extract<UserState, { status: 'active' }>;
/** The account a mail is for, as its events hold it: the address is the account's, never a request's. */
export type MailedAccount = Pick<ActiveAccount, 'userId' | 'email'>;

const link = (identity: Identity, path: string, token: string) =>
  secretLink(identity.settings.publicUrl, path, token);

/**
 * Mail being down must not fail a sign-up, and a failed reset mail must not tell a caller that the
 * address has an account: the mailer has logged the failure and the outbox shows it as failed, and
 * the user can ask for a new link.
 */
async function deliver(identity: Identity, message: MailMessage): Promise<void> {
  try {
    await identity.mailer.send(message);
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
  }
}

/** A new verification link; older ones stop working. */
export async function sendVerificationEmail(
  identity: Identity,
  { userId, email }: MailedAccount,
): Promise<void> {
  await identity.oneTimeTokens.retireAll('verify-email', userId);
  const token = await identity.oneTimeTokens.issue('verify-email', userId);
  const url = link(identity, '/verify-email', token);
  await deliver(identity, {
    kind: 'verify-email',
    to: email,
    subject: 'Confirm your HealthTal account',
    text: `Welcome to HealthTal.\n\nConfirm your email address to finish creating your account:\n${url}\n\nThe link works once and expires in 48 hours. If you did not sign up, ignore this email.`,
  });
}

/** A new reset link for the password the account has now; older links stop working. */
export async function sendPasswordResetEmail(
  identity: Identity,
  { userId, email, passwordVersion }: MailedAccount & Pick<ActiveAccount, 'passwordVersion'>,
): Promise<void> {
  await identity.oneTimeTokens.retireAll('reset-password', userId);
  const token = await identity.oneTimeTokens.issue('reset-password', userId, passwordVersion);
  const url = link(identity, '/reset-password', token);
  await deliver(identity, {
    kind: 'reset-password',
    to: email,
    subject: 'Reset your HealthTal password',
    text: `Someone asked to reset the password of your HealthTal account.\n\nChoose a new password here:\n${url}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this email: your password stays as it is.`,
  });
}

import type { Identity } from './identity';

const link = (identity: Identity, path: string, token: string) =>
  `${identity.settings.publicUrl.replace(/\/$/, '')}${path}?token=${encodeURIComponent(token)}`;

/** A new verification link; older ones stop working. */
export async function sendVerificationEmail(
  identity: Identity,
  userId: string,
  email: string,
): Promise<void> {
  await identity.oneTimeTokens.retireAll('verify-email', userId);
  const token = await identity.oneTimeTokens.issue('verify-email', userId);
  const url = link(identity, '/verify-email', token);
  await identity.mailer.send({
    kind: 'verify-email',
    to: email,
    subject: 'Confirm your HealthTal account',
    text: `Welcome to HealthTal.\n\nConfirm your email address to finish creating your account:\n${url}\n\nThe link works once and expires in 48 hours. If you did not sign up, ignore this email.`,
  });
}

export async function sendPasswordResetEmail(
  identity: Identity,
  userId: string,
  email: string,
): Promise<void> {
  await identity.oneTimeTokens.retireAll('reset-password', userId);
  const token = await identity.oneTimeTokens.issue('reset-password', userId);
  const url = link(identity, '/reset-password', token);
  await identity.mailer.send({
    kind: 'reset-password',
    to: email,
    subject: 'Reset your HealthTal password',
    text: `Someone asked to reset the password of your HealthTal account.\n\nChoose a new password here:\n${url}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this email: your password stays as it is.`,
  });
}

import { type SignupRequest, streamName, type UserId } from '@healthtal/contracts';
import { type CommandContext, handleCommand } from '../shared/command-handler';
import { uuidFromName } from '../shared/ids';
import { sendPasswordResetEmail, sendVerificationEmail } from './account-mail';
import { type EmailClaimState, emailClaimDecider, emailClaimStream } from './email-claim.decider';
import type { Identity } from './identity';
import { hashPassword } from './passwords';
import { type UserCommand, type UserState, userDecider } from './user.decider';

export const userStream = (userId: string) => streamName('user', userId);

/** Runs one command against a user's stream. */
export const changeUser = (
  identity: Identity,
  userId: string,
  command: UserCommand,
  context: CommandContext,
) => handleCommand(identity.store, userStream(userId), userDecider, command, context);

export async function loadUser(identity: Identity, userId: string): Promise<UserState> {
  const events = await identity.store.readStream(userStream(userId));
  return events.reduce((state, e) => userDecider.evolve(state, e as never), userDecider.initialState);
}

/** The account that holds this email now, read from the event streams (no read-model lag). */
export async function findUserByEmail(
  identity: Identity,
  email: string,
): Promise<Extract<UserState, { status: 'active' }> | null> {
  const claim = await loadClaim(identity, email);
  if (claim.status !== 'claimed') return null;
  const user = await loadUser(identity, claim.userId);
  return user.status === 'active' ? user : null;
}

async function loadClaim(identity: Identity, email: string): Promise<EmailClaimState> {
  const events = await identity.store.readStream(emailClaimStream(email, identity.emailLookupKey));
  return events.reduce(
    (state, e) => emailClaimDecider.evolve(state, e as never),
    emailClaimDecider.initialState,
  );
}

/**
 * Claims the email, then registers the account and mails a verification link. A claim left behind by
 * a sign-up that failed half-way (no account behind it) is released and taken over.
 */
export async function signUp(
  identity: Identity,
  form: SignupRequest,
  context: CommandContext,
  options: { verified?: boolean } = {},
): Promise<{ userId: UserId }> {
  const userId = uuidFromName(`user/${context.commandId}`) as UserId;
  const passwordHash = await hashPassword(form.password);
  const claimStream = emailClaimStream(form.email, identity.emailLookupKey);
  const claim = await loadClaim(identity, form.email);
  if (claim.status === 'claimed' && claim.userId !== userId) {
    const holder = await loadUser(identity, claim.userId);
    if (holder.status === 'none') {
      await handleCommand(
        identity.store,
        claimStream,
        emailClaimDecider,
        { type: 'ReleaseEmail', userId: claim.userId },
        context,
      );
    }
  }
  await handleCommand(
    identity.store,
    claimStream,
    emailClaimDecider,
    { type: 'ClaimEmail', userId },
    context,
  );
  const existing = await loadUser(identity, userId);
  if (existing.status === 'none') {
    await changeUser(
      identity,
      userId,
      {
        type: 'RegisterUser',
        userId,
        email: form.email,
        passwordHash,
        phone: form.phone,
        ...(form.source ? { source: form.source } : {}),
        at: context.now,
      },
      context,
    );
  }
  if (options.verified) {
    await changeUser(
      identity,
      userId,
      { type: 'VerifyEmail' },
      { ...context, commandId: `${context.commandId}/verify` },
    );
  } else {
    await sendVerificationEmail(identity, userId, form.email);
  }
  return { userId };
}

export async function deleteAccount(identity: Identity, userId: string, by: string, context: CommandContext) {
  const user = await loadUser(identity, userId);
  if (user.status !== 'active') return false;
  await changeUser(identity, userId, { type: 'DeleteUser', by }, context);
  await handleCommand(
    identity.store,
    emailClaimStream(user.email, identity.emailLookupKey),
    emailClaimDecider,
    { type: 'ReleaseEmail', userId: user.userId },
    { ...context, commandId: `${context.commandId}/release` },
  );
  await identity.refreshTokens.revokeAllOf(userId);
  // The outbox is operational state holding the address in the clear: it goes with the person.
  await identity.pool.query('delete from mail_outbox where lower(recipient) = lower($1)', [user.email]);
  return true;
}

export { sendPasswordResetEmail, sendVerificationEmail };

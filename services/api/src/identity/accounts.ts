import { type SignupRequest, streamName, type UserId } from '@healthtal/contracts';
import {
  type CommandContext,
  handleCommand,
  handleMultiStreamCommand,
  loadAggregate,
} from '../shared/command-handler';
import { uuidFromName } from '../shared/ids';
import { sendPasswordResetEmail, sendVerificationEmail } from './account-mail';
import {
  EmailAlreadyRegistered,
  type EmailClaimState,
  emailClaimDecider,
  emailClaimStream,
} from './email-claim.decider';
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

export async function loadUser(identity: Pick<Identity, 'store'>, userId: string): Promise<UserState> {
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
  return (
    await loadAggregate(identity.store, emailClaimStream(email, identity.emailLookupKey), emailClaimDecider)
  ).state;
}

/**
 * Registers the account and mails a verification link. The email claim and the account are written
 * in one atomic append (ADR 0017): under any interleaving of sign-ups with one address exactly one
 * account exists, and a claim is never seen without its account. A claim held by an account that
 * is gone (deleted, or a sign-up from before ADR 0017 that failed half-way) is taken over in the
 * same write. Answers the account as its events hold it: a retry of a sign-up that went through
 * answers (and mails) the address that account was created with, whatever the retry carries.
 */
export async function signUp(
  identity: Identity,
  form: SignupRequest,
  context: CommandContext,
  options: { verified?: boolean } = {},
): Promise<{ userId: UserId; email: string }> {
  const userId = uuidFromName(`user/${context.commandId}`) as UserId;
  const passwordHash = await hashPassword(form.password);
  const claimStream = emailClaimStream(form.email, identity.emailLookupKey);
  const accountStream = userStream(userId);
  await handleMultiStreamCommand(
    identity.store,
    [claimStream, accountStream],
    async () => {
      const claim = await loadAggregate(identity.store, claimStream, emailClaimDecider);
      const account = await loadAggregate(identity.store, accountStream, userDecider);
      // A retry of this very sign-up whose write went through: nothing more to write.
      if (account.state.status !== 'none') return { appends: [], result: undefined };
      return {
        appends: [
          {
            streamId: claimStream,
            events: await claimFor(identity, userId, claim.state),
            expectedVersion: claim.expectedVersion,
          },
          {
            streamId: accountStream,
            events: userDecider.decide(
              {
                type: 'RegisterUser',
                userId,
                email: form.email,
                passwordHash,
                phone: form.phone,
                ...(form.source ? { source: form.source } : {}),
                at: context.now,
              },
              account.state,
            ),
            expectedVersion: account.expectedVersion,
          },
        ],
        result: undefined,
      };
    },
    context,
  );
  const account = await loadUser(identity, userId);
  // A retry of a sign-up whose account was deleted in between: that address has had its account.
  if (account.status !== 'active') throw new EmailAlreadyRegistered();
  if (options.verified) {
    await changeUser(
      identity,
      userId,
      { type: 'VerifyEmail' },
      { ...context, commandId: `${context.commandId}/verify` },
    );
  } else if (!account.emailVerified) {
    await sendVerificationEmail(identity, account);
  }
  return { userId, email: account.email };
}

/** The email claim's events for a new account: taken over from an account that is gone, then claimed. */
async function claimFor(identity: Identity, userId: UserId, state: EmailClaimState) {
  const events = [];
  let claimState = state;
  if (claimState.status === 'claimed' && claimState.userId !== userId) {
    const holder = await loadUser(identity, claimState.userId);
    if (holder.status === 'active') throw new EmailAlreadyRegistered();
    const released = emailClaimDecider.decide(
      { type: 'ReleaseEmail', userId: claimState.userId },
      claimState,
    );
    events.push(...released);
    claimState = released.reduce(emailClaimDecider.evolve, claimState);
  }
  events.push(...emailClaimDecider.decide({ type: 'ClaimEmail', userId }, claimState));
  return events;
}

/** Deletes the account and frees its email in one atomic append, so the address can sign up again. */
export async function deleteAccount(identity: Identity, userId: string, by: string, context: CommandContext) {
  const accountStream = userStream(userId);
  const email = await handleMultiStreamCommand(
    identity.store,
    [accountStream],
    async () => {
      const account = await loadAggregate(identity.store, accountStream, userDecider);
      const user = account.state;
      if (user.status !== 'active') return { appends: [], result: null };
      const claimStream = emailClaimStream(user.email, identity.emailLookupKey);
      const claim = await loadAggregate(identity.store, claimStream, emailClaimDecider);
      return {
        appends: [
          {
            streamId: accountStream,
            events: userDecider.decide({ type: 'DeleteUser', by }, user),
            expectedVersion: account.expectedVersion,
          },
          {
            streamId: claimStream,
            events: emailClaimDecider.decide({ type: 'ReleaseEmail', userId: user.userId }, claim.state),
            expectedVersion: claim.expectedVersion,
          },
        ],
        result: user.email,
      };
    },
    context,
  );
  if (email === null) return false;
  await identity.refreshTokens.revokeAllOf(userId);
  // The outbox is operational state holding the address in the clear: it goes with the person.
  await identity.pool.query('delete from mail_outbox where lower(recipient) = lower($1)', [email]);
  return true;
}

export { sendPasswordResetEmail, sendVerificationEmail };

import { RemovalLimits, streamName } from '@healthtal/contracts';
import type { EventStore } from '@healthtal/eventstore';
import type pg from 'pg';
import { hashEmail, suppress, suppressionKey } from '../directory/suppression';
import { MailDeliveryError, type Mailer, secretLink } from '../mail/mailer';
import { optOutClinician } from '../outreach/sequences/opt-out';
import { type CommandContext, handleCommand, toEnvelopes } from '../shared/command-handler';
import {
  assertRemovalTokenUsable,
  type RemovalState,
  RemovalTokenUsed,
  removalRequestDecider,
} from './removal-request.decider';
import { findRemovalSubjects } from './removal-subjects';
import { newRemovalToken, removalIdOf, removalTokenHash } from './removal-tokens';
import { forgetAnswersAbout, forgetMailTo, removalRequestsFor } from './removal-traces';
import { deleteResumeFiles } from './resume-files';

export type RemovalDependencies = {
  pool: pg.Pool;
  store: EventStore;
  mailer: Mailer;
  publicUrl: string;
  /** Deletes a subject's personal-data key (the event store's own, so its cache forgets it too). */
  erasePersonalData: (subject: string) => Promise<void>;
};

const DAY_MS = 86_400_000;
const removalStream = (removalId: string) => streamName('removal', removalId);

/**
 * Mails a confirmation link when the directory or a resume holds the address, and does nothing
 * otherwise: the caller answers the same either way.
 */
export async function requestRemoval(
  deps: RemovalDependencies,
  email: string,
  context: CommandContext,
): Promise<void> {
  const key = await suppressionKey(deps.pool);
  const { erased } = await findRemovalSubjects(deps.pool, key, email);
  if (erased.length === 0) return;
  const token = newRemovalToken();
  const tokenHash = removalTokenHash(token);
  const removalId = removalIdOf(tokenHash);
  await handleCommand(
    deps.store,
    removalStream(removalId),
    removalRequestDecider,
    {
      type: 'RequestRemoval',
      removalId,
      email,
      emailHash: hashEmail(key, email)!,
      tokenHash,
      expiresAt: new Date(context.now.getTime() + RemovalLimits.tokenTtlDays * DAY_MS).toISOString(),
    },
    context,
  );
  await sendConfirmationMail(deps, email, token);
}

async function sendConfirmationMail(deps: RemovalDependencies, email: string, token: string) {
  const url = secretLink(deps.publicUrl, '/confirm-removal', token);
  try {
    await deps.mailer.send({
      kind: 'removal-confirmation',
      to: email,
      subject: 'Confirm the removal of your information from HealthTal',
      text: `Someone asked HealthTal to remove the information it holds about this email address.\n\nTo confirm, open this link and press Confirm removal on the page it opens:\n${url}\n\nThe link works once and expires in ${RemovalLimits.tokenTtlDays} days. Once you confirm, your profile is deleted and will not be added again. If it was not you, ignore this email: nothing changes.`,
    });
  } catch (error) {
    // Same as the account mails: the outbox shows the failure, and the person can ask again.
    if (!(error instanceof MailDeliveryError)) throw error;
  }
}

/**
 * Checks the token and erases every record held under the request's address. Refusals
 * are domain errors with the spec's text. A confirmation interrupted after `RemovalConfirmed` is
 * finished by presenting the token again (which is still refused as used).
 */
export async function confirmRemoval(
  deps: RemovalDependencies,
  token: string,
  context: CommandContext,
): Promise<void> {
  const tokenHash = removalTokenHash(token);
  const removalId = removalIdOf(tokenHash);
  const stream = removalStream(removalId);
  const current = await loadRemoval(deps.store, stream);
  // Looked up now rather than at request time: whoever was imported since is removed too.
  const found =
    current.status === 'requested' && current.email
      ? await findRemovalSubjects(deps.pool, await suppressionKey(deps.pool), current.email)
      : { erased: [], suppressed: [] };
  try {
    const { state } = await handleCommand(
      deps.store,
      stream,
      removalRequestDecider,
      { type: 'ConfirmRemoval', tokenHash, at: context.now.toISOString(), ...found },
      context,
    );
    await eraseSubjects(deps, removalId, state);
  } catch (error) {
    if (error instanceof RemovalTokenUsed)
      await eraseSubjects(deps, removalId, await loadRemoval(deps.store, stream));
    throw error;
  }
}

/**
 * The removal link's other choice (ADR 0068): the same token, checked as a confirmation checks it
 * but not used up, opts every directory record with the request's address out of recruiting email
 * from every customer and stops their sequences; nothing is erased, and the link can still remove.
 */
export async function optOutByRemovalLink(
  deps: RemovalDependencies,
  token: string,
  context: CommandContext,
): Promise<void> {
  const tokenHash = removalTokenHash(token);
  const removalId = removalIdOf(tokenHash);
  const state = await loadRemoval(deps.store, removalStream(removalId));
  assertRemovalTokenUsable(state, tokenHash, context.now.toISOString());
  if (!state.email) return;
  const { erased } = await findRemovalSubjects(deps.pool, await suppressionKey(deps.pool), state.email);
  for (const { subjectId, streamId } of erased)
    if (streamId === streamName('candidate', subjectId))
      await optOutClinician(deps, subjectId, 'removal-page', {
        ...context,
        commandId: `removal-opt-out:${removalId}:${subjectId}`,
      });
}

async function loadRemoval(store: EventStore, stream: string): Promise<RemovalState> {
  const events = await store.readStream(stream);
  return events.reduce(
    (state, event) => removalRequestDecider.evolve(state, event as never),
    removalRequestDecider.initialState,
  );
}

/**
 * Suppression first (an import running meanwhile must not bring anyone back), then a
 * `PersonalDataErased` for each subject (the read models drop them), then their keys (the log can no
 * longer be read back into them) and what older events of theirs kept in the clear (ADR 0044), then
 * the requester's own address in this request and every other one for an address erased, and last
 * the operational state that holds the person (resume files, outbox, kept answers). Every step is idempotent:
 * event ids follow from the removal, and a key or row already gone is nothing to delete.
 */
async function eraseSubjects(deps: RemovalDependencies, removalId: string, state: RemovalState) {
  if (state.status !== 'confirmed') return;
  await suppress(deps.pool, state.suppressed);
  const context: CommandContext = {
    commandId: `removal-erasure:${removalId}`,
    correlationId: `removal-erasure:${removalId}`,
    now: new Date(),
  };
  for (const { subjectId, streamId } of state.erased) {
    const erased = { type: 'PersonalDataErased', data: { subjectId } };
    await deps.store.append(streamId, toEnvelopes(streamId, [erased], context), { expectedVersion: 'any' });
    await eraseKeyAndRows(deps, subjectId, streamId);
  }
  const requests = new Set([removalId, ...(await removalRequestsFor(deps.pool, state.suppressed))]);
  for (const id of requests) await eraseKeyAndRows(deps, id, removalStream(id));
  await deleteResumeFiles(
    deps.pool,
    state.erased.map(({ subjectId }) => subjectId),
  );
  const key = await suppressionKey(deps.pool);
  await forgetMailTo(deps.pool, key, state.suppressed);
  await forgetAnswersAbout(deps.pool, key, state);
}

async function eraseKeyAndRows(deps: RemovalDependencies, subjectId: string, streamId: string) {
  await deps.erasePersonalData(subjectId);
  await deps.store.purgeErasedPersonalData(streamId);
}

import type { RevealCredited, UserId } from '@healthtal/contracts';
import type { EventStore } from '@healthtal/eventstore';
import type { ParsedMail } from 'mailparser';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { findContactDetails } from '../../directory/candidates.queries';
import { candidateStream, emailStatusDecider } from '../../directory/email-status.decider';
import { revealsStream } from '../../directory/reveal';
import { creditReveal } from '../../directory/reveal-quota';
import type { Clock } from '../../shared/clock';
import { type CommandContext, handleCommand, loadAggregate, toEnvelopes } from '../../shared/command-handler';
import { uuidFromName } from '../../shared/ids';
import { type EnrolmentCommand, type EnrolmentState, enrolmentDecider } from './enrolment.decider';
import {
  failedRecipients,
  headerRecipients,
  inboundMessageId,
  isAutomatic,
  isDeliveryReport,
  replyRef,
  replySnippet,
  reportedRef,
  statusBlamesAddress,
  taggedEnrolment,
} from './inbound-parse';
import { enrolmentStream } from './step-sender';

export type InboundDeps = {
  pool: pg.Pool;
  store: EventStore;
  clock: Clock;
  logger: Logger;
  /** The host of our Message-IDs (PUBLIC_URL's): only those are ours to match. */
  host: string;
};

/** One message as the SMTP endpoint received it. */
export type InboundMessage = { raw: Buffer; mail: ParsedMail; envelopeTo: readonly string[] };

/** What became of an inbound message: recorded on an enrolment (once, however often it came), or dropped and why. */
export type InboundOutcome =
  | { kind: 'reply' | 'bounce'; enrolmentId: string }
  | { kind: 'dropped'; reason: string };

const dropped = (reason: string): InboundOutcome => ({ kind: 'dropped', reason });

/**
 * Reads one inbound message (ADR 0068): a delivery report that a step failed for good stops that
 * enrolment (and, when the status blames the address, marks the email invalid for every customer and
 * credits the reveal back); a reply to a step stops it and lands in the owner's reply inbox. Anything
 * else — no step of ours named, an automatic answer, a delay report — is dropped. Every write is keyed
 * by the inbound message's id, so the same message delivered again records nothing twice, and a
 * delivery that failed half-way is finished by the sender's retry.
 */
export async function handleInbound(deps: InboundDeps, message: InboundMessage): Promise<InboundOutcome> {
  const { mail, raw } = message;
  const messageId = inboundMessageId(mail, raw);
  const context: CommandContext = {
    commandId: uuidFromName(`inbound/${messageId}`),
    correlationId: `inbound-${uuidFromName(messageId)}`,
    now: deps.clock.now(),
  };
  if (isDeliveryReport(mail)) return bounce(deps, message, messageId, context);
  if (isAutomatic(mail)) return dropped('an automatic answer (Auto-Submitted), not a reply');
  const ref =
    replyRef(mail, deps.host) ??
    taggedRef(taggedEnrolment([...message.envelopeTo, ...headerRecipients(mail)]));
  if (!ref) return dropped('names none of our messages');
  const enrolment = await enrolmentOf(deps.store, ref.enrolmentId);
  if (enrolment.status === 'none') return dropped('names an enrolment that does not exist');
  // A tagged address says who, not which step: the one sent last. A step not yet sent was not answered.
  const step = ref.step ?? Math.max(0, enrolment.nextStep - 1);
  if (step > enrolment.nextStep) return dropped('answers a step not sent');
  await onEnrolment(deps, ref.enrolmentId, context, {
    type: 'RecordReply',
    enrolmentId: ref.enrolmentId,
    step,
    messageId,
    from: mail.from?.text.slice(0, 998) ?? null,
    subject: mail.subject?.slice(0, 998) ?? null,
    snippet: replySnippet(mail.text),
    receivedAt: context.now,
  });
  return { kind: 'reply', enrolmentId: ref.enrolmentId };
}

/** A tagged address names the enrolment but not the step. */
const taggedRef = (enrolmentId: string | null): { enrolmentId: string; step: number | null } | null =>
  enrolmentId ? { enrolmentId, step: null } : null;

async function bounce(
  deps: InboundDeps,
  message: InboundMessage,
  messageId: string,
  context: CommandContext,
): Promise<InboundOutcome> {
  const failed = failedRecipients(message.mail);
  if (failed.length === 0)
    return dropped('a delivery report of no permanent failure (a delay, or a success)');
  const ref = reportedRef(message.raw, deps.host);
  if (!ref) return dropped('a delivery report about none of our messages');
  const enrolment = await enrolmentOf(deps.store, ref.enrolmentId);
  if (enrolment.status === 'none') return dropped('a delivery report about an enrolment that does not exist');
  // Only the address the directory holds now: a report about an old (changed) or another address is not its.
  const address = (await findContactDetails(deps.pool, enrolment.candidateId))?.email?.trim().toLowerCase();
  const failure = failed.find((recipient) => recipient.address === address);
  if (!failure) return dropped('a delivery report about another address than the candidate’s');
  const addressInvalid = statusBlamesAddress(failure.status);
  await onEnrolment(deps, ref.enrolmentId, context, {
    type: 'RecordBounce',
    enrolmentId: ref.enrolmentId,
    step: ref.step,
    messageId,
    status: failure.status,
    addressInvalid,
    receivedAt: context.now,
  });
  if (addressInvalid) await addressBounced(deps, enrolment, failure.status, context);
  return { kind: 'bounce', enrolmentId: ref.enrolmentId };
}

/**
 * The address is bad: the directory marks it invalid for every customer (the candidate stream's
 * CandidateUpdated), and the recruiter who paid for the reveal gets it back, once per candidate.
 */
async function addressBounced(
  deps: InboundDeps,
  enrolment: Exclude<EnrolmentState, { status: 'none' }>,
  status: string,
  context: CommandContext,
) {
  const { candidateId, ownerId } = enrolment;
  await handleCommand(
    deps.store,
    candidateStream(candidateId),
    emailStatusDecider,
    { type: 'MarkEmailBounced', candidateId, day: context.now.toISOString().slice(0, 10) },
    context,
  );
  // On the wall clock's day, as the quota charges reveals (reveal-quota.ts): the credit is for today.
  await creditReveal(deps.pool, ownerId, candidateId, new Date());
  const credited: z.infer<typeof RevealCredited> = {
    type: 'RevealCredited',
    data: { userId: ownerId as UserId, candidateId, reason: 'email-bounced', status },
  };
  const stream = revealsStream(ownerId);
  // A log like the reveals it follows; its id follows from (user, candidate), so it is written once.
  const once = { ...context, commandId: uuidFromName(`reveal-credit/${ownerId}/${candidateId}`) };
  await deps.store.append(stream, toEnvelopes(stream, [credited], once), { expectedVersion: 'any' });
}

async function enrolmentOf(store: EventStore, enrolmentId: string): Promise<EnrolmentState> {
  return (await loadAggregate(store, enrolmentStream(enrolmentId), enrolmentDecider)).state;
}

async function onEnrolment(
  deps: InboundDeps,
  enrolmentId: string,
  context: CommandContext,
  command: EnrolmentCommand,
): Promise<void> {
  await handleCommand(deps.store, enrolmentStream(enrolmentId), enrolmentDecider, command, context);
}

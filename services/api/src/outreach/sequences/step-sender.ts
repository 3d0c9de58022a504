import { inSendWindow, nextSendTime, stepDueAt, streamName } from '@healthtal/contracts';
import type { EventStore } from '@healthtal/eventstore';
import type pg from 'pg';
import type { Logger } from 'pino';
import { exportRowsOf, toContactDetails } from '../../directory/candidates.queries';
import { toCard } from '../../directory/cards';
import type { Mailer } from '../../mail/mailer';
import { type ApiSettings, sequenceSettingsOf } from '../../settings';
import type { Clock } from '../../shared/clock';
import { type CommandContext, handleCommand, loadAggregate } from '../../shared/command-handler';
import { uuidFromName } from '../../shared/ids';
import { inTransaction } from '../../shared/transaction';
import { contactDecider } from './contact.decider';
import { type EnrolmentCommand, enrolmentDecider } from './enrolment.decider';
import { sequenceDecider } from './sequence.decider';
import { ClinicianOptedOutError, ContactCapReached } from './sequence-errors';
import { replyAddressOf, sequenceMail, stepMessageId, unsubscribeUrlOf } from './sequence-mail';
import { unsubscribeToken } from './unsubscribe-token';

export const enrolmentStream = (enrolmentId: string) => streamName('enrolment', enrolmentId);
export const sequenceStream = (sequenceId: string) => streamName('sequence', sequenceId);
export const contactStream = (candidateId: string) => streamName('contact', candidateId);

export type DeliverySettings = {
  publicUrl: string;
  contactCapPerWeek: number;
  dailySendsPerRecruiter: number;
  postalAddress: string;
  /** With the inbound endpoint on, replies also go to `reply+ENROLMENT@` this domain (ADR 0068). */
  replyDomain: string | null;
};

export const deliverySettings = (settings: ApiSettings): DeliverySettings => ({
  publicUrl: settings.publicUrl,
  ...sequenceSettingsOf(settings),
  replyDomain: settings.inboundSmtp ? new URL(settings.publicUrl).hostname : null,
});

export type StepSenderDeps = {
  pool: pg.Pool;
  store: EventStore;
  mailer: Mailer;
  logger: Logger;
  clock: Clock;
  settings: DeliverySettings;
  unsubscribeKey: Buffer;
};

/** What became of one due step. */
export type StepOutcome = 'sent' | 'already-sent' | 'deferred' | 'stopped' | 'skipped';

/**
 * One step's claim: the row (enrolment, step) of `sequence_sends`, locked for the whole attempt. A
 * second worker (another process, or a retry of an attempt that timed out) waits on the lock and then
 * finds the step sent; a crashed attempt's transaction rolls back and leaves the step to be sent again.
 */
export const sequenceSendMigrations = [
  {
    id: '041-sequence-sends',
    sql: `create table sequence_sends (
      enrolment_id uuid not null,
      step int not null,
      owner_id text,
      status text not null default 'claimed' check (status in ('claimed', 'sent')),
      message_id text,
      sent_at timestamptz,
      primary key (enrolment_id, step)
    );
    create index sequence_sends_owner_day on sequence_sends (owner_id, sent_at) where status = 'sent';`,
  },
  {
    // The daily limit counts slots taken before the send and committed at once (takeDailySlot), not the
    // sends committed: a recruiter's sends no longer wait on each other's SMTP (ADR 0060, amended).
    id: '042-sequence-daily-slots',
    sql: `create table sequence_daily_slots (
      enrolment_id uuid not null,
      step int not null,
      day date not null,
      owner_id text not null,
      primary key (enrolment_id, step, day)
    );
    create index sequence_daily_slots_owner on sequence_daily_slots (owner_id, day);
    drop index sequence_sends_owner_day;`,
  },
] as const;

const nextUtcMidnight = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Sends step `step` of an enrolment if it is still due, exactly once per (enrolment, step) as far as
 * the database can see (ADR 0060): claim → decide on the write side → reserve the clinician's slot →
 * SMTP → record → commit.
 */
export async function sendStep(
  deps: StepSenderDeps,
  enrolmentId: string,
  step: number,
): Promise<StepOutcome> {
  return inTransaction(deps.pool, async (client) => {
    // Inserted, or locked where it is (waiting for the transaction that holds it): one round trip.
    const { rows } = await client.query<{ status: string }>(
      `insert into sequence_sends (enrolment_id, step) values ($1, $2)
       on conflict (enrolment_id, step) do update set step = excluded.step returning status`,
      [enrolmentId, step],
    );
    if (rows[0]?.status === 'sent') return 'already-sent';
    const outcome = await attempt(deps, enrolmentId, step);
    if (outcome.kind !== 'sent') {
      // Nothing went out: the claim goes, so a later due time (after a deferral, a resume) claims
      // again, and so does the day's slot if this attempt took one.
      await client.query(
        `with slot as (delete from sequence_daily_slots where enrolment_id = $1 and step = $2)
         delete from sequence_sends where enrolment_id = $1 and step = $2`,
        [enrolmentId, step],
      );
      return outcome.kind;
    }
    await client.query(
      `update sequence_sends set status = 'sent', owner_id = $3, message_id = $4, sent_at = $5
       where enrolment_id = $1 and step = $2`,
      [enrolmentId, step, outcome.ownerId, outcome.messageId, deps.clock.now()],
    );
    return outcome.already ? 'already-sent' : 'sent';
  });
}

type Attempt =
  | { kind: 'sent'; ownerId: string; messageId: string; already: boolean }
  | { kind: 'deferred' | 'stopped' | 'skipped' };

async function attempt(deps: StepSenderDeps, enrolmentId: string, step: number): Promise<Attempt> {
  const { store, clock, settings } = deps;
  const now = clock.now();
  const context: CommandContext = {
    commandId: uuidFromName(`sequence-step/${enrolmentId}/${step}/${now.toISOString()}`),
    correlationId: `sequence-step-${enrolmentId}`,
    now,
  };
  const onEnrolment = (command: EnrolmentCommand) =>
    handleCommand(store, enrolmentStream(enrolmentId), enrolmentDecider, command, context);

  const { state: enrolment } = await loadAggregate(store, enrolmentStream(enrolmentId), enrolmentDecider);
  if (enrolment.status === 'none') return { kind: 'skipped' };
  const messageId = stepMessageId(enrolmentId, step, settings.publicUrl);
  // Recorded sent by an attempt that died before its commit: the mail server has it already.
  if (enrolment.sent.has(step)) return { kind: 'sent', ownerId: enrolment.ownerId, messageId, already: true };
  if (enrolment.status !== 'active' || enrolment.nextStep !== step) return { kind: 'skipped' };
  const { state: sequence } = await loadAggregate(
    store,
    sequenceStream(enrolment.sequenceId),
    sequenceDecider,
  );
  if (sequence.status !== 'active' || !sequence.steps?.[step]) return { kind: 'skipped' };
  const zone = enrolment.timeZone;
  const defer = async (reason: 'contact-cap' | 'daily-limit' | 'send-window', until: Date) => {
    await onEnrolment({ type: 'DeferStep', enrolmentId, step, reason, until: nextSendTime(until, zone) });
    return { kind: 'deferred' } as const;
  };

  if (!inSendWindow(now, zone)) return defer('send-window', now);
  const slot = { ownerId: enrolment.ownerId, enrolmentId, step, day: utcDay(now) };
  if (!(await takeDailySlot(deps.pool, slot, settings.dailySendsPerRecruiter)))
    return defer('daily-limit', nextUtcMidnight(now));

  const [row] = await exportRowsOf(deps.pool, [enrolment.candidateId]);
  const to = row ? toContactDetails(row).email : null;
  // An address a delivery report found bad (ADR 0068) is no address.
  if (!row || !to || row.email_status === 'invalid') {
    await onEnrolment({ type: 'StopEnrolment', enrolmentId, reason: 'no-address' });
    return { kind: 'stopped' };
  }
  try {
    await handleCommand(
      store,
      contactStream(enrolment.candidateId),
      contactDecider,
      {
        type: 'ReserveContact',
        candidateId: enrolment.candidateId,
        enrolmentId,
        step,
        senderId: enrolment.ownerId,
        now,
        cap: settings.contactCapPerWeek,
      },
      context,
    );
  } catch (error) {
    if (error instanceof ContactCapReached) return defer('contact-cap', error.until);
    if (error instanceof ClinicianOptedOutError) {
      await onEnrolment({ type: 'StopEnrolment', enrolmentId, reason: 'opted-out' });
      return { kind: 'stopped' };
    }
    throw error;
  }

  const card = toCard(row);
  await deps.mailer.send(
    sequenceMail({
      step: sequence.steps[step]!,
      to,
      candidate: {
        Contactfirstname: card.firstName,
        Contactlastname: card.lastName,
        specialty: card.specialty,
        Contacttitle: card.title,
        Companyname: card.organization,
        Contactcity: card.city,
        Contactstate: card.state,
      },
      replyTo: await recruiterAddress(deps.pool, enrolment.ownerId),
      replyAddress: settings.replyDomain ? replyAddressOf(enrolmentId, settings.replyDomain) : null,
      messageId,
      unsubscribeUrl: unsubscribeUrlOf(
        settings.publicUrl,
        unsubscribeToken(deps.unsubscribeKey, enrolment.candidateId),
      ),
      postalAddress: settings.postalAddress,
    }),
  );
  const following = sequence.steps[step + 1];
  const nextDueAt = following ? stepDueAt(now, following.waitBusinessDays, zone) : null;
  await onEnrolment({ type: 'RecordStepSent', enrolmentId, step, messageId, nextDueAt });
  return { kind: 'sent', ownerId: enrolment.ownerId, messageId, already: false };
}

async function recruiterAddress(pool: pg.Pool, userId: string): Promise<string | null> {
  const { rows } = await pool.query<{ email: string | null }>('select email from users where id::text = $1', [
    userId,
  ]);
  return rows[0]?.email ?? null;
}

/**
 * Takes one of the recruiter's sends of the day (UTC) for this step, or finds the one it took before
 * (an attempt that died after taking it): committed at once, under a per-recruiter lock held for this
 * statement alone, so two workers cannot both take the day's last one and neither waits for the
 * other's SMTP. A slot counts when it is taken: a send that then fails for good still counts, as a
 * contact slot does (ADR 0061). False when the day's sends are all taken.
 */
async function takeDailySlot(
  pool: pg.Pool,
  slot: { ownerId: string; enrolmentId: string; step: number; day: string },
  limit: number,
): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    await client.query(`select pg_advisory_xact_lock(hashtext('sequence-daily:' || $1))`, [slot.ownerId]);
    const { rows } = await client.query<{ granted: boolean }>(
      `with own as (select 1 from sequence_daily_slots where enrolment_id = $2 and step = $3 and day = $4),
            taken as (
              insert into sequence_daily_slots (enrolment_id, step, day, owner_id)
              select $2, $3, $4, $1
              where not exists (select 1 from own)
                and (select count(*) from sequence_daily_slots where owner_id = $1 and day = $4) < $5
              returning 1)
       select exists (select 1 from own) or exists (select 1 from taken) as granted`,
      [slot.ownerId, slot.enrolmentId, slot.step, slot.day, limit],
    );
    return rows[0]!.granted;
  });
}

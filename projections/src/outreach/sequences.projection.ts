import type { EnrolmentStatus, OptOutVia } from '@healthtal/contracts';
import { defineProjection } from '../runtime';

/** A `sequences` row as node-postgres returns it. `steps` is null once the owner is erased. */
export type SequencesTable = {
  id: string;
  owner_id: string;
  name: string;
  steps: { subject: string; body: string; waitBusinessDays: number }[] | null;
  status: 'active' | 'paused';
  created_at: Date;
};

/** A `sequence_enrolments` row: one recipient of one sequence and where they are. */
export type SequenceEnrolmentsTable = {
  enrolment_id: string;
  sequence_id: string;
  owner_id: string;
  candidate_id: string;
  status: EnrolmentStatus;
  steps_sent: number;
  next_step: number | null;
  next_due_at: Date | null;
  waiting_reason: 'contact-cap' | 'daily-limit' | 'send-window' | null;
  enrolled_at: Date;
};

/** A `sequence_messages` row: a step handed to the mail server (a recipient's history). */
export type SequenceMessagesTable = {
  enrolment_id: string;
  step: number;
  message_id: string;
  sent_at: Date;
};

/** A `sequence_replies` row: one inbound reply to a sequence email (the owner's reply inbox). */
export type SequenceRepliesTable = {
  id: string;
  enrolment_id: string;
  sequence_id: string;
  owner_id: string;
  candidate_id: string;
  step: number;
  message_id: string;
  from_address: string | null;
  subject: string | null;
  snippet: string | null;
  received_at: Date;
};

/** A clinician who opted out of recruiting email from every customer, and how they asked. */
export type ClinicianOptOutsTable = {
  candidate_id: string;
  opted_out_at: Date;
  via: OptOutVia;
};

/**
 * Sequences, their recipients' progress and history, and clinicians' global opt-outs. The
 * scheduler reads `next_due_at` of active enrolments to find the steps that are due (the write side
 * decides again before anything is sent, so a read model behind only delays a step).
 */
export const sequencesProjection = defineProjection({
  name: 'sequences',
  // 2: an opt-out keeps how it was asked for (`via`), for the console's Outreach screen; replies
  // (sequence_replies) and bounces (issue 36, ADR 0068).
  version: 2,
  tables: ['sequences', 'sequence_enrolments', 'sequence_messages', 'sequence_replies', 'clinician_opt_outs'],
  createSql: `
    create table sequences (
      id uuid primary key,
      owner_id text not null,
      name text not null,
      steps jsonb,
      status text not null,
      created_at timestamptz not null
    );
    create index sequences_owner on sequences (owner_id, created_at desc);
    create table sequence_enrolments (
      enrolment_id uuid primary key,
      sequence_id uuid not null,
      owner_id text not null,
      candidate_id uuid not null,
      status text not null,
      steps_sent int not null default 0,
      next_step int,
      next_due_at timestamptz,
      waiting_reason text,
      enrolled_at timestamptz not null
    );
    create index sequence_enrolments_due on sequence_enrolments (next_due_at) where status = 'active';
    create index sequence_enrolments_sequence on sequence_enrolments (sequence_id);
    create index sequence_enrolments_candidate on sequence_enrolments (candidate_id);
    create table sequence_messages (
      enrolment_id uuid not null,
      step int not null,
      message_id text not null,
      sent_at timestamptz not null,
      primary key (enrolment_id, step)
    );
    create table sequence_replies (
      id uuid primary key,
      enrolment_id uuid not null,
      sequence_id uuid not null,
      owner_id text not null,
      candidate_id uuid not null,
      step int not null,
      message_id text not null,
      from_address text,
      subject text,
      snippet text,
      received_at timestamptz not null,
      unique (enrolment_id, message_id)
    );
    create index sequence_replies_owner on sequence_replies (owner_id, received_at desc, id);
    create table clinician_opt_outs (
      candidate_id uuid primary key,
      opted_out_at timestamptz not null,
      via text not null
    );
    create index clinician_opt_outs_at on clinician_opt_outs (opted_out_at desc);
  `,
  on: {
    async SequenceCreated(client, { data: d, metadata }) {
      await client.query(
        `insert into sequences (id, owner_id, name, steps, status, created_at)
         values ($1, $2, $3, $4, 'active', $5) on conflict (id) do nothing`,
        [
          d.sequenceId,
          d.ownerId,
          d.name,
          d.steps === null ? null : JSON.stringify(d.steps),
          metadata.occurredAt,
        ],
      );
    },
    async SequenceEdited(client, { data: d }) {
      await client.query('update sequences set name = $2, steps = $3 where id = $1', [
        d.sequenceId,
        d.name,
        d.steps === null ? null : JSON.stringify(d.steps),
      ]);
    },
    async SequencePaused(client, { data }) {
      await client.query(`update sequences set status = 'paused' where id = $1`, [data.sequenceId]);
    },
    async SequenceResumed(client, { data }) {
      await client.query(`update sequences set status = 'active' where id = $1`, [data.sequenceId]);
    },
    async RecipientEnrolled(client, { data: d, metadata }) {
      await client.query(
        `insert into sequence_enrolments
           (enrolment_id, sequence_id, owner_id, candidate_id, status, next_step, next_due_at, enrolled_at)
         values ($1, $2, $3, $4, 'active', 0, $5, $6) on conflict (enrolment_id) do nothing`,
        [d.enrolmentId, d.sequenceId, d.ownerId, d.candidateId, d.firstDueAt, metadata.occurredAt],
      );
    },
    async SequenceStepSent(client, { data: d, metadata }) {
      const inserted = await client.query(
        `insert into sequence_messages (enrolment_id, step, message_id, sent_at) values ($1, $2, $3, $4)
         on conflict do nothing`,
        [d.enrolmentId, d.step, d.messageId, metadata.occurredAt],
      );
      if (inserted.rowCount === 0) return;
      await client.query(
        `update sequence_enrolments set steps_sent = steps_sent + 1, waiting_reason = null,
           next_step = case when $3::timestamptz is null then null else $2::int + 1 end, next_due_at = $3,
           status = case when $3::timestamptz is null and status = 'active' then 'completed' else status end
         where enrolment_id = $1`,
        [d.enrolmentId, d.step, d.nextDueAt],
      );
    },
    async SequenceStepDeferred(client, { data: d }) {
      await client.query(
        `update sequence_enrolments set next_due_at = $2, waiting_reason = $3
         where enrolment_id = $1 and status = 'active'`,
        [d.enrolmentId, d.until, d.reason],
      );
    },
    async RecipientRemoved(client, { data }) {
      await client.query(
        `update sequence_enrolments set status = 'removed', next_due_at = null, waiting_reason = null
         where enrolment_id = $1`,
        [data.enrolmentId],
      );
    },
    async EnrolmentStopped(client, { data }) {
      await client.query(
        `update sequence_enrolments set status = $2, next_due_at = null, waiting_reason = null
         where enrolment_id = $1 and status = 'active'`,
        [data.enrolmentId, data.reason === 'opted-out' ? 'opted-out' : 'stopped'],
      );
    },
    async SequenceReplyReceived(client, { data: d, metadata }) {
      await client.query(
        `insert into sequence_replies (id, enrolment_id, sequence_id, owner_id, candidate_id, step, message_id,
           from_address, subject, snippet, received_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict do nothing`,
        [
          metadata.eventId,
          d.enrolmentId,
          d.sequenceId,
          d.ownerId,
          d.candidateId,
          d.step,
          d.messageId,
          d.from,
          d.subject,
          d.snippet,
          d.receivedAt,
        ],
      );
      // As the enrolment decider: a recipient still mailed, done, or bounced (from another address) replied.
      await client.query(
        `update sequence_enrolments set status = 'replied', next_due_at = null, waiting_reason = null
         where enrolment_id = $1 and status in ('active', 'completed', 'bounced')`,
        [d.enrolmentId],
      );
    },
    async SequenceEmailBounced(client, { data: d }) {
      await client.query(
        `update sequence_enrolments set status = 'bounced', next_due_at = null, waiting_reason = null
         where enrolment_id = $1 and status in ('active', 'completed')`,
        [d.enrolmentId],
      );
    },
    async ClinicianOptedOut(client, { data, metadata }) {
      await client.query(
        `insert into clinician_opt_outs (candidate_id, opted_out_at, via) values ($1, $2, $3)
         on conflict do nothing`,
        [data.candidateId, metadata.occurredAt, data.via],
      );
    },
    async PersonalDataErased(client, { data }) {
      // An erased recruiter's sequences and recipients go with them; an erased clinician's enrolments too.
      await client.query('delete from sequences where owner_id = $1', [data.subjectId]);
      await client.query('delete from sequence_replies where owner_id = $1 or candidate_id::text = $1', [
        data.subjectId,
      ]);
      await client.query(
        `delete from sequence_messages where enrolment_id in
           (select enrolment_id from sequence_enrolments where owner_id = $1 or candidate_id::text = $1)`,
        [data.subjectId],
      );
      await client.query('delete from sequence_enrolments where owner_id = $1 or candidate_id::text = $1', [
        data.subjectId,
      ]);
    },
  },
});

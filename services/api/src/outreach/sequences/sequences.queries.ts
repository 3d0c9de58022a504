import {
  type EnrolmentView,
  type ReplyView,
  SequenceMessages,
  type SequenceProgress,
  type SequenceView,
} from '@healthtal/contracts';
import type { SequenceEnrolmentsTable, SequenceRepliesTable, SequencesTable } from '@healthtal/projections';
import type pg from 'pg';

type ProgressRow = { [K in Exclude<keyof SequenceProgress, 'waitingOnCapUntil'>]: number } & {
  waitingOnCapUntil: Date | null;
};
const PROGRESS = `
  count(e.enrolment_id)::int as enrolled,
  coalesce(sum(e.steps_sent), 0)::int as sent,
  count(*) filter (where e.status = 'completed')::int as completed,
  count(*) filter (where e.status = 'active' and e.waiting_reason = 'contact-cap')::int as "waitingOnCap",
  min(e.next_due_at) filter (where e.status = 'active' and e.waiting_reason = 'contact-cap') as "waitingOnCapUntil",
  count(*) filter (where e.status = 'opted-out')::int as unsubscribed,
  count(*) filter (where e.status = 'removed')::int as removed,
  count(*) filter (where e.status = 'replied')::int as replied,
  count(*) filter (where e.status = 'bounced')::int as bounced`;

const toView = (row: SequencesTable & ProgressRow): SequenceView => ({
  id: row.id,
  name: row.name,
  status: row.status,
  steps: row.steps ?? [],
  createdAt: row.created_at.toISOString(),
  progress: {
    enrolled: row.enrolled,
    sent: row.sent,
    completed: row.completed,
    waitingOnCap: row.waitingOnCap,
    waitingOnCapUntil: row.waitingOnCapUntil?.toISOString() ?? null,
    unsubscribed: row.unsubscribed,
    removed: row.removed,
    replied: row.replied,
    bounced: row.bounced,
  },
});

/** The owner's sequences with their progress, newest first; `id` narrows it to one. */
export async function sequencesOf(pool: pg.Pool, ownerId: string, id?: string): Promise<SequenceView[]> {
  const { rows } = await pool.query<SequencesTable & ProgressRow>(
    `select s.*, ${PROGRESS} from sequences s left join sequence_enrolments e on e.sequence_id = s.id
     where s.owner_id = $1 and ($2::uuid is null or s.id = $2)
     group by s.id order by s.created_at desc, s.id`,
    [ownerId, id ?? null],
  );
  return rows.map(toView);
}

type EnrolmentRow = SequenceEnrolmentsTable & {
  opted_out: boolean;
  history: { step: number; sent_at: string; message_id: string }[];
};

const waitingText = (row: SequenceEnrolmentsTable): string | null => {
  if (row.status !== 'active' || !row.next_due_at) return null;
  const until = row.next_due_at.toISOString();
  if (row.waiting_reason === 'contact-cap') return SequenceMessages.waitingOnCap(until);
  if (row.waiting_reason === 'daily-limit') return SequenceMessages.waitingOnDailyLimit(until);
  return null;
};

/**
 * Recipients and each one's history: a sequence's (`sequenceId`), or one candidate's in every sequence
 * of this owner (`candidateId`).
 */
export async function enrolmentsOf(
  pool: pg.Pool,
  where: { ownerId: string; sequenceId?: string; candidateId?: string },
): Promise<EnrolmentView[]> {
  const { rows } = await pool.query<EnrolmentRow>(
    `select e.*, exists (select 1 from clinician_opt_outs o where o.candidate_id = e.candidate_id) as opted_out,
       coalesce((select json_agg(json_build_object('step', m.step, 'sent_at', m.sent_at, 'message_id', m.message_id)
                 order by m.step) from sequence_messages m where m.enrolment_id = e.enrolment_id), '[]') as history
     from sequence_enrolments e
     where e.owner_id = $1 and ($2::uuid is null or e.sequence_id = $2) and ($3::uuid is null or e.candidate_id = $3)
     order by e.enrolled_at, e.enrolment_id`,
    [where.ownerId, where.sequenceId ?? null, where.candidateId ?? null],
  );
  return rows.map((row) => ({
    enrolmentId: row.enrolment_id,
    sequenceId: row.sequence_id,
    candidateId: row.candidate_id,
    status: row.status,
    stepsSent: row.steps_sent,
    nextStep: row.status === 'active' ? row.next_step : null,
    nextDueAt: row.status === 'active' ? (row.next_due_at?.toISOString() ?? null) : null,
    waiting: waitingText(row),
    optOut: row.opted_out ? SequenceMessages.optedOut : null,
    history: row.history.map((sent) => ({
      step: sent.step,
      sentAt: new Date(sent.sent_at).toISOString(),
      messageId: sent.message_id,
    })),
  }));
}

/** The owner's replies, newest first, with the sequence's name and the candidate's (null once erased). */
export async function repliesOf(
  pool: pg.Pool,
  ownerId: string,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ replies: ReplyView[]; count: number }> {
  const [page, count] = await Promise.all([
    pool.query<
      SequenceRepliesTable & { sequence_name: string; first_name: string | null; last_name: string | null }
    >(
      `select r.*, s.name as sequence_name, d.first_name, d.last_name
       from sequence_replies r join sequences s on s.id = r.sequence_id
         left join directory_candidates d on d.id = r.candidate_id
       where r.owner_id = $1 order by r.received_at desc, r.id offset $2 limit $3`,
      [ownerId, offset, limit],
    ),
    pool.query<{ n: number }>('select count(*)::int as n from sequence_replies where owner_id = $1', [
      ownerId,
    ]),
  ]);
  const replies = page.rows.map((row) => ({
    id: row.id,
    enrolmentId: row.enrolment_id,
    sequenceId: row.sequence_id,
    sequenceName: row.sequence_name,
    candidateId: row.candidate_id,
    candidateName: [row.first_name, row.last_name].filter(Boolean).join(' ') || null,
    step: row.step,
    from: row.from_address,
    subject: row.subject,
    snippet: row.snippet,
    receivedAt: row.received_at.toISOString(),
  }));
  return { replies, count: count.rows[0]!.n };
}

export type Recipient = { candidateId: string; state: string | null };

/**
 * Which of these candidates the recruiter may mail, as Send Email does: those whose contact they
 * revealed (their activity's reveals) and that the directory has an email for, not marked invalid (a
 * bounce, ADR 0068); the rest by reason.
 */
export async function sendableRecipients(
  pool: pg.Pool,
  userId: string,
  candidateIds: readonly string[],
): Promise<{ sendable: Recipient[]; notRevealed: number; noEmail: number; optedOut: number }> {
  const { rows } = await pool.query<{
    id: string;
    state: string | null;
    revealed: boolean;
    has_email: boolean;
    opted_out: boolean;
  }>(
    `select c.id, c.state,
       exists (select 1 from user_activity a where a.user_id = $1 and a.kind = 'reveal' and a.candidate_id = c.id) as revealed,
       coalesce(k.personal_email, k.work_email) is not null and c.email_status is distinct from 'invalid' as has_email,
       exists (select 1 from clinician_opt_outs o where o.candidate_id = c.id) as opted_out
     from directory_candidates c left join directory_contacts k on k.candidate_id = c.id
     where c.id = any($2::uuid[])`,
    [userId, [...new Set(candidateIds)]],
  );
  const sendable: Recipient[] = [];
  let notRevealed = candidateIds.length - rows.length;
  let noEmail = 0;
  let optedOut = 0;
  for (const row of rows) {
    if (!row.revealed) notRevealed++;
    else if (!row.has_email) noEmail++;
    else if (row.opted_out) optedOut++;
    else sendable.push({ candidateId: row.id, state: row.state });
  }
  return { sendable, notRevealed, noEmail, optedOut };
}

import type {
  AdminFilter,
  AdminSortField,
  ClinicianOptOutRow,
  ContactedCandidate,
  OutreachSenderRow,
} from '@healthtal/contracts';
import type { ClinicianOptOutsTable } from '@healthtal/projections';
import type pg from 'pg';
import { containsPattern } from '../../http/admin-list';
import type { AdminListPage } from '../../http/admin-resource';

/**
 * Of these candidates, those the owner mailed through a sequence (their last message's time) or
 * who opted out of recruiting email from everyone; the others are left out.
 */
export async function contactedBy(
  pool: pg.Pool,
  ownerId: string,
  candidateIds: readonly string[],
): Promise<ContactedCandidate[]> {
  const { rows } = await pool.query<{ id: string; last_sent_at: Date | null; opted_out: boolean }>(
    `select c.id,
       (select max(m.sent_at) from sequence_enrolments e
          join sequence_messages m on m.enrolment_id = e.enrolment_id
        where e.candidate_id = c.id and e.owner_id = $1) as last_sent_at,
       exists (select 1 from clinician_opt_outs o where o.candidate_id = c.id) as opted_out
     from unnest($2::uuid[]) as c(id)`,
    [ownerId, candidateIds],
  );
  return rows
    .filter((row) => row.last_sent_at !== null || row.opted_out)
    .map((row) => ({
      candidateId: row.id,
      lastContactedAt: row.last_sent_at?.toISOString() ?? null,
      optedOut: row.opted_out,
    }));
}

type OptOutRow = ClinicianOptOutsTable & { name: string | null };

const OPT_OUT_SORT = {
  id: 'o.candidate_id',
  optedOutAt: 'o.opted_out_at',
  name: 'name',
  via: 'o.via',
} as const satisfies Record<AdminSortField<'clinician-opt-outs'>, string>;

const OPT_OUTS = `select o.*, nullif(concat_ws(' ', c.first_name, c.last_name), '') as name
  from clinician_opt_outs o left join directory_candidates c on c.id = o.candidate_id`;
const OPT_OUTS_MATCH = `($1::text is null or concat_ws(' ', c.first_name, c.last_name) ilike $1)
  and ($2::text is null or o.via = $2) and ($3::uuid[] is null or o.candidate_id = any($3))`;

const optOutRowOf = (row: OptOutRow): ClinicianOptOutRow => ({
  id: row.candidate_id,
  name: row.name,
  optedOutAt: row.opted_out_at.toISOString(),
  via: row.via,
});

/** The console's global opt-outs, newest first unless sorted otherwise. */
export async function listOptOuts(
  pool: pg.Pool,
  page: AdminListPage<'clinician-opt-outs'>,
  filter: AdminFilter<'clinician-opt-outs'>,
): Promise<{ rows: ClinicianOptOutRow[]; total: number }> {
  const [field, order] = page.sort ?? ['optedOutAt', 'DESC'];
  const direction = order === 'ASC' ? 'asc' : 'desc';
  const params = [
    filter.q === undefined ? null : containsPattern(filter.q),
    filter.via ?? null,
    filter.id ?? null,
  ];
  const [list, count] = await Promise.all([
    pool.query<OptOutRow>(
      `${OPT_OUTS} where ${OPT_OUTS_MATCH}
       order by ${OPT_OUT_SORT[field]} ${direction} nulls last, o.candidate_id ${direction} offset $4 limit $5`,
      [...params, page.offset, page.limit],
    ),
    pool.query<{ n: number }>(
      `select count(*)::int as n from clinician_opt_outs o left join directory_candidates c on c.id = o.candidate_id
       where ${OPT_OUTS_MATCH}`,
      params,
    ),
  ]);
  return { rows: list.rows.map(optOutRowOf), total: count.rows[0]!.n };
}

export async function findOptOut(pool: pg.Pool, candidateId: string): Promise<ClinicianOptOutRow | null> {
  const { rows } = await pool.query<OptOutRow>(`${OPT_OUTS} where o.candidate_id = $1`, [candidateId]);
  return rows[0] ? optOutRowOf(rows[0]) : null;
}

type SenderRow = {
  owner_id: string;
  email: string | null;
  sequences: number;
  enrolled: number;
  sent: number;
  waiting_on_cap: number;
  last_sent_at: Date | null;
};

const SENDER_SORT = {
  id: 's.owner_id collate "C"',
  email: 'u.email',
  sequences: 's.sequences',
  enrolled: 's.enrolled',
  sent: 's.sent',
  waitingOnCap: 's.waiting_on_cap',
  lastSentAt: 's.last_sent_at',
} as const satisfies Record<AdminSortField<'outreach-senders'>, string>;

/** Each owner of a sequence, with their recipients' counts (the sequences read model, by owner). */
const SENDERS = `with s as (
    select q.owner_id, count(distinct q.id)::int as sequences, count(e.enrolment_id)::int as enrolled,
      coalesce(sum(e.steps_sent), 0)::int as sent,
      (count(*) filter (where e.status = 'active' and e.waiting_reason = 'contact-cap'))::int as waiting_on_cap,
      (select max(m.sent_at) from sequence_enrolments me join sequence_messages m on m.enrolment_id = me.enrolment_id
        where me.owner_id = q.owner_id) as last_sent_at
    from sequences q left join sequence_enrolments e on e.sequence_id = q.id
    group by q.owner_id
  )
  select s.*, u.email from s left join users u on u.id::text = s.owner_id`;
const SENDERS_MATCH = `($1::text is null or u.email ilike $1) and ($2::text[] is null or s.owner_id = any($2))`;

const senderRowOf = (row: SenderRow): OutreachSenderRow => ({
  id: row.owner_id,
  email: row.email,
  sequences: row.sequences,
  enrolled: row.enrolled,
  sent: row.sent,
  waitingOnCap: row.waiting_on_cap,
  lastSentAt: row.last_sent_at?.toISOString() ?? null,
});

/** The console's senders, those who sent the most first unless sorted otherwise. */
export async function listSenders(
  pool: pg.Pool,
  page: AdminListPage<'outreach-senders'>,
  filter: AdminFilter<'outreach-senders'>,
): Promise<{ rows: OutreachSenderRow[]; total: number }> {
  const [field, order] = page.sort ?? ['sent', 'DESC'];
  const direction = order === 'ASC' ? 'asc' : 'desc';
  const params = [filter.q === undefined ? null : containsPattern(filter.q), filter.id ?? null];
  const [list, count] = await Promise.all([
    pool.query<SenderRow>(
      `${SENDERS} where ${SENDERS_MATCH}
       order by ${SENDER_SORT[field]} ${direction} nulls last, s.owner_id ${direction} offset $3 limit $4`,
      [...params, page.offset, page.limit],
    ),
    pool.query<{ n: number }>(`select count(*)::int as n from (${SENDERS} where ${SENDERS_MATCH}) t`, params),
  ]);
  return { rows: list.rows.map(senderRowOf), total: count.rows[0]!.n };
}

export async function findSender(pool: pg.Pool, ownerId: string): Promise<OutreachSenderRow | null> {
  const { rows } = await pool.query<SenderRow>(`${SENDERS} where s.owner_id = $1`, [ownerId]);
  return rows[0] ? senderRowOf(rows[0]) : null;
}

import type { AdminFilter, AdminSortField, MailOutboxRow } from '@healthtal/contracts';
import type pg from 'pg';
import { containsPattern } from '../http/admin-list';
import type { AdminListPage } from '../http/admin-resource';
import { withoutLinkTokens } from './mailer';

const SORT_COLUMNS = {
  id: 'id',
  createdAt: 'created_at',
  recipient: 'recipient',
  kind: 'kind',
} as const satisfies Record<AdminSortField<'mail-outbox'>, string>;

type Row = {
  id: string;
  recipient: string;
  subject: string;
  kind: MailOutboxRow['kind'];
  body_text: string;
  status: MailOutboxRow['status'];
  transport: MailOutboxRow['transport'];
  created_at: Date;
  sent_at: Date | null;
  error: string | null;
};

const COLUMNS = 'id, recipient, subject, kind, body_text, status, transport, created_at, sent_at, error';

const MATCHES = `($1::text is null or recipient ilike $1 or subject ilike $1)
  and ($2::text is null or kind = $2)
  and ($3::text is null or status = $3)
  and ($4::bigint[] is null or id = any($4))`;

const toRow = (row: Row): MailOutboxRow => ({
  id: Number(row.id),
  recipient: row.recipient,
  subject: row.subject,
  kind: row.kind,
  // Admins read what was sent, never the links that act for its recipient (issue 32).
  text: withoutLinkTokens(row.body_text),
  status: row.status,
  transport: row.transport,
  createdAt: row.created_at.toISOString(),
  sentAt: row.sent_at?.toISOString() ?? null,
  error: row.error,
});

/** Newest first by default; `q` matches the recipient or the subject, case-insensitively. */
export async function listMailOutbox(
  pool: pg.Pool,
  page: AdminListPage<'mail-outbox'>,
  filter: AdminFilter<'mail-outbox'>,
): Promise<{ rows: MailOutboxRow[]; total: number }> {
  const [field, order] = page.sort ?? ['createdAt', 'DESC'];
  const direction = order === 'ASC' ? 'asc' : 'desc';
  const params = [
    filter.q === undefined ? null : containsPattern(filter.q),
    filter.kind ?? null,
    filter.status ?? null,
    filter.id ?? null,
  ];
  const [list, count] = await Promise.all([
    pool.query<Row>(
      `select ${COLUMNS} from mail_outbox where ${MATCHES}
       order by ${SORT_COLUMNS[field]} ${direction}, id ${direction}
       offset $5 limit $6`,
      [...params, page.offset, page.limit],
    ),
    pool.query<{ n: string }>(`select count(*) as n from mail_outbox where ${MATCHES}`, params),
  ]);
  return { rows: list.rows.map(toRow), total: Number(count.rows[0]!.n) };
}

export async function findMail(pool: pg.Pool, id: number): Promise<MailOutboxRow | null> {
  const { rows } = await pool.query<Row>(`select ${COLUMNS} from mail_outbox where id = $1`, [id]);
  return rows[0] ? toRow(rows[0]) : null;
}

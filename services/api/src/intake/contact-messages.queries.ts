import type { AdminFilter, AdminSortField, ContactMessageRow } from '@healthtal/contracts';
import type { ContactMessagesTable } from '@healthtal/projections';
import type pg from 'pg';
import { containsPattern } from '../http/admin-list';
import type { AdminListPage } from '../http/admin-resource';

const SORT_COLUMNS = {
  id: 'id',
  receivedAt: 'received_at',
  name: 'name',
  email: 'email',
  subject: 'subject',
} as const satisfies Record<AdminSortField<'contact-messages'>, string>;

type Row = Pick<
  ContactMessagesTable,
  'id' | 'name' | 'email' | 'phone' | 'subject' | 'message' | 'received_at'
>;

const MATCHES = `($1::text is null or name ilike $1 or email ilike $1 or subject ilike $1)
  and ($2::uuid[] is null or id = any($2::uuid[]))`;

/** Newest first by default; `q` matches name, email or subject, case-insensitively. */
export async function listContactMessages(
  pool: pg.Pool,
  page: AdminListPage<'contact-messages'>,
  filter: AdminFilter<'contact-messages'>,
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const [field, order] = page.sort ?? ['receivedAt', 'DESC'];
  const params = [filter.q === undefined ? null : containsPattern(filter.q), filter.id ?? null];
  const [list, count] = await Promise.all([
    pool.query<Row>(
      `select id, name, email, phone, subject, message, received_at from contact_messages
       where ${MATCHES}
       order by ${SORT_COLUMNS[field]} ${order === 'ASC' ? 'asc' : 'desc'}, id
       offset $3 limit $4`,
      [...params, page.offset, page.limit],
    ),
    pool.query<{ n: string }>(`select count(*) as n from contact_messages where ${MATCHES}`, params),
  ]);
  return {
    rows: list.rows.map(({ received_at, ...row }) => ({ ...row, receivedAt: received_at.toISOString() })),
    total: Number(count.rows[0]!.n),
  };
}

export async function findContactMessage(pool: pg.Pool, id: string): Promise<ContactMessageRow | null> {
  const { rows } = await pool.query<Row>(
    'select id, name, email, phone, subject, message, received_at from contact_messages where id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const { received_at, ...rest } = row;
  return { ...rest, receivedAt: received_at.toISOString() };
}

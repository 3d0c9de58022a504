import { AdminIdFilter, type ContactMessageRow } from '@healthtal/contracts';
import type { ContactMessagesTable } from '@healthtal/projections';
import type pg from 'pg';
import { z } from 'zod';
import { parseAdminFilter } from '../http/admin-filter';
import { type AdminPage, containsPattern, sortFields } from '../http/admin-list';

const SORT_COLUMNS = {
  id: 'id',
  receivedAt: 'received_at',
  name: 'name',
  email: 'email',
  subject: 'subject',
} as const;
export type ContactMessageSort = keyof typeof SORT_COLUMNS;
export const contactMessageSortFields = sortFields(SORT_COLUMNS);

/** The console's search box (q), and react-admin's getMany (id). */
export const ContactMessageFilter = z.object({
  q: z.string().max(320).optional(),
  id: AdminIdFilter(z.uuid()).optional(),
});

type Row = Pick<
  ContactMessagesTable,
  'id' | 'name' | 'email' | 'phone' | 'subject' | 'message' | 'received_at'
>;

const MATCHES = `($1::text is null or name ilike $1 or email ilike $1 or subject ilike $1)
  and ($2::uuid[] is null or id = any($2::uuid[]))`;

/** Newest first by default; `q` matches name, email or subject, case-insensitively. */
export async function listContactMessages(
  pool: pg.Pool,
  page: AdminPage<ContactMessageSort>,
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const [field, order] = page.sort ?? ['receivedAt', 'DESC'];
  const filter = parseAdminFilter(ContactMessageFilter, page.filter);
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

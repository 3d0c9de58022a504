import { type AdminFilter, type AdminSortField, PLANS, type RefundRequestRow } from '@healthtal/contracts';
import type { LeftJoined, RefundRequestsTable, SubscriptionsTable, UsersTable } from '@healthtal/projections';
import type pg from 'pg';
import type { AdminListPage } from '../http/admin-resource';

const SORT_COLUMNS = {
  id: 'id',
  email: 'email',
  status: 'status',
  requestedAt: 'requested_at',
  decidedAt: 'decided_at',
  purchasedAt: 'purchased_at',
  refundedAt: 'refunded_at',
} as const satisfies Record<AdminSortField<'refund-requests'>, string>;

/** The request beside its customer's address and plan (the users and subscriptions read models). */
const ROWS = `
  select r.id, u.email, r.status, r.reason, s.price_id, s.first_purchased_at as purchased_at, r.requested_at,
    r.decided_at, r.decided_by, r.rejection_reason, r.refunded_amount, r.refunded_at
  from refund_requests r
  left join users u on u.id = r.id
  left join subscriptions s on s.user_id = r.id`;

const MATCHES = `($1::text is null or status = $1) and ($2::uuid[] is null or id = any($2::uuid[]))`;

type Row = Pick<
  RefundRequestsTable,
  | 'id'
  | 'status'
  | 'reason'
  | 'requested_at'
  | 'decided_at'
  | 'decided_by'
  | 'rejection_reason'
  | 'refunded_amount'
  | 'refunded_at'
> &
  LeftJoined<Pick<UsersTable, 'email'>> &
  LeftJoined<Pick<SubscriptionsTable, 'price_id'>> & {
    // s.first_purchased_at as purchased_at, through the left join
    purchased_at: Date | null;
  };

const toRow = (row: Row): RefundRequestRow => ({
  id: row.id,
  email: row.email,
  status: row.status,
  reason: row.reason,
  planName: row.price_id ? PLANS[row.price_id].name : null,
  purchasedAt: row.purchased_at?.toISOString() ?? null,
  requestedAt: row.requested_at.toISOString(),
  decidedAt: row.decided_at?.toISOString() ?? null,
  decidedBy: row.decided_by,
  rejectionReason: row.rejection_reason,
  refundedAmount: row.refunded_amount,
  refundedAt: row.refunded_at?.toISOString() ?? null,
});

/** Oldest pending first by default: review takes up to 3 business days. */
export async function listRefundRequests(
  pool: pg.Pool,
  page: AdminListPage<'refund-requests'>,
  filter: AdminFilter<'refund-requests'>,
): Promise<{ rows: RefundRequestRow[]; total: number }> {
  const [field, order] = page.sort ?? ['requestedAt', 'ASC'];
  const params = [filter.status ?? null, filter.id ?? null];
  const [list, count] = await Promise.all([
    pool.query<Row>(
      `select * from (${ROWS}) r where ${MATCHES}
       order by ${SORT_COLUMNS[field]} ${order === 'ASC' ? 'asc' : 'desc'} nulls last, id
       offset $3 limit $4`,
      [...params, page.offset, page.limit],
    ),
    pool.query<{ n: string }>(`select count(*) as n from (${ROWS}) r where ${MATCHES}`, params),
  ]);
  return { rows: list.rows.map(toRow), total: Number(count.rows[0]!.n) };
}

export async function findRefundRequest(pool: pg.Pool, id: string): Promise<RefundRequestRow | null> {
  const { rows } = await pool.query<Row>(`select * from (${ROWS}) r where id = $1`, [id]);
  return rows[0] ? toRow(rows[0]) : null;
}

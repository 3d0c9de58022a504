import { defineProjection, forget, forgottenTableSql, isForgotten } from '../runtime';

const FORGOTTEN = 'refund_requests_forgotten';

/** A `refund_requests` row as node-postgres returns it. */
export type RefundRequestsTable = {
  id: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  requested_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  rejection_reason: string | null;
  refunded_amount: number | null;
  refunded_at: Date | null;
};

/**
 * The console's Refund requests: one row per customer who asked for the money-back guarantee, with
 * the decision and the refund. The customer's email, plan and purchase date are read beside it from
 * the users and subscriptions read models, so an erased user leaves nothing here.
 */
export const refundRequestsProjection = defineProjection({
  name: 'refund_requests',
  version: 1,
  tables: ['refund_requests', FORGOTTEN],
  createSql: `
    create table refund_requests (
      id uuid primary key,
      status text not null check (status in ('pending', 'approved', 'rejected')),
      reason text,
      requested_at timestamptz not null,
      decided_at timestamptz,
      decided_by text,
      rejection_reason text,
      refunded_amount integer,
      refunded_at timestamptz
    );
    create index refund_requests_status on refund_requests (status, requested_at);
    ${forgottenTableSql(FORGOTTEN)}
  `,
  on: {
    // A request that raced its user's deletion adds no row (`forgotten.ts`), live or rebuilt.
    async RefundRequested(client, { data, metadata: { occurredAt: at } }) {
      if (await isForgotten(client, FORGOTTEN, data.userId)) return;
      await client.query(
        `insert into refund_requests (id, status, reason, requested_at) values ($1, 'pending', $2, $3)
       on conflict (id) do update set status = 'pending', reason = excluded.reason,
         requested_at = excluded.requested_at, decided_at = null, decided_by = null, rejection_reason = null`,
        [data.userId, data.reason ?? null, at],
      );
    },
    async RefundApproved(client, { data, metadata: { occurredAt: at } }) {
      await client.query(
        `update refund_requests set status = 'approved', decided_at = $2, decided_by = $3 where id = $1`,
        [data.userId, at, data.approvedBy],
      );
    },
    async RefundRejected(client, { data, metadata: { occurredAt: at } }) {
      await client.query(
        `update refund_requests set status = 'rejected', decided_at = $2, decided_by = $3, rejection_reason = $4
       where id = $1`,
        [data.userId, at, data.rejectedBy, data.reason],
      );
    },
    async SubscriptionRefunded(client, { data, metadata: { occurredAt: at } }) {
      await client.query('update refund_requests set refunded_amount = $2, refunded_at = $3 where id = $1', [
        data.userId,
        data.amount,
        at,
      ]);
    },
    async UserDeleted(client, { data }) {
      await client.query('delete from refund_requests where id = $1', [data.userId]);
      await forget(client, FORGOTTEN, data.userId);
    },
  },
});

import { defineProjection } from '../runtime';

/** A `removal_requests` row as node-postgres returns it. */
export type RemovalRequestsTable = {
  id: string;
  email: string | null;
  requested_at: Date;
  expires_at: Date;
  confirmed_at: Date | null;
  erased_count: number;
};

/**
 * The admin console's removal requests, to answer each within 30 days. The requester's address is
 * shown until the removal is done, then forgotten like the rest of their data (a rebuild reads it
 * back as null: its key is gone).
 */
export const removalRequestsProjection = defineProjection({
  name: 'removal_requests',
  version: 1,
  tables: ['removal_requests'],
  createSql: `
    create table removal_requests (
      id uuid primary key,
      email text,
      requested_at timestamptz not null,
      expires_at timestamptz not null,
      confirmed_at timestamptz,
      erased_count int not null default 0
    );
    create index removal_requests_requested_at on removal_requests (requested_at);
  `,
  // In log order: a batch may hold a request and its confirmation.
  on: {
    async RemovalRequested(client, { data, metadata }) {
      await client.query(
        `insert into removal_requests (id, email, requested_at, expires_at) values ($1, $2, $3, $4)
         on conflict (id) do nothing`,
        [data.removalId, data.email, metadata.occurredAt, data.expiresAt],
      );
    },
    async RemovalConfirmed(client, { data, metadata }) {
      await client.query(
        `update removal_requests set email = null, confirmed_at = $2, erased_count = $3 where id = $1`,
        [data.removalId, metadata.occurredAt, data.erased.length],
      );
    },
  },
});

import { defineProjection } from '../runtime';

/** A `removal_requests` row as node-postgres returns it. */
export type RemovalRequestsTable = {
  id: string;
  /** The keyed hash of the requester's address (suppression.ts), never the address. */
  email_hash: string;
  requested_at: Date;
  expires_at: Date;
  confirmed_at: Date | null;
  erased_count: number;
};

/**
 * The admin console's removal requests, to answer each within 30 days: dates, status and how many
 * records a confirmation erased, never the requester's address (2: the address was kept until the
 * removal was done). A confirmation answers every request for an address it erased (the requester
 * asked by a work and a personal address, or asked twice): its suppressed email hashes say which.
 * The hash also lets the removal find those requests, whose addresses it then erases.
 */
export const removalRequestsProjection = defineProjection({
  name: 'removal_requests',
  version: 2,
  tables: ['removal_requests'],
  createSql: `
    create table removal_requests (
      id uuid primary key,
      email_hash text not null,
      requested_at timestamptz not null,
      expires_at timestamptz not null,
      confirmed_at timestamptz,
      erased_count int not null default 0
    );
    create index removal_requests_requested_at on removal_requests (requested_at);
    create index removal_requests_email_hash on removal_requests (email_hash);
  `,
  // In log order: a batch may hold a request and its confirmation.
  on: {
    async RemovalRequested(client, { data, metadata }) {
      await client.query(
        `insert into removal_requests (id, email_hash, requested_at, expires_at) values ($1, $2, $3, $4)
         on conflict (id) do nothing`,
        [data.removalId, data.emailHash, metadata.occurredAt, data.expiresAt],
      );
    },
    async RemovalConfirmed(client, { data, metadata }) {
      await client.query('update removal_requests set confirmed_at = $2, erased_count = $3 where id = $1', [
        data.removalId,
        metadata.occurredAt,
        data.erased.length,
      ]);
      await client.query(
        `update removal_requests set confirmed_at = $2
         where email_hash = any($1::text[]) and confirmed_at is null`,
        [data.suppressed.filter((h) => h.kind === 'email').map((h) => h.hash), metadata.occurredAt],
      );
    },
  },
});

import type pg from 'pg';
import { defineProjection, forget, forgottenTableSql, isForgotten } from '../runtime';

const FORGOTTEN = 'usage_counters_forgotten';

/** A `usage_counters` row as node-postgres returns it (`day`, a date, reads as a Date). */
export type UsageCountersTable = {
  user_id: string;
  day: Date;
  reveals: number;
  exports: number;
  exported_rows: number;
};

/**
 * What each user used, per UTC day: contact reveals, exports and the rows they held. The basis for
 * usage limits and the admin's view of heavy users; a deleted user's counters go with them.
 */
export const usageProjection = defineProjection({
  name: 'usage_counters',
  version: 2,
  tables: ['usage_counters', FORGOTTEN],
  createSql: `
    create table usage_counters (
      user_id uuid not null,
      day date not null,
      reveals int not null default 0,
      exports int not null default 0,
      exported_rows int not null default 0,
      primary key (user_id, day)
    );
    ${forgottenTableSql(FORGOTTEN)}
  `,
  // Use by a request that raced its user's deletion counts for nobody (`forgotten.ts`).
  on: {
    async ContactRevealed(client, { data, metadata }) {
      if (await isForgotten(client, FORGOTTEN, data.userId)) return;
      await count(client, data.userId, metadata.occurredAt, 1, 0, 0);
    },
    async CandidatesExported(client, { data, metadata }) {
      if (await isForgotten(client, FORGOTTEN, data.userId)) return;
      await count(client, data.userId, metadata.occurredAt, 0, 1, data.count);
    },
    async UserDeleted(client, { data }) {
      await client.query('delete from usage_counters where user_id = $1', [data.userId]);
      await forget(client, FORGOTTEN, data.userId);
    },
  },
});

const count = (
  client: pg.PoolClient,
  userId: string,
  at: string,
  reveals: number,
  exports: number,
  rows: number,
) =>
  client.query(
    `insert into usage_counters (user_id, day, reveals, exports, exported_rows)
     values ($1, ($2::timestamptz at time zone 'UTC')::date, $3, $4, $5)
     on conflict (user_id, day) do update set reveals = usage_counters.reveals + excluded.reveals,
       exports = usage_counters.exports + excluded.exports,
       exported_rows = usage_counters.exported_rows + excluded.exported_rows`,
    [userId, at, reveals, exports, rows],
  );

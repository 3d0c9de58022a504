import type { DirectoryEvent } from '@healthtal/contracts';
import type { RecordedEvent } from '@healthtal/eventstore';
import type pg from 'pg';
import { forget, forgottenTableSql, isForgotten, type Projection } from '../runtime';

const FORGOTTEN = 'usage_counters_forgotten';

type Data<T extends DirectoryEvent['type']> = Extract<DirectoryEvent, { type: T }>['data'];
type Recorded = RecordedEvent<string, Record<string, unknown>>;

/**
 * What each user used, per UTC day: contact reveals, exports and the rows they held. The basis for
 * usage limits and the admin's view of heavy users; a deleted user's counters go with them.
 */
export const usageProjection: Projection = {
  name: 'usage_counters',
  version: 2,
  tables: ['usage_counters', FORGOTTEN],
  handles: ['ContactRevealed', 'CandidatesExported', 'UserDeleted'],
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
  async apply(client, events) {
    for (const event of events as readonly Recorded[]) await applyOne(client, event);
  },
};

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

async function applyOne(client: pg.PoolClient, { type, data, metadata }: Recorded): Promise<void> {
  // Use by a request that raced its user's deletion counts for nobody (`forgotten.ts`).
  if (type !== 'UserDeleted' && (await isForgotten(client, FORGOTTEN, String(data.userId)))) return;
  switch (type) {
    case 'ContactRevealed':
      await count(client, (data as Data<'ContactRevealed'>).userId, metadata.occurredAt, 1, 0, 0);
      return;
    case 'CandidatesExported': {
      const d = data as Data<'CandidatesExported'>;
      await count(client, d.userId, metadata.occurredAt, 0, 1, d.count);
      return;
    }
    case 'UserDeleted':
      await client.query('delete from usage_counters where user_id = $1', [data.userId]);
      await forget(client, FORGOTTEN, String(data.userId));
      return;
  }
}

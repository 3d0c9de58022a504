import type { AllPosition, Migration } from '@healthtal/eventstore';
import { START } from '@healthtal/eventstore';
import type pg from 'pg';

export const relayMigrations: readonly Migration[] = [
  {
    id: '001-relay-checkpoints',
    sql: `create table relay_checkpoints (
      name text primary key,
      commit_position bigint not null,
      prepare_position bigint not null,
      updated_at timestamptz not null default now()
    )`,
  },
];

/** The last `$all` position the broker acknowledged; START before the first publish. */
export async function readRelayCheckpoint(pool: pg.Pool, name: string): Promise<AllPosition> {
  const { rows } = await pool.query<{ commit_position: string; prepare_position: string }>(
    'select commit_position, prepare_position from relay_checkpoints where name = $1',
    [name],
  );
  const row = rows[0];
  return row ? { commit: Number(row.commit_position), prepare: Number(row.prepare_position) } : START;
}

export async function writeRelayCheckpoint(
  pool: pg.Pool,
  name: string,
  position: AllPosition,
): Promise<void> {
  await pool.query(
    `insert into relay_checkpoints (name, commit_position, prepare_position, updated_at)
     values ($1, $2, $3, now())
     on conflict (name) do update set commit_position = excluded.commit_position,
       prepare_position = excluded.prepare_position, updated_at = now()`,
    [name, position.commit, position.prepare],
  );
}

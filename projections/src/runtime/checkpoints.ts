import type { AllPosition, Migration } from '@healthtal/eventstore';
import { START } from '@healthtal/eventstore';
import type pg from 'pg';

export const projectionMigrations: readonly Migration[] = [
  {
    id: '001-checkpoints',
    sql: `create table projection_checkpoints (
      name text primary key,
      version int not null,
      commit_position bigint not null,
      prepare_position bigint not null,
      updated_at timestamptz not null default now()
    )`,
  },
  {
    // Events a projector could not apply (docs/adr/0018-projector-dead-letters.md). `failing`: it
    // failed and is being retried, `attempts` counts the failures so far (kept across restarts);
    // `parked`: it failed MAX_ATTEMPTS times and the checkpoint moved past it, until a retry.
    id: '002-parked-events',
    sql: `create table projection_parked_events (
      projection text not null,
      event_id uuid not null,
      stream_id text not null,
      event_type text not null,
      commit_position bigint not null,
      prepare_position bigint not null,
      status text not null check (status in ('failing', 'parked')),
      error text not null,
      attempts int not null,
      first_seen_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      primary key (projection, event_id)
    )`,
  },
];

export type Checkpoint = { version: number; position: AllPosition };

type Row = { version: number; commit_position: string; prepare_position: string };
const toCheckpoint = (row: Row): Checkpoint => ({
  version: row.version,
  position: { commit: Number(row.commit_position), prepare: Number(row.prepare_position) },
});

export async function readCheckpoint(
  client: pg.PoolClient | pg.Pool,
  name: string,
  { lock = false } = {},
): Promise<Checkpoint | null> {
  const { rows } = await client.query<Row>(
    `select version, commit_position, prepare_position from projection_checkpoints where name = $1${lock ? ' for update' : ''}`,
    [name],
  );
  return rows[0] ? toCheckpoint(rows[0]) : null;
}

export async function writeCheckpoint(
  client: pg.PoolClient,
  name: string,
  checkpoint: Checkpoint,
): Promise<void> {
  await client.query(
    `insert into projection_checkpoints (name, version, commit_position, prepare_position, updated_at)
     values ($1, $2, $3, $4, now())
     on conflict (name) do update set version = excluded.version, commit_position = excluded.commit_position,
       prepare_position = excluded.prepare_position, updated_at = now()`,
    [name, checkpoint.version, checkpoint.position.commit, checkpoint.position.prepare],
  );
}

export const initialCheckpoint = (version: number): Checkpoint => ({ version, position: START });

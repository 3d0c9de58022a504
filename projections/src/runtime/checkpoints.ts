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

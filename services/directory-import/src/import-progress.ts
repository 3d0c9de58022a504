import type { Migration } from '@healthtal/eventstore';
import type pg from 'pg';
import { dacMigrations } from './dac/dac-state';
import { nppesMigrations } from './nppes/nppes-state';

/**
 * How far each import got, so a re-run after a crash starts where it stopped instead of re-reading
 * every row it already wrote. The events themselves make a repeat harmless (stream and event ids
 * come from the rows); this table only makes it fast. Operational state of the `healthtal` command.
 */
export const importMigrations: readonly Migration[] = [
  {
    id: '001-import-progress',
    sql: `create table import_progress (
      import_key text primary key,
      rows_done bigint not null default 0,
      total_rows bigint,
      started_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz
    )`,
  },
  ...nppesMigrations,
  ...dacMigrations,
];

export type ImportProgressRow = { rowsDone: number; totalRows: number | null; finished: boolean };

export async function readImportProgress(pool: pg.Pool, key: string): Promise<ImportProgressRow | null> {
  const { rows } = await pool.query<{ rows_done: string; total_rows: string | null; finished: boolean }>(
    `select rows_done, total_rows, finished_at is not null as finished from import_progress where import_key = $1`,
    [key],
  );
  const row = rows[0];
  return row
    ? {
        rowsDone: Number(row.rows_done),
        totalRows: row.total_rows === null ? null : Number(row.total_rows),
        finished: row.finished,
      }
    : null;
}

/**
 * Every source row before `rowsDone` is in the store (or was refused); never moves backwards. On a
 * client, inside the transaction that wrote those rows' work (the CMS import's staging).
 */
export async function saveImportProgress(
  pool: pg.Pool | pg.PoolClient,
  key: string,
  rowsDone: number,
  options: { totalRows?: number | null; finished?: boolean } = {},
): Promise<void> {
  await pool.query(
    `insert into import_progress as p (import_key, rows_done, total_rows, finished_at)
     values ($1, $2, $3, case when $4 then now() end)
     on conflict (import_key) do update set
       rows_done = greatest(p.rows_done, excluded.rows_done),
       total_rows = coalesce(excluded.total_rows, p.total_rows),
       updated_at = now(),
       finished_at = case when $4 then now() else null end`,
    [key, rowsDone, options.totalRows ?? null, options.finished ?? false],
  );
}

/** Whether any import has ever run here (a directory someone filled is not seeded over). */
export async function anyImportRan(pool: pg.Pool): Promise<boolean> {
  const { rowCount } = await pool.query('select 1 from import_progress limit 1');
  return (rowCount ?? 0) > 0;
}

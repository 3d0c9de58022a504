import { randomBytes } from 'node:crypto';
import type { Migration } from '@healthtal/eventstore';
import type pg from 'pg';

export const secretsMigrations: readonly Migration[] = [
  {
    id: '002-server-secrets',
    sql: `create table server_secrets (
      name text primary key,
      value bytea not null,
      created_at timestamptz not null default now()
    )`,
  },
];

/**
 * A server secret (token signing key, email lookup key): the configured one when given, otherwise
 * generated once and kept in the database, so every process and every restart agrees on it.
 */
export async function serverSecret(pool: pg.Pool, name: string, configured?: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await pool.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    randomBytes(32),
  ]);
  const { rows } = await pool.query<{ value: Buffer }>('select value from server_secrets where name = $1', [
    name,
  ]);
  return rows[0]!.value;
}

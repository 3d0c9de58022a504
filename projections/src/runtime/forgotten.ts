import type pg from 'pg';

/**
 * Whom a read model has forgotten: the ids of deleted users (and erased candidates) it dropped rows
 * for, and nothing else about them. A request that passed authentication just before an admin
 * deleted the account can still append its event after `UserDeleted`; without this memory the live
 * read model would bring a row of the deleted user back while a replay (reading that event's
 * personal fields as erased, or in another order of catching up) would not. Each read model keeps
 * its own table, so a rebuild into another schema decides exactly as the live one did.
 */
export const forgottenTableSql = (table: string) => `create table ${table} (subject text primary key);`;

/** Remembers that `subject`'s rows were dropped for good. */
export async function forget(client: pg.PoolClient, table: string, subject: string): Promise<void> {
  await client.query(`insert into ${table} (subject) values ($1) on conflict (subject) do nothing`, [
    subject,
  ]);
}

/** Whether `subject` was forgotten: its later events must not add rows. */
export async function isForgotten(client: pg.PoolClient, table: string, subject: string): Promise<boolean> {
  const { rowCount } = await client.query(`select 1 from ${table} where subject = $1`, [subject]);
  return (rowCount ?? 0) > 0;
}

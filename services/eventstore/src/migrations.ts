import type pg from 'pg';

export type Migration = { readonly id: string; readonly sql: string };

/**
 * Applies each migration once, in order, under an advisory lock so that two processes starting
 * together do not race. `owner` namespaces the ids (eventstore, api, projections…).
 */
export async function runMigrations(
  pool: pg.Pool,
  owner: string,
  migrations: readonly Migration[],
): Promise<string[]> {
  // A migration is known by its id: a second one with the same id would never run where the first has.
  const ids = migrations.map((migration) => migration.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length > 0) throw new Error(`${owner} migrations: the id ${twice.join(', ')} is used twice`);
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock(4242001)');
    await client.query(`create table if not exists schema_migrations (
      owner text not null, id text not null, applied_at timestamptz not null default now(),
      primary key (owner, id))`);
    const done = await client.query<{ id: string }>('select id from schema_migrations where owner = $1', [
      owner,
    ]);
    const doneIds = new Set(done.rows.map((row) => row.id));
    for (const migration of migrations) {
      if (doneIds.has(migration.id)) continue;
      await client.query('begin');
      try {
        await client.query(migration.sql);
        await client.query('insert into schema_migrations (owner, id) values ($1, $2)', [
          owner,
          migration.id,
        ]);
        await client.query('commit');
        applied.push(migration.id);
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    }
  } finally {
    await client.query('select pg_advisory_unlock(4242001)').catch(() => undefined);
    client.release();
  }
  return applied;
}

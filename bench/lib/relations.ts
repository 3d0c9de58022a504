import type pg from 'pg';
import { figure, num } from './report';

/** Prints the database's largest relations (table with its TOAST and indexes), biggest first. */
export async function printLargestRelations(pool: pg.Pool, limit = 10): Promise<void> {
  const { rows } = await pool.query<{ name: string; total: string; indexes: string }>(
    `select n.nspname || '.' || c.relname as name, pg_total_relation_size(c.oid) as total, pg_indexes_size(c.oid) as indexes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'm') and n.nspname not in ('pg_catalog', 'information_schema')
      order by pg_total_relation_size(c.oid) desc limit $1`,
    [limit],
  );
  const mb = (bytes: string) => `${num(Number(bytes) / 1024 ** 2)} MB`;
  for (const relation of rows) figure(relation.name, mb(relation.total), `indexes ${mb(relation.indexes)}`);
}

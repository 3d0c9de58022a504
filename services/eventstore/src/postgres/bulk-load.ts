import type pg from 'pg';

/**
 * The event store's indexes that an import of many new streams leaves half empty once the
 * database holds anything else: candidate streams are written in key order ("candidate-…" and
 * CandidateImported), but other streams and types sort after them ("user-…", "SearchFailed"), so
 * those inserts land on inner pages, which split in halves rather than fill (measured at 200,000
 * candidates on the default path: these three indexes 1.8× the size a lone import gives).
 */
const FILLED_IN_ORDER = [
  'eventstore.events_stream_position_key',
  'eventstore.streams_pkey',
  'eventstore.events_by_type',
] as const;

/**
 * Drops what a rebuild cut short leaves (the process killed, the query cancelled on stop): an
 * invalid `…_ccnew` (or `…_ccold`) copy beside the index, which every insert would still maintain. Cheap (the
 * catalog only): a start runs it.
 */
export async function dropInterruptedIndexRebuilds(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ name: string }>(
    `select 'eventstore.' || quote_ident(c.relname) as name
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'eventstore' and not i.indisvalid and c.relname ~ '_cc(new|old)[0-9]*$'`,
  );
  for (const { name } of rows) await pool.query(`drop index concurrently if exists ${name}`);
}

/**
 * Rebuilds those indexes after a bulk load (about 0.2 GB back at 1.5M candidates). Concurrently:
 * appends and reads go on meanwhile. Not inside a transaction (PostgreSQL refuses one).
 */
export async function compactIndexesAfterBulkLoad(pool: pg.Pool): Promise<void> {
  await dropInterruptedIndexRebuilds(pool);
  for (const index of FILLED_IN_ORDER) await pool.query(`reindex index concurrently ${index}`);
}

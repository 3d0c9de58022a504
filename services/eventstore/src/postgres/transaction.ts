import type pg from 'pg';

type Work<T> = (client: pg.PoolClient) => Promise<T>;

/**
 * Runs `work` in one transaction on one connection: committed when it returns, rolled back when it
 * throws. With a schema, `search_path` is that schema (then public) for the transaction alone: a
 * projection's SQL names its tables unqualified and runs against the live schema or a rebuild's.
 * Here because both the API and the projections use it, and they share only this package.
 */
export function inTransaction<T>(pool: pg.Pool, work: Work<T>): Promise<T>;
export function inTransaction<T>(pool: pg.Pool, schema: string, work: Work<T>): Promise<T>;
export async function inTransaction<T>(
  pool: pg.Pool,
  schemaOrWork: string | Work<T>,
  maybeWork?: Work<T>,
): Promise<T> {
  const [schema, work] = typeof schemaOrWork === 'string' ? [schemaOrWork, maybeWork!] : [null, schemaOrWork];
  const client = await pool.connect();
  try {
    await client.query('begin');
    if (schema !== null)
      await client.query(`select set_config('search_path', $1, true)`, [`"${schema}", public`]);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

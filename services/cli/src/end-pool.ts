import type pg from 'pg';

/**
 * `pool.end()`, resolved once every connection has closed. pg's own promise resolves as soon as the
 * pool has asked its idle connections to close, before they have: a database stopped right after
 * (the embedded one, last in a stop) would terminate them mid-close, and each would be reported as a
 * failed idle connection. A connection that takes longer than `timeoutMs` is not waited for.
 */
export async function endPool(pool: pg.Pool, timeoutMs = 5_000): Promise<void> {
  const open = pool.totalCount;
  let closed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (++closed >= open) resolve();
    });
  });
  await pool.end();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([allClosed, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}

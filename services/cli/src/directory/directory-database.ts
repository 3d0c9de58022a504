import path from 'node:path';
import pg from 'pg';
import { type Config, ConfigError } from '../config';
import { ensureDatabase, startEmbeddedPostgres } from '../embedded-postgres';
import { endPool } from '../end-pool';
import { migrate, REPO_ROOT } from '../start';

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL `npm start` uses (which cannot run in two
 * processes at once: stop `healthtal start` first, or point both at a DATABASE_URL).
 */
export async function withDirectoryDatabase(
  config: Config,
  work: (pool: pg.Pool) => Promise<number>,
): Promise<number> {
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    const dataDir = path.resolve(REPO_ROOT, config.DATA_DIR, 'postgres');
    try {
      embedded = await startEmbeddedPostgres({ dataDir });
    } catch (error) {
      throw new ConfigError(
        `Cannot start the embedded PostgreSQL in ${dataDir} (${(error as Error).message}). ` +
          'Is `healthtal start` running? Stop it first, or set DATABASE_URL.',
      );
    }
    url = await ensureDatabase(embedded.adminUrl, 'healthtal');
  }
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  try {
    await migrate(pool);
    return await work(pool);
  } finally {
    await endPool(pool);
    await embedded?.stop();
  }
}

import pg from 'pg';
import { type Config, ConfigError } from '../config';
import { embeddedPostgresDir } from '../data-dir';
import { ensureDatabase, loadEmbeddedPostgres, startEmbeddedPostgres } from '../embedded-postgres';
import { endPool } from '../end-pool';
import { migrate } from '../start';

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL `npm start` uses (which cannot run in two
 * processes at once: stop `healthtal start` first, or point both at a DATABASE_URL). `usedBy` names
 * this command to another that finds the embedded database in use.
 */
export async function withDirectoryDatabase(
  config: Config,
  work: (pool: pg.Pool) => Promise<number>,
  usedBy = '`healthtal import`',
): Promise<number> {
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    await loadEmbeddedPostgres();
    const dataDir = await embeddedPostgresDir(config);
    try {
      embedded = await startEmbeddedPostgres({ dataDir, usedBy });
    } catch (error) {
      // In use by a command it names, or a password file lost: the message says what to do.
      if (error instanceof ConfigError) throw error;
      throw new ConfigError(
        `Cannot start the embedded PostgreSQL in ${dataDir} (${error instanceof Error ? error.message : String(error)}). ` +
          'Is `healthtal start` running? Stop it first, or set DATABASE_URL.',
      );
    }
    url = await ensureDatabase(embedded.adminUrl, 'healthtal');
  }
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  try {
    await migrate(pool);
    // The embedded database's WAL grows as an import's may, and shrinks when it ends (ADR 0071); a
    // server of DATABASE_URL keeps its own settings.
    return embedded ? await embedded.bulkLoad(() => work(pool)) : await work(pool);
  } finally {
    await endPool(pool);
    await embedded?.stop();
  }
}

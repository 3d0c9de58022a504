import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Config, ConfigError } from './config';

/** The repository's root: DATA_DIR and the built web apps are found from it. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The embedded mode's data directory (DATA_DIR): the database, its password file and the search
 * snapshots, none of which any other local user may read. It is its owner's alone (0700); as root
 * 0711, so that the `postgres` user PostgreSQL then runs as can pass through to its own directory
 * (everything inside is 0700 or 0600, so passing through shows nothing). A directory an earlier
 * version made readable is tightened. Returns the database's directory inside it.
 */
export async function embeddedPostgresDir(config: Config): Promise<string> {
  const dir = path.resolve(REPO_ROOT, config.DATA_DIR);
  const mode = process.getuid?.() === 0 ? 0o711 : 0o700;
  try {
    await mkdir(dir, { recursive: true, mode });
    await chmod(dir, mode);
  } catch (error) {
    // One line, not mkdir's stack: the image's /app, for one, is not the `node` user's to write.
    throw new ConfigError(
      `Cannot keep the embedded database in DATA_DIR ${dir}: it cannot be made or made private to ` +
        `this user (${(error as NodeJS.ErrnoException).code}). Point DATA_DIR at a writable directory ` +
        'of your own, or set DATABASE_URL.',
    );
  }
  return path.join(dir, 'postgres');
}

import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { ConfigError } from './config';

/**
 * The password every copy of HealthTal gave its embedded database before issue 32: public, so it
 * only serves to move a data directory made with it onto a password of its own.
 */
const SHARED_PASSWORD = 'healthtal-embedded';

/**
 * Beside the data directory (`.data/postgres.password`), not in it: it is written before initdb,
 * which wants an empty directory, so no crash can leave a cluster whose password nobody kept.
 */
export const passwordFileOf = (dataDir: string) => `${dataDir}.password`;

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * The data directory's password: the one kept in its file, or a random one, kept there first. The
 * file is readable by its owner only (an existing one is made so): whoever reads it can read
 * `server_secrets` and sign tokens for any account.
 */
export async function databasePassword(dataDir: string): Promise<string> {
  const file = passwordFileOf(dataDir);
  const kept = await readFile(file, 'utf8').catch((error: unknown) => {
    if (codeOf(error) === 'ENOENT') return null;
    throw error;
  });
  if (kept !== null && kept.trim() !== '') {
    await chmod(file, 0o600);
    return kept.trim();
  }
  const password = randomBytes(32).toString('hex');
  try {
    await writeFile(file, `${password}\n`, { mode: 0o600, flag: kept === null ? 'wx' : 'w' });
  } catch (error) {
    // Another run on this data directory made it a moment ago: that one is the password.
    if (codeOf(error) === 'EEXIST') return databasePassword(dataDir);
    throw error;
  }
  return password;
}

type Server = { port: number; user: string; dataDir: string };

/** Whether `password` signs `user` in; false on PostgreSQL's "password authentication failed". */
async function opens({ port, user }: Server, password: string): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user, password, database: 'postgres' });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '28P01') return false;
    throw error;
  }
}

/**
 * Makes sure the running server takes the kept password. A cluster made before issue 32 still has
 * the shared one: it signs in with that once and changes it to the kept password (`warn` says so).
 * A cluster neither opens is one whose password file was lost or replaced: a ConfigError says which.
 */
export async function adoptKeptPassword(
  server: Server,
  password: string,
  warn: (line: string) => void,
): Promise<void> {
  if (await opens(server, password)) return;
  const file = passwordFileOf(server.dataDir);
  if (!(await opens(server, SHARED_PASSWORD))) {
    throw new ConfigError(
      `Cannot sign in to the embedded database in ${server.dataDir} with the password in ${file}. ` +
        'Put back the file that came with this data directory.',
    );
  }
  const client = new pg.Client({
    host: '127.0.0.1',
    port: server.port,
    user: server.user,
    password: SHARED_PASSWORD,
    database: 'postgres',
  });
  await client.connect();
  try {
    await client.query(
      `alter role ${client.escapeIdentifier(server.user)} password ${client.escapeLiteral(password)}`,
    );
  } finally {
    await client.end();
  }
  warn(
    `the embedded database in ${server.dataDir} had the password every copy of HealthTal shared; ` +
      `it now has a random one of its own, kept in ${file}`,
  );
}

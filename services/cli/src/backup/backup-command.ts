import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isDatabaseUnavailable } from '@healthtal/eventstore';
import { projections, rebuildProjection } from '@healthtal/projections';
import pg from 'pg';
import { type Config, ConfigError } from '../config';
import { createEventStore } from '../event-store';
import { backUp, backUpToFile, type TableCount } from './backup';
import { restore } from './restore';

export const BACKUP_HELP = `  backup <file>      the event store (PostgreSQL), personal data keys and operational tables into a
                     new file (gzip'd JSON lines; - for standard output). Read models are not in it.
  restore <file> [--force]
                     a backup into the database (- for standard input), then every read model rebuilt
                     from its events; --force replaces a database that is not empty (stop HealthTal first)
                     (both need DATABASE_URL; with EVENT_STORE=esdb, KurrentDB's own backup holds the
                     events: see the README, Backup and restore)`;

/** What KurrentDB users must know each time: this file alone does not hold their events. */
const KURRENTDB_NOTE = `  EVENT_STORE=esdb: the events live in KurrentDB, and KurrentDB's own backup procedure applies to
  them (README, Backup and restore). This file holds the personal data keys and operational tables
  kept in PostgreSQL: take it after KurrentDB's backup, restore it after KurrentDB's restore.`;

type BackupRequest = { action: 'backup' | 'restore'; file: string; force: boolean };

/** The command line as a request; anything wrong is a ConfigError that says what to type. */
export function parseBackupArgs(action: 'backup' | 'restore', args: string[]): BackupRequest {
  const usage = `Use: healthtal ${action === 'backup' ? 'backup <file>' : 'restore <file> [--force]'}`;
  let parsed: ReturnType<typeof parse>;
  const parse = () =>
    parseArgs({
      args,
      allowPositionals: true,
      options: action === 'restore' ? { force: { type: 'boolean' } } : {},
    });
  try {
    parsed = parse();
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n${usage}`);
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) throw new ConfigError(`Name one file.\n${usage}`);
  const force = (parsed.values as { force?: boolean }).force === true;
  if (file === '-') return { action, file, force };
  if (action === 'backup') {
    if (existsSync(file))
      throw new ConfigError(`${file} exists already: name a new file (a backup never overwrites one).`);
    const dir = path.dirname(path.resolve(file));
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ConfigError(`${dir} is not a directory.`);
  } else if (!existsSync(file) || !statSync(file).isFile()) {
    throw new ConfigError(`${file} is not a file.`);
  }
  return { action, file, force };
}

/** `healthtal backup …` / `healthtal restore …` against DATABASE_URL. */
export async function runBackupCommand(
  action: 'backup' | 'restore',
  args: string[],
  config: Config,
): Promise<number> {
  const request = parseBackupArgs(action, args);
  if (!config.DATABASE_URL) {
    console.error(`Set DATABASE_URL (${action} does not start the embedded database).`);
    return 2;
  }
  // The report goes to standard error when the backup itself goes to standard output.
  const say = (line: string) => (request.file === '-' ? console.error(line) : console.log(line));
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL });
  try {
    if (config.EVENT_STORE === 'esdb') say(KURRENTDB_NOTE);
    if (action === 'backup') {
      const { counts } =
        request.file === '-'
          ? await backUp(pool, config.EVENT_STORE, process.stdout)
          : await backUpToFile(pool, config.EVENT_STORE, request.file);
      say(`  Backed up to ${request.file === '-' ? 'standard output' : request.file}:`);
      report(counts, say);
      say('  Read models are not in a backup: `healthtal restore` rebuilds them from the events.');
      return 0;
    }
    const source = request.file === '-' ? process.stdin : createReadStream(request.file);
    const { header, counts } = await restore(pool, source, {
      eventStore: config.EVENT_STORE,
      force: request.force,
    });
    say(`  Restored the backup of ${header.createdAt}:`);
    report(counts, say);
    await rebuildAll(pool, config, say);
    return 0;
  } catch (error) {
    throw explained(error);
  } finally {
    await pool.end();
  }
}

/** The database out of reach or refusing us is the operator's to fix: one line, not a stack. */
function explained(error: unknown): unknown {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (isDatabaseUnavailable(error) || code === 'ENOTFOUND' || code === '28P01' || code === '3D000')
    return new ConfigError(`Cannot use the database at DATABASE_URL: ${String(message ?? code)}.`);
  return error;
}

function report(counts: readonly TableCount[], say: (line: string) => void): void {
  const width = Math.max(...counts.map((count) => count.table.length));
  for (const { table, rows } of counts) say(`    ${table.padEnd(width)} ${rows} rows`);
}

/** The read models from the restored events, through the same path as `healthtal rebuild`. */
async function rebuildAll(pool: pg.Pool, config: Config, say: (line: string) => void): Promise<void> {
  const store = createEventStore(pool, undefined, config);
  try {
    say('  Rebuilding the read models from the events:');
    for (const projection of projections) {
      const result = await rebuildProjection(pool, store, projection, undefined, {
        error: (details, message) => console.error(`    ${message}`, details),
      });
      say(`    ${projection.name.padEnd(20)} ${result.events} events replayed`);
    }
  } finally {
    await store.close();
  }
}

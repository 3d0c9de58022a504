import { projections } from '@healthtal/projections';
import type pg from 'pg';
import { z } from 'zod';
import type { Config } from '../config';
import { MIGRATIONS } from '../start';

/** Bumped when the file's layout changes; a restore reads only the versions it knows. */
export const BACKUP_FORMAT_VERSION = 1;

/** The event log itself: in a backup only when PostgreSQL holds it (EVENT_STORE=postgres). */
export const EVENT_LOG_TABLES = ['eventstore.streams', 'eventstore.events'] as const;
export const EVENTS_TABLE = 'eventstore.events';
/**
 * The per-subject keys of personal data in the events: without them the log's personal fields are
 * unreadable, so they are in every backup, KurrentDB's events included (they stay in PostgreSQL).
 */
export const PERSONAL_DATA_KEYS_TABLE = 'eventstore.personal_data_keys';

/**
 * Tables a restore rebuilds or resets instead of restoring: every read model (rebuilt from the
 * events), the projectors' and the relay's positions in the log (a restore renumbers the log's
 * positions, restore.ts) and the record of applied migrations (the header carries it).
 */
export const notBackedUp = (): ReadonlySet<string> =>
  new Set([
    ...projections.flatMap((projection) => projection.tables.map((table) => `public.${table}`)),
    'public.projection_checkpoints',
    'public.projection_parked_events',
    'public.relay_checkpoints',
    'public.schema_migrations',
  ]);

export type BackupTable = { name: string; columns: string[] };

/**
 * What a backup holds: the event log (PostgreSQL event store only), the personal data keys, and
 * every other table of the public schema that is not a read model: operational state (sessions,
 * server secrets, the suppression list, outbox, quotas, uploads, import progress…). Found in the
 * database rather than listed, so an operational table added later is backed up without a change here.
 */
export async function tablesToBackUp(
  client: pg.PoolClient,
  eventStore: Config['EVENT_STORE'],
): Promise<BackupTable[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `select n.nspname || '.' || c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'eventstore')
      group by n.nspname, c.relname
      order by n.nspname, c.relname`,
  );
  const skipped = notBackedUp();
  const eventLog = eventStore === 'postgres' ? [...EVENT_LOG_TABLES] : [];
  const wanted = (name: string) =>
    name.startsWith('eventstore.')
      ? name === PERSONAL_DATA_KEYS_TABLE || eventLog.includes(name as (typeof EVENT_LOG_TABLES)[number])
      : !skipped.has(name);
  const found = rows.filter((row) => wanted(row.name));
  // The event log first, then the keys, then the rest: a reader sees the history before what refers to it.
  const rank = (name: string) => {
    const index = [...eventLog, PERSONAL_DATA_KEYS_TABLE].indexOf(name);
    return index === -1 ? 100 : index;
  };
  return found.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

/** The migrations this release applies (`healthtal migrate`), as `owner/id`. */
export const releaseMigrationLevel = (): string[] =>
  MIGRATIONS.flatMap(([owner, migrations]) => migrations.map((migration) => `${owner}/${migration.id}`));

/** The migrations applied to this database, of the owners `migrate` applies (the relay's are its own). */
export async function databaseMigrationLevel(client: pg.PoolClient | pg.Pool): Promise<string[]> {
  const exists = await client.query<{ exists: boolean }>(
    `select to_regclass('public.schema_migrations') is not null as exists`,
  );
  if (!exists.rows[0]?.exists) return [];
  const owners = MIGRATIONS.map(([owner]) => owner);
  const { rows } = await client.query<{ migration: string }>(
    `select owner || '/' || id as migration from schema_migrations where owner = any($1) order by owner, id`,
    [owners],
  );
  const applied = new Set(rows.map((row) => row.migration));
  // In the release's order, then anything this release does not know (a newer release applied it).
  const known = releaseMigrationLevel();
  return [
    ...known.filter((id) => applied.has(id)),
    ...[...applied].filter((id) => !known.includes(id)).sort(),
  ];
}

/** The first line of a backup. */
export const BackupHeader = z.object({
  format: z.literal('healthtal-backup'),
  formatVersion: z.number().int().positive(),
  createdAt: z.iso.datetime({ offset: true }),
  eventStore: z.enum(['postgres', 'esdb']),
  migrations: z.array(z.string()),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()).min(1) })),
});
export type BackupHeader = z.infer<typeof BackupHeader>;

/** A table's rows start after `{"$table": name}` and end at `{"$end": name, "rows": n}`; the file at `{"$complete": true}`. */
export const TableStart = z.object({ $table: z.string() });
export const TableEnd = z.object({ $end: z.string(), rows: z.number().int().nonnegative() });
export const Complete = z.object({ $complete: z.literal(true) });

/** Marker lines start with `{"$`: no column of ours is named with a `$`, so a row's line never does. */
export const isMarker = (line: string) => line.startsWith('{"$');

/** `"schema"."table"` for SQL. */
export const quoted = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

/** How two migration levels differ, in words an operator can act on. */
export function describeLevelDifference(backup: readonly string[], database: readonly string[]): string {
  const missingHere = backup.filter((id) => !database.includes(id));
  const notInBackup = database.filter((id) => !backup.includes(id));
  const parts = [
    missingHere.length > 0
      ? `the backup has ${missingHere.length} migration(s) this one lacks (${missingHere.slice(0, 5).join(', ')}${missingHere.length > 5 ? ', …' : ''})`
      : '',
    notInBackup.length > 0
      ? `this one has ${notInBackup.length} the backup lacks (${notInBackup.slice(0, 5).join(', ')}${notInBackup.length > 5 ? ', …' : ''})`
      : '',
  ].filter(Boolean);
  return parts.join('; ');
}

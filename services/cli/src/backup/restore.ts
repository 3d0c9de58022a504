import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import { type Config, ConfigError } from '../config';
import { migrate } from '../start';
import type { TableCount } from './backup';
import {
  BACKUP_FORMAT_VERSION,
  BackupHeader,
  type BackupTable,
  Complete,
  databaseMigrationLevel,
  describeLevelDifference,
  EVENTS_TABLE,
  isMarker,
  quoted,
  releaseMigrationLevel,
  TableEnd,
  TableStart,
  tablesToBackUp,
} from './backup-tables';

const BATCH_ROWS = 1000;
const BATCH_CHARS = 4 * 1024 * 1024;

/** Derived from the log: emptied by every restore, then set again by the rebuilds. */
const POSITIONS_IN_THE_LOG = ['projection_checkpoints', 'projection_parked_events', 'relay_checkpoints'];

export type RestoreOptions = { eventStore: Config['EVENT_STORE']; force: boolean };
export type RestoreResult = { header: BackupHeader; counts: TableCount[] };

/**
 * Restores a backup (backup.ts) into the database, in one transaction: a refusal or a broken file
 * leaves the database as it was. Refused when the backup is not at the migration level of this
 * release and of the database, and, unless `force`, when the database holds any event or
 * operational row. The events keep their ids, streams, stream positions, data and `$all` order;
 * their global positions are renumbered 1…n under the restore's own transaction id, because the
 * writing transactions' ids of another server mean nothing to this one (a reader of `$all` only
 * reads transaction ids below the oldest running one, postgres-event-store.ts). Read models are
 * not restored: the caller rebuilds them from the restored events.
 */
export async function restore(
  pool: pg.Pool,
  source: Readable,
  { eventStore, force }: RestoreOptions,
): Promise<RestoreResult> {
  const lines = linesOf(source);
  try {
    return await restoreLines(pool, lines, { eventStore, force });
  } finally {
    await lines.return(undefined);
  }
}

async function restoreLines(
  pool: pg.Pool,
  lines: AsyncGenerator<string>,
  { eventStore, force }: RestoreOptions,
): Promise<RestoreResult> {
  const header = parseHeader(await lines.next());
  if (header.eventStore !== eventStore)
    throw new ConfigError(
      `This backup is of a HealthTal with EVENT_STORE=${header.eventStore}; this one has EVENT_STORE=${eventStore}. Restore it with the setting it was made with.`,
    );
  assertSameLevel(header.migrations, releaseMigrationLevel(), 'this release of HealthTal');
  await migrate(pool);
  assertSameLevel(header.migrations, await databaseMigrationLevel(pool), 'this database');

  const client = await pool.connect();
  try {
    const tables = await tablesToBackUp(client, eventStore);
    assertSameTables(header.tables, tables);
    const holding = await tablesWithRows(client, tables);
    if (holding.length > 0 && !force)
      throw new ConfigError(
        `This database is not empty (rows in ${holding.join(', ')}). Restore into an empty database, ` +
          'or stop HealthTal and pass --force to replace its events and operational tables with the backup.',
      );
    await client.query('begin');
    await client.query(`truncate ${tables.map((table) => quoted(table.name)).join(', ')}`);
    for (const table of POSITIONS_IN_THE_LOG)
      await client.query(
        `do $$ begin if to_regclass('public.${table}') is not null then delete from ${table}; end if; end $$`,
      );
    const counts: TableCount[] = [];
    for (const table of header.tables) counts.push(await restoreTable(client, table, lines));
    const end = await lines.next();
    if (end.done || !Complete.safeParse(parseJson(end.value)).success)
      throw new ConfigError(
        'The backup ends without its closing line: it was cut short. Nothing was restored.',
      );
    for (const table of header.tables) await resetSequences(client, table);
    await client.query('commit');
    return { header, counts };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function parseHeader(first: IteratorResult<string>): BackupHeader {
  const header = BackupHeader.safeParse(first.done ? undefined : parseJson(first.value));
  if (!header.success) {
    const format = first.done
      ? undefined
      : (parseJson(first.value) as { format?: unknown } | undefined)?.format;
    throw new ConfigError(
      format === 'healthtal-backup'
        ? `The backup's header is damaged: ${header.error.issues[0]?.message ?? 'unreadable'}.`
        : 'This is not a HealthTal backup (made by `healthtal backup`).',
    );
  }
  if (header.data.formatVersion !== BACKUP_FORMAT_VERSION)
    throw new ConfigError(
      `This backup is in format ${header.data.formatVersion}; this release reads format ${BACKUP_FORMAT_VERSION}. Restore it with the release that made it.`,
    );
  return header.data;
}

function assertSameLevel(backup: readonly string[], other: readonly string[], what: string): void {
  const difference = describeLevelDifference(backup, other);
  if (difference === '') return;
  throw new ConfigError(
    `The backup was made at another migration level than ${what} (${backup.length} vs ${other.length} migrations): ` +
      `${difference}. Restore with the release that made the backup, into a database it migrated; ` +
      'then upgrade as usual (README, Upgrades).',
  );
}

function assertSameTables(backup: readonly BackupTable[], database: readonly BackupTable[]): void {
  const here = new Map(database.map((table) => [table.name, new Set(table.columns)]));
  for (const table of backup) {
    const columns = here.get(table.name);
    const missing = columns ? table.columns.filter((column) => !columns.has(column)) : [];
    if (!columns || missing.length > 0)
      throw new ConfigError(
        `The backup's table ${table.name} ${columns ? `has columns this database lacks (${missing.join(', ')})` : 'is not in this database'}: the schemas differ.`,
      );
  }
}

async function tablesWithRows(client: pg.PoolClient, tables: readonly BackupTable[]): Promise<string[]> {
  const holding: string[] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ any: boolean }>(
      `select exists (select 1 from ${quoted(table.name)}) as any`,
    );
    if (rows[0]?.any) holding.push(table.name);
  }
  return holding;
}

/** One table's section: `{"$table"}`, its rows in batches, `{"$end"}` with the count it must match. */
async function restoreTable(
  client: pg.PoolClient,
  table: BackupTable,
  lines: AsyncGenerator<string>,
): Promise<TableCount> {
  const start = await lines.next();
  if (start.done || TableStart.safeParse(parseJson(start.value)).data?.$table !== table.name)
    throw new ConfigError(
      `The backup's section for ${table.name} is missing: the file is damaged or cut short.`,
    );
  const insert = await insertSql(client, table);
  let rows = 0;
  let batch: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const json = `[${batch.join(',')}]`;
    await client.query(insert, table.name === EVENTS_TABLE ? [json, rows - batch.length] : [json]);
    batch = [];
    chars = 0;
  };
  for (;;) {
    const next = await lines.next();
    if (next.done)
      throw new ConfigError(`The backup ends inside ${table.name}: it was cut short. Nothing was restored.`);
    if (isMarker(next.value)) {
      await flush();
      const end = TableEnd.safeParse(parseJson(next.value));
      if (!end.success || end.data.$end !== table.name || end.data.rows !== rows)
        throw new ConfigError(
          `The backup's rows of ${table.name} do not add up: the file is damaged. Nothing was restored.`,
        );
      return { table: table.name, rows };
    }
    batch.push(next.value);
    rows++;
    chars += next.value.length;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
  }
}

/**
 * `$1`: a JSON array of rows; `$2`: how many rows of the table came before. PostgreSQL turns each
 * row's JSON back into the column types. The events get their new global positions and this
 * transaction's id (see `restore`).
 */
async function insertSql(client: pg.PoolClient, table: BackupTable): Promise<string> {
  const columns = table.columns.map((column) => `"${column.replaceAll('"', '""')}"`);
  const target = `${quoted(table.name)} (${columns.join(', ')}) overriding system value`;
  if (table.name !== EVENTS_TABLE)
    return `insert into ${target} select ${columns.join(', ')} from jsonb_populate_recordset(null::${quoted(table.name)}, $1::jsonb)`;
  // Every column of the table, in its order, names the record's fields before the ordinality.
  const { rows } = await client.query<{ column: string }>(
    `select attname::text as column from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
    [table.name],
  );
  const all = rows.map((row) => `"${row.column}"`);
  const values = columns.map((column) =>
    column === '"global_position"'
      ? '$2::bigint + r.ord'
      : column === '"transaction_id"'
        ? 'pg_current_xact_id()::text::bigint'
        : `r.${column}`,
  );
  return `insert into ${target} select ${values.join(', ')}
    from jsonb_populate_recordset(null::${quoted(table.name)}, $1::jsonb) with ordinality as r(${all.join(', ')}, ord)`;
}

/** Identity and serial columns continue after the restored rows. */
async function resetSequences(client: pg.PoolClient, table: BackupTable): Promise<void> {
  for (const column of table.columns) {
    const { rows } = await client.query<{ sequence: string | null }>(
      'select pg_get_serial_sequence($1, $2) as sequence',
      [quoted(table.name), column],
    );
    const sequence = rows[0]?.sequence;
    if (!sequence) continue;
    await client.query(
      `select setval($1, coalesce((select max("${column}") from ${quoted(table.name)}), 0) + 1, false)`,
      [sequence],
    );
  }
}

const parseJson = (line: string): unknown => {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
};

/** The file's lines, gunzipped; a file that is not gzip is not a backup. */
async function* linesOf(source: Readable): AsyncGenerator<string> {
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let pending = '';
  try {
    for await (const chunk of gunzip) {
      pending += decoder.write(chunk as Buffer);
      let newline = pending.indexOf('\n');
      while (newline !== -1) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line !== '') yield line;
        newline = pending.indexOf('\n');
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_'))
      throw new ConfigError('This is not a HealthTal backup, or it is damaged (not a whole gzip file).');
    throw error;
  } finally {
    source.unpipe(gunzip);
    gunzip.destroy();
    source.destroy();
  }
  pending += decoder.end();
  if (pending !== '') yield pending;
}

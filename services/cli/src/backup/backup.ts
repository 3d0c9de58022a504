import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import type { Config } from '../config';
import {
  BACKUP_FORMAT_VERSION,
  type BackupHeader,
  type BackupTable,
  databaseMigrationLevel,
  EVENTS_TABLE,
  quoted,
  tablesToBackUp,
} from './backup-tables';

const FETCH_ROWS = 1000;

export type TableCount = { table: string; rows: number };
export type BackupResult = { header: BackupHeader; counts: TableCount[] };

/**
 * Writes the event log (PostgreSQL event store), the personal data keys and the operational tables
 * to `target` as gzip'd JSON lines: a header, then each table's rows as PostgreSQL's own `to_jsonb`
 * of the row (so bigints, timestamps and bytes round-trip exactly: restore.ts reads them back with
 * `jsonb_populate_recordset`). Everything is read in one repeatable-read snapshot, so the backup is
 * one consistent moment, and through a cursor, so memory stays flat however big the tables are.
 */
export async function backUp(
  pool: pg.Pool,
  eventStore: Config['EVENT_STORE'],
  target: Writable,
): Promise<BackupResult> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const tables = await tablesToBackUp(client, eventStore);
    const header: BackupHeader = {
      format: 'healthtal-backup',
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      eventStore,
      migrations: await databaseMigrationLevel(client),
      tables,
    };
    const counts: TableCount[] = [];
    await pipeline(Readable.from(lines(client, header, counts)), createGzip(), target);
    await client.query('commit');
    return { header, counts };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function* lines(
  client: pg.PoolClient,
  header: BackupHeader,
  counts: TableCount[],
): AsyncGenerator<string> {
  yield `${JSON.stringify(header)}\n`;
  for (const table of header.tables) {
    yield `${JSON.stringify({ $table: table.name })}\n`;
    let rows = 0;
    for await (const batch of rowsOf(client, table)) {
      rows += batch.length;
      yield `${batch.join('\n')}\n`;
    }
    counts.push({ table: table.name, rows });
    yield `${JSON.stringify({ $end: table.name, rows })}\n`;
  }
  yield `${JSON.stringify({ $complete: true })}\n`;
}

/** A table's rows as JSON text, in batches; the events in `$all` order. */
async function* rowsOf(client: pg.PoolClient, table: BackupTable): AsyncGenerator<string[]> {
  const order = table.name === EVENTS_TABLE ? ' order by transaction_id, global_position' : '';
  await client.query(`declare backup_rows no scroll cursor for
    select to_jsonb(t)::text as row from ${quoted(table.name)} t${order}`);
  try {
    for (;;) {
      const { rows } = await client.query<{ row: string }>(`fetch ${FETCH_ROWS} from backup_rows`);
      if (rows.length === 0) return;
      yield rows.map((row) => row.row);
    }
  } finally {
    await client.query('close backup_rows');
  }
}

/**
 * Backs up into `file` through `file.partial`, renamed once complete: a file of that name is always
 * a whole backup.
 */
export async function backUpToFile(
  pool: pg.Pool,
  eventStore: Config['EVENT_STORE'],
  file: string,
): Promise<BackupResult> {
  const partial = `${file}.partial`;
  try {
    const result = await backUp(pool, eventStore, createWriteStream(partial));
    await rename(partial, file);
    return result;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

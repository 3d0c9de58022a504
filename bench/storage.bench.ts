// npm run bench:storage -- --size 1500000
/**
 * Where the bytes of a directory go: the database, the event store (per candidate event: its data,
 * metadata and the row around them), the directory read model (per row: table, TOAST, indexes),
 * the largest relations, and the search index snapshot. Reads the search benches' data
 * (`.data/bench-search-<size>/`, built by whichever bench runs first); writes nothing.
 */
import { statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { runBench } from './lib/database';
import { printLargestRelations } from './lib/relations';
import { figure, heading, num } from './lib/report';
import { openSearchData } from './lib/search-data';

const { values } = parseArgs({ options: { size: { type: 'string', default: '1500000' } } });
const size = Number(values.size);
if (!Number.isInteger(size) || size < 1) throw new Error('--size must be a whole number');
const TARGET_BYTES = 4 * 1024 ** 3;

const mb = (bytes: number) => `${num(bytes / 1024 ** 2)} MB`;
const gb = (bytes: number) => `${num(bytes / 1024 ** 3, 2)} GB`;
const per = (bytes: number, count: number) => (count > 0 ? `${num(bytes / count)} B` : '—');

/** A table's rows and bytes: all of it, the table, its TOAST and its indexes. */
async function sizesOf(pool: pg.Pool, table: string) {
  const { rows } = await pool.query<{
    rows: string;
    total: string;
    heap: string;
    toast: string;
    indexes: string;
  }>(
    `select (select count(*) from ${table}) as rows,
            pg_total_relation_size(c.oid) as total,
            pg_relation_size(c.oid) as heap,
            coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0) as toast,
            pg_indexes_size(c.oid) as indexes
       from pg_class c where c.oid = $1::regclass`,
    [table],
  );
  return rows[0]!;
}

async function main() {
  heading(`HealthTal storage: ${num(size)} candidates, ${os.cpus().length} cores, Node ${process.version}`);
  const { pool, dir } = await openSearchData(size);
  const one = async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows[0] as T;

  heading('Database');
  const { bytes: database } = await one<{ bytes: string }>(
    'select pg_database_size(current_database()) as bytes',
  );
  figure(
    'database on disk',
    gb(Number(database)),
    size >= 1_500_000
      ? `target ≤ 4 GB at 1.5M: ${Number(database) <= TARGET_BYTES ? 'PASS' : 'MISS'}`
      : `${per(Number(database), size)} per candidate (the target, ≤ 4 GB, is at 1.5M)`,
  );

  heading('Event store (eventstore.events)');
  const events = await sizesOf(pool, 'eventstore.events');
  const rows = Number(events.rows);
  figure('events', num(rows), `${mb(Number(events.total))} in all`);
  figure(
    'per event, all of it',
    per(Number(events.total), rows),
    `table ${mb(Number(events.heap))} · TOAST ${mb(Number(events.toast))} · indexes ${mb(Number(events.indexes))}`,
  );
  const candidate = await one<{ n: string; data: string; metadata: string; row: string }>(
    `select count(*) as n, avg(pg_column_size(data)) as data, avg(pg_column_size(metadata)) as metadata,
            avg(pg_column_size(e.*)) as row
       from (select * from eventstore.events where type = 'CandidateImported' limit 20000) e`,
  );
  figure(
    'CandidateImported, sampled',
    `${num(Number(candidate.row))} B/row`,
    `data ${num(Number(candidate.data))} B (jsonb, personal fields sealed) · metadata ${num(Number(candidate.metadata))} B · ${num(Number(candidate.n))} sampled`,
  );

  heading('Directory read model (directory_candidates)');
  const directory = await sizesOf(pool, 'directory_candidates');
  const { row: tuple } = await one<{ row: string }>(
    'select avg(pg_column_size(d.*)) as row from (select * from directory_candidates limit 20000) d',
  );
  const candidates = Number(directory.rows);
  figure('rows', num(candidates), `${mb(Number(directory.total))} in all`);
  figure(
    'per row, all of it',
    per(Number(directory.total), candidates),
    `table ${mb(Number(directory.heap))} · TOAST ${mb(Number(directory.toast))} · indexes ${mb(Number(directory.indexes))}`,
  );
  figure('per row, the tuple alone (sampled)', `${num(Number(tuple))} B`, '');

  heading('Largest relations (table with its TOAST and indexes)');
  await printLargestRelations(pool);

  heading('Search index snapshots (SEARCH_SNAPSHOT_DIR)');
  const snapshots = path.join(dir, 'search-index');
  const files = await readdir(snapshots).catch(() => [] as string[]);
  if (files.length === 0) console.log('  none yet: npm run bench:coldstart writes them');
  for (const file of files.filter((f) => f.endsWith('.idx'))) {
    const bytes = statSync(path.join(snapshots, file)).size;
    figure(file, mb(bytes), `${per(bytes, candidates)} per candidate`);
  }
}

runBench(main);

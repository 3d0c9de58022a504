import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { BULK_MAX_WAL_SIZE, ensureDatabase, migrate, REPO_ROOT, startEmbeddedPostgres } from '@healthtal/cli';
import pg from 'pg';
import { onTeardown } from './database';
import { importAndProject } from './directory-import';
import { figure } from './report';
import { stopServerAfterExit } from './watchdog';

/** `dir`: where the data is kept between runs (the database's, and the search index snapshots'). */
export type SearchData = { url: string; pool: pg.Pool; dir: string };

/**
 * The search benches' directory: `size` synthetic candidates in database `bench` of an embedded
 * PostgreSQL kept in `.data/bench-search-<size>/`, built by the first bench that needs it and reused
 * by the others (building 1.5M candidates is the slow part). The server and the pool are closed at
 * teardown; the data stays.
 */
export async function openSearchData(size: number): Promise<SearchData> {
  const dataDir = path.join(REPO_ROOT, '.data', `bench-search-${size}`);
  mkdirSync(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must reach the data directory.
  await chmod(dataDir, 0o755);
  const serverDir = path.join(dataDir, 'postgres');
  // The directory is imported as a bulk load is, with its WAL (embedded-wal.ts), all along.
  const server = await startEmbeddedPostgres({ dataDir: serverDir, steadyMaxWalSize: BULK_MAX_WAL_SIZE });
  onTeardown('stop embedded PostgreSQL', () => server.stop());
  stopServerAfterExit(serverDir);
  const url = await ensureDatabase(server.adminUrl, 'bench');
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  pool.on('error', () => undefined);
  onTeardown('close pool', () => pool.end());
  await migrate(pool);
  await prepareData(pool, dataDir, size);
  return { url, pool, dir: dataDir };
}

type SavedLine = [label: string, value: string, note: string];

/** Imports and projects the directory unless a previous run left it complete; prints the import's figures. */
async function prepareData(pool: pg.Pool, dataDir: string, size: number) {
  const figures = path.join(dataDir, 'import.json');
  const present = await pool
    .query<{ n: string }>('select count(*) as n from directory_candidates')
    .then((r) => Number(r.rows[0]!.n))
    .catch(() => 0);
  console.log('Import and projection');
  if (present >= size * 0.99 && existsSync(figures)) {
    const saved = JSON.parse(readFileSync(figures, 'utf8')) as { lines: SavedLine[] };
    for (const [label, value, note] of saved.lines)
      figure(label, value, `${note} (from the run that built this data)`);
    figure('candidates in the read model', present.toLocaleString('en-US'), 'reused');
    return;
  }
  // The import runs as its own process while this one projects, as a user importing into a running HealthTal.
  const result = await importAndProject(pool, { size, mode: 'live' });
  const lines: SavedLine[] = [
    [
      'import (CandidateImported, encrypted)',
      `${Math.round((result.import.events / result.import.ms) * 1000).toLocaleString('en-US')} ev/s`,
      `${result.import.events.toLocaleString('en-US')} events in ${(result.import.ms / 1000).toFixed(1)} s`,
    ],
    [
      'projection catch-up (directory read model)',
      `${Math.round((result.projection.events / result.projection.ms) * 1000).toLocaleString('en-US')} ev/s`,
      `${(result.projection.ms / 1000).toFixed(1)} s`,
    ],
    [
      'import + projection, first row to caught up',
      `${(result.wallMs / 1000).toFixed(1)} s`,
      `target ≤ 300 s: ${result.wallMs <= 300_000 ? 'PASS' : 'MISS'}`,
    ],
  ];
  for (const l of lines) figure(...l);
  writeFileSync(figures, JSON.stringify({ lines }));
}

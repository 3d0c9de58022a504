import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createEventStore, migrate, REPO_ROOT } from '@healthtal/cli';
import { importCandidates, ProgressBar, syntheticSource } from '@healthtal/directory-import';
import { directoryProjection, Projector } from '@healthtal/projections';
import type pg from 'pg';
import type { ServerCpu } from './cpu';

/**
 * - `sequential`: the import runs in this process with the projector stopped, then the projector
 *   catches up from its checkpoint: each phase timed on its own.
 * - `live`: `healthtal import --synthetic N` runs as its own process (a user importing into a running
 *   HealthTal) while this process runs the directory projector, as `healthtal start` does; the two
 *   Node processes and PostgreSQL share the cores.
 */
export type ImportMode = 'sequential' | 'live';

export type DirectoryImportResult = {
  mode: ImportMode;
  /** Rows imported and the import's own wall time. */
  import: { events: number; ms: number };
  /** sequential: catch-up from the checkpoint; live: from the import's end until caught up. */
  projection: { events: number; ms: number };
  /** First row to caught up. */
  wallMs: number;
  /** CPU over the whole run: the importing Node process, the projecting one (the same in sequential mode, split by phase), PostgreSQL. */
  cpu: { importMs: number; projectorMs: number; serverMs: number | null };
  readModel: { candidates: number; specialties: number; nurses: number; physicians: number };
};

const ownCpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/**
 * Fills a fresh database with `size` synthetic candidates the way the product does and brings the
 * directory read model up to date: the import and seed half of the search benchmark.
 */
export async function importAndProject(
  pool: pg.Pool,
  options: { size: number; mode?: ImportMode; serverCpu?: ServerCpu | null; progress?: boolean },
): Promise<DirectoryImportResult> {
  const { size, mode = 'sequential', serverCpu = null } = options;
  await migrate(pool);
  const store = createEventStore(pool);
  const projector = new Projector({ pool, store, projection: directoryProjection });
  await projector.start();
  if (mode === 'sequential') await projector.stop();
  try {
    const began = performance.now();
    const cpuBefore = { own: ownCpuMs(), server: serverCpu?.read() ?? 0 };
    let importMs: number;
    let importCpuMs: number;
    let imported: number;
    if (mode === 'live') {
      ({ imported, ms: importMs, cpuMs: importCpuMs } = await importInChildProcess(pool, size));
    } else {
      const bar = options.progress === false ? null : new ProgressBar();
      const summary = await importCandidates({
        pool,
        store,
        source: syntheticSource(size),
        onProgress: (tick) => bar?.update(tick),
      });
      bar?.finish({ rows: summary.rows, total: summary.rows, elapsedMs: summary.elapsedMs });
      ({ imported, elapsedMs: importMs } = summary);
      importCpuMs = ownCpuMs() - cpuBefore.own;
    }
    const projectionStart = performance.now();
    if (mode === 'sequential') await projector.start();
    await projector.caughtUp();
    const end = performance.now();
    const ownMs = ownCpuMs() - cpuBefore.own;
    return {
      mode,
      import: { events: imported, ms: importMs },
      projection: { events: imported, ms: end - projectionStart },
      wallMs: end - began,
      cpu: {
        importMs: importCpuMs,
        projectorMs: mode === 'live' ? ownMs : ownMs - importCpuMs,
        serverMs: serverCpu ? serverCpu.read() - cpuBefore.server : null,
      },
      readModel: await readModelFacts(pool),
    };
  } finally {
    await projector.stop();
    await store.close();
  }
}

/** utime + stime of this process's reaped children, in ms (/proc/self/stat fields 16 and 17). */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return (fields[13]! + fields[14]!) * 10;
}

/** `healthtal import --synthetic N` against the same database; its progress lines pass through. */
async function importInChildProcess(pool: pg.Pool, size: number) {
  const url = (pool as unknown as { options: { connectionString: string } }).options.connectionString;
  const childrenBefore = childrenCpuMs();
  const start = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(REPO_ROOT, 'services/cli/src/main.ts'),
      'import',
      '--synthetic',
      String(size),
    ],
    { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`healthtal import exited with ${code}:\n${output}`);
  const imported = Number(/([\d,]+) new candidates/.exec(output)?.[1]?.replaceAll(',', '') ?? Number.NaN);
  return { imported, ms: performance.now() - start, cpuMs: childrenCpuMs() - childrenBefore };
}

async function readModelFacts(pool: pg.Pool): Promise<DirectoryImportResult['readModel']> {
  const { rows } = await pool.query<{
    candidates: string;
    specialties: string;
    nurses: string;
    physicians: string;
  }>(
    `select (select count(*) from directory_candidates) as candidates,
            (select count(*) from specialty_counts) as specialties,
            (select coalesce(sum(count), 0) from specialty_counts where specialty = 'Nurse') as nurses,
            (select coalesce(sum(count), 0) from specialty_counts where specialty = 'Physician') as physicians`,
  );
  const row = rows[0]!;
  return {
    candidates: Number(row.candidates),
    specialties: Number(row.specialties),
    nurses: Number(row.nurses),
    physicians: Number(row.physicians),
  };
}

import { copyFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEventStore, migrate } from '@healthtal/cli';
import {
  importNppes,
  loadEndpoints,
  loadTaxonomy,
  type NppesSummary,
  nppesFile,
  ProgressBar,
} from '@healthtal/directory-import';
import { directoryProjection, Projector } from '@healthtal/projections';
import { ServerCpu } from './cpu';
import { openImportBench } from './import-bench-setup';
import { BENCH_TAXONOMY, writeNppesBenchFile } from './nppes-file';
import { detail, figure, heading, num, perSecond, printLoadAverage, Targets } from './report';

const MB = 1024 * 1024;
const TARGET_ROWS_PER_SECOND = 10_000;

type MemorySample = { rows: number; rss: number; heap: number };

/**
 * `npm run bench:import -- --format nppes --size N`: writes an N-row file in the NPPES main
 * file's 330-column layout (plus an endpoint file and a NUCC taxonomy), imports it as
 * `healthtal import --format nppes` does, and prints rows/s and the process's memory along the
 * way (it must stay flat: the file is streamed). `--reimport` then imports a copy (every row
 * unchanged); `--project` lets the directory projector catch up afterwards.
 */
export async function runNppesBench(options: { size: number; reimport: boolean; project: boolean }) {
  const { size } = options;
  const targets = new Targets();
  const { dir, db } = await openImportBench(
    `HealthTal NPPES import benchmark: ${num(size)} rows in the NPPES format`,
    {
      prefix: 'healthtal-nppes-bench-',
      label: 'remove NPPES bench files',
    },
  );

  const file = path.join(dir, 'npidata_pfile_20050523-20240811.csv');
  const generated = performance.now();
  const written = await writeNppesBenchFile(file, size, path.join(dir, 'endpoint_pfile.csv'));
  const taxonomyFile = path.join(dir, 'nucc_taxonomy.csv');
  await writeFile(
    taxonomyFile,
    ['Code,Grouping,Classification,Specialization', ...BENCH_TAXONOMY.map((t) => `${t.join(',')},`)].join(
      '\n',
    ),
  );
  detail(
    `generated ${num(written.bytes / MB)} MB (330 columns, every field quoted) and ${num(written.endpoints)} ` +
      `endpoint emails in ${num((performance.now() - generated) / 1000, 1)} s`,
  );

  await migrate(db.pool);
  const store = createEventStore(db.pool);
  const taxonomy = { key: 'nucc', entries: await loadTaxonomy(taxonomyFile) };
  const endpointsStarted = performance.now();
  const endpoints = await loadEndpoints(db.pool, path.join(dir, 'endpoint_pfile.csv'));
  detail(`endpoint file loaded in ${num((performance.now() - endpointsStarted) / 1000, 1)} s`);

  const serverCpu = db.source === 'embedded' ? await ServerCpu.locate(db.pool) : null;
  const first = await measuredImport(file, { db, store, taxonomy, endpoints, serverCpu });
  report('First import (every individual new)', first, size, targets);

  if (options.reimport) {
    const copy = path.join(dir, 'npidata_pfile_20050523-20240812.csv');
    await copyFile(file, copy);
    const again = await measuredImport(copy, { db, store, taxonomy, endpoints: null, serverCpu });
    report('Re-import of the same rows (every individual unchanged)', again, size, targets);
  }
  if (options.project) {
    const projector = new Projector({ pool: db.pool, store, projection: directoryProjection });
    const started = performance.now();
    await projector.start();
    await projector.caughtUp();
    await projector.stop();
    heading('Directory projection catch-up');
    figure(
      'projection',
      `${num(perSecond(first.summary.imported, performance.now() - started))} candidates/s`,
    );
  }
  await store.close();
  targets.print();
  printLoadAverage();
}

async function measuredImport(
  fileName: string,
  context: {
    db: { pool: import('pg').Pool };
    store: ReturnType<typeof createEventStore>;
    taxonomy: { key: string; entries: Awaited<ReturnType<typeof loadTaxonomy>> };
    endpoints: { key: string } | null;
    serverCpu: ServerCpu | null;
  },
) {
  global.gc?.();
  const samples: MemorySample[] = [];
  let rows = 0;
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    samples.push({ rows, rss, heap: heapUsed });
  };
  const timer = setInterval(sample, 250);
  const cpuBefore = { own: process.cpuUsage(), server: context.serverCpu?.read() ?? null };
  const bar = new ProgressBar();
  const summary = await importNppes({
    pool: context.db.pool,
    store: context.store,
    file: await nppesFile(fileName),
    taxonomy: context.taxonomy,
    endpoints: context.endpoints,
    onProgress: (tick) => {
      rows = tick.rows;
      bar.update(tick);
    },
  });
  clearInterval(timer);
  sample();
  const own = process.cpuUsage(cpuBefore.own);
  const cpu = {
    importMs: (own.user + own.system) / 1000,
    serverMs: cpuBefore.server === null ? null : context.serverCpu!.read() - cpuBefore.server,
  };
  bar.finish({ rows: summary.read, total: summary.read, elapsedMs: summary.elapsedMs });
  return { summary, samples, cpu };
}

function report(
  title: string,
  {
    summary,
    samples,
    cpu,
  }: { summary: NppesSummary; samples: MemorySample[]; cpu: { importMs: number; serverMs: number | null } },
  size: number,
  targets: Targets,
) {
  heading(title);
  const rate = perSecond(summary.read, summary.elapsedMs);
  figure(
    'rows/s',
    num(rate),
    targets.check(
      `${title.split(' (')[0]}: rows/s`,
      rate >= TARGET_ROWS_PER_SECOND,
      num(rate),
      `≥ ${num(TARGET_ROWS_PER_SECOND)}`,
    ),
  );
  detail(
    `${num(summary.read)} rows in ${num(summary.elapsedMs / 1000, 1)} s: ${num(summary.imported)} imported, ` +
      `${num(summary.updated)} updated, ${num(summary.unchanged)} unchanged, ${num(summary.skipped)} skipped ` +
      `(organizations, deactivated), ${num(summary.rejected)} rejected`,
  );
  const perRow = (ms: number | null) => (ms === null ? 'n/a' : `${num((ms * 1000) / summary.read, 1)} µs`);
  const cpuMs = cpu.importMs + (cpu.serverMs ?? 0);
  detail(
    `CPU per row: import process ${perRow(cpu.importMs)} · PostgreSQL ${perRow(cpu.serverMs)}; ` +
      `with the ${os.cpus().length} cores to itself that is ~${num((summary.read * 1000 * os.cpus().length) / cpuMs)} rows/s`,
  );
  // Memory by tenths of the file: flat means the last tenths hold no more than the first.
  const tenths: MemorySample[] = [];
  for (let t = 1; t <= 10; t++) {
    const mark = (size * t) / 10;
    const at = samples.find((s) => s.rows >= mark) ?? samples[samples.length - 1]!;
    tenths.push(at);
  }
  const rss = tenths.map((s) => s.rss / MB);
  figure('RSS by tenth of the file (MB)', rss.map((m) => num(m)).join(' '));
  detail(`heap used by tenth (MB): ${tenths.map((s) => num(s.heap / MB)).join(' ')}`);
  const peak = Math.max(...samples.map((s) => s.rss)) / MB;
  const early = Math.max(...samples.filter((s) => s.rows <= size / 5).map((s) => s.rss), 0) / MB || rss[1]!;
  const growth = peak - early;
  figure(
    'RSS peak after the first fifth',
    `${num(peak)} MB`,
    targets.check(
      `${title.split(' (')[0]}: memory flat`,
      growth <= 150,
      `+${num(growth)} MB`,
      '≤ +150 MB after the first fifth',
    ),
  );
}

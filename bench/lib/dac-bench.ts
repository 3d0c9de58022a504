import { copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { createEventStore, migrate } from '@healthtal/cli';
import {
  type DacSummary,
  dacAffiliationFile,
  dacMainFile,
  importDac,
  importNppes,
  loadHospitalNames,
  nppesFile,
  ProgressBar,
} from '@healthtal/directory-import';
import { directoryProjection, Projector } from '@healthtal/projections';
import { ServerCpu } from './cpu';
import { cliniciansFor, writeDacBenchFiles } from './dac-file';
import { openImportBench } from './import-bench-setup';
import { writeNppesBenchFile } from './nppes-file';
import { detail, figure, heading, num, perSecond, printLoadAverage, Targets } from './report';

const MB = 1024 * 1024;
const TARGET_ROWS_PER_SECOND = 10_000;

type MemorySample = { fraction: number; rss: number; heap: number };

/**
 * `npm run bench:import -- --format dac --size N`: seeds a directory of NPI registry candidates
 * (a generated NPPES file through `healthtal import --format nppes`), writes an N-row CMS Doctors
 * and Clinicians file of the newer vintage for them (about 2.2 rows a clinician, their rows apart,
 * a tenth of them not in the directory) with its affiliation and hospitals files, and imports it as
 * `healthtal import --format dac` does: rows/s over both passes, CPU per row and the process's
 * memory along the way (flat: the rows are folded in PostgreSQL, not here). `--reimport` then
 * imports a copy (every clinician unchanged); `--project` lets the directory projector apply the
 * updates afterwards.
 */
export async function runDacBench(options: { size: number; reimport: boolean; project: boolean }) {
  const { size } = options;
  const targets = new Targets();
  const { dir, db } = await openImportBench(
    `HealthTal CMS Doctors and Clinicians import benchmark: ${num(size)} rows, newer vintage`,
    {
      prefix: 'healthtal-dac-bench-',
      label: 'remove CMS bench files',
    },
  );
  await migrate(db.pool);
  const store = createEventStore(db.pool);

  // The directory: NPPES rows for the file's clinicians (90 % individuals; the rest organizations
  // and deactivated NPIs, which the CMS file then finds not in the directory).
  const clinicians = cliniciansFor(size);
  const seeded = performance.now();
  const nppes = path.join(dir, 'npidata_pfile_20050523-20240811.csv');
  await writeNppesBenchFile(nppes, clinicians, path.join(dir, 'endpoint_pfile.csv'));
  const seed = await importNppes({ pool: db.pool, store, file: await nppesFile(nppes) });
  detail(
    `directory seeded: ${num(seed.imported)} NPI registry candidates in ${num((performance.now() - seeded) / 1000, 1)} s`,
  );

  const files = {
    main: path.join(dir, 'DAC_NationalDownloadableFile.csv'),
    affiliations: path.join(dir, 'Facility_Affiliation.csv'),
    hospitals: path.join(dir, 'Hospital_General_Information.csv'),
  };
  const generated = performance.now();
  const written = await writeDacBenchFiles(files, size);
  detail(
    `generated ${num(written.bytes / MB)} MB: ${num(size)} rows of ${num(written.clinicians)} clinicians, ` +
      `${num(written.affiliationRows)} affiliation rows, in ${num((performance.now() - generated) / 1000, 1)} s`,
  );
  const hospitals = { key: 'hospitals', names: await loadHospitalNames(files.hospitals) };

  const serverCpu = db.source === 'embedded' ? await ServerCpu.locate(db.pool) : null;
  const run = async (main: string) =>
    measuredImport({ db, store, serverCpu }, async (onProgress) =>
      importDac({
        pool: db.pool,
        store,
        file: await dacMainFile(main, { date: '2024-09-01' }),
        affiliations: await dacAffiliationFile(files.affiliations),
        hospitals,
        onProgress,
      }),
    );
  const first = await run(files.main);
  report('First import (every clinician in the directory new to CMS data)', first, targets);

  if (options.reimport) {
    const copy = path.join(dir, 'DAC_NationalDownloadableFile (copy).csv');
    await copyFile(files.main, copy);
    report('Re-import of the same rows (every clinician unchanged)', await run(copy), targets);
  }
  if (options.project) {
    const projector = new Projector({ pool: db.pool, store, projection: directoryProjection });
    const started = performance.now();
    await projector.start();
    await projector.caughtUp();
    await projector.stop();
    heading('Directory projection catch-up (the seed and the CMS updates)');
    const events = seed.imported + first.summary.updated;
    figure('projection', `${num(perSecond(events, performance.now() - started))} events/s`);
    detail(`${num(seed.imported)} imports and ${num(first.summary.updated)} CMS updates`);
  }
  await store.close();
  targets.print();
  printLoadAverage();
}

type Measured = {
  summary: DacSummary;
  samples: MemorySample[];
  /** The heap just after each major collection: what the import holds, without its garbage. */
  afterMajorGc: MemorySample[];
  cpu: { importMs: number; serverMs: number | null };
  /** When the second pass (compare and append) began, ms after the start. */
  stagedMs: number;
};

async function measuredImport(
  context: { db: { pool: import('pg').Pool }; store: unknown; serverCpu: ServerCpu | null },
  start: (
    onProgress: (tick: { rows: number; fraction?: number | null; elapsedMs: number }) => void,
  ) => Promise<DacSummary>,
): Promise<Measured> {
  global.gc?.();
  const samples: MemorySample[] = [];
  let fraction = 0;
  let stagedMs = 0;
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    samples.push({ fraction, rss, heap: heapUsed });
  };
  const timer = setInterval(sample, 250);
  const afterMajorGc: MemorySample[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        afterMajorGc.push({ fraction, rss: 0, heap: process.memoryUsage().heapUsed });
  });
  gc.observe({ entryTypes: ['gc'] });
  const cpuBefore = { own: process.cpuUsage(), server: context.serverCpu?.read() ?? null };
  const bar = new ProgressBar();
  const summary = await start((tick) => {
    fraction = tick.fraction ?? fraction;
    if (fraction <= 0.5) stagedMs = tick.elapsedMs;
    bar.update({ ...tick, total: null });
  });
  clearInterval(timer);
  gc.disconnect();
  sample();
  const own = process.cpuUsage(cpuBefore.own);
  bar.finish({ rows: summary.read, total: summary.read, elapsedMs: summary.elapsedMs });
  return {
    summary,
    samples,
    afterMajorGc,
    stagedMs,
    cpu: {
      importMs: (own.user + own.system) / 1000,
      serverMs: cpuBefore.server === null ? null : context.serverCpu!.read() - cpuBefore.server,
    },
  };
}

function report(title: string, measured: Measured, targets: Targets) {
  const { summary, samples, cpu, stagedMs } = measured;
  heading(title);
  const name = title.split(' (')[0]!;
  const rate = perSecond(summary.read, summary.elapsedMs);
  figure(
    'rows/s (both passes)',
    num(rate),
    targets.check(
      `${name}: rows/s`,
      rate >= TARGET_ROWS_PER_SECOND,
      num(rate),
      `≥ ${num(TARGET_ROWS_PER_SECOND)}`,
    ),
  );
  detail(
    `${num(summary.read)} rows and ${num(summary.affiliationRows)} affiliation rows in ${num(summary.elapsedMs / 1000, 1)} s: ` +
      `${num(summary.clinicians)} clinicians, ${num(summary.updated)} updated, ${num(summary.unchanged)} unchanged, ` +
      `${num(summary.notInDirectory)} not in the directory, ${num(summary.rejected)} rejected`,
  );
  const appendMs = summary.elapsedMs - stagedMs;
  detail(
    `pass 1 (stage both files): ${num(stagedMs / 1000, 1)} s, ${num(perSecond(summary.read + summary.affiliationRows, stagedMs))} rows/s · ` +
      `pass 2 (compare, append): ${num(appendMs / 1000, 1)} s, ${num(perSecond(summary.updated, appendMs))} events/s`,
  );
  const perRow = (ms: number | null) => (ms === null ? 'n/a' : `${num((ms * 1000) / summary.read, 1)} µs`);
  const cpuMs = cpu.importMs + (cpu.serverMs ?? 0);
  detail(
    `CPU per row: import process ${perRow(cpu.importMs)} · PostgreSQL ${perRow(cpu.serverMs)}; ` +
      `with the ${os.cpus().length} cores to itself that is ~${num((summary.read * 1000 * os.cpus().length) / cpuMs)} rows/s`,
  );
  // Memory by tenths of the work (the first half stages the files, the second appends).
  const tenths: MemorySample[] = [];
  for (let t = 1; t <= 10; t++)
    tenths.push(samples.find((s) => s.fraction >= t / 10) ?? samples[samples.length - 1]!);
  figure('RSS by tenth of the work (MB)', tenths.map((s) => num(s.rss / MB)).join(' '));
  detail(`heap used by tenth (MB): ${tenths.map((s) => num(s.heap / MB)).join(' ')}`);
  // The RSS swings with the collector (V8 lets the old space grow to a few times what survives);
  // the heap after each major collection says whether what survives grows.
  const range = (pass: MemorySample[]) =>
    pass.length === 0
      ? 'none'
      : `${num(Math.min(...pass.map((s) => s.heap)) / MB)}–${num(Math.max(...pass.map((s) => s.heap)) / MB)}`;
  const live = measured.afterMajorGc;
  detail(
    `heap after each major collection (MB): pass 1 ${range(live.filter((s) => s.fraction <= 0.5))}, ` +
      `pass 2 ${range(live.filter((s) => s.fraction > 0.5))} (${live.length} collections)`,
  );
  // Flat: within each pass, no more after its first fifth than in it. The passes differ (the
  // second holds each batch's events while they are sealed and sent, so V8 lets the old space grow
  // further before collecting): a step between them is not growth with the file, and a run ten
  // times smaller shows the same peak (bench/README.md).
  const mb = (pass: MemorySample[]) => Math.max(...pass.map((s) => s.rss), 0) / MB;
  const passes = [
    { name: 'pass 1', from: 0, to: 0.5 },
    { name: 'pass 2', from: 0.5, to: 1 },
  ].map(({ name: pass, from, to }) => {
    const fifth = from + (to - from) / 5;
    const within = samples.filter((s) => (s.fraction > from || from === 0) && s.fraction <= to);
    const early = mb(within.filter((s) => s.fraction <= fifth));
    const later = mb(within.filter((s) => s.fraction > fifth));
    return { pass, early, later, growth: later - early };
  });
  const peak = mb(samples);
  figure(
    'RSS peak',
    `${num(peak)} MB`,
    passes
      .map(({ pass, early, later }) => `${pass}: first fifth ${num(early)}, then ≤ ${num(later)}`)
      .join(' · '),
  );
  const growth = Math.max(...passes.map((p) => p.growth));
  figure(
    'RSS after each pass’s first fifth',
    `+${num(Math.max(0, growth))} MB`,
    targets.check(
      `${name}: memory flat`,
      growth <= 150,
      `+${num(Math.max(0, growth))} MB`,
      '≤ +150 MB in each pass after its first fifth',
    ),
  );
}

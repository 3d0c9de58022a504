/**
 * The default path, measured: `npm start` with SEED_SIZE=N on an empty data directory, from the
 * seed's first row to a search answering with all N candidates, while a recruiter searches.
 *
 *   npm run bench:seed -- --size 1500000 [--think-ms 100] [--window 15]
 *
 * The product starts in this process exactly as `healthtal start` does with the embedded database
 * (a fresh DATA_DIR in a temp directory, removed at the end): the seed runs in the background, the
 * projectors and search follow it. Once the read model holds a first 10,000 candidates, one client in
 * its own process (lib/search-load-client.ts) searches with a generated mix, pausing `--think-ms`
 * between searches, in windows of `--window` seconds until the full count is searchable; each window
 * prints its latencies beside how far the seed and the read model had come.
 */
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig, SEED_APPLICATION_NAME } from '@healthtal/cli';
import type { SearchResponse } from '@healthtal/contracts';
import { readImportProgress, syntheticSource } from '@healthtal/directory-import';
import type pg from 'pg';
import { ServerCpu } from './lib/cpu';
import { onTeardown, runBench } from './lib/database';
import { premiumUser } from './lib/premium-user';
import { printLargestRelations } from './lib/relations';
import { figure, heading, ms, num, pct, Targets } from './lib/report';
import { type LoadReport, runSearchLoad } from './lib/search-load';
import { startProduct } from './lib/search-product';
import { loadVocabulary, queryMix } from './search/query-mix';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1500000' },
    'think-ms': { type: 'string', default: '100' },
    window: { type: 'string', default: '15' },
  },
});
const size = Number(values.size);
const thinkMs = Number(values['think-ms']);
const windowSeconds = Number(values.window);
if (!Number.isInteger(size) || size < 20_000) throw new Error('--size must be a whole number ≥ 20,000');
if (!(thinkMs >= 0) || !(windowSeconds > 0)) throw new Error('--think-ms ≥ 0 and --window > 0');

/** The issue's targets: 1.5M searchable within five minutes of the first row (pro rata for other sizes). */
const TARGET_MS = 5 * 60_000 * (size / 1_500_000);
const P95_TARGET_MS = 100;
const MIX_SEED = 20_251_125;
const POLL_MS = 500;

const seconds = (value: number) => `${num(value / 1000, 1)} s`;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => num(l, 2))
    .join(' ');

type Window = { report: LoadReport; imported: number; projected: number };

async function main() {
  const targets = new Targets();
  heading(
    `HealthTal default path: npm start with SEED_SIZE=${num(size)} · ${os.cpus().length} cores · Node ${process.version}`,
  );
  figure('load average at the start', loadAverage());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'healthtal-bench-seed-'));
  onTeardown('remove the data directory', () => rm(dataDir, { recursive: true, force: true }));
  // As root, PostgreSQL runs as the `postgres` user, which must reach the data directory.
  await chmod(dataDir, 0o755);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SHUTDOWN_DELAY_MS: '0',
    SEED_SIZE: String(size),
  });
  const started = performance.now();
  const app = await startProduct(config);
  figure('start → listening', seconds(performance.now() - started), 'the seed starts behind it');
  const token = await premiumUser(app);
  const progress = new SeedProgress(app.pool, size);
  const serverCpu = await ServerCpu.locate(app.pool);
  const cpuBefore = { own: ownCpuMs(), server: serverCpu?.read() ?? 0, seed: (await seedProcess()).cpuMs };

  let fullAt: number | null = null;
  let lastCount = 0;
  let peakRss = 0;
  let peakSeedRss = 0;
  let seedCpuMs = 0;
  const poll = async () => {
    while (fullAt === null) {
      const tick = performance.now();
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      const seedNow = await seedProcess();
      peakSeedRss = Math.max(peakSeedRss, seedNow.rss);
      seedCpuMs = Math.max(seedCpuMs, seedNow.cpuMs);
      lastCount = await fullCount(app.url, token);
      if (lastCount >= size) fullAt = Date.now();
      await progress.read();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, POLL_MS - (performance.now() - tick))));
    }
  };
  const polling = poll();

  for (let since = performance.now(), last = 0; ; ) {
    const { imported, projected } = await progress.read();
    if (projected >= 10_000) break;
    if (imported > last) [since, last] = [performance.now(), imported];
    if (performance.now() - since > 60_000)
      throw new Error(`the seed has not moved for a minute (at ${imported} rows)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'healthtal-bench-seed-load-'));
  onTeardown('remove the query file', () => rm(dir, { recursive: true, force: true }));
  const queriesFile = path.join(dir, 'queries.json');
  const mix = queryMix(await loadVocabulary(app.pool), 2_000, MIX_SEED);
  await writeFile(queriesFile, JSON.stringify(mix.map((q) => q.body)));
  console.log(
    `\nOne recruiter searching (its own process, ${thinkMs} ms between searches, a 2,000-query mix of seed ${MIX_SEED}), in ${windowSeconds} s windows:`,
  );
  const windows: Window[] = [];
  // The product's main thread (the API, the projectors): how long a ready callback waited for it.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  while (fullAt === null) {
    loopDelay.reset();
    const report = await runSearchLoad({
      url: app.url,
      token,
      clients: 1,
      seconds: windowSeconds,
      warmupSeconds: 0,
      queriesFile,
      thinkMs,
    });
    const { imported, projected } = await progress.read();
    windows.push({ report, imported, projected });
    const t = report.latencies;
    const errors = Object.values(report.errors).reduce((a, b) => a + b, 0);
    figure(
      `seed ${num(imported)} · read model ${num(projected)}`,
      `p95 ${ms(pct(t, 95))}`,
      `${t.length} searches · p50 ${ms(pct(t, 50))} · p99 ${ms(pct(t, 99))} · max ${ms(Math.max(...t))}` +
        `${errors ? ` · errors ${errors} (${report.firstError})` : ''} · search count ${num(lastCount)}` +
        ` · API thread's event loop delay p95 ${ms(loopDelay.percentile(95) / 1e6)}` +
        ` · RSS ${num(process.memoryUsage().rss / 1e6)} MB (seed process ${num((await seedProcess()).rss / 1e6)} MB)`,
    );
  }
  loopDelay.disable();
  await polling;
  const cpu = {
    own: ownCpuMs() - cpuBefore.own,
    // The seed's process as last seen while polling (it may have ended since).
    seed: Math.max(seedCpuMs, (await seedProcess()).cpuMs) - cpuBefore.seed,
    server: serverCpu ? serverCpu.read() - cpuBefore.server : null,
  };

  heading('Results');
  const firstRow = await firstRowAt(app.pool);
  const importEnd = await progress.finishedAt();
  const searchable = fullAt! - firstRow;
  figure(
    'first row → seed written',
    importEnd === null ? 'n/a' : seconds(importEnd - firstRow),
    importEnd === null ? '' : `${num((size * 1000) / (importEnd - firstRow))} rows/s`,
  );
  figure(
    `first row → ${num(size)} searchable`,
    seconds(searchable),
    targets.check(
      'first row → all searchable',
      searchable <= TARGET_MS,
      seconds(searchable),
      `≤ ${seconds(TARGET_MS)}`,
    ),
  );
  // Windows that ended before everything was searchable: the search during the import and projection.
  const during = windows.flatMap((w) => w.report.latencies);
  const p95 = pct(during, 95);
  figure(
    'search during the seed',
    `p95 ${ms(p95)}`,
    `${num(during.length)} searches · p50 ${ms(pct(during, 50))} · p99 ${ms(pct(during, 99))} · ` +
      targets.check('search p95 during the seed', p95 <= P95_TARGET_MS, ms(p95), `≤ ${P95_TARGET_MS} ms`),
  );
  const perRow = (cpuMs: number) => `${num((cpuMs * 1000) / size, 1)} µs`;
  figure(
    'CPU per candidate',
    perRow(cpu.own + cpu.seed + (cpu.server ?? 0)),
    `this process (API, projectors, search) ${perRow(cpu.own)} · the seed's process ${perRow(cpu.seed)} · PostgreSQL ${cpu.server === null ? 'n/a' : perRow(cpu.server)}`,
  );
  figure(
    'RSS peak',
    `${num(peakRss / 1e6)} MB`,
    "this process: the product (API, projectors, search) and the bench's harness",
  );
  figure('RSS peak of the seed process', `${num(peakSeedRss / 1e6)} MB`, 'its own process (seed-worker)');
  // The seed's process ends after rebuilding the event store's key-ordered indexes (bulk-load.ts):
  // the size is the one it leaves.
  const seedConnections = async () =>
    (
      await app.pool.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where application_name = $1',
        [SEED_APPLICATION_NAME],
      )
    ).rows[0]!.n;
  while ((await seedConnections()) > 0) await new Promise((resolve) => setTimeout(resolve, 500));
  figure(
    'first row → seed process ended',
    seconds(Date.now() - firstRow),
    'after its index rebuild (seen at the latest then)',
  );
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  figure(
    'RSS 5 s after the seed process ended',
    `${num(process.memoryUsage().rss / 1e6)} MB`,
    'the product serving the full directory (and the harness)',
  );
  const { rows } = await app.pool.query<{ bytes: string }>(
    'select pg_database_size(current_database()) as bytes',
  );
  figure('database on disk', `${num(Number(rows[0]!.bytes) / 1024 ** 3, 2)} GB`);
  heading('Largest relations (table with its TOAST and indexes)');
  await printLargestRelations(app.pool);
  targets.print();
  console.log(`\n  load average at the end: ${loadAverage()}`);
  await app.stop();
}

/**
 * The seed's process (this process's `seed-worker` child) from /proc (Linux): its resident memory
 * and CPU time so far; zeros before it starts and once it has ended.
 */
async function seedProcess(): Promise<{ rss: number; cpuMs: number }> {
  // Found once by scanning /proc (~20 ms of CPU a scan), then read by its pid while it is ours.
  if (seedPid === null || !(await readSeedProcess(seedPid))) {
    seedPid = null;
    for (const pid of await readdir('/proc').catch(() => [] as string[]))
      if (/^\d+$/.test(pid) && (await readSeedProcess(pid))) seedPid = pid;
  }
  return (seedPid && (await readSeedProcess(seedPid))) || { rss: 0, cpuMs: 0 };
}
let seedPid: string | null = null;

async function readSeedProcess(pid: string): Promise<{ rss: number; cpuMs: number } | null> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  if (!new RegExp(`^PPid:\\s+${process.pid}$`, 'm').test(status)) return null;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes('seed-worker')) return null;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // utime and stime, the 14th and 15th fields, in clock ticks (100 a second on Linux).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    rss: Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024,
    cpuMs: (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10,
  };
}

const ownCpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** How far the seed's import (its saved progress) and the directory read model have come. */
class SeedProgress {
  private finished: number | null = null;
  private readonly key: string;

  constructor(
    private readonly pool: pg.Pool,
    size: number,
  ) {
    this.key = syntheticSource(size).key;
  }

  async read(): Promise<{ imported: number; projected: number }> {
    const saved = await readImportProgress(this.pool, this.key);
    if (saved?.finished) this.finished ??= Date.now();
    const { rows } = await this.pool.query<{ n: string | null }>(
      'select max(seq) as n from directory_candidates',
    );
    return { imported: saved?.rowsDone ?? 0, projected: Number(rows[0]!.n ?? 0) };
  }

  /** When a read first saw the import finished (to the poll's precision). */
  async finishedAt(): Promise<number | null> {
    await this.read();
    return this.finished;
  }
}

async function fullCount(url: string, token: string): Promise<number> {
  const response = await fetch(`${url}/api/v1/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  const text = await response.text();
  if (response.status === 503) return 0;
  if (response.status !== 200) throw new Error(`search answered ${response.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as SearchResponse).count;
}

async function firstRowAt(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ at: Date }>(
    `select recorded_at as at from eventstore.events where type = 'CandidateImported'
      order by transaction_id, global_position limit 1`,
  );
  return rows[0]!.at.getTime();
}

runBench(main);

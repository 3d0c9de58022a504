/**
 * Search under concurrent load: throughput and latency of POST /api/v1/search with 1 to 128
 * recruiters searching at once, with search on the API's own thread and on worker threads.
 *
 *   npm run bench:concurrency -- --size 1500000 [--workers 0,1,2] [--clients 1,8,32,128] [--seconds 15]
 *
 * By default it runs search on the API's thread (0), with the product's default number of workers
 * (one per core but one) and with 2 workers. The latency targets are read at 32 clients for every
 * setting, the one that counts being the product's default; the throughput ratio compares 2 workers
 * with the API's thread alone.
 * The directory is the search bench's (`.data/bench-search-<size>/`, built by whichever runs first).
 * For each SEARCH_WORKERS setting the product starts in this process; the load comes from a client
 * in its own process (lib/search-load-client.ts): closed-loop clients over keep-alive connections,
 * cycling through a 2,000-query mix of the search bench's kind with a seed of its own.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { onTeardown, runBench } from './lib/database';
import { premiumUser } from './lib/premium-user';
import { detail, figure, heading, ms, num, pct } from './lib/report';
import { openSearchData } from './lib/search-data';
import { type LoadReport, runSearchLoad } from './lib/search-load';
import { searchBenchConfig, searchWorkersOf, startProduct, untilReady } from './lib/search-product';
import { loadVocabulary, MIX_NAMES, mixKindOf, queryMix } from './search/query-mix';

const MIX_SIZE = 2_000;
/** Not the search bench's seed (42): other questions of the same kind. */
const MIX_SEED = 20_240_611;
const WARM_UP_SECONDS = 2;
/** The level the targets are read at, when it was run. */
const TARGET_CLIENTS = 32;
const TARGETS = { p95: 100, p99: 200, speedUp: 1.7 };
/** SEARCH_WORKERS when it is not set (services/cli config): one per core but one. */
const PRODUCT_DEFAULT_WORKERS = Math.max(1, os.availableParallelism() - 1);

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1500000' },
    workers: { type: 'string', default: [...new Set([0, PRODUCT_DEFAULT_WORKERS, 2])].join(',') },
    clients: { type: 'string', default: '1,8,32,128' },
    seconds: { type: 'string', default: '15' },
    /** The mix as it was before issue 34's filters (query-mix.ts MixKind). */
    'classic-mix': { type: 'boolean', default: false },
    'registry-mix': { type: 'boolean', default: false },
  },
});
/** `D` in --workers stands for the product's default. */
const list = (name: string, text: string, min: number) => {
  const items = text.split(',').map((item) => (item === 'D' ? PRODUCT_DEFAULT_WORKERS : Number(item)));
  if (items.length === 0 || items.some((n) => !Number.isInteger(n) || n < min))
    throw new Error(
      `--${name} must be a comma-separated list of whole numbers ≥ ${min}${name === 'workers' ? ' (or D)' : ''}`,
    );
  return items;
};
const size = Number(values.size);
const workerSettings = list('workers', values.workers, 0);
const clientLevels = list('clients', values.clients, 1);
const seconds = Number(values.seconds);
if (!Number.isInteger(size) || size < 1) throw new Error('--size must be a whole number');
if (!(seconds > 0)) throw new Error('--seconds must be a positive number');

type Level = {
  clients: number;
  perSecond: number;
  latencies: number[];
  errors: number;
  firstError: string | null;
};
type Setting = { workers: number; honoured: boolean; levels: Level[] };

const threads = (workers: number) =>
  workers === 0 ? '1 thread' : `${workers} worker${workers > 1 ? 's' : ''}`;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => num(l, 2))
    .join(' ');

async function main() {
  heading(
    `HealthTal search under concurrent load: ${num(size)} candidates, ${os.cpus().length} cores, Node ${process.version}`,
  );
  figure('load average at the start', loadAverage());
  const data = await openSearchData(size);
  const mixKind = mixKindOf(process.argv);
  const mix = queryMix(await loadVocabulary(data.pool), MIX_SIZE, MIX_SEED, mixKind);
  console.log(`query mix: ${MIX_NAMES[mixKind]}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'healthtal-bench-load-'));
  onTeardown('remove the query file', () => rm(dir, { recursive: true, force: true }));
  const queriesFile = path.join(dir, 'queries.json');
  await writeFile(queriesFile, JSON.stringify(mix.map((q) => q.body)));
  const classes = ['simple', 'medium', 'complex', 'ultra'].map(
    (c) => `${c} ${mix.filter((q) => q.class === c).length}`,
  );
  console.log(
    `\n${num(MIX_SIZE)} queries (seed ${MIX_SEED}: ${classes.join(', ')}), cycled; each level ${WARM_UP_SECONDS} s warm-up, then ${seconds} s measured.` +
      `\nLatency: request written to last byte read, by the load client (its own process); searches/s counts 200 answers.`,
  );
  const settings: Setting[] = [];
  for (const workers of workerSettings) settings.push(await runSetting(data.url, workers, queriesFile));
  summary(settings);
}

async function runSetting(databaseUrl: string, workers: number, queriesFile: string): Promise<Setting> {
  const config = searchBenchConfig(databaseUrl, String(workers));
  const honoured = searchWorkersOf(config) === workers;
  heading(
    `SEARCH_WORKERS=${workers} (${workers === 0 ? "1 thread: search on the API's thread" : `${workers} search worker thread${workers > 1 ? 's' : ''}`})`,
  );
  if (!honoured)
    figure('note', 'ignored', 'this build does not know SEARCH_WORKERS: every setting runs the same code');
  const started = performance.now();
  const app = await startProduct(config);
  await untilReady(app.url);
  figure('start to /readyz 200', `${num((performance.now() - started) / 1000, 1)} s`);
  const token = await premiumUser(app);
  const levels: Level[] = [];
  for (const clients of clientLevels) {
    const report = await runSearchLoad({
      url: app.url,
      token,
      clients,
      seconds,
      warmupSeconds: WARM_UP_SECONDS,
      queriesFile,
    });
    const level = toLevel(report);
    levels.push(level);
    printLevel(level);
  }
  figure(
    'RSS after the runs',
    `${num(process.memoryUsage().rss / 1e6)} MB`,
    "this process: the product (API, search, projectors) and the bench's own harness",
  );
  figure('load average', loadAverage());
  await app.stop();
  return { workers, honoured, levels };
}

const toLevel = (report: LoadReport): Level => ({
  clients: report.clients,
  perSecond: (report.latencies.length * 1000) / report.ms,
  latencies: report.latencies,
  errors: Object.values(report.errors).reduce((a, b) => a + b, 0),
  firstError: report.firstError,
});

function printLevel(level: Level) {
  const t = level.latencies;
  figure(
    `${level.clients} client${level.clients > 1 ? 's' : ''}`,
    `${num(level.perSecond, 1)} searches/s`,
    `p50 ${ms(pct(t, 50))} · p95 ${ms(pct(t, 95))} · p99 ${ms(pct(t, 99))} · max ${ms(t.length ? Math.max(...t) : Number.NaN)} · errors ${level.errors}`,
  );
  if (level.firstError) detail(`first error: ${level.firstError.replaceAll('\n', ' ')}`);
}

function summary(settings: Setting[]) {
  heading('Summary');
  const at = clientLevels.includes(TARGET_CLIENTS) ? TARGET_CLIENTS : Math.max(...clientLevels);
  const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS');
  if (at !== TARGET_CLIENTS) console.log(`  (no ${TARGET_CLIENTS}-client level in this run: read at ${at})`);
  const levelOf = (s: Setting) => s.levels.find((l) => l.clients === at)!;
  for (const setting of settings) {
    const level = levelOf(setting);
    const p95 = pct(level.latencies, 95);
    const p99 = pct(level.latencies, 99);
    const isDefault = setting.workers === PRODUCT_DEFAULT_WORKERS;
    console.log(
      `  ${at} clients, ${threads(setting.workers)}${isDefault ? " (the product's default here)" : ''}: ` +
        `${num(level.perSecond, 1)} searches/s, p95 ${ms(p95)} (target ≤ ${TARGETS.p95}: ${verdict(p95 <= TARGETS.p95)}), ` +
        `p99 ${ms(p99)} (target ≤ ${TARGETS.p99}: ${verdict(p99 <= TARGETS.p99)})` +
        (level.errors > 0 ? `, ${level.errors} errors` : ''),
    );
  }
  const single = settings.find((s) => s.workers === 0);
  const rate = (s: Setting) => levelOf(s).perSecond;
  if (!single) {
    console.log('  throughput ratio: needs a run with --workers 0');
    return;
  }
  for (const pool of settings.filter((s) => s.workers > 0)) {
    const ratio = rate(pool) / rate(single);
    const target =
      pool.workers === 2 ? ` (target ≥ ${TARGETS.speedUp}×: ${verdict(ratio >= TARGETS.speedUp)})` : '';
    console.log(
      `  throughput, ${threads(pool.workers)} / 1 thread at ${at} clients: ${num(ratio, 2)}×${target}` +
        (pool.honoured ? '' : ' (SEARCH_WORKERS ignored by this build: both ran the same code)'),
    );
  }
  console.log(`\n  load average at the end: ${loadAverage()}`);
}

runBench(main);

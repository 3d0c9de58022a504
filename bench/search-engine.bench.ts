/**
 * The search layer alone, without HTTP, sign-in or cards: the product's DirectorySearch (the index on
 * this thread, or split across worker threads exactly as SEARCH_WORKERS splits it) answering a
 * generated mix, `--in-flight` searches at a time. It says what one search costs the index, how that
 * splits by class, and whether the search layer's throughput grows with the threads it is given,
 * which the HTTP bench (bench:concurrency) cannot show on a small machine where the load client,
 * PostgreSQL and the API thread share the same cores.
 *
 *   npm run bench:search-engine -- --size 1500000 [--workers 0,1,2] [--in-flight 8] [--seconds 10]
 *
 * The directory is the search benches' (`.data/bench-search-<size>/`); the index is saved beside it
 * (`engine-index/`) and later runs start from that snapshot.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { complexityOf, DirectorySearch } from '@healthtal/api';
import { SearchLimits, SearchRequest } from '@healthtal/contracts';
import { pino } from 'pino';
import { runBench } from './lib/database';
import { figure, heading, latencySummary, num } from './lib/report';
import { openSearchData } from './lib/search-data';
import { loadVocabulary, queryMix } from './search/query-mix';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1500000' },
    workers: { type: 'string', default: '0,1,2' },
    'in-flight': { type: 'string', default: '8' },
    seconds: { type: 'string', default: '10' },
  },
});
const size = Number(values.size);
const settings = values.workers.split(',').map(Number);
const inFlight = Number(values['in-flight']);
const seconds = Number(values.seconds);
if (!Number.isInteger(size) || size < 1) throw new Error('--size must be a whole number');
if (settings.some((n) => !Number.isInteger(n) || n < 0)) throw new Error('--workers: whole numbers ≥ 0');
if (!Number.isInteger(inFlight) || inFlight < 1) throw new Error('--in-flight must be ≥ 1');
/** The concurrency bench's mix: other questions than the tests' and the search bench's. */
const MIX_SEED = 20_240_611;
const WARM_UP_MS = 2000;

type Run = { workers: number; perSecond: number; cpuPerSearchMs: number };

async function main() {
  heading(
    `HealthTal search layer: ${num(size)} candidates, ${os.cpus().length} cores, Node ${process.version}`,
  );
  const data = await openSearchData(size);
  const requests = queryMix(await loadVocabulary(data.pool), 2000, MIX_SEED).map((q) =>
    SearchRequest.parse(q.body),
  );
  const logger = pino({ level: 'error' });
  const runs: Run[] = [];
  for (const workers of settings) {
    heading(
      `${workers === 0 ? 'The index on this thread (SEARCH_WORKERS=0)' : `${workers} worker thread${workers > 1 ? 's' : ''}, the directory split ${workers} ways`}`,
    );
    const search = new DirectorySearch(data.pool, logger, {
      workers,
      snapshotDir: path.join(data.dir, 'engine-index'),
    });
    const started = performance.now();
    await search.start();
    while (!search.ready) await new Promise((resolve) => setTimeout(resolve, 100));
    figure(
      'loaded',
      `${num((performance.now() - started) / 1000, 1)} s`,
      `${num(search.loadedDocs)} candidates`,
    );
    if (workers === 0) {
      await oneAtATime(search, requests);
      figure('RSS with the index on this thread', `${num(process.memoryUsage().rss / 1e6)} MB`);
    }
    runs.push(await closedLoop(search, requests, workers));
    await search.stop();
  }
  heading('Summary');
  const single = runs.find((run) => run.workers === 0);
  for (const run of runs) {
    const ratio = single ? ` · ${num(run.perSecond / single.perSecond, 2)}× the index on one thread` : '';
    figure(
      `${run.workers} workers`,
      `${num(run.perSecond, 1)} searches/s`,
      `${num(run.cpuPerSearchMs, 2)} ms CPU a search${ratio}`,
    );
  }
}

/** Each search alone, on this thread: what the index costs a search, by class. */
async function oneAtATime(search: DirectorySearch, requests: SearchRequest[]) {
  const byClass = new Map<string, number[]>();
  for (const request of requests) await search.find(request, pageOf(request));
  for (const request of requests) {
    const started = performance.now();
    await search.find(request, pageOf(request));
    const took = performance.now() - started;
    const cls = complexityOf(request);
    byClass.set(cls, [...(byClass.get(cls) ?? []), took]);
  }
  const all = [...byClass.values()].flat();
  figure('one search at a time, mean', `${num(all.reduce((a, b) => a + b, 0) / all.length, 2)} ms`);
  for (const cls of ['simple', 'medium', 'complex', 'ultra'])
    figure(
      `  ${cls} (${byClass.get(cls)?.length ?? 0})`,
      '',
      latencySummary((byClass.get(cls) ?? []).sort((a, b) => a - b)),
    );
}

/** `inFlight` searches at a time for `seconds`, after a warm-up: throughput, latency and CPU (every thread of this process). */
async function closedLoop(search: DirectorySearch, requests: SearchRequest[], workers: number): Promise<Run> {
  let next = 0;
  const latencies: number[] = [];
  const warmUntil = performance.now() + WARM_UP_MS;
  const until = warmUntil + seconds * 1000;
  let cpuFrom: NodeJS.CpuUsage | null = null;
  let measuredFrom = 0;
  const loop = async () => {
    while (performance.now() < until) {
      const request = requests[next++ % requests.length]!;
      const started = performance.now();
      await search.find(request, pageOf(request));
      if (started >= warmUntil) latencies.push(performance.now() - started);
      else if (performance.now() >= warmUntil && !cpuFrom) {
        cpuFrom = process.cpuUsage();
        measuredFrom = performance.now();
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, loop));
  const cpu = process.cpuUsage(cpuFrom ?? undefined);
  const elapsed = performance.now() - measuredFrom;
  const perSecond = (latencies.length * 1000) / elapsed;
  const cpuPerSearchMs = (cpu.user + cpu.system) / 1000 / latencies.length;
  figure(
    `${inFlight} searches in flight`,
    `${num(perSecond, 1)} searches/s`,
    `${latencySummary(latencies.sort((a, b) => a - b))} · ${num(cpuPerSearchMs, 2)} ms CPU a search`,
  );
  return { workers, perSecond, cpuPerSearchMs };
}

const pageOf = (request: SearchRequest) => ({
  offset: request.selectAll ? 0 : (request.page - 1) * request.limit,
  limit: request.selectAll ? SearchLimits.selectAllCap : request.limit,
});

runBench(main);

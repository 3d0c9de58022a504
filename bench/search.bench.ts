// npm run bench:search -- --size 1500000 [--queries 1000] [--baseline 60] [--fresh] [--classic-mix | --registry-mix]
import { cpus } from 'node:os';
import type { SearchResponse } from '@healthtal/contracts';
import type pg from 'pg';
import { teardown } from './lib/database';
import { premiumUser } from './lib/premium-user';
import { figure, ms, pct } from './lib/report';
import { openSearchData } from './lib/search-data';
import { searchBenchConfig, startProduct, untilReady } from './lib/search-product';
import { createNaiveTable, runNaive } from './search/naive-baseline';
import {
  type BenchQuery,
  loadVocabulary,
  MIX_NAMES,
  mixKindOf,
  type QueryClass,
  queryMix,
} from './search/query-mix';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const size = arg('size', 1_500_000);
const queryCount = arg('queries', 1000);
const baselineCount = arg('baseline', 60);
const baselineTimeoutMs = arg('baseline-timeout-ms', 30_000);
const CLASSES: QueryClass[] = ['simple', 'medium', 'complex', 'ultra'];

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping and cleaning up…`);
    void teardown().finally(() => process.exit(130));
  });
}

async function main() {
  console.log(
    `\nHealthTal search benchmark: ${size.toLocaleString('en-US')} candidates, ${cpus().length} cores, Node ${process.version}\n`,
  );
  const { pool, url } = await openSearchData(size);
  await runSearches(pool, url);
}

async function runSearches(pool: pg.Pool, url: string) {
  const loadStarted = performance.now();
  const app = await startProduct(searchBenchConfig(url));
  try {
    await untilReady(app.url);
    console.log('\nSearch index');
    figure(
      'start to ready (index loaded and sorted)',
      `${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
      `heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB, rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`,
    );
    const token = await premiumUser(app);
    const search = async (body: unknown) => {
      const started = performance.now();
      const response = await fetch(`${app.url}/api/v1/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as SearchResponse;
      if (response.status !== 200)
        throw new Error(`search answered ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
      return { ms: performance.now() - started, json };
    };
    const vocabulary = await loadVocabulary(pool);
    const mixKind = mixKindOf(process.argv);
    const queries = queryMix(vocabulary, queryCount, 42, mixKind);
    console.log(`  query mix: ${MIX_NAMES[mixKind]}`);
    for (const q of queries.slice(0, 20)) await search(q.body);

    const times = new Map<QueryClass, number[]>(CLASSES.map((c) => [c, []]));
    const all: { q: BenchQuery; ms: number; count: number }[] = [];
    for (const q of queries) {
      const { ms: took, json } = await search(q.body);
      times.get(q.class)!.push(took);
      all.push({ q, ms: took, count: json.count });
    }
    console.log(
      `\nQuery mix through HTTP (${queries.length} queries, one client, sequential; latency = request sent to JSON parsed)`,
    );
    for (const cls of CLASSES) {
      const t = times.get(cls)!;
      const p95 = pct(t, 95);
      figure(
        `${cls} (${t.length})`,
        `p95 ${ms(p95)}`,
        `p50 ${ms(pct(t, 50))} · p99 ${ms(pct(t, 99))} · max ${ms(Math.max(...t))} · target p95 ≤ 50 ms: ${p95 <= 50 ? 'PASS' : 'MISS'}`,
      );
    }
    const every = all.map((a) => a.ms);
    const over = all.filter((a) => a.ms > 1000);
    figure(
      'all',
      `p95 ${ms(pct(every, 95))}`,
      `p50 ${ms(pct(every, 50))} · p99 ${ms(pct(every, 99))} · max ${ms(Math.max(...every))}`,
    );
    figure('queries over 1 s', String(over.length), `target 0: ${over.length === 0 ? 'PASS' : 'MISS'}`);
    const counts = all.map((a) => a.count);
    figure(
      'result counts',
      `${Math.min(...counts)}–${Math.max(...counts)}`,
      `zero-match ${counts.filter((c) => c === 0).length}, over a third of the directory ${counts.filter((c) => c > size / 3).length}, deep pages (offset ≥ 1,000) ${all.filter((a) => ((a.q.body.page ?? 1) - 1) * 25 >= 1000).length}`,
    );
    const slowest = [...all].sort((a, b) => b.ms - a.ms).slice(0, 3);
    for (const s of slowest) figure('slowest', ms(s.ms), `${s.q.class} count ${s.count} ${s.q.label}`);

    const countOnly: number[] = [];
    for (const q of queries.slice(0, 200))
      countOnly.push((await search({ ...q.body, page: 1, limit: 1 })).ms);
    figure(
      'count cost (exact, limit 1 requests)',
      `p95 ${ms(pct(countOnly, 95))}`,
      `p50 ${ms(pct(countOnly, 50))}; counts are exact, never estimated`,
    );

    await baseline(pool, queries, all);
  } finally {
    await app.stop();
  }
}

async function baseline(pool: pg.Pool, queries: BenchQuery[], ours: { q: BenchQuery; ms: number }[]) {
  if (baselineCount <= 0) return;
  const rows = await createNaiveTable(pool);
  const step = Math.max(1, Math.floor(queries.length / baselineCount));
  const sample = queries.filter((_, i) => i % step === 0).slice(0, baselineCount);
  console.log(
    `\nNaive baseline: ${rows.toLocaleString('en-US')} rows, ILIKE '%term%' filters, ORDER BY … OFFSET, exact COUNT(*), no search index (${sample.length} of the same queries, statement timeout ${baselineTimeoutMs / 1000} s)`,
  );
  const naive = new Map<QueryClass, number[]>(CLASSES.map((c) => [c, []]));
  const counts: number[] = [];
  let timeouts = 0;
  for (const q of sample) {
    const result = await runNaive(pool, q.body, baselineTimeoutMs);
    naive.get(q.class)!.push(result.ms);
    counts.push(result.countMs);
    if (result.timedOut) timeouts++;
  }
  const oursOf = (cls?: QueryClass) =>
    ours.filter((o) => sample.includes(o.q) && (!cls || o.q.class === cls)).map((o) => o.ms);
  for (const cls of CLASSES) {
    const t = naive.get(cls)!;
    if (t.length === 0) continue;
    figure(
      `${cls} (${t.length})`,
      `p95 ${ms(pct(t, 95))}`,
      `p50 ${ms(pct(t, 50))} · ours on the same queries p95 ${ms(pct(oursOf(cls), 95))}`,
    );
  }
  const naiveAll = [...naive.values()].flat();
  const ratio = pct(naiveAll, 95) / pct(oursOf(), 95);
  figure('naive COUNT(*) alone', `p95 ${ms(pct(counts, 95))}`, `p50 ${ms(pct(counts, 50))}`);
  figure('naive statements that hit the timeout', String(timeouts), '');
  figure(
    'headline: naive p95 / ours p95',
    `${ratio.toFixed(0)}×`,
    `naive ${ms(pct(naiveAll, 95))} vs ours ${ms(pct(oursOf(), 95))} · target ≥ 30×: ${ratio >= 30 ? 'PASS' : 'MISS'}`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => teardown());

/**
 * Cold start of search: how long a restarted product takes, from the start call, to answer
 * GET /readyz with 200 and to answer a full search (no filters) with the whole directory's count.
 *
 *   npm run bench:coldstart -- --size 1500000 [--workers N] [--runs 3] [--snapshots on|off]
 *
 * The directory is the search bench's (`.data/bench-search-<size>/`, built by whichever runs first).
 * A first, untimed start signs up the premium user; each timed start then only loads and answers.
 */
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '@healthtal/cli';
import type { SearchResponse } from '@healthtal/contracts';
import { runBench } from './lib/database';
import { premiumUser } from './lib/premium-user';
import { figure, heading, median, num } from './lib/report';
import { openSearchData } from './lib/search-data';
import { searchBenchConfig, searchWorkersOf, startProduct, untilReady } from './lib/search-product';

const POLL_MS = 100;
const TARGET_MS = 10_000;
const GIVE_UP_MS = 15 * 60_000;

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1500000' },
    workers: { type: 'string' },
    runs: { type: 'string', default: '3' },
    snapshots: { type: 'string', default: 'on' },
  },
});
const size = Number(values.size);
const runs = Number(values.runs);
if (!Number.isInteger(size) || size < 1) throw new Error('--size must be a whole number');
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');

type Run = {
  /** From the start call: startHealthTal returned (listening), /readyz answered 200, the full search answered. */
  returnedMs: number;
  readyMs: number;
  searchMs: number;
  /** 503 "Search is starting" answers before the full one. */
  starting: number;
  rss: number;
};

const seconds = (value: number) => `${num(value / 1000, 2)} s`;
const verdict = (value: number) => `target ≤ ${TARGET_MS / 1000} s: ${value <= TARGET_MS ? 'PASS' : 'MISS'}`;

async function main() {
  heading(
    `HealthTal search cold start: ${num(size)} candidates, ${os.cpus().length} cores, Node ${process.version}`,
  );
  const data = await openSearchData(size);
  const { rows } = await data.pool.query<{ n: string }>(
    'select count(*) as n from directory_candidates where deactivated_on is null',
  );
  const expected = Number(rows[0]!.n);
  // The first start (not timed) loads the index from the read model and saves the snapshots the timed
  // starts load; with --snapshots off every start rebuilds it from the read model.
  const snapshots = values.snapshots !== 'off';
  const snapshotDir = path.join(data.dir, 'search-index');
  if (snapshots) await rm(snapshotDir, { recursive: true, force: true });
  const config = searchBenchConfig(data.url, values.workers, snapshots ? snapshotDir : undefined);
  const workers = searchWorkersOf(config);
  figure(
    'SEARCH_WORKERS',
    values.workers ?? 'unset',
    workers === undefined
      ? 'this build does not know the setting'
      : values.workers === undefined
        ? `the product's default: ${workers}`
        : '',
  );
  figure(
    'index snapshots',
    snapshots ? 'on' : 'off',
    snapshots ? snapshotDir : 'every start loads from the read model',
  );
  figure('active candidates (the full search count)', num(expected));

  console.log('\nFirst start, not timed: signs up the premium user the timed starts search as');
  const first = await startProduct(config);
  await untilReady(first.url);
  const token = await premiumUser(first);
  await first.stop();

  console.log(`\nTimed restarts (polled every ${POLL_MS} ms from the start call)`);
  const done: Run[] = [];
  for (let i = 1; i <= runs; i++) {
    const run = await timedStart(config, token, expected);
    done.push(run);
    figure(
      `run ${i}: start → first full search`,
      seconds(run.searchMs),
      `/readyz 200 at ${seconds(run.readyMs)} · listening at ${seconds(run.returnedMs)} · ` +
        `${run.starting}× 503 "Search is starting" · RSS ${num(run.rss / 1e6)} MB`,
    );
  }
  const firstSearch = median(done.map((r) => r.searchMs));
  const ready = median(done.map((r) => r.readyMs));
  figure(`median of ${runs}: start → first full search`, seconds(firstSearch), verdict(firstSearch));
  figure(`median of ${runs}: start → /readyz 200`, seconds(ready), verdict(ready));
  figure(
    'RSS after load (last run)',
    `${num(done[done.length - 1]!.rss / 1e6)} MB`,
    "this process: the product and the bench's harness, after the earlier starts in it",
  );
  console.log(
    `\n  load average at the end: ${os
      .loadavg()
      .map((l) => num(l, 2))
      .join(' ')}`,
  );
}

async function timedStart(config: Config, token: string, expected: number): Promise<Run> {
  const started = performance.now();
  const since = () => performance.now() - started;
  const app = await startProduct(config, { pollsWhileStarting: true });
  const seen: Partial<Run> & { starting: number; lastCount?: number } = { returnedMs: since(), starting: 0 };
  const readyz = async () => {
    const response = await fetch(`${app.url}/readyz`);
    await response.arrayBuffer();
    if (response.status === 200) seen.readyMs ??= since();
  };
  const fullSearch = async () => {
    const response = await fetch(`${app.url}/api/v1/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    const text = await response.text();
    if (response.status === 503) {
      seen.starting++;
      return;
    }
    if (response.status !== 200) throw new Error(`search answered ${response.status}: ${text.slice(0, 300)}`);
    seen.lastCount = (JSON.parse(text) as SearchResponse).count;
    if (seen.lastCount === expected) seen.searchMs = since();
  };
  while (seen.readyMs === undefined || seen.searchMs === undefined) {
    if (since() > GIVE_UP_MS)
      throw new Error(
        `no full search after ${GIVE_UP_MS / 1000} s (last count ${seen.lastCount ?? 'none'}, expected ${expected})`,
      );
    const tick = performance.now();
    await Promise.all([
      seen.readyMs === undefined ? readyz() : null,
      seen.searchMs === undefined ? fullSearch() : null,
    ]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, POLL_MS - (performance.now() - tick))));
  }
  const rss = process.memoryUsage().rss;
  await app.stop();
  return { ...(seen as Run), rss };
}

runBench(main);

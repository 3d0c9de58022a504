/**
 * Pipeline benchmark: events from append to read-model row, through each transport.
 *
 *   npm run bench:pipeline             full run (about a minute on 2 cores)
 *   npm run bench:pipeline -- --quick  smaller sizes, a smoke run
 *
 * direct: the projector tails the event store (TRANSPORT=direct). kafka: the relay publishes `$all`
 * to librdkafka's mock cluster and the projector consumes it as a consumer group (TRANSPORT=kafka),
 * all in this process. Each transport gets a fresh `bench_<timestamp>` database.
 */
import os from 'node:os';
import { openBenchDatabase, teardown } from './lib/database';
import { lags, pacedWrite, startPipeline, type Transport, waitForRows } from './lib/pipeline';
import {
  figure,
  heading,
  latencySummary,
  num,
  percentile,
  perSecond,
  printLoadAverage,
  Targets,
} from './lib/report';
import { batchedWrite } from './lib/workload';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
for (const arg of args.filter((a) => a !== '--quick')) console.warn(`ignoring unknown argument ${arg}`);
const sizes = {
  burst: quick ? 20_000 : 100_000,
  /** The steady load the lag is measured under. */
  rate: 5_000,
  seconds: quick ? 3 : 10,
};
const THROUGHPUT_TARGET = 10_000;
const LAG_P95_TARGET_MS = 500;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping and cleaning up…`);
    void teardown().finally(() => process.exit(130));
  });
}

type Measured = {
  transport: Transport;
  burst: { events: number; ms: number; appendMs: number };
  lag: number[];
};

/** A burst as fast as 8 writers can append (throughput), then a steady load (lag), on a fresh database. */
async function measure(transport: Transport): Promise<Measured> {
  const db = await openBenchDatabase();
  const { store, stop } = await startPipeline(db, transport);
  const start = performance.now();
  const appended = await batchedWrite({ kind: 'store', store }, sizes.burst, 100, `burst-${transport}`);
  const ms = await waitForRows(db.pool, appended.events, start);
  await db.pool.query('truncate bench_pipeline');
  const paced = await pacedWrite(store, {
    rate: sizes.rate,
    seconds: sizes.seconds,
    batch: 25,
    prefix: 'paced',
  });
  await waitForRows(db.pool, paced.events, performance.now());
  await stop();
  return {
    transport,
    burst: { events: appended.events, ms, appendMs: appended.ms },
    lag: await lags(db.pool),
  };
}

function report(results: Measured[], targets: Targets): void {
  heading(`Append → read-model row (burst of ${num(sizes.burst)} events, 8 writers, batches of 100)`);
  for (const { transport, burst } of results) {
    const rate = perSecond(burst.events, burst.ms);
    const note =
      transport === 'kafka'
        ? targets.check(
            'kafka transport throughput',
            rate >= THROUGHPUT_TARGET,
            `${num(rate)} ev/s`,
            `≥ ${num(THROUGHPUT_TARGET)} ev/s`,
          )
        : '';
    figure(`${transport}: events/s end to end`, `${num(rate)} ev/s`, note);
    figure(`${transport}: append alone`, `${num(perSecond(burst.events, burst.appendMs))} ev/s`);
  }
  heading(`Lag from append to visible (steady ${num(sizes.rate)} ev/s for ${sizes.seconds} s)`);
  for (const { transport, lag } of results) {
    const p95 = percentile(lag, 95);
    const note =
      transport === 'kafka'
        ? targets.check(
            'kafka transport lag p95',
            p95 <= LAG_P95_TARGET_MS,
            `${num(p95, 1)} ms`,
            `≤ ${LAG_P95_TARGET_MS} ms`,
          )
        : '';
    figure(`${transport}: lag (${num(lag.length)} events)`, `p95 ${num(p95, 1)} ms`, note);
    console.log(`    ${latencySummary(lag)}`);
  }
}

async function main(): Promise<void> {
  console.log(
    `Pipeline benchmark${quick ? ' (quick)' : ''}: ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => num(l, 2))
      .join(' ')}`,
  );
  const targets = new Targets();
  const results: Measured[] = [];
  for (const transport of ['direct', 'kafka'] as const) {
    results.push(await measure(transport));
  }
  report(results, targets);
  targets.print();
  printLoadAverage();
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => teardown());

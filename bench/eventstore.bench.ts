/**
 * Event store benchmark: batched append vs a plain INSERT, single-event append latency, `$all` read
 * throughput and projector catch-up. Prints figures with the targets they are held to.
 *
 *   npm run bench:eventstore            full run (about a minute on 2 cores)
 *   npm run bench:eventstore -- --quick 10× smaller sizes, a smoke run
 *
 * Uses the server of DATABASE_URL when set, otherwise an embedded PostgreSQL in a temp directory;
 * either way it works in a fresh `bench_<timestamp>` database that is dropped at the end.
 */
import os from 'node:os';
import { PostgresEventStore } from '@healthtal/eventstore';
import { compareBatched, type Side } from './lib/batched';
import { type CpuSplit, measureCpu, ServerCpu } from './lib/cpu';
import { createPlainTable, onTeardown, openBenchDatabase, serverFacts, teardown } from './lib/database';
import { projectorScenarios, readAllThroughput } from './lib/projector';
import {
  detail,
  figure,
  heading,
  latencySummary,
  num,
  percentile,
  perSecond,
  printLoadAverage,
  Targets,
} from './lib/report';
import { contendedAppends, type SingleResult, singleAppends } from './lib/single';
import {
  batchedWrite,
  benchEvent,
  benchRegistry,
  dataBytes,
  range,
  type Timed,
  WRITERS,
} from './lib/workload';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
for (const arg of args.filter((a) => a !== '--quick')) console.warn(`ignoring unknown argument ${arg}`);
const scale = quick ? 0.1 : 1;
const sizes = {
  batch100: 200_000 * scale,
  batch1000: 400_000 * scale,
  /** (a) runs each side in this many alternating rounds. */
  rounds: 4,
  singleOneWriter: 3_000 * scale,
  singlePerWriter: 500 * scale,
  contendedPerWriter: 250 * scale,
  projector: 200_000 * scale,
  maxScenarioMs: 10_000,
};

const rate = (t: Timed) => perSecond(t.events, t.ms);
/** CPU per event (or per append) of the Node client and, for the embedded server, of PostgreSQL. */
const cpuNote = (cpu: CpuSplit, units: number, unit = 'event') =>
  `CPU per ${unit}: client ${num((cpu.clientMs * 1000) / units, 1)} µs` +
  (cpu.serverMs === null ? '' : ` + server ${num((cpu.serverMs * 1000) / units, 1)} µs`);

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // `on`, not `once`: Ctrl-C reaches npm, tsx and this process, so the signal can arrive twice, and
  // a second one with no listener left would make tsx exit before the cleanup is done.
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping and cleaning up…`);
    void teardown().finally(() => process.exit(130));
  });
}

async function main(): Promise<void> {
  const targets = new Targets();
  const db = await openBenchDatabase();
  const { pool } = db;
  let connections = 0;
  pool.on('connect', () => connections++);
  const store = new PostgresEventStore({ pool, registry: benchRegistry });
  onTeardown('close event store', () => store.close());
  await createPlainTable(pool);
  const serverCpu = db.source === 'embedded' ? await ServerCpu.locate(pool) : null;

  const facts = await serverFacts(pool);
  const cpus = os.cpus();
  const sample = range(100).map(() => benchEvent(0));
  heading(`HealthTal event store benchmark${quick ? ' (--quick: 10× smaller sizes)' : ''}`);
  figure(
    'CPU',
    `${cpus.length} cores`,
    `${cpus[0]?.model ?? ''} · load average ${os
      .loadavg()
      .map((l) => num(l, 2))
      .join(' ')}`,
  );
  figure('Node', process.version);
  figure('PostgreSQL', facts.version.split(' on ')[0]!, `${db.source}, database ${db.name}`);
  detail(
    Object.entries(facts.settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(' · '),
  );
  figure(
    'Event',
    'BenchEventHappened',
    `data ≈ ${num(sample.reduce((s, e) => s + dataBytes(e), 0) / 100)} B JSON, 6 fields`,
  );
  detail('Node client and PostgreSQL share the same machine and cores');

  // Warm-up: connections, plan caches; not counted.
  await batchedWrite({ kind: 'store', store }, WRITERS * 200, 100, 'warm');
  await batchedWrite({ kind: 'plain', pool }, WRITERS * 200, 100, 'warm');

  heading(`(a) Batched append: ${WRITERS} concurrent writers, each on its own streams`);
  detail(`same rows both ways; ${sizes.rounds} rounds per side, alternating which goes first`);
  const printSide = (label: string, side: Side, note = '') => {
    figure(label, `${num(rate(side))} ev/s`, note);
    detail(`${num(side.events)} events in ${num(side.ms / 1000, 2)} s · ${cpuNote(side, side.events)}`);
  };
  for (const [batchSize, total] of [
    [100, sizes.batch100],
    [1000, sizes.batch1000],
  ] as const) {
    const { ours, plain, roundRatios } = await compareBatched(
      { store, pool, serverCpu },
      batchSize,
      total,
      sizes.rounds,
    );
    const ratio = rate(ours) / rate(plain);
    console.log(`  batch ${num(batchSize)}`);
    printSide(
      '  event store append (append_events)',
      ours,
      batchSize === 100
        ? targets.check(
            'batched append, 8 writers, batch 100',
            rate(ours) >= 40_000,
            `${num(rate(ours))} ev/s`,
            '≥ 40,000 ev/s',
          )
        : '',
    );
    printSide('  plain multi-row INSERT, no checks', plain);
    figure(
      '  ratio ours / plain',
      `${num(ratio, 2)}×`,
      targets.check(
        `batched append vs plain INSERT, batch ${num(batchSize)}`,
        ratio >= 1,
        `${num(ratio, 2)}×`,
        '≥ 1.00×',
      ),
    );
    detail(`per round: ${roundRatios.map((r) => `${num(r, 2)}×`).join(' ')}`);
  }

  heading('(b) Single-event append (one event per append call)');
  const single = async (work: () => Promise<SingleResult>) => {
    const before = connections;
    const result = await measureCpu(serverCpu, work);
    return { ...result, connections: connections - before };
  };
  const printSingle = (
    label: string,
    result: SingleResult & CpuSplit & { connections: number },
    note = '',
  ) => {
    figure(label, `${num(perSecond(result.appends, result.ms))} ev/s`, note);
    detail(
      `${num(result.appends)} appends in ${num(result.ms / 1000, 2)} s${result.capped ? ' (stopped at the 10 s cap)' : ''} · ` +
        `${cpuNote(result, result.appends, 'append')} · new pool connections: ${num(result.connections)}`,
    );
    detail(`append call latency: ${latencySummary(result.latencies)}`);
  };
  const one = await single(() =>
    singleAppends(store, 'single1', 1, sizes.singleOneWriter, sizes.maxScenarioMs),
  );
  const oneRate = perSecond(one.appends, one.ms);
  printSingle(
    '1 writer, sequential',
    one,
    targets.check('single-event append, 1 writer', oneRate >= 1000, `${num(oneRate)} ev/s`, '≥ 1,000 ev/s'),
  );
  const eight = await single(() =>
    singleAppends(store, 'single8', WRITERS, sizes.singlePerWriter, sizes.maxScenarioMs),
  );
  const p95 = percentile(eight.latencies, 95);
  printSingle(
    `${WRITERS} writers, distinct streams`,
    eight,
    targets.check('single-event append p95, 8 writers', p95 <= 10, `p95 ${num(p95, 2)} ms`, 'p95 ≤ 10 ms'),
  );
  const contended = await single(() =>
    contendedAppends(store, 'contended-one', WRITERS, sizes.contendedPerWriter, sizes.maxScenarioMs),
  );
  printSingle(`${WRITERS} writers, ONE stream, expectedVersion`, contended);
  detail(
    `version conflicts: ${num(contended.conflicts ?? 0)} (each retried at once with the reported version)`,
  );
  detail(`catch-up read + append incl. retries: ${latencySummary(contended.endToEnd ?? [])}`);

  heading('(c) $all read: readAll({ fromPosition, limit: 1000 }) pages from START');
  const read = await measureCpu(serverCpu, () => readAllThroughput(store));
  figure('$all read', `${num(rate(read))} ev/s`);
  detail(`${num(read.events)} events in ${num(read.ms / 1000, 2)} s · ${cpuNote(read, read.events)}`);

  heading(`(d) Projector (bench_counts: set-based upsert per batch, batchSize 1000)`);
  const projector = await projectorScenarios(pool, store, sizes.projector, (message) => detail(message));
  const rebuildRate = rate(projector.rebuild);
  figure(
    'rebuild path: new projection, start() → install()',
    `${num(rebuildRate)} ev/s`,
    targets.check(
      'projector catch-up (rebuild path)',
      rebuildRate >= 50_000,
      `${num(rebuildRate)} ev/s`,
      '≥ 50,000 ev/s',
    ),
  );
  detail(
    `rebuildProjection over all ${num(projector.rebuild.events)} events (pages of 2,000) in ${num(projector.rebuild.ms / 1000, 2)} s`,
  );
  const catchUpRate = rate(projector.catchUp);
  figure(
    'checkpoint catch-up: start() on an installed one',
    `${num(catchUpRate)} ev/s`,
    targets.check(
      'projector catch-up (checkpoint path)',
      catchUpRate >= 50_000,
      `${num(catchUpRate)} ev/s`,
      '≥ 50,000 ev/s',
    ),
  );
  detail(
    `${num(projector.catchUp.events)} events behind, subscription from the checkpoint, in ${num(projector.catchUp.ms / 1000, 2)} s`,
  );
  figure('live: projector running during the appends', `${num(rate(projector.live))} ev/s`);
  detail(
    `${num(projector.live.events)} events appended in ${num(projector.live.appendMs / 1000, 2)} s (8 writers, batch 1000); ` +
      `caught up ${num(projector.live.lagMs)} ms after the last append`,
  );
  const { counted, stored } = projector.check;
  detail(
    `read model check: ${num(counted)} counted / ${num(stored)} stored — ${counted === stored ? 'OK' : 'MISMATCH'}`,
  );
  detail(
    `checkpoint at the store's head when caughtUp() resolved: ${projector.atHead.map((ok) => (ok ? 'yes' : 'NO')).join(' / ')} (rebuild / catch-up / live)`,
  );

  targets.print();
  printLoadAverage();
}

main()
  .catch((error) => {
    if (!interrupted) {
      console.error(error);
      process.exitCode = 1;
    }
  })
  .finally(async () => {
    if (!interrupted) await teardown();
  });

/**
 * Directory import benchmark: `size` synthetic candidates imported as CandidateImported events
 * (the `healthtal import --synthetic` path), then the directory projection caught up.
 *
 *   npm run bench:import                       200,000 candidates
 *   npm run bench:import -- --size 1500000     the target: import + projection ≤ 5 minutes
 *   npm run bench:import -- --live             projector running during the import, as `npm start` does
 *   npm run bench:import -- --format nppes --size 1000000 [--reimport] [--project]
 *                                              a generated file in the NPPES format through
 *                                              `healthtal import --format nppes`: rows/s and memory
 *   npm run bench:import -- --format dac --size 1000000 [--reimport] [--project]
 *                                              a CMS Doctors and Clinicians file joined to a seeded
 *                                              directory (`healthtal import --format dac`): rows/s, memory
 *
 * Uses the server of DATABASE_URL when set, otherwise an embedded PostgreSQL in a temp directory;
 * either way a fresh `bench_<timestamp>` database, dropped at the end.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ServerCpu } from './lib/cpu';
import { runDacBench } from './lib/dac-bench';
import { openBenchDatabase, serverFacts, teardown } from './lib/database';
import { importAndProject } from './lib/directory-import';
import { runNppesBench } from './lib/nppes-bench';
import { detail, figure, heading, num, perSecond, printLoadAverage, Targets } from './lib/report';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '200000' },
    live: { type: 'boolean', default: false },
    format: { type: 'string', default: 'synthetic' },
    reimport: { type: 'boolean', default: false },
    project: { type: 'boolean', default: false },
  },
});
if (values.format !== 'synthetic' && values.format !== 'nppes' && values.format !== 'dac')
  throw new Error(`--format is synthetic (the default), nppes or dac, got ${values.format}`);
const size = Number(values.size);
if (!Number.isSafeInteger(size) || size <= 0) throw new Error(`--size must be a positive whole number`);
/** The issue: 1.5 million candidates imported and projected in five minutes; smaller runs pro rata. */
const TARGET_MS = 5 * 60_000 * (size / 1_500_000);

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping and cleaning up…`);
    void teardown().finally(() => process.exit(130));
  });
}

const perEvent = (ms: number | null, events: number) =>
  ms === null ? 'n/a' : `${num((ms * 1000) / events, 1)} µs`;

async function main(): Promise<void> {
  const targets = new Targets();
  const db = await openBenchDatabase();
  const serverCpu = db.source === 'embedded' ? await ServerCpu.locate(db.pool) : null;
  const facts = await serverFacts(db.pool);
  const mode = values.live ? 'live' : 'sequential';
  heading(`HealthTal directory import benchmark: ${num(size)} synthetic candidates, ${mode}`);
  figure(
    'CPU',
    `${os.cpus().length} cores`,
    `load average ${os
      .loadavg()
      .map((l) => num(l, 2))
      .join(' ')}`,
  );
  figure('PostgreSQL', facts.version.split(' on ')[0]!, `${db.source}, database ${db.name}`);
  detail(
    Object.entries(facts.settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(' · '),
  );
  detail(
    mode === 'live'
      ? '`healthtal import --synthetic N` in its own process while this one runs the directory projector'
      : 'import in this process with the projector stopped, then the projector catches up',
  );

  const result = await importAndProject(db.pool, { size, mode, serverCpu });
  const { events } = result.import;

  heading('Import (createStreams, 2,000 candidate streams per call, 2 calls in flight)');
  figure('import', `${num(perSecond(events, result.import.ms))} ev/s`);
  detail(`${num(events)} CandidateImported events in ${num(result.import.ms / 1000, 1)} s`);

  heading(
    `Directory projection${mode === 'live' ? ', running during the import' : ': catch-up from its checkpoint'}`,
  );
  if (mode === 'live') figure('caught up after the import ended', `${num(result.projection.ms / 1000, 1)} s`);
  else figure('projection catch-up', `${num(perSecond(events, result.projection.ms))} ev/s`);
  detail(`${num(events)} events in ${num(result.projection.ms / 1000, 1)} s`);
  const { readModel } = result;
  detail(
    `read model: ${num(readModel.candidates)} candidates (${readModel.candidates === events ? 'OK' : 'MISMATCH'}), ` +
      `${num(readModel.specialties)} specialties, Nurse ${num(readModel.nurses)}, Physician ${num(readModel.physicians)}`,
  );

  heading('Import + projection');
  const minutes = (ms: number) => `${num(ms / 60_000, 2)} min`;
  figure(
    'wall clock, first row to caught up',
    minutes(result.wallMs),
    targets.check(
      `import + projection of ${num(size)}`,
      result.wallMs <= TARGET_MS,
      minutes(result.wallMs),
      `≤ ${minutes(TARGET_MS)}`,
    ),
  );
  detail(`${num(perSecond(events, result.wallMs))} candidates/s end to end`);
  detail(
    `CPU per candidate: import process ${perEvent(result.cpu.importMs, events)} · projector ${perEvent(result.cpu.projectorMs, events)} · ` +
      `PostgreSQL ${perEvent(result.cpu.serverMs, events)}`,
  );
  targets.print();
  printLoadAverage();
}

(values.format === 'nppes'
  ? runNppesBench({ size, reimport: values.reimport, project: values.project })
  : values.format === 'dac'
    ? runDacBench({ size, reimport: values.reimport, project: values.project })
    : main()
)
  .catch((error) => {
    if (!interrupted) {
      console.error(error);
      process.exitCode = 1;
    }
  })
  .finally(async () => {
    if (!interrupted) await teardown();
  });

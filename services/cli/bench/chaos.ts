/**
 * The concurrency chaos run for as long as asked: model-based runs of concurrent commands against
 * `healthtal start` in a child process, half of them with SIGKILLs, each followed by every invariant.
 *
 *   npm run chaos -- --seconds 300            five minutes, then the counts
 *   npm run chaos -- --seed 42 --path 3:1     replay one failing run (printed by a failure)
 *   npm run chaos -- --kills | --no-kills     only one of the two modes
 *
 * On DATABASE_URL's server when set, otherwise an embedded PostgreSQL in a temp directory; one fresh
 * `chaos_*` database and one product process serve both modes (see services/cli/test/chaos/README.md).
 */
import { parseArgs } from 'node:util';
import { type ChaosReport, openChaos, runChaos } from '../test/chaos/run';
import { benchServer, onTeardown, teardown } from './lib/database';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    seed: { type: 'string' },
    path: { type: 'string' },
    kills: { type: 'boolean' },
    'no-kills': { type: 'boolean' },
  },
});
const seconds = Number(values.seconds);
if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('--seconds must be a positive number');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping and cleaning up…`);
    void teardown().finally(() => process.exit(130));
  });
}

const modes = values.kills ? [true] : values['no-kills'] ? [false] : [false, true];
const totals = { runs: 0, commands: 0, interleavings: 0, kills: 0, checks: 0, divergences: 0, violations: 0 };
let failed = false;
try {
  const session = await openChaos(await benchServer());
  onTeardown('stop the product and drop its database', () => session.close());
  for (const kills of modes) {
    const budget = seconds / modes.length;
    console.log(`\n${kills ? 'with SIGKILLs' : 'without kills'}: ${Math.round(budget)} s`);
    const report: ChaosReport = await runChaos(session, {
      kills,
      numRuns: values.path ? 1 : 1_000_000,
      seconds: budget,
      maxCommands: 12,
      ...(values.seed ? { seed: Number(values.seed) } : {}),
      ...(values.path ? { path: values.path } : {}),
      log: (line) => console.log(line),
    });
    totals.runs += report.runs;
    totals.commands += report.commands;
    totals.interleavings += report.interleavings;
    totals.kills += report.kills;
    totals.checks += report.invariantChecks;
    totals.divergences += report.divergences;
    totals.violations += report.violations.length;
    // The same broken invariant shows in every later run of one database: each once, with its count.
    const byInvariant = new Map<string, { n: number; details: Set<string> }>();
    for (const v of report.violations) {
      const seen = byInvariant.get(v.invariant) ?? { n: 0, details: new Set<string>() };
      seen.n++;
      if (seen.details.size < 3) seen.details.add(v.detail.slice(0, 600));
      byInvariant.set(v.invariant, seen);
    }
    for (const [invariant, { n, details }] of byInvariant) {
      console.log(`  VIOLATION ×${n} ${invariant}`);
      for (const detail of details) console.log(`      ${detail}`);
    }
    for (const failure of report.failures) {
      failed = true;
      console.log(`  failing run: steps ${failure.steps}`);
      console.log(
        `  replay: npm run chaos -- --seed ${failure.seed} --path ${failure.path} ${kills ? '--kills' : '--no-kills'}`,
      );
    }
  }
} finally {
  await teardown();
}
console.log(`
runs: ${totals.runs}
commands run: ${totals.commands}
interleavings: ${totals.interleavings}
kills: ${totals.kills}
invariant checks: ${totals.checks}
divergences: ${totals.divergences}
violations: ${totals.violations}`);
process.exit(failed || totals.violations > 0 ? 1 : 0);

/**
 * The concurrency chaos run for as long as asked: model-based runs of concurrent commands against
 * `healthtal start` in a child process, without faults, with SIGKILLs of the product and with the
 * database killed under it, each run followed by every invariant.
 *
 *   npm run chaos -- --seconds 300                   five minutes, then the counts
 *   npm run chaos -- --seed 42 --path 3:1 --kills    replay one failing run (printed by a failure)
 *   npm run chaos -- --kills | --no-kills | --database-kills     only one of the modes
 *
 * On DATABASE_URL's server when set (no database kills: the run does not own that server),
 * otherwise an embedded PostgreSQL in a temp directory that the database kills take away and bring
 * back; one fresh `chaos_*` database and one product process serve every mode (see
 * services/cli/test/chaos/README.md).
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type ChaosReport, openChaos, RestartablePostgres, runChaos } from '@healthtal/cli/testing';
import { onTeardown, teardown } from './lib/database';
import { cleanUpAfterExit } from './lib/watchdog';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    seed: { type: 'string' },
    path: { type: 'string' },
    kills: { type: 'boolean' },
    'no-kills': { type: 'boolean' },
    'database-kills': { type: 'boolean' },
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

type Mode = 'none' | 'product' | 'database';
const MODE_TITLES: Record<Mode, string> = {
  none: 'without kills',
  product: 'with SIGKILLs of the product',
  database: 'with the database killed',
};
const ownServer = !process.env.DATABASE_URL;
const modes: Mode[] = values.kills
  ? ['product']
  : values['no-kills']
    ? ['none']
    : values['database-kills']
      ? ['database']
      : ownServer
        ? ['none', 'product', 'database']
        : ['none', 'product'];
if (modes.includes('database') && !ownServer)
  throw new Error('--database-kills needs the embedded mode: unset DATABASE_URL');
const totals = {
  runs: 0,
  commands: 0,
  interleavings: 0,
  kills: 0,
  outages: 0,
  unavailable: 0,
  checks: 0,
  divergences: 0,
  violations: 0,
};
let failed = false;
try {
  const server = await chaosServer();
  const session = await openChaos(server.adminUrl, server.database);
  onTeardown('stop the product and drop its database', () => session.close());
  for (const mode of modes) {
    const budget = seconds / modes.length;
    const kills = mode !== 'none';
    console.log(`\n${MODE_TITLES[mode]}: ${Math.round(budget)} s`);
    const report: ChaosReport = await runChaos(session, {
      kills,
      databaseKills: mode === 'database',
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
    totals.outages += report.databaseOutages;
    totals.unavailable += report.unavailableAnswers;
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
    if (report.failures.length > 0) {
      // The product's last words (its warnings and errors) explain most failures.
      const file = path.join(tmpdir(), `chaos-product-${report.seed}.log`);
      await writeFile(file, session.product.recentOutput());
      console.log(`  the product's recent output: ${file}`);
    }
    for (const failure of report.failures) {
      failed = true;
      console.log(`  failing run: steps ${failure.steps}`);
      console.log(
        `  replay: npm run chaos -- --seed ${failure.seed} --path ${failure.path} ${{ none: '--no-kills', product: '--kills', database: '--database-kills' }[mode]}`,
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
database outages: ${totals.outages} (503s met and retried: ${totals.unavailable})
invariant checks: ${totals.checks}
divergences: ${totals.divergences}
violations: ${totals.violations}`);
process.exit(failed || totals.violations > 0 ? 1 : 0);

/**
 * DATABASE_URL's server, or an embedded one in a temp directory that this run owns and may take
 * away (stopped, and its directory removed, at teardown or by the watchdog).
 */
async function chaosServer(): Promise<{ adminUrl: string; database?: RestartablePostgres }> {
  if (!ownServer) return { adminUrl: process.env.DATABASE_URL! };
  const database = await RestartablePostgres.start();
  cleanUpAfterExit(database.dir);
  onTeardown('stop embedded PostgreSQL', () => database.stop());
  return { adminUrl: database.adminUrl, database };
}

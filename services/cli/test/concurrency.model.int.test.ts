import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ChaosReport, type ChaosSession, openChaos, runChaos } from './chaos/run';

/**
 * Integrity under concurrency (services/cli/test/chaos/README.md): random interleavings of
 * concurrent commands over real HTTP against `healthtal start` in a child process, then every
 * invariant (read models caught up and equal to a rebuild, one account per email, list members,
 * demo uses, erasure, no 5xx, nothing lost or applied twice). A fixed budget: short runs without
 * kills, then with SIGKILLs of the product, on one database. A failure prints each failing run's
 * seed and path; replay one with CHAOS_SEED=… CHAOS_PATH=… (CHAOS_KILLS=1 for the second test).
 */
const replay = {
  ...(process.env.CHAOS_SEED ? { seed: Number(process.env.CHAOS_SEED) } : {}),
  ...(process.env.CHAOS_PATH ? { path: process.env.CHAOS_PATH } : {}),
};
const replaying = replay.seed !== undefined;
/**
 * CI replays fixed seeds, so a red run is a regression of the code, not a new draw; exploring new
 * interleavings is `npm run chaos`'s job, and what it finds becomes a seed here once fixed. (Known
 * open findings of long runs: services/cli/test/chaos/README.md, "Open findings".)
 */
const CI_SEEDS = { noKills: 20261124, kills: 20261125 };
const onlyKills = process.env.CHAOS_KILLS === '1';

function explain(report: ChaosReport, kills: boolean): string {
  const lines = report.violations.map((v) => `  - ${v.invariant}: ${v.detail}`);
  const replays = report.failures.map(
    (f) =>
      `replay: CHAOS_SEED=${f.seed} CHAOS_PATH=${f.path}${kills ? ' CHAOS_KILLS=1' : ''} npx vitest run services/cli/test/concurrency.model.int.test.ts\n  steps: ${f.steps}`,
  );
  return [...lines, ...replays, `seed: ${report.seed}`].join('\n');
}

let session: ChaosSession;
beforeAll(async () => {
  session = await openChaos(inject('adminDatabaseUrl'));
}, 120_000);
afterAll(() => session?.close());

describe('integrity under concurrency', () => {
  it.skipIf(replaying && onlyKills)(
    'keeps every invariant under random concurrent commands',
    { timeout: 180_000 },
    async () => {
      const report = await runChaos(session, {
        kills: false,
        numRuns: replaying ? 1 : 2,
        maxCommands: 8,
        seconds: 12,
        seed: CI_SEEDS.noKills,
        ...replay,
      });
      console.log(
        `no kills: runs ${report.runs}, commands ${report.commands}, checks ${report.invariantChecks}`,
      );
      expect(report.violations, explain(report, false)).toEqual([]);
    },
  );

  it.skipIf(replaying && !onlyKills)(
    'keeps every invariant when the product is SIGKILLed mid-traffic and restarted',
    { timeout: 240_000 },
    async () => {
      const report = await runChaos(session, {
        kills: true,
        numRuns: 1,
        maxCommands: 6,
        seconds: 12,
        seed: CI_SEEDS.kills,
        ...replay,
      });
      console.log(
        `kills: runs ${report.runs}, commands ${report.commands}, kills ${report.kills}, checks ${report.invariantChecks}`,
      );
      expect(report.kills).toBeGreaterThan(0);
      expect(report.violations, explain(report, true)).toEqual([]);
    },
  );
});

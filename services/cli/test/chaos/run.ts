import { randomUUID } from 'node:crypto';
import type { EventStore } from '@healthtal/eventstore';
import fc from 'fast-check';
import pg from 'pg';
import { ensureDatabase } from '../../src/embedded-postgres';
import { createEventStore } from '../../src/event-store';
import type { RestartablePostgres } from '../support/restartable-postgres';
import { ChaosClient } from './client';
import { stepArbitraries } from './commands';
import { DatabaseOutages, databaseKills, waitingOutOutages } from './database-faults';
import { type Erasures, InvariantChecker, type Violation } from './invariants';
import { type Model, newModel } from './model';
import { ProductProcess } from './product';
import {
  adminSession,
  expectAnswers,
  importDirectory,
  type Session,
  signUpVerified,
  subscribe,
  type World,
} from './world';

export type ChaosOptions = {
  /** SIGKILL the product at random moments of the steps (and restart it on the same database). */
  kills: boolean;
  /**
   * With kills: take the database server away instead (SIGKILL or shutdown, back after a while);
   * the session must own its server (openChaos with a RestartablePostgres).
   */
  databaseKills?: boolean;
  numRuns: number;
  /** Stop starting new runs after this long (the run under way finishes). */
  seconds?: number;
  maxCommands?: number;
  seed?: number;
  /** fast-check's path of a failing run, to replay just that one. */
  path?: string;
  log?: (line: string) => void;
};

export type ChaosReport = {
  runs: number;
  commands: number;
  interleavings: number;
  kills: number;
  /** Times the database server was taken away (databaseKills). */
  databaseOutages: number;
  /** 503s with Retry-After the client met and retried (while the database was away). */
  unavailableAnswers: number;
  invariantChecks: number;
  divergences: number;
  violations: Violation[];
  seed: number;
  /** Each run that broke an invariant: replay it with its seed and path (CHAOS_SEED, CHAOS_PATH). */
  failures: { seed: number; path: string; steps: string }[];
};

/** Which event a 2xx answer of each kind must have left behind (found by its request id). */
const EVENT_OF_ANSWER: Record<string, string> = {
  signup: 'UserRegistered',
  verify: 'EmailVerified',
  'reset-password': 'PasswordChanged',
  'list-create': 'ListCreated',
  'search-save': 'SearchSaved',
  'template-save': 'EmailTemplateSaved',
  'template-delete': 'EmailTemplateDeleted',
  'resume-submit': 'ResumeSubmitted',
  'resume-approve': 'ResumeApproved',
  'resume-reject': 'ResumeRejected',
  'removal-confirm': 'RemovalConfirmed',
  'user-delete': 'UserDeleted',
  'demo-grant': 'DemoAccessGranted',
  reveal: 'ContactRevealed',
  checkout: 'CheckoutStarted',
  'refund-request': 'RefundRequested',
  'refund-reject': 'RefundRejected',
};

const RECRUITERS = 2;
const DIRECTORY_SIZE = 8;

/** One database and one product process, shared by the runs of both modes. */
export type ChaosSession = {
  product: ProductProcess;
  /** The database server's outages, when the session owns its server (database kills). */
  outages: DatabaseOutages | null;
  pool: pg.Pool;
  store: EventStore;
  client: ChaosClient;
  /** Attempts per rate-limit bucket of this database (see overLimit). */
  attempts: Map<string, number>;
  admin: () => Promise<Session>;
  close(): Promise<void>;
};

/**
 * A fresh `chaos_*` database on the server and `healthtal start` on it. Given a server the run may
 * take away (`database`), runs can kill the database instead of the product.
 */
export async function openChaos(adminUrl: string, database?: RestartablePostgres): Promise<ChaosSession> {
  const name = `chaos_${Date.now()}_${randomUUID().slice(0, 8)}`;
  const databaseUrl = await ensureDatabase(adminUrl, name);
  const product = await ProductProcess.start(databaseUrl);
  const pool = waitingOutOutages(new pg.Pool({ connectionString: databaseUrl, max: 6 }));
  pool.on('error', () => undefined);
  const store = createEventStore(pool);
  const client = new ChaosClient(product);
  const attempts = new Map<string, number>();
  let admin: { session: Session; at: number } | null = null;
  const world = {
    product,
    client,
    pool,
    store,
    violations: [],
    attempts,
    kills: false,
    counts: { commands: 0, interleavings: 0 },
  };
  return {
    product,
    outages: database ? new DatabaseOutages(database) : null,
    pool,
    store,
    client,
    attempts,
    // Signed in again only when its access token nears its 15 minutes (no need to sooner).
    admin: async () => {
      if (!admin || Date.now() - admin.at > 10 * 60_000)
        admin = { session: await adminSession(world, admin !== null), at: Date.now() };
      return admin.session;
    },
    close: async () => {
      await product.stop();
      await pool.end();
      await dropDatabase(adminUrl, name);
    },
  };
}

/**
 * Model-based concurrency runs against `healthtal start` in a child process: fast-check generates
 * the steps (each a burst of concurrent requests) and, with kills, the moments the product is
 * SIGKILLed; after each run every invariant is checked on the database the product wrote.
 */
export async function runChaos(session: ChaosSession, options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => undefined);
  const { product, client, pool, store } = session;
  const checker = new InvariantChecker(pool, store);
  const base = {
    product,
    client,
    pool,
    store,
    violations: checker.violations,
    counts: { commands: 0, interleavings: 0 },
    attempts: session.attempts,
    kills: options.kills,
  };
  const killsBefore = product.kills;
  const outagesBefore = session.outages?.count ?? 0;
  const exchangesBefore = client.exchanges.length;
  if (options.databaseKills && !session.outages)
    throw new Error('database kills need a database server the run owns (the embedded mode)');
  const seed = options.seed ?? Date.now() ^ (Math.random() * 0x7fffffff);
  const report: ChaosReport = {
    runs: 0,
    commands: 0,
    interleavings: 0,
    kills: 0,
    databaseOutages: 0,
    unavailableAnswers: 0,
    invariantChecks: 0,
    divergences: 0,
    violations: checker.violations,
    seed,
    failures: [],
  };
  const deadline = options.seconds ? Date.now() + options.seconds * 1000 : Number.POSITIVE_INFINITY;
  try {
    const property = fc.asyncProperty(
      // Runs are few and expensive: each draws from the whole range, not small values first.
      fc
        .noBias(fc.commands(stepArbitraries(), { maxCommands: options.maxCommands ?? 12 }))
        // A run of none or one step races nothing against nothing.
        .filter((steps) => [...steps].length >= 2),
      // With kills: the moments (ms after the first step starts) the product is SIGKILLed, or the
      // database is taken away.
      options.databaseKills
        ? databaseKills()
        : options.kills
          ? fc.array(fc.integer({ min: 50, max: 6000 }), { minLength: 1, maxLength: 2 })
          : fc.constant([] as number[]),
      async (steps, killAt) => {
        report.runs++;
        const started = Date.now();
        const before = checker.violations.length;
        // Each run starts with empty rate-limit windows, as its model's counts do: a long session
        // would otherwise reach the hourly caps (3 mails an hour to one address, the ceilings of
        // 10,000 sign-ups and 5,000 removal requests) that no single run comes near.
        await pool.query('delete from rate_limits');
        session.attempts.clear();
        const world: World = { ...base, admin: await session.admin() };
        const tag = randomUUID().slice(0, 6);
        const recruiters = [];
        for (let i = 0; i < RECRUITERS; i++) {
          const recruiter = await signUpVerified(world, `recruiter-${tag}-${i}@chaos.test`);
          await subscribe(world, recruiter);
          recruiters.push(recruiter);
        }
        const model = newModel(tag, recruiters, await importDirectory(world, tag, DIRECTORY_SIZE));
        const firstExchange = client.exchanges.length;
        const kills: Kill[] = killAt.map((kill) =>
          typeof kill === 'number'
            ? { at: kill, make: () => world.product.crashAndRestart() }
            : { at: kill.at, make: () => session.outages!.make(kill) },
        );
        await withKills(kills, () => fc.asyncModelRun(() => ({ model, real: world }), steps));
        // Commands: the state-changing requests the steps sent (their bursts are the interleavings).
        base.counts.commands += client.exchanges
          .slice(firstExchange)
          .filter((e) => e.method !== 'GET').length;
        const ran = Date.now();
        await checkRun(world, checker, model, firstExchange);
        const found = checker.violations.slice(before);
        log(
          `  run ${report.runs}: ${steps.toString().split(',').length} steps in ${Math.round((ran - started) / 1000)} s` +
            ` (kills so far ${product.kills}, database outages ${session.outages?.count ?? 0}), checks in ${Math.round((Date.now() - ran) / 1000)} s: ${found.length} violations`,
        );
        if (found.length > 0) {
          throw new Error(
            `${found.length} invariant violations:\n${found.map((v) => `  - ${v.invariant}: ${v.detail}`).join('\n')}`,
          );
        }
      },
    );
    // One fast-check run per seed (seed, seed + 1, …), so a failing run does not end the others and
    // each failure replays alone with its own seed and path.
    for (let i = 0; i < options.numRuns && Date.now() < deadline; i++) {
      const runSeed = (seed + i) | 0;
      const details = await fc.check(property, {
        numRuns: 1,
        seed: runSeed,
        ...(options.path ? { path: options.path } : {}),
        endOnFailure: true,
        verbose: fc.VerbosityLevel.None,
      });
      if (!details.failed) continue;
      report.failures.push({
        seed: runSeed,
        path: details.counterexamplePath ?? '0',
        steps: details.counterexample
          ? `${String(details.counterexample[0])}${options.kills ? `; ${options.databaseKills ? 'database kills' : 'SIGKILLs at (ms)'} ${JSON.stringify(details.counterexample[1])}` : ''}`
          : '',
      });
      if (
        !(
          details.errorInstance instanceof Error && /invariant violations/.test(details.errorInstance.message)
        )
      )
        checker.violations.push({ invariant: 'the run completes', detail: String(details.errorInstance) });
    }
  } finally {
    report.commands = base.counts.commands;
    report.interleavings = base.counts.interleavings;
    report.kills = product.kills - killsBefore;
    report.databaseOutages = (session.outages?.count ?? 0) - outagesBefore;
    report.unavailableAnswers = client.exchanges
      .slice(exchangesBefore)
      .reduce((n, exchange) => n + exchange.unavailable, 0);
    report.invariantChecks = checker.checks;
    report.divergences = checker.divergences;
  }
  return report;
}

/** A fault at a moment of the steps: the product SIGKILLed and restarted, or the database taken away. */
type Kill = { at: number; make: () => Promise<void> };

/**
 * Runs the steps with each kill at its moment (ms after they start); a moment the steps did not
 * reach kills when they end, so every run with kills has them. Resolves once every kill is over
 * (the product answers again, the database is back).
 */
async function withKills(kills: Kill[], steps: () => Promise<void>): Promise<void> {
  const pending = new Set(kills);
  const made: Promise<void>[] = [];
  const timers = kills.map((kill) =>
    setTimeout(() => {
      pending.delete(kill);
      made.push(kill.make());
    }, kill.at),
  );
  try {
    await steps();
  } finally {
    for (const timer of timers) clearTimeout(timer);
    for (const kill of pending) made.push(kill.make());
    await Promise.all(made);
  }
}

async function checkRun(world: World, checker: InvariantChecker, model: Model, firstExchange: number) {
  const exchanges = world.client.exchanges.slice(firstExchange);
  await checker.caughtUp(world.product.url);
  await checker.nothingParked();
  await checker.readModelsEqualRebuild();
  const erasures: Erasures = {
    candidateIds: model.erasedCandidates,
    userIds: model.deletedUsers,
    strings: model.erasedStrings,
  };
  await checker.domainInvariants(erasures);
  await modelAgrees(world, checker, model);
  const exported = await world.client.call('export', 'POST', '/api/v1/exports', {
    token: model.recruiters[0]!.token,
    json: { candidateIds: model.candidates.map((c) => c.id), format: 'csv' },
    idempotent: false,
  });
  expectAnswers(world, 'a CSV export: 200 (404 when everyone is erased)', [exported], (e) =>
    [200, 404].includes(e.status),
  );
  checker.exportShowsNoErased(typeof exported.body === 'string' ? exported.body : '', erasures);
  checker.http(exchanges);
  await checker.eventsOfAnswers(exchanges, EVENT_OF_ANSWER);
}

/** The read models hold what the model is sure of, and nothing it knows is gone. */
async function modelAgrees(world: World, checker: InvariantChecker, model: Model) {
  const fail = (invariant: string, detail: string) => checker.violations.push({ invariant, detail });
  const members = await world.pool.query<{ list_id: string; candidate_id: string }>(
    'select list_id, candidate_id from list_members where list_id = any($1)',
    [model.lists.map((l) => l.id)],
  );
  const lists = await world.pool.query<{ id: string; name: string }>(
    'select id, name from lists where id = any($1)',
    [model.lists.map((l) => l.id)],
  );
  const names = new Map(lists.rows.map((r) => [r.id, r.name]));
  for (const list of model.lists) {
    checker.checks++;
    if (list.state === 'deleted' && names.has(list.id)) fail('a deleted list is gone', list.id);
    if (list.state !== 'active') continue;
    if (!names.has(list.id)) {
      fail('a list nobody deleted is there', list.id);
      continue;
    }
    if (!list.names.has(names.get(list.id)!))
      fail(
        'a list has the name last asked for',
        `${list.id}: ${names.get(list.id)} not in ${[...list.names].join(' | ')}`,
      );
    const actual = new Set(members.rows.filter((r) => r.list_id === list.id).map((r) => r.candidate_id));
    const missing = [...list.sure].filter((id) => !actual.has(id));
    const extra = [...actual].filter((id) => !list.sure.has(id) && !list.maybe.has(id));
    if (missing.length + extra.length > 0)
      fail(
        'a list holds exactly the candidates added and not removed',
        `${list.id}: missing ${missing}, extra ${extra}`,
      );
  }
  for (const owner of model.recruiters) {
    const mine = await world.client.call('lists', 'GET', '/api/v1/lists', {
      token: owner.token,
      idempotent: false,
    });
    for (const summary of Array.isArray(mine.body)
      ? (mine.body as { id: string; memberCount: number }[])
      : []) {
      checker.checks++;
      const held = members.rows.filter((r) => r.list_id === summary.id).length;
      if (model.lists.some((l) => l.id === summary.id) && summary.memberCount !== held)
        fail('a list’s member count equals its members', `${summary.id}: ${summary.memberCount} ≠ ${held}`);
    }
  }
  for (const [table, items] of [
    ['saved_searches', model.searches],
    ['email_templates', model.templates],
  ] as const) {
    const { rows } = await world.pool.query<{ id: string }>(`select id from ${table} where id = any($1)`, [
      items.map((i) => i.id),
    ]);
    const present = new Set(rows.map((r) => r.id));
    for (const item of items) {
      checker.checks++;
      if (item.state === 'active' && !present.has(item.id) && !model.deletedUsers.has(item.owner.userId))
        fail(`${table}: what was saved is there`, item.id);
      if (item.state === 'deleted' && present.has(item.id))
        fail(`${table}: what was deleted is gone`, item.id);
    }
  }
  const resumes = await world.pool.query<{ id: string; status: string }>(
    'select id, status from resume_submissions where id = any($1)',
    [model.resumes.map((r) => r.id)],
  );
  const statuses = new Map(resumes.rows.map((r) => [r.id, r.status]));
  for (const resume of model.resumes) {
    checker.checks++;
    if (resume.status !== 'unknown' && statuses.get(resume.id) !== resume.status)
      fail(
        'a resume has the status of the decision that won',
        `${resume.id}: ${statuses.get(resume.id)} ≠ ${resume.status}`,
      );
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

// npm run bench:sequences [-- --size 10000]
/**
 * Sequence delivery benchmark (issue 36): N enrolled recipients' first step, from the dispatch that
 * finds them due to the last message a loopback SMTP server accepted, through the product's own
 * path (pg-boss queue, the per-step claim, the recruiter's daily slot, the clinician's contact slot,
 * nodemailer, the SequenceStepSent record). Target: ≥ 200 messages/s, memory flat.
 *
 * Seeds N synthetic candidates (CandidateImported) and N / 200 recruiters who revealed 200 each
 * (ContactRevealed: the default daily limit is 200 sends per recruiter), then each recruiter makes a
 * one-step sequence and enrols their 200 through the API, on a Monday before any send window opens
 * (the injected clock). The clock then moves into every recipient's window and one dispatch queues
 * them all, as the minute's cron would; the workers send. Prints msgs/s, the dispatch's time, RSS at
 * the start, middle and end of the sending, and checks every step went out once.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Principal } from '@healthtal/api';
import { ensureDatabase, type HealthTal, loadConfig, startHealthTal } from '@healthtal/cli';
import { pino } from 'pino';
import { ServerCpu } from './lib/cpu';
import { benchServer, dropDatabase, onTeardown, runBench } from './lib/database';
import { syntheticCandidate } from './lib/export-workload';
import { figure, heading, num, printLoadAverage, Targets } from './lib/report';
import { startSmtpSink } from './lib/smtp-sink';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const { values } = parseArgs({ options: { size: { type: 'string', default: '10000' } } });
const SIZE = Number(values.size);
/** Recipients per recruiter: the default SEQUENCE_DAILY_LIMIT, so each recruiter's go out today. */
const PER_RECRUITER = 200;
if (!Number.isInteger(SIZE) || SIZE < PER_RECRUITER || SIZE % PER_RECRUITER !== 0)
  throw new Error(`--size must be a multiple of ${PER_RECRUITER}`);
const TARGET_PER_SECOND = 200;
/** Monday 6 January 2031, 06:00 UTC: before the window opens in every recipient's zone. */
const ENROL_AT = Date.UTC(2031, 0, 6, 6, 0);
/** 19:30 UTC: 14:30 in Boston and Miami, 13:30 in Houston, 11:30 in Portland, all inside the window. */
const SEND_AT = Date.UTC(2031, 0, 6, 19, 30);

/** The injected clock: where the bench puts it, running on with real time from there. */
class BenchClock {
  private base = ENROL_AT;
  private since = Date.now();
  now = () => new Date(this.base + Date.now() - this.since);
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  set(at: number) {
    this.base = at;
    this.since = Date.now();
  }
}

const metadata = () => {
  const id = randomUUID();
  return { eventId: id, occurredAt: new Date().toISOString(), correlationId: id, causationId: id };
};

async function caughtUp(app: HealthTal) {
  for (const projector of app.projectors) await projector.caughtUp();
}

/** N candidates, and recruiters who revealed 200 each: events, as an import and the reveal route write them. */
async function seed(app: HealthTal): Promise<Map<string, string[]>> {
  const recruiters = new Map<string, string[]>();
  for (let from = 0; from < SIZE; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, SIZE - from) }, (_, k) => syntheticCandidate(from + k));
    await app.store.createStreams(
      batch.map((data) => ({
        streamId: `candidate-${data.candidateId}`,
        events: [{ type: 'CandidateImported', data, metadata: metadata() }],
      })),
    );
    for (let i = 0; i < batch.length; i += PER_RECRUITER) {
      const userId = randomUUID();
      const candidateIds = batch.slice(i, i + PER_RECRUITER).map((c) => c.candidateId);
      recruiters.set(userId, candidateIds);
      await app.store.append(
        `reveals-${userId}`,
        candidateIds.map((candidateId) => ({
          type: 'ContactRevealed',
          data: { userId, candidateId, viaDemoGrant: false },
          metadata: metadata(),
        })),
        { expectedVersion: 'any' },
      );
    }
  }
  await caughtUp(app);
  return recruiters;
}

/** Each recruiter makes a one-step sequence and enrols their 200 through the API, four at a time. */
async function enrolAll(app: HealthTal, recruiters: Map<string, string[]>) {
  const call = async (userId: string, path: string, body: unknown) => {
    const response = await fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-bench-user': userId },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string; enrolled: number };
  };
  const entries = [...recruiters.entries()];
  let enrolled = 0;
  for (let i = 0; i < entries.length; i += 4) {
    const results = await Promise.all(
      entries.slice(i, i + 4).map(async ([userId, candidateIds]) => {
        const sequence = await call(userId, '/api/v1/sequences', {
          name: 'ICU nurses, spring',
          steps: [
            {
              subject: 'An ICU role near {{location}}, {{first_name}}',
              body: 'Hello {{first_name}},\n\nWe are hiring {{specialty}} staff at a hospital near {{location}}. Interested?',
              waitBusinessDays: 0,
            },
          ],
        });
        return call(userId, `/api/v1/sequences/${sequence.id}/enrolments`, { candidateIds });
      }),
    );
    enrolled += results.reduce((sum, r) => sum + r.enrolled, 0);
  }
  await caughtUp(app);
  return enrolled;
}

const mb = (bytes: number) => `${num(bytes / 1024 ** 2)} MB`;

async function main() {
  const adminUrl = await benchServer();
  const name = `bench_sequences_${Date.now()}`;
  const databaseUrl = await ensureDatabase(adminUrl, name);
  onTeardown(`drop database ${name}`, () => dropDatabase(adminUrl, name));
  const smtp = await startSmtpSink();
  onTeardown('stop the SMTP server', () => smtp.stop());
  const clock = new BenchClock();
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_SIZE: '0',
    SEARCH_WORKERS: '0',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'HealthTal Outreach <outreach@healthtal.test>',
    SENDER_POSTAL_ADDRESS: 'HealthTal Inc., 500 Bench Avenue, Austin, TX 78701',
  });
  // Each request is the recruiter its x-bench-user header names, with a plan that may use sequences.
  const capabilities = new Set(['signed-in', 'basic', 'premium', 'not-demo', 'contacts'] as const);
  const app = await startHealthTal({
    config,
    logger: pino({ level: 'silent' }),
    clock,
    resolvePrincipal: async (req): Promise<Principal> => ({
      kind: 'user',
      userId: String(req.headers['x-bench-user']),
      capabilities,
    }),
  });
  onTeardown('stop HealthTal', () => app.stop());
  const delivery = app.sequenceDelivery!;
  heading(
    `Sequence delivery: ${num(SIZE)} recipients' first step · ${os.cpus().length} cores · Node ${process.version} · load ${os
      .loadavg()
      .map((l) => num(l, 2))
      .join(' ')}`,
  );

  let started = performance.now();
  const recruiters = await seed(app);
  figure('seeded candidates and reveals', `${num((performance.now() - started) / 1000, 1)} s`);
  started = performance.now();
  const enrolled = await enrolAll(app, recruiters);
  figure(`enrolled (${recruiters.size} recruiters × ${PER_RECRUITER})`, num(enrolled));
  figure('enrolling through the API', `${num((performance.now() - started) / 1000, 1)} s`);
  if (smtp.count !== 0) throw new Error('steps went out before their window');

  clock.set(SEND_AT);
  gc();
  const rss = { start: process.memoryUsage.rss(), middle: 0, end: 0, peak: 0 };
  const sampler = setInterval(() => {
    const now = process.memoryUsage.rss();
    rss.peak = Math.max(rss.peak, now);
    if (rss.middle === 0 && smtp.count >= SIZE / 2) rss.middle = now;
  }, 50);
  const transactions = async () =>
    Number(
      (
        await app.pool.query<{ n: string }>(
          `select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`,
        )
      ).rows[0]!.n,
    );
  const transactions0 = await transactions();
  const serverCpu = await ServerCpu.locate(app.pool);
  const cpu = { client: process.cpuUsage(), server: serverCpu?.read() ?? 0 };
  const t0 = performance.now();
  const queued = await delivery.dispatchDue();
  const dispatchMs = performance.now() - t0;
  for (const deadline = Date.now() + 15 * 60_000; smtp.count < SIZE && Date.now() < deadline; )
    await new Promise((resolve) => setTimeout(resolve, 20));
  const sendingMs = smtp.lastAt - t0;
  const used = process.cpuUsage(cpu.client);
  const clientCpuMs = (used.user + used.system) / 1000;
  const serverCpuMs = serverCpu ? serverCpu.read() - cpu.server : null;
  clearInterval(sampler);
  const transactionsPerMessage = ((await transactions()) - transactions0) / smtp.count;
  rss.end = process.memoryUsage.rss();
  // Every send recorded: the queue drained and the events in the log.
  for (const deadline = Date.now() + 60_000; (await delivery.pending()) > 0 && Date.now() < deadline; )
    await new Promise((resolve) => setTimeout(resolve, 50));
  const { rows } = await app.pool.query<{ n: number; steps: number }>(
    `select count(*)::int as n, count(distinct data->>'enrolmentId')::int as steps
       from eventstore.events where type = 'SequenceStepSent'`,
  );
  const perSecond = (smtp.count / sendingMs) * 1000;

  heading('Dispatch and delivery');
  figure('steps queued by one dispatch', num(queued));
  figure('dispatch (read due steps, insert jobs)', `${num(dispatchMs)} ms`);
  figure('messages accepted by the SMTP server', num(smtp.count));
  figure('distinct Message-IDs', num(smtp.distinct));
  figure('SequenceStepSent recorded (distinct steps)', `${num(rows[0]!.n)} (${num(rows[0]!.steps)})`);
  figure('outcomes', JSON.stringify(delivery.counts));
  figure('dispatch → last message accepted', `${num(sendingMs / 1000, 2)} s`);
  const targets = new Targets();
  figure(
    'messages/s',
    num(perSecond),
    targets.check(
      'messages/s, dispatch to SMTP',
      perSecond >= TARGET_PER_SECOND,
      num(perSecond),
      `≥ ${TARGET_PER_SECOND}`,
    ),
  );
  // What the machine has to give, whatever else runs on it: the cores over the CPU a message costs.
  const perMessage = (clientCpuMs + (serverCpuMs ?? 0)) / smtp.count;
  figure(
    'CPU per message: Node + PostgreSQL',
    `${num(clientCpuMs / smtp.count, 2)} + ${serverCpuMs === null ? 'n/a' : num(serverCpuMs / smtp.count, 2)} ms`,
    `at most ${num((os.cpus().length * 1000) / perMessage)} messages/s on ${os.cpus().length} idle cores`,
  );
  // The delivery's own and the projectors' (each append wakes every projector, which reads its types).
  figure('database transactions per message', num(transactionsPerMessage, 1));
  figure('RSS at the start / middle / end', `${mb(rss.start)} / ${mb(rss.middle)} / ${mb(rss.end)}`);
  figure('RSS peak', mb(rss.peak));
  // Flat: the second half of the sending adds no more than the first settled at (no growth per message).
  const growth = rss.end - rss.middle;
  figure(
    'RSS growth, middle → end',
    mb(growth),
    targets.check('memory flat (middle → end)', growth <= 32 * 1024 ** 2, mb(growth), '≤ 32 MB'),
  );
  const once =
    smtp.count === SIZE && smtp.distinct === SIZE && rows[0]!.n === SIZE && rows[0]!.steps === SIZE;
  targets.check(
    'each step sent and recorded once',
    once,
    `${num(smtp.distinct)}/${num(SIZE)}`,
    `${num(SIZE)}`,
  );
  targets.print();
  printLoadAverage();
}

runBench(main);

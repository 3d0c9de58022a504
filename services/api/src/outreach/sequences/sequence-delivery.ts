import type pg from 'pg';
import PgBoss from 'pg-boss';
import { serverSecret } from '../../shared/secrets';
import { type StepOutcome, type StepSenderDeps, sendStep } from './step-sender';

/** The queue of due steps, one job per (enrolment, step) while it waits or runs. */
export const STEP_QUEUE = 'sequence-step';
/** A cron job that hands the due steps to STEP_QUEUE, once a minute across every process. */
export const DISPATCH_QUEUE = 'sequence-dispatch';
/** Due steps handed over per dispatch; the next one takes the rest. */
const DISPATCH_BATCH = 1000;
/** Sends in flight in one process (each holds a pooled connection while it runs). */
const MAX_SENDING = 2;

type StepJob = { enrolmentId: string; step: number };

/** What sent what, for the tests and the logs: counts of each step outcome in this process. */
export type DeliveryCounts = Record<StepOutcome, number>;

/**
 * Sends the sequences' due steps through a pg-boss queue in PostgreSQL (ADR 0060): durable across
 * restarts, shared by every API process on the database (each job is fetched by one worker with
 * SKIP LOCKED, retried with backoff when sending fails). pg-boss gives at-least-once; the claim in
 * `sequence_sends` (step-sender.ts) turns it into once per (enrolment, step).
 *
 * Due is decided in the injected clock's time, not the queue's: a dispatch reads the enrolments whose
 * `next_due_at` has come (the sequences read model) and queues them at once.
 */
export class SequenceDelivery {
  private boss: PgBoss | null = null;
  private stopping: Promise<void> | null = null;
  private sending = 0;
  private readonly waiting: (() => void)[] = [];
  readonly counts: DeliveryCounts = { sent: 0, 'already-sent': 0, deferred: 0, stopped: 0, skipped: 0 };

  constructor(
    private readonly deps: Omit<StepSenderDeps, 'unsubscribeKey'> & { unsubscribeKey?: Buffer },
    private readonly options: { pollingIntervalSeconds?: number; cron?: boolean } = {},
  ) {}

  async start(): Promise<void> {
    const { pool, logger } = this.deps;
    this.deps.unsubscribeKey ??= await unsubscribeKeyOf(pool);
    const boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      schema: 'pgboss',
      // Jobs are kept a day after they finish, for the console and for tests reading what ran.
      deleteAfterDays: 1,
      supervise: true,
      schedule: this.options.cron ?? true,
    });
    boss.on('error', (error) => logger.warn({ err: error }, 'sequence delivery: queue error'));
    await boss.start();
    await boss.createQueue(STEP_QUEUE, {
      name: STEP_QUEUE,
      // One waiting and one running job per step at most (singletonKey = enrolment/step).
      policy: 'stately',
      retryLimit: 8,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
    });
    await boss.createQueue(DISPATCH_QUEUE, { name: DISPATCH_QUEUE, policy: 'singleton' });
    const pollingIntervalSeconds = this.options.pollingIntervalSeconds ?? 2;
    await boss.work<StepJob>(STEP_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
      if (job) await this.sendNow(job.data.enrolmentId, job.data.step);
    });
    await boss.work(DISPATCH_QUEUE, { pollingIntervalSeconds }, async () => {
      await this.dispatchDue();
    });
    if (this.options.cron ?? true) await boss.schedule(DISPATCH_QUEUE, '* * * * *');
    this.boss = boss;
  }

  /**
   * Queues every step that is due by the clock: active enrolments of active sequences whose
   * recipient has not opted out. A step already waiting in the queue is not queued twice.
   */
  async dispatchDue(): Promise<number> {
    const boss = this.boss;
    if (!boss) return 0;
    const { rows } = await this.deps.pool.query<{ enrolment_id: string; next_step: number }>(
      `select e.enrolment_id, e.next_step from sequence_enrolments e
         join sequences s on s.id = e.sequence_id and s.status = 'active'
       where e.status = 'active' and e.next_due_at <= $1 and e.next_step is not null
         and not exists (select 1 from clinician_opt_outs o where o.candidate_id = e.candidate_id)
       order by e.next_due_at limit $2`,
      [this.deps.clock.now(), DISPATCH_BATCH],
    );
    if (rows.length === 0) return 0;
    await boss.insert(
      rows.map((row) => ({
        name: STEP_QUEUE,
        data: { enrolmentId: row.enrolment_id, step: row.next_step } satisfies StepJob,
        singletonKey: `${row.enrolment_id}/${row.next_step}`,
      })),
    );
    return rows.length;
  }

  /**
   * Sends one step now if it is due and unsent (what a queued job does). Safe to call from anywhere
   * at any time: the claim lets one attempt through per step.
   */
  async sendNow(enrolmentId: string, step: number): Promise<StepOutcome> {
    // A send holds a connection for its claim and borrows more for the store: a few at a time, so
    // a burst of sends cannot take the whole pool and wait on itself.
    while (this.sending >= MAX_SENDING) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.sending++;
    let outcome: StepOutcome;
    try {
      outcome = await sendStep(this.stepDeps(), enrolmentId, step);
    } finally {
      this.sending--;
      this.waiting.shift()?.();
    }
    this.counts[outcome]++;
    this.deps.logger.debug({ enrolmentId, step, outcome }, 'sequence step');
    return outcome;
  }

  /** Steps queued or being sent now. */
  async pending(): Promise<number> {
    if (!this.boss) return 0;
    return this.boss.getQueueSize(STEP_QUEUE, { before: 'completed' });
  }

  /** Stops taking jobs and waits for the ones running (pg-boss's graceful stop); idempotent. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      const boss = this.boss;
      this.boss = null;
      if (!boss) return;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 20_000 });
    })();
    return this.stopping;
  }

  private stepDeps(): StepSenderDeps {
    return { ...this.deps, unsubscribeKey: this.deps.unsubscribeKey! };
  }
}

export const unsubscribeKeyOf = (pool: pg.Pool) => serverSecret(pool, 'unsubscribe-key');

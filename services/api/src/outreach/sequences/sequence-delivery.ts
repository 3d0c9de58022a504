import type pg from 'pg';
import PgBoss from 'pg-boss';
import { serverSecret } from '../../shared/secrets';
import { type StepOutcome, type StepSenderDeps, sendStep } from './step-sender';

/** The queue of due steps: one job per (enrolment, step) waits at most; the claim lets one send. */
export const STEP_QUEUE = 'sequence-send';
/**
 * The first slice's queue (policy stately): a job still active in a killed process kept any other
 * job of its step from starting, and so stopped the whole queue behind it until it expired. Its
 * jobs are re-derivable (the next dispatch queues what is due), so it is dropped (ADR 0060, amended).
 */
const STATELY_QUEUE = 'sequence-step';
/** A cron job that hands the due steps to STEP_QUEUE, once a minute across every process. */
export const DISPATCH_QUEUE = 'sequence-dispatch';
/** Due steps read and queued per round of a dispatch; it goes on until none is left. */
const DISPATCH_BATCH = 1000;

/**
 * Sends in flight in one process: one per worker. Each holds a pooled connection for its claim and
 * borrows another for the store, so they take at most half of the pool (and 8), leaving the rest to
 * the requests the API answers meanwhile.
 */
export const maxSendingFor = (poolSize: number): number => Math.max(1, Math.min(8, Math.floor(poolSize / 2)));

type StepJob = { enrolmentId: string; step: number };
type DueStep = { enrolment_id: string; next_step: number; next_due_at: Date };

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
  private readonly maxSending: number;

  constructor(
    private readonly deps: Omit<StepSenderDeps, 'unsubscribeKey'> & { unsubscribeKey?: Buffer },
    private readonly options: {
      pollingIntervalSeconds?: number;
      cron?: boolean;
      /** Due steps read and queued per round of a dispatch (DISPATCH_BATCH). */
      dispatchBatch?: number;
    } = {},
  ) {
    this.maxSending = maxSendingFor(deps.pool.options.max ?? 10);
  }

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
    // Another process starting at the same moment may drop it first.
    if (await boss.getQueue(STATELY_QUEUE)) await boss.deleteQueue(STATELY_QUEUE).catch(() => undefined);
    await boss.createQueue(STEP_QUEUE, {
      name: STEP_QUEUE,
      // One waiting job per step at most (singletonKey = enrolment/step); any number may run, as
      // the job of a killed process stays active until it expires: the claim lets one of them send.
      policy: 'short',
      retryLimit: 8,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
    });
    await boss.createQueue(DISPATCH_QUEUE, { name: DISPATCH_QUEUE, policy: 'singleton' });
    const pollingIntervalSeconds = this.options.pollingIntervalSeconds ?? 2;
    // One worker per send in flight, each taking one job at a time, so a step that waits on a slow
    // mail server holds up no other. A worker that found a job asks again at once (notifyWorker);
    // only an idle one waits the polling interval.
    for (let i = 0; i < this.maxSending; i++) {
      const worker: string = await boss.work<StepJob>(
        STEP_QUEUE,
        { pollingIntervalSeconds },
        async ([job]) => {
          if (!job) return;
          await this.sendNow(job.data.enrolmentId, job.data.step);
          boss.notifyWorker(worker);
        },
      );
    }
    await boss.work(DISPATCH_QUEUE, { pollingIntervalSeconds }, async () => {
      await this.dispatchDue();
    });
    if (this.options.cron ?? true) await boss.schedule(DISPATCH_QUEUE, '* * * * *');
    this.boss = boss;
    // What came due while no process ran, and the steps a killed process had in hand (their jobs stay
    // active until they expire): queued now, not at the next minute.
    void this.dispatchDue().catch((error) =>
      logger.warn({ err: error }, 'sequence delivery: dispatch failed'),
    );
  }

  /**
   * Queues every step that is due by the clock: active enrolments of active sequences whose
   * recipient has not opted out, and whose step is not sent yet (the read model may lag the send).
   * A step already waiting in the queue is not queued twice. Reads and queues a thousand at a time.
   */
  async dispatchDue(): Promise<number> {
    const boss = this.boss;
    if (!boss) return 0;
    const now = this.deps.clock.now();
    const batch = this.options.dispatchBatch ?? DISPATCH_BATCH;
    let queued = 0;
    let after = null as { dueAt: Date; enrolmentId: string } | null;
    for (;;) {
      const { rows }: { rows: DueStep[] } = await this.deps.pool.query<DueStep>(
        `select e.enrolment_id, e.next_step, e.next_due_at from sequence_enrolments e
           join sequences s on s.id = e.sequence_id and s.status = 'active'
         where e.status = 'active' and e.next_due_at <= $1 and e.next_step is not null
           and ($3::timestamptz is null or (e.next_due_at, e.enrolment_id) > ($3, $4::uuid))
           and not exists (select 1 from clinician_opt_outs o where o.candidate_id = e.candidate_id)
           and not exists (select 1 from sequence_sends d
                           where d.enrolment_id = e.enrolment_id and d.step = e.next_step and d.status = 'sent')
         order by e.next_due_at, e.enrolment_id limit $2`,
        [now, batch, after?.dueAt ?? null, after?.enrolmentId ?? null],
      );
      if (rows.length > 0)
        await boss.insert(
          rows.map((row) => ({
            name: STEP_QUEUE,
            data: { enrolmentId: row.enrolment_id, step: row.next_step } satisfies StepJob,
            singletonKey: `${row.enrolment_id}/${row.next_step}`,
          })),
        );
      queued += rows.length;
      const last = rows.at(-1);
      if (!last || rows.length < batch) return queued;
      after = { dueAt: last.next_due_at, enrolmentId: last.enrolment_id };
    }
  }

  /**
   * Sends one step now if it is due and unsent (what a queued job does). Safe to call from anywhere
   * at any time: the claim lets one attempt through per step.
   */
  async sendNow(enrolmentId: string, step: number): Promise<StepOutcome> {
    // A send holds a connection for its claim and borrows more for the store: a few at a time, so
    // a burst of sends cannot take the whole pool and wait on itself.
    while (this.sending >= this.maxSending) await new Promise<void>((resolve) => this.waiting.push(resolve));
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

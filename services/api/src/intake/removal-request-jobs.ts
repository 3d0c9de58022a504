import type { Migration } from '@healthtal/eventstore';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { CommandContext } from '../shared/command-handler';

/**
 * Removal requests waiting to be looked up and mailed. The public form only stores the request
 * here and answers: the directory lookup, the event and the mail happen afterwards, so the answer
 * takes the same time whether or not the address is known (its timing told before). Operational
 * state, like the mail outbox; a row is deleted once handled, in the transaction that claimed it.
 */
export const removalRequestJobMigrations: readonly Migration[] = [
  {
    id: '032-removal-request-jobs',
    sql: `create table removal_request_jobs (
      id bigserial primary key,
      email text not null,
      command_id text not null,
      correlation_id text not null,
      requested_at timestamptz not null,
      attempts int not null default 0
    )`,
  },
];

type JobRow = { id: string; email: string; command_id: string; correlation_id: string; requested_at: Date };

/** A job failing this often is dropped (and logged): the person can ask again. */
const MAX_ATTEMPTS = 5;

export class RemovalRequestJobs {
  private draining: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly handle: (email: string, context: CommandContext) => Promise<void>,
    private readonly logger: Logger,
  ) {}

  async enqueue(email: string, context: CommandContext): Promise<void> {
    await this.pool.query(
      `insert into removal_request_jobs (email, command_id, correlation_id, requested_at)
       values ($1, $2, $3, $4)`,
      [email, context.commandId, context.correlationId, context.now],
    );
  }

  /** Handles every waiting job, in the background; a kick while draining drains again after. */
  kick(): void {
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((error) => this.logger.warn({ err: error }, 'removal requests: draining failed'))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    while (await this.handleOne()) {}
  }

  private async handleOne(): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<JobRow>(
        `select id, email, command_id, correlation_id, requested_at from removal_request_jobs
         order by id for update skip locked limit 1`,
      );
      const job = rows[0];
      if (!job) {
        await client.query('commit');
        return false;
      }
      try {
        await this.handle(job.email, {
          commandId: job.command_id,
          correlationId: job.correlation_id,
          now: job.requested_at,
        });
        await client.query('delete from removal_request_jobs where id = $1', [job.id]);
      } catch (error) {
        this.logger.warn({ err: error }, 'removal request failed; it will be tried again');
        await client.query(
          `update removal_request_jobs set attempts = attempts + 1 where id = $1 returning attempts`,
          [job.id],
        );
        await client.query('delete from removal_request_jobs where id = $1 and attempts >= $2', [
          job.id,
          MAX_ATTEMPTS,
        ]);
        await client.query('commit');
        return false; // try again on the next kick rather than spin on a failing job
      }
      await client.query('commit');
      return true;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

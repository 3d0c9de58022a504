import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseUnavailable } from '@healthtal/eventstore';
import fc from 'fast-check';
import type pg from 'pg';
import type { Outage, RestartablePostgres } from '../support/restartable-postgres';

/**
 * Database kills, the chaos run's second kind of fault (README.md): at a moment of the steps the
 * PostgreSQL server under the product is SIGKILLed (no flush; crash recovery when it returns) or shut
 * down (sessions end with 57P01), stays away for a while, and is started again on the same data
 * directory and port. The product keeps running: while the database is away it answers 503 with
 * Retry-After, which the client sends again (client.ts), and its projectors carry on once it is back.
 */
export type DatabaseKill = { at: number; how: Outage; downMs: number };

/** One or two kills, at ms after the first step starts, each away for 0.2–3 s. */
export const databaseKills = () =>
  fc.array(
    fc.record({
      at: fc.integer({ min: 50, max: 6000 }),
      how: fc.constantFrom<Outage>('SIGKILL', 'shutdown'),
      downMs: fc.integer({ min: 200, max: 3000 }),
    }),
    { minLength: 1, maxLength: 2 },
  );

/** Outages of one server, one at a time (a kill that falls in an outage waits for its end). */
export class DatabaseOutages {
  count = 0;
  private last: Promise<void> = Promise.resolve();

  constructor(private readonly database: RestartablePostgres) {}

  make({ how, downMs }: Pick<DatabaseKill, 'how' | 'downMs'>): Promise<void> {
    this.last = this.last.then(async () => {
      await this.database.takeDown(how);
      this.count++;
      await sleep(downMs);
      await this.database.bringBack();
    });
    return this.last;
  }
}

/** How long the run's own queries wait for a database a kill took away: its return takes seconds. */
const OUTAGE_WAIT_MS = 60_000;

/**
 * The run's own connections (the steps read mailed links, the checks read the read models) wait
 * out an outage the run made, as the product's clients do, instead of failing the run. Their
 * queries are reads and idempotent deletes, so sending one again is harmless.
 */
export function waitingOutOutages(pool: pg.Pool): pg.Pool {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = (async (...args: unknown[]) => {
    for (const until = Date.now() + OUTAGE_WAIT_MS; ; ) {
      try {
        return await query(...args);
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() > until) throw error;
        await sleep(200);
      }
    }
  }) as typeof pool.query;
  return pool;
}

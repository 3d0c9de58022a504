import { randomUUID } from 'node:crypto';
import pg from 'pg';

const lockOf = (instance: string) => `api-instance:${instance}`;

/**
 * This process, in a way every process sharing the database can check it is still alive: a
 * connection of its own holds a session advisory lock named after a random instance id. PostgreSQL
 * drops the lock the moment that connection ends — the process stopped, crashed or was SIGKILLed —
 * so `isAlive` (can the lock be taken?) answers at once, without heartbeats or timeouts to tune.
 */
export class InstanceLiveness {
  readonly id = randomUUID();
  private holder: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly pool: pg.Pool) {}

  /** Resolves once the lock is held (again, after a lost connection). */
  ready(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.starting ??= this.hold().catch((error: unknown) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  private async hold(): Promise<void> {
    const client = new pg.Client(this.pool.options);
    client.on('error', () => {
      // The lock went with the connection: take it again on next use.
      if (this.holder === client) this.holder = null;
      this.starting = null;
    });
    await client.connect();
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [lockOf(this.id)]);
    if (this.closed) {
      await client.end();
      return;
    }
    this.holder = client;
  }

  /**
   * False only when the instance's lock is free: its process is gone. The probe takes the lock in
   * shared mode: many probes of one dead instance at once (every request a crash cut off, retried
   * together) all see it free, where an exclusive probe would make the others think it alive.
   */
  async isAlive(instance: string): Promise<boolean> {
    if (instance === this.id) return !this.closed;
    const client = await this.pool.connect();
    try {
      const { rows } = await client.query<{ free: boolean }>(
        'select pg_try_advisory_lock_shared(hashtextextended($1, 0)) as free',
        [lockOf(instance)],
      );
      if (rows[0]!.free) {
        await client.query('select pg_advisory_unlock_shared(hashtextextended($1, 0))', [lockOf(instance)]);
      }
      return !rows[0]!.free;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const holder = this.holder;
    this.holder = null;
    await holder?.end().catch(() => undefined);
  }
}

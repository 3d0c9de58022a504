import { createServer } from 'node:net';
import { KurrentDBEventStore, PostgresEventStore } from '@healthtal/eventstore';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createEventStore } from '../src/event-store';

// Which adapter EVENT_STORE picks, and how the KurrentDB one behaves with its server away (the real
// client, no server: the suite with a server is `npm run test:docker`).

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Never connected: the adapters only need a pool object to be built.
const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
afterAll(() => pool.end());

describe('createEventStore', () => {
  it('uses PostgreSQL by default and KurrentDB with EVENT_STORE=esdb', async () => {
    const postgres = createEventStore(pool);
    expect(postgres).toBeInstanceOf(PostgresEventStore);
    await postgres.close();
    const esdb = createEventStore(pool, undefined, {
      EVENT_STORE: 'esdb',
      ESDB_URL: `kurrentdb://127.0.0.1:${await closedPort()}?tls=false`,
    });
    expect(esdb).toBeInstanceOf(KurrentDBEventStore);
    await esdb.close();
  });

  it('with the KurrentDB server away, reads fail fast and a subscription keeps retrying until stopped', async () => {
    const store = createEventStore(pool, undefined, {
      EVENT_STORE: 'esdb',
      ESDB_URL: `kurrentdb://127.0.0.1:${await closedPort()}?tls=false`,
    });
    try {
      await expect(store.readStream('user-1')).rejects.toThrow(/unavailable/i);
      const errors: unknown[] = [];
      const subscription = store.subscribe({
        onEvents: async () => undefined,
        onError: (error) => errors.push(error),
      });
      // Each failed attempt is reported and followed by another, from the same checkpoint.
      await expect.poll(() => errors.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      await subscription.stop();
    } finally {
      await store.close();
    }
  });
});

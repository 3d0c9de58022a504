import { randomUUID } from 'node:crypto';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { describe, expect, inject, it } from 'vitest';
import { contractRegistry, eventStoreContract, incremented } from '../src/contract/event-store.contract';
import { KurrentDBEventStore } from '../src/kurrentdb/kurrentdb-event-store';
import { runMigrations } from '../src/migrations';
import { PersonalDataKeys } from '../src/personal-data';
import { eventStoreMigrations } from '../src/postgres/schema';
import type { EventRegistry } from '../src/registry';
import { createTestDatabase } from '../src/testing';
import { kurrentdbWireSemantics } from '../src/testing/kurrentdb/wire-semantics';

// Runs only with a Docker engine: `npm run test:docker` (vitest.docker.config.ts starts KurrentDB and
// PostgreSQL in containers). `npm test` runs the same suites against the wire double
// (kurrentdb-event-store.double.test.ts, kurrentdb-wire.double.test.ts), so the two can be compared.

/** The adapter over the test server, with personal data keys in a fresh PostgreSQL database. */
async function kurrentStore() {
  const database = await createTestDatabase();
  // The events table is unused with KurrentDB; the keys table in the same migrations is what we need.
  await runMigrations(database.pool, 'eventstore', eventStoreMigrations);
  const keys = new PersonalDataKeys(database.pool);
  const storeWith = (registry: EventRegistry) =>
    new KurrentDBEventStore({
      client: KurrentDBClient.connectionString(inject('kurrentdbUrl')),
      registry,
      personalData: keys,
      watchdog: { checkEveryMs: 500, stallMs: 2000 },
    });
  return { store: storeWith(contractRegistry), storeWith, keys, database };
}

eventStoreContract('KurrentDB', async () => {
  const { store, storeWith, keys, database } = await kurrentStore();
  return {
    store,
    storeWith,
    erasePersonalData: async (subject) => void (await keys.erase(subject)),
    teardown: async () => {
      await store.close();
      await database.drop();
    },
  };
});

describe('KurrentDB personal data at rest', () => {
  it('stores personal fields encrypted, so the server never holds them in the clear', async () => {
    const { store, database } = await kurrentStore();
    const raw = KurrentDBClient.connectionString(inject('kurrentdbUrl'));
    try {
      const personId = randomUUID();
      await store.append(`person-${personId}`, [
        {
          type: 'PersonRegistered',
          data: { personId, email: 'grace@example.org', name: 'Grace Hopper', plan: 'monthly' },
          metadata: incremented().metadata,
        },
      ]);
      const stored: unknown[] = [];
      for await (const resolved of raw.readStream(`person-${personId}`)) stored.push(resolved.event?.data);
      const text = JSON.stringify(stored);
      expect(text).not.toContain('grace@example.org');
      expect(text).not.toContain('Grace Hopper');
      expect(text).toContain('monthly');
    } finally {
      await raw.dispose();
      await store.close();
      await database.drop();
    }
  });
});

// The rules the wire double models (docs/adr/0020-kurrentdb-wire-double.md), checked on the real server.
kurrentdbWireSemantics('KurrentDB', () => inject('kurrentdbUrl'));

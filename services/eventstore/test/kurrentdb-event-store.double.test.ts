import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { afterAll, beforeAll } from 'vitest';
import { contractRegistry, eventStoreContract } from '../src/contract/event-store.contract';
import { KurrentDBEventStore } from '../src/kurrentdb/kurrentdb-event-store';
import { runMigrations } from '../src/migrations';
import { PersonalDataKeys } from '../src/personal-data';
import { eventStoreMigrations } from '../src/postgres/schema';
import type { EventRegistry } from '../src/registry';
import { createTestDatabase } from '../src/testing';
import { KurrentDBDouble } from '../src/testing/kurrentdb/kurrentdb-double';

// The whole contract suite against the KurrentDB adapter, through the real client and the wire
// double (docs/adr/0020-kurrentdb-wire-double.md), on every `npm test`. The same suite runs against
// a real KurrentDB in `npm run test:docker` (kurrentdb-event-store.docker.ts).

let double: KurrentDBDouble;
beforeAll(async () => {
  double = await KurrentDBDouble.start({ statsEveryMs: 200 });
});
afterAll(() => double?.stop());

eventStoreContract('KurrentDB (wire double)', async () => {
  const database = await createTestDatabase();
  // The events table is unused with KurrentDB; the keys table in the same migrations is what we need.
  await runMigrations(database.pool, 'eventstore', eventStoreMigrations);
  const keys = new PersonalDataKeys(database.pool);
  const storeWith = (registry: EventRegistry) =>
    new KurrentDBEventStore({
      client: KurrentDBClient.connectionString(double.connectionString),
      registry,
      personalData: keys,
      watchdog: { checkEveryMs: 500, stallMs: 2000 },
    });
  const store = storeWith(contractRegistry);
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

import { randomBytes } from 'node:crypto';
import { EventRegistry, PostgresEventStore } from '@healthtal/eventstore';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/app';
import { policy } from '../src/policy';
import { defaultSettings } from '../src/settings';

describe('the policy table', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('names every route the API serves, and the API serves every route it names', () => {
    const store = new PostgresEventStore({ pool: database.pool, registry: new EventRegistry({}) });
    const { routes } = createApi({
      pool: database.pool,
      store,
      logger: pino({ level: 'silent' }),
      settings: defaultSettings(),
      identityKeys: { jwt: randomBytes(32), emailLookup: randomBytes(32) },
    });
    expect([...routes.registered].sort()).toEqual(Object.keys(policy).sort());
  });

  it('keeps admin routes under /api/admin and nothing else there', () => {
    for (const [key, capability] of Object.entries(policy)) {
      const adminOnly = capability === 'admin' || (Array.isArray(capability) && capability.includes('admin'));
      expect(key.split(' ')[1]!.startsWith('/api/admin/'), key).toBe(adminOnly);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { type DemoGrantId, eventDefinitions, type UserId } from '@healthtal/contracts';
import {
  EventRegistry,
  eventStoreMigrations,
  PostgresEventStore,
  runMigrations,
} from '@healthtal/eventstore';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../shared/command-handler';
import { grantDemoAccess, loadDemoAccess, recordDemoUse, revokeDemoAccess } from './demo-access';
import { NoValidDemoGrant } from './demo-access.decider';

let database: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  database = await createTestDatabase();
  await runMigrations(database.pool, 'eventstore', eventStoreMigrations);
  store = new PostgresEventStore({ pool: database.pool, registry: new EventRegistry(eventDefinitions) });
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

const admin = randomUUID();
const context = (now = new Date()): CommandContext => ({
  commandId: randomUUID(),
  correlationId: 'demo-access-test',
  userId: admin,
  now,
});
const grantTo = async (userId: UserId, change: { maxUses?: number; duration?: '1h' | 'indefinite' } = {}) => {
  const grantId = randomUUID() as DemoGrantId;
  await grantDemoAccess(
    store,
    { userId, grantId, featureType: 'full_access', duration: '1h', grantedBy: admin, ...change },
    context(),
  );
  return grantId;
};

describe('recordDemoUse, against the event store', () => {
  it('counts uses until the cap, then refuses without appending', async () => {
    const userId = randomUUID() as UserId;
    const grantId = await grantTo(userId, { maxUses: 2 });
    expect(await recordDemoUse(store, userId, 'contact_reveal', context())).toEqual({ grantId });
    expect(await recordDemoUse(store, userId, 'contact_reveal', context())).toEqual({ grantId });
    await expect(recordDemoUse(store, userId, 'contact_reveal', context())).rejects.toThrow(NoValidDemoGrant);
    expect((await loadDemoAccess(store, userId)).grants).toEqual([expect.objectContaining({ usesCount: 2 })]);
  });

  it('lets only one of two simultaneous uses take the last one', async () => {
    const userId = randomUUID() as UserId;
    await grantTo(userId, { maxUses: 1 });
    const outcomes = await Promise.allSettled([
      recordDemoUse(store, userId, 'contact_reveal', context()),
      recordDemoUse(store, userId, 'contact_reveal', context()),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(NoValidDemoGrant);
    expect(await store.readStream(`demo-${userId}`)).toHaveLength(2);
  });

  it('refuses once the grant has expired, and after a revoke', async () => {
    const userId = randomUUID() as UserId;
    await grantTo(userId);
    const later = new Date(Date.now() + 2 * 3_600_000);
    await expect(recordDemoUse(store, userId, 'contact_reveal', context(later))).rejects.toMatchObject({
      reason: 'expired',
    });
    await grantTo(userId, { duration: 'indefinite' });
    expect(await revokeDemoAccess(store, userId, admin, context())).toBe(2);
    await expect(recordDemoUse(store, userId, 'contact_reveal', context())).rejects.toMatchObject({
      reason: 'revoked',
    });
  });
});

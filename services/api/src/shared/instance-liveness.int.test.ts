import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstanceLiveness } from './instance-liveness';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('InstanceLiveness', () => {
  it('tells a live instance from one whose process is gone', async () => {
    const [other, probe] = [new InstanceLiveness(database.pool), new InstanceLiveness(database.pool)];
    await other.ready();
    await probe.ready();
    expect(await probe.isAlive(other.id)).toBe(true);
    await other.close(); // its lock connection ends, as with a SIGKILL
    expect(await probe.isAlive(other.id)).toBe(false);
    await probe.close();
  });

  it('answers "gone" to every probe of a dead instance at once (the retries a crash cut off)', async () => {
    const [dead, probe] = [new InstanceLiveness(database.pool), new InstanceLiveness(database.pool)];
    await dead.ready();
    await dead.close();
    const answers = await Promise.all(Array.from({ length: 20 }, () => probe.isAlive(dead.id)));
    expect(answers).toEqual(Array(20).fill(false));
    // and the probes left nothing held that would make a later probe see it alive
    expect(await probe.isAlive(dead.id)).toBe(false);
    await probe.close();
  });

  it('answers "alive" to every probe at once while the instance runs', async () => {
    const [live, probe] = [new InstanceLiveness(database.pool), new InstanceLiveness(database.pool)];
    await live.ready();
    const answers = await Promise.all(Array.from({ length: 20 }, () => probe.isAlive(live.id)));
    expect(answers).toEqual(Array(20).fill(true));
    await live.close();
    await probe.close();
  });
});

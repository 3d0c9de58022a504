import { spawn } from 'node:child_process';
import path from 'node:path';
import { type EventStore, PersonalDataKeys, runMigrations } from '@healthtal/eventstore';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { Projector } from '@healthtal/projections';
import {
  type KafkaProjector,
  type Relay,
  relayMigrations,
  startKafkaProjector,
  startRelay,
} from '@healthtal/relay';
import { type MockCluster, startMockCluster } from '@healthtal/relay/testing';
import { startTestApp } from '@healthtal/testkit/harness';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventStore } from '../src/event-store';
import { migrate } from '../src/start';
import { appendInterleaved, appliedLog, appliedLogProjection, registry } from './support/kafka-fixture';

let database: TestDatabase;
let store: EventStore;
let personalData: PersonalDataKeys;
let cluster: MockCluster;
const running: { stop(): Promise<void> }[] = [];
/** What the relay logged, by message: a test sees it try and fail instead of waiting a while. */
const relayLog: string[] = [];

beforeEach(async () => {
  [database, cluster] = await Promise.all([createTestDatabase(), startMockCluster()]);
  // Dropping the database ends connections the pool is still closing; that is not a failure.
  database.pool.on('error', () => undefined);
  await migrate(database.pool);
  personalData = new PersonalDataKeys(database.pool);
  store = createEventStore(database.pool, personalData);
});
afterEach(async () => {
  relayLog.length = 0;
  for (const part of running.splice(0).reverse()) await part.stop();
  await store.close();
  await cluster.stop();
  await database.drop();
});

const relay = async (): Promise<Relay> => {
  const log = (_details: object, message: string) => void relayLog.push(message);
  const started = await startRelay({
    store,
    pool: database.pool,
    brokers: cluster.brokers,
    registry,
    personalData,
    batchSize: 25,
    logger: { info: log, warn: log, error: log },
  });
  running.push(started);
  return started;
};

const kafkaProjector = async (delayMs = 0): Promise<KafkaProjector> => {
  const projector = new Projector({ pool: database.pool, store, projection: appliedLogProjection(delayMs) });
  const fed = await startKafkaProjector({
    projector,
    store,
    brokers: cluster.brokers,
    registry,
    personalData,
    sessionTimeoutMs: 3000,
  });
  running.push(fed);
  return fed;
};

describe('Kafka transport', () => {
  it('feeds a projector in each stream’s order, applying every event once', async () => {
    await relay();
    const fed = await kafkaProjector();
    await appendInterleaved(store, 8, 25);
    await fed.caughtUp();
    expect(await appliedLog(database.pool)).toEqual({ applied: 200, distinct: 200, outOfOrder: [] });
  });

  it('applies every event exactly once through a broker outage', async () => {
    const publisher = await relay();
    const fed = await kafkaProjector();
    await appendInterleaved(store, 4, 10, 'before');
    await fed.caughtUp();

    await cluster.down();
    await appendInterleaved(store, 4, 25, 'during');
    // The relay tried to publish them and failed: nothing of them reached the projector.
    const failed = 'publishing to Kafka failed; starting again from the checkpoint';
    await expect.poll(() => relayLog.includes(failed), { timeout: 20_000, interval: 20 }).toBe(true);
    expect((await appliedLog(database.pool)).applied).toBe(40);

    await cluster.up();
    await publisher.caughtUp();
    await fed.caughtUp();
    expect(await appliedLog(database.pool)).toEqual({ applied: 140, distinct: 140, outOfOrder: [] });
  });

  it('fills from the store what the topic does not hold (retention, a recreated topic)', async () => {
    const fed = await kafkaProjector();
    await appendInterleaved(store, 4, 10);
    // The relay starts half way: the topic never sees the first 20 events.
    const [twentieth] = (await store.readAll({ limit: 20 })).slice(-1);
    await runMigrations(database.pool, 'relay', relayMigrations);
    await database.pool.query(
      `insert into relay_checkpoints (name, commit_position, prepare_position) values ('healthtal-relay', $1, $2)`,
      [twentieth!.position.commit, twentieth!.position.prepare],
    );
    await relay();
    await fed.caughtUp();
    expect(await appliedLog(database.pool)).toEqual({ applied: 40, distinct: 40, outOfOrder: [] });
  });

  it('hands a killed consumer’s partition to the next one, and redelivery changes nothing', async () => {
    await relay();
    const runner = path.join(import.meta.dirname, 'support/run-kafka-projector.ts');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', runner, database.url, cluster.brokers.join(','), '40'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const appending = appendInterleaved(store, 6, 60);
    await expect
      .poll(async () => (await appliedLog(database.pool)).applied, { timeout: 20_000, interval: 20 })
      .toBeGreaterThan(60);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const atKill = (await appliedLog(database.pool)).applied;
    expect(atKill, stderr).toBeLessThan(360);
    await appending;

    // The group takes the partition from the dead member once its session expires. The dead member
    // committed no offsets (see the runner), so the next one rereads everything it had applied.
    const fed = await kafkaProjector();
    await fed.caughtUp();
    expect(fed.redelivered()).toBeGreaterThanOrEqual(atKill);
    expect(await appliedLog(database.pool)).toEqual({ applied: 360, distinct: 360, outOfOrder: [] });
  });
});

describe('healthtal start with TRANSPORT=kafka', () => {
  it('runs the relay and Kafka-fed projectors: a message posted over HTTP reaches its read model', async () => {
    const app = await startTestApp({ TRANSPORT: 'kafka', KAFKA_BROKERS: cluster.brokers.join(',') });
    try {
      const response = await app.request('/api/v1/contact-messages', {
        method: 'POST',
        json: {
          name: 'Dana Whitfield',
          email: 'dana@example.org',
          phone: '(555) 010-2030',
          subject: 'Enterprise pricing',
          message: 'Does HealthTal run on Kafka?',
        },
      });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const stored = async () =>
        (await app.database.pool.query('select name from contact_messages where id = $1', [id])).rows;
      await expect.poll(stored, { timeout: 15_000, interval: 50 }).toEqual([{ name: 'Dana Whitfield' }]);
      const offsets = await app.database.pool.query('select count(*) as n from relay_checkpoints');
      expect(offsets.rows[0].n).toBe('1');
    } finally {
      await app.close();
    }
  }, 60_000);
});

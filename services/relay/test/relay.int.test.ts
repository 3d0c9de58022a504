import {
  eventStoreMigrations,
  PersonalDataKeys,
  PostgresEventStore,
  runMigrations,
  SEALED_FIELD,
  START,
} from '@healthtal/eventstore';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_TOPIC,
  HEADERS,
  type Relay,
  readRelayCheckpoint,
  startKafkaProjector,
  startRelay,
} from '../src';
import { fromMessage } from '../src/wire';
import { type MockCluster, startMockCluster } from './mock-cluster/mock-cluster';
import { notesRegistry, noteWritten, readTopic } from './notes.fixture';

let database: TestDatabase;
let store: PostgresEventStore;
let keys: PersonalDataKeys;
let cluster: MockCluster;
let relay: Relay | null;

beforeEach(async () => {
  [database, cluster] = await Promise.all([createTestDatabase(), startMockCluster()]);
  await runMigrations(database.pool, 'eventstore', eventStoreMigrations);
  keys = new PersonalDataKeys(database.pool);
  store = new PostgresEventStore({
    pool: database.pool,
    registry: notesRegistry,
    personalData: keys,
    pollIntervalMs: 50,
  });
  relay = null;
  logged = [];
});
afterEach(async () => {
  await relay?.stop();
  await store.close();
  await cluster.stop();
  await database.drop();
});

/** What the relay logged, by message: a test sees it try and fail instead of waiting a while. */
let logged: string[] = [];
const start = async () => {
  const log = (_details: object, message: string) => void logged.push(message);
  relay = await startRelay({
    store,
    pool: database.pool,
    brokers: cluster.brokers,
    registry: notesRegistry,
    personalData: keys,
    batchSize: 50,
    logger: { info: log, warn: log, error: log },
  });
  return relay;
};
const FAILED = 'publishing to Kafka failed; starting again from the checkpoint';

/** Five authors, each with its own stream of `perStream` notes numbered 1…n. */
const writeNotes = async (perStream: number, round = 0) => {
  for (let author = 0; author < 5; author++) {
    const events = Array.from({ length: perStream }, (_, i) =>
      noteWritten(`a${author}`, round * perStream + i + 1),
    );
    await store.append(`note-a${author}`, events);
  }
};

describe('Relay', () => {
  it('publishes every event once, keyed by stream, in order, with type, id and position headers', async () => {
    await writeNotes(30);
    await start();
    await relay!.caughtUp();
    const messages = await readTopic(cluster.brokers, DEFAULT_TOPIC, 150);
    const published = messages.map(fromMessage);
    const stored = await store.readAll({ limit: 1000 });
    expect(published.map((p) => p.event.metadata.eventId)).toEqual(stored.map((e) => e.metadata.eventId));
    expect(published.map((p) => p.event.position)).toEqual(stored.map((e) => e.position));
    // Each message names the one before it, so a consumer can tell when the topic skipped something.
    expect(published.slice(1).map((p) => p.previous)).toEqual(stored.slice(0, -1).map((e) => e.position));
    const first = messages[0]!;
    expect(String(first.key)).toBe(stored[0]!.streamId);
    expect(String(first.headers![HEADERS.type])).toBe('NoteWritten');
    expect(String(first.headers![HEADERS.eventId])).toBe(stored[0]!.metadata.eventId);
    expect(String(first.headers![HEADERS.position])).toBe(
      `${stored[0]!.position.commit}/${stored[0]!.position.prepare}`,
    );
    for (let author = 0; author < 5; author++) {
      const numbers = published
        .filter((p) => p.event.streamId === `note-a${author}`)
        .map((p) => (p.event.data as { n: number }).n);
      expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    }
    expect(await readRelayCheckpoint(database.pool, 'healthtal-relay')).toEqual(stored.at(-1)!.position);
  });

  it('never puts readable personal data on the topic', async () => {
    await store.append('note-a1', [noteWritten('a1', 1)]);
    await start();
    await relay!.caughtUp();
    const [message] = await readTopic(cluster.brokers, DEFAULT_TOPIC, 1);
    expect(String(message!.value)).not.toContain('Author a1');
    const data = fromMessage(message!).event.data as Record<string, unknown>;
    expect(data).not.toHaveProperty('author');
    expect(data[SEALED_FIELD]).toMatch(/^pd2:/);
  });

  it('stalls while the broker is down, then publishes everything it held back, in order', async () => {
    await writeNotes(10);
    await start();
    await relay!.caughtUp();
    const before = await readRelayCheckpoint(database.pool, 'healthtal-relay');

    await cluster.down();
    await writeNotes(10, 1);
    // It tried to publish them, and failed: the checkpoint stays where the broker last acknowledged.
    await expect.poll(() => logged.includes(FAILED), { timeout: 20_000, interval: 20 }).toBe(true);
    expect(await readRelayCheckpoint(database.pool, 'healthtal-relay')).toEqual(before);

    await cluster.up();
    await relay!.caughtUp();
    const stored = await store.readAll({ limit: 1000 });
    expect(await readRelayCheckpoint(database.pool, 'healthtal-relay')).toEqual(stored.at(-1)!.position);
    const published = (await readTopic(cluster.brokers, DEFAULT_TOPIC, 100)).map(fromMessage);
    expect(published.map((p) => p.event.metadata.eventId)).toEqual(stored.map((e) => e.metadata.eventId));
  });

  it('resumes from its checkpoint after a restart', async () => {
    await writeNotes(4);
    await start();
    await relay!.caughtUp();
    await relay!.stop();
    await writeNotes(4, 1);
    await start();
    await relay!.caughtUp();
    const published = (await readTopic(cluster.brokers, DEFAULT_TOPIC, 40)).map(fromMessage);
    const stored = await store.readAll({ limit: 1000 });
    expect(published.map((p) => p.event.metadata.eventId)).toEqual(stored.map((e) => e.metadata.eventId));
  });
});

describe('Kafka projector', () => {
  it('refuses a topic of more than one partition: read models need $all order', async () => {
    const partitioned = await startMockCluster({ topics: { [DEFAULT_TOPIC]: 3 } });
    const projector = {
      name: 'notes',
      handles: ['NoteWritten'],
      install: async () => undefined,
      position: async () => START,
      handleBatch: async () => undefined,
    };
    try {
      await expect(
        startKafkaProjector({ projector, store, brokers: partitioned.brokers, registry: notesRegistry }),
      ).rejects.toThrow(`Topic ${DEFAULT_TOPIC} has 3 partitions`);
    } finally {
      await partitioned.stop();
    }
  });
});

import { jsonEvent, KurrentDBClient, STREAM_EXISTS } from '@kurrent/kurrentdb-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamOf } from '../src/contract/contract-support';
import { contractRegistry, incremented } from '../src/contract/event-store.contract';
import { WrongExpectedVersion } from '../src/errors';
import { type NewEvent, type RecordedEvent, START } from '../src/event-store';
import { KurrentDBEventStore } from '../src/kurrentdb/kurrentdb-event-store';
import { runMigrations } from '../src/migrations';
import { PersonalDataKeys } from '../src/personal-data';
import { eventStoreMigrations } from '../src/postgres/schema';
import { createTestDatabase, type TestDatabase } from '../src/testing';
import { KurrentDBDouble } from '../src/testing/kurrentdb/kurrentdb-double';

// Faults over the real wire: the KurrentDB adapter and client against the double
// (docs/adr/0020-kurrentdb-wire-double.md) while the server goes away, goes silent, refuses a write
// or sees the same write twice.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await runMigrations(database.pool, 'eventstore', eventStoreMigrations);
});
afterAll(() => database?.drop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const byOf = (events: RecordedEvent[]) => events.map((e) => (e.data as { by: number }).by);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function storeOver(double: KurrentDBDouble, maxAppendSize?: number) {
  return new KurrentDBEventStore({
    ...(maxAppendSize ? { maxAppendSize } : {}),
    client: KurrentDBClient.connectionString(double.connectionString),
    registry: contractRegistry,
    personalData: new PersonalDataKeys(database.pool),
    watchdog: { checkEveryMs: 200, stallMs: 600 },
  });
}

/** Commands sent while the server is away fail; their callers retry, as an HTTP client would. */
async function appendEventually(store: KurrentDBEventStore, stream: string, events: NewEvent[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.append(stream, events);
    } catch (error) {
      if (attempt >= 40) throw error;
      await sleep(250);
    }
  }
}

/** A subscription from the current head that collects one stream's events, handling each batch slowly. */
async function collect(store: KurrentDBEventStore, stream: string) {
  const seen: RecordedEvent[] = [];
  const errors: unknown[] = [];
  const subscription = store.subscribe({
    fromPosition: await store.headPosition(),
    batchSize: 2,
    onEvents: async (events) => {
      await sleep(10);
      seen.push(...events.filter((e) => e.streamId === stream));
    },
    onError: (error) => errors.push(error),
  });
  return { seen, errors, subscription };
}

// Restarts and watchdog rounds take seconds each; a loaded CI machine gets room.
describe('KurrentDB adapter over the wire, when things go wrong', { timeout: 60_000 }, () => {
  let double: KurrentDBDouble;
  let store: KurrentDBEventStore;
  beforeAll(async () => {
    double = await KurrentDBDouble.start();
    store = storeOver(double);
  });
  afterAll(async () => {
    await store?.close();
    await double?.stop();
  });

  it('a subscription outlives a server restart: resubscribed from its checkpoint, nothing lost or doubled', async () => {
    const stream = streamOf();
    const { seen, errors, subscription } = await collect(store, stream);
    for (const n of range(1, 6)) await store.append(stream, [incremented(n)]);
    await expect.poll(() => seen.length, { timeout: 5000 }).toBeGreaterThan(0);

    await double.stop();
    await sleep(400);
    await double.start();
    for (const n of range(7, 12)) await appendEventually(store, stream, [incremented(n)]);

    await expect.poll(() => byOf(seen), { timeout: 15_000 }).toEqual(range(1, 12));
    await sleep(300);
    expect(byOf(seen)).toEqual(range(1, 12));
    expect(errors.length).toBeGreaterThan(0);
    await subscription.stop();
  });

  it('a subscription the server stops feeding without closing is replaced by the lag watchdog', async () => {
    const stream = streamOf();
    const { seen, errors, subscription } = await collect(store, stream);
    await store.append(stream, [incremented(1)]);
    await expect.poll(() => byOf(seen), { timeout: 5000 }).toEqual([1]);

    expect(double.wedgeSubscriptions()).toBe(1);
    for (const n of range(2, 4)) await store.append(stream, [incremented(n)]);

    await expect.poll(() => byOf(seen), { timeout: 10_000 }).toEqual(range(1, 4));
    expect(String(errors.find((e) => String(e).includes('stalled')))).toContain('resubscribing');
    expect(double.openSubscriptions).toBe(1);
    await subscription.stop();
  });

  it('a slow server that keeps delivering is not mistaken for a dead one by the watchdog', async () => {
    const slow = await KurrentDBDouble.start({ eventDelayMs: 150 });
    const slowStore = storeOver(slow);
    try {
      const stream = streamOf();
      const { seen, errors, subscription } = await collect(slowStore, stream);
      await slowStore.append(
        stream,
        range(1, 12).map((n) => incremented(n)),
      );
      await expect.poll(() => byOf(seen), { timeout: 10_000 }).toEqual(range(1, 12));
      expect(errors.filter((e) => String(e).includes('stalled'))).toEqual([]);
      expect(slow.openSubscriptions).toBe(1);
      await subscription.stop();
    } finally {
      await slowStore.close();
      await slow.stop();
    }
  });

  it('a subscriber that falls behind the live buffer is caught up again, in order', async () => {
    const slow = await KurrentDBDouble.start({ liveBufferSize: 3 });
    const slowStore = storeOver(slow);
    try {
      const stream = streamOf();
      const { seen, subscription } = await collect(slowStore, stream);
      await subscription.caughtUp();
      await slowStore.append(
        stream,
        range(1, 40).map((n) => incremented(n)),
      );
      await expect.poll(() => byOf(seen), { timeout: 10_000 }).toEqual(range(1, 40));
      await subscription.stop();
    } finally {
      await slowStore.close();
      await slow.stop();
    }
  });

  it('reports the same recording time for an event through reads and subscriptions', async () => {
    const stream = streamOf();
    const { seen, subscription } = await collect(store, stream);
    await store.append(stream, [incremented(1)]);
    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(1);
    await subscription.stop();
    const [read] = await store.readStream(stream);
    const fromAll = (await store.readAll({ fromPosition: START })).find((e) => e.streamId === stream);
    expect(seen[0]!.recordedAt).toEqual(read!.recordedAt);
    expect(fromAll!.recordedAt).toEqual(read!.recordedAt);
  });

  it('an append with a wrong expected revision is refused with the actual one, and writes nothing', async () => {
    const stream = streamOf();
    await store.append(stream, [incremented(1), incremented(2)]);
    const error = await store
      .append(stream, [incremented(3)], { expectedVersion: 5 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersion);
    expect(error).toMatchObject({ streamId: stream, expected: 5, actual: 1 });
    const other = streamOf();
    const multi = await store
      .appendToStreams([
        { streamId: other, events: [incremented(4)], expectedVersion: 'noStream' },
        { streamId: stream, events: [incremented(5)], expectedVersion: 0 },
      ])
      .catch((e: unknown) => e);
    expect(multi).toMatchObject({ streamId: stream, expected: 0, actual: 1 });
    expect(byOf(await store.readStream(stream))).toEqual([1, 2]);
    expect(await store.readStream(other)).toEqual([]);
  });

  it('a command retried with the same event ids appends nothing twice, even after a restart or past our check', async () => {
    const stream = streamOf();
    const command = [incremented(1), incremented(2)];
    const first = await store.append(stream, command, { expectedVersion: 'noStream' });
    expect(first).toMatchObject({ appended: true, nextExpectedVersion: 1 });

    // The answer was lost with the server; the caller retries against the restarted one.
    await double.restart();
    const retry = await appendEventually(store, stream, command);
    expect(retry).toEqual({ nextExpectedVersion: 1, appended: false, position: null });

    // A retry racing past the adapter's id check is settled by the server's own idempotency.
    const raw = KurrentDBClient.connectionString(double.connectionString);
    try {
      const again = command.map((event) =>
        jsonEvent({ id: event.metadata.eventId, type: event.type, data: event.data as { by: number } }),
      );
      const answer = await raw.appendToStream(stream, again, { streamState: STREAM_EXISTS });
      expect(answer.nextExpectedRevision).toBe(1n);
    } finally {
      await raw.dispose();
    }
    const multi = [{ streamId: streamOf(), events: [incremented(3)], expectedVersion: 'noStream' as const }];
    await store.appendToStreams(multi);
    expect(await store.appendToStreams(multi)).toEqual({ appended: false, position: null });
    expect(byOf(await store.readStream(stream))).toEqual([1, 2]);
    expect(byOf(await store.readStream(multi[0]!.streamId))).toEqual([3]);
  });

  it('on a server before 25.1 an import is written stream by stream, and its retry reports what exists', async () => {
    const old = await KurrentDBDouble.start({ multiStreamAppend: false, serverVersion: '24.10.0' });
    const oldStore = storeOver(old);
    try {
      const batch = range(1, 3).map((n) => ({ streamId: streamOf(), events: [incremented(n)] }));
      expect(await oldStore.createStreams(batch)).toEqual({ created: 3, existing: [] });
      expect(await oldStore.createStreams(batch)).toEqual({
        created: 0,
        existing: batch.map((s) => s.streamId),
      });
      expect(byOf(await oldStore.readAll())).toEqual([1, 2, 3]);
    } finally {
      await oldStore.close();
      await old.stop();
    }
  });

  it('an import batch larger than the server takes in one append is written whole, in several', async () => {
    const small = await KurrentDBDouble.start({ maxAppendSize: 16 * 1024 });
    const smallStore = storeOver(small, 16 * 1024);
    try {
      const streams = range(1, 300).map((n) => ({ streamId: streamOf(), events: [incremented(n)] }));
      expect(await smallStore.createStreams(streams)).toEqual({ created: 300, existing: [] });
      const all = await smallStore.readAll({ limit: 1000 });
      expect(byOf(all)).toEqual(range(1, 300));
    } finally {
      await smallStore.close();
      await small.stop();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DuplicateEventId,
  InvalidEventData,
  InvalidStreamName,
  UnknownEventType,
  WrongExpectedVersion,
} from '../errors';
import type { AllPosition, EventStore, RecordedEvent } from '../event-store';
import { START } from '../event-store';
import {
  type ContractHarness,
  expectStrictlyIncreasing,
  incremented,
  positionsOf,
  streamOf,
  yesterdaysContractRegistry,
} from './contract-support';
import { countEventsContract } from './count-events.contract';
import { importsAndPersonalDataContract } from './imports-and-personal-data.contract';
import { multiStreamAppendContract } from './multi-stream.contract';

export { type ContractHarness, contractRegistry, incremented } from './contract-support';

/**
 * The behaviour every EventStore adapter must have. Call it from a test file with a factory that
 * builds the adapter over an empty store using `contractRegistry`.
 */
export function eventStoreContract(name: string, createHarness: () => Promise<ContractHarness>) {
  describe(`EventStore contract: ${name}`, () => {
    let harness: ContractHarness;
    let store: EventStore;
    beforeAll(async () => {
      harness = await createHarness();
      store = harness.store;
    });
    afterAll(() => harness?.teardown());

    importsAndPersonalDataContract(() => harness);
    countEventsContract(() => harness);
    multiStreamAppendContract(() => harness);

    describe('append and readStream', () => {
      it('writes events in order and reads them back with stream positions from 0', async () => {
        const stream = streamOf();
        const result = await store.append(stream, [incremented(1), incremented(2), incremented(3)]);
        expect(result).toMatchObject({ nextExpectedVersion: 2, appended: true });
        const events = await store.readStream(stream);
        expect(events.map((e) => [e.streamPosition, e.type, e.data])).toEqual([
          [0, 'CounterIncremented', { by: 1 }],
          [1, 'CounterIncremented', { by: 2 }],
          [2, 'CounterIncremented', { by: 3 }],
        ]);
        expect(events[2]!.position).toEqual(result.position);
        expect(events[0]!.recordedAt).toBeInstanceOf(Date);
      });

      it('reads a stream from a position and with a limit', async () => {
        const stream = streamOf();
        await store.append(
          stream,
          [1, 2, 3, 4, 5].map((n) => incremented(n)),
        );
        const events = await store.readStream(stream, { from: 2, limit: 2 });
        expect(events.map((e) => e.streamPosition)).toEqual([2, 3]);
      });

      it('reads an unknown stream as empty', async () => {
        expect(await store.readStream(streamOf())).toEqual([]);
      });

      it('keeps metadata as written, with the version of its type it was written in', async () => {
        const stream = streamOf();
        const written = incremented(1, { userId: 'user-1', correlationId: 'corr-1', causationId: 'cause-1' });
        await store.append(stream, [written]);
        const [read] = await store.readStream(stream);
        expect(read!.metadata).toEqual({ ...written.metadata, schemaVersion: 1 });
      });

      it('keeps the trace context of the command that appended it, and refuses one that is not W3C', async () => {
        const stream = streamOf();
        const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
        const written = incremented(1, { traceparent });
        await store.append(stream, [written]);
        const [read] = await store.readStream(stream);
        expect(read!.metadata.traceparent).toBe(traceparent);
        await expect(
          store.append(stream, [incremented(2, { traceparent: 'trace-me' })]),
        ).rejects.toMatchObject({
          issues: [expect.objectContaining({ path: 'metadata.traceparent' })],
        });
        expect(await store.readStream(stream)).toHaveLength(1);
      });
    });

    describe('expected version', () => {
      it('noStream succeeds on a new stream and fails once it exists', async () => {
        const stream = streamOf();
        await store.append(stream, [incremented()], { expectedVersion: 'noStream' });
        await expect(
          store.append(stream, [incremented()], { expectedVersion: 'noStream' }),
        ).rejects.toBeInstanceOf(WrongExpectedVersion);
      });

      it('an exact version succeeds when it matches and reports the actual version when it does not', async () => {
        const stream = streamOf();
        const first = await store.append(stream, [incremented(), incremented()], {
          expectedVersion: 'noStream',
        });
        expect(first.nextExpectedVersion).toBe(1);
        await store.append(stream, [incremented()], { expectedVersion: 1 });
        const error = await store
          .append(stream, [incremented()], { expectedVersion: 1 })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedVersion);
        expect(error).toMatchObject({ streamId: stream, expected: 1, actual: 2 });
        expect((await store.readStream(stream)).length).toBe(3);
      });

      it('an exact version on a stream that does not exist is a conflict and writes nothing', async () => {
        const stream = streamOf();
        await expect(store.append(stream, [incremented()], { expectedVersion: 0 })).rejects.toBeInstanceOf(
          WrongExpectedVersion,
        );
        expect(await store.readStream(stream)).toEqual([]);
        await store.append(stream, [incremented()], { expectedVersion: 'noStream' });
      });

      it('any never conflicts', async () => {
        const stream = streamOf();
        await store.append(stream, [incremented()], { expectedVersion: 'any' });
        const result = await store.append(stream, [incremented()], { expectedVersion: 'any' });
        expect(result.nextExpectedVersion).toBe(1);
      });

      it('of concurrent writers expecting the same version, exactly one wins', async () => {
        const stream = streamOf();
        await store.append(stream, [incremented()]);
        const outcomes = await Promise.allSettled(
          Array.from({ length: 8 }, () => store.append(stream, [incremented()], { expectedVersion: 0 })),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
          expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersion);
        }
        expect((await store.readStream(stream)).length).toBe(2);
      });
    });

    describe('idempotency', () => {
      it('re-appending the same event ids is a no-op, even with a stale expected version', async () => {
        const stream = streamOf();
        const events = [incremented(1), incremented(2)];
        await store.append(stream, events, { expectedVersion: 'noStream' });
        const retry = await store.append(stream, events, { expectedVersion: 'noStream' });
        expect(retry).toEqual({ nextExpectedVersion: 1, appended: false, position: null });
        expect((await store.readStream(stream)).length).toBe(2);
      });

      it('refuses an append whose ids are only partly stored', async () => {
        const stream = streamOf();
        const first = incremented(1);
        await store.append(stream, [first]);
        await expect(store.append(stream, [first, incremented(2)])).rejects.toBeInstanceOf(DuplicateEventId);
        expect((await store.readStream(stream)).length).toBe(1);
      });
    });

    describe('refusals before anything is written', () => {
      it('refuses stream names that are not <kind>-<id>', async () => {
        for (const bad of ['', 'nodash', '-id', 'Kind-1', 'kind-', 'kind id-1', `kind-${'x'.repeat(300)}`]) {
          await expect(store.append(bad, [incremented()])).rejects.toBeInstanceOf(InvalidStreamName);
        }
      });

      it('refuses unknown event types and data that fails its schema, writing none of the batch', async () => {
        const stream = streamOf();
        await expect(store.append(stream, [{ ...incremented(), type: 'Nope' }])).rejects.toBeInstanceOf(
          UnknownEventType,
        );
        const error = await store
          .append(stream, [incremented(1), { ...incremented(), data: { by: 'two' } }])
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidEventData);
        expect((error as InvalidEventData).issues[0]!.path).toBe('by');
        await expect(
          store.append(stream, [
            { ...incremented(), metadata: { ...incremented().metadata, eventId: 'not-a-uuid' } },
          ]),
        ).rejects.toBeInstanceOf(InvalidEventData);
        expect(await store.readStream(stream)).toEqual([]);
      });
    });

    describe('$all', () => {
      it('reads every appended event once, in one stable order, across pages', async () => {
        const before = await store.headPosition();
        const streams = [streamOf(), streamOf(), streamOf()];
        for (let round = 0; round < 4; round++) {
          await Promise.all(streams.map((s) => store.append(s, [incremented(round), incremented(round)])));
        }
        const pages: RecordedEvent[] = [];
        let from: AllPosition = before;
        for (;;) {
          const page = await store.readAll({ fromPosition: from, limit: 5 });
          if (page.length === 0) break;
          pages.push(...page);
          from = page[page.length - 1]!.position;
        }
        const ours = pages.filter((e) => streams.includes(e.streamId));
        expect(ours).toHaveLength(24);
        const positions = positionsOf(pages);
        expectStrictlyIncreasing(positions);
        for (const stream of streams) {
          expect(ours.filter((e) => e.streamId === stream).map((e) => e.streamPosition)).toEqual([
            0, 1, 2, 3, 4, 5, 6, 7,
          ]);
        }
        expect(await store.readAll({ fromPosition: START, limit: 1 })).toHaveLength(1);
      });

      it('reads only the types asked for, in $all order, and a filtered subscription catches up', async () => {
        const from = await store.headPosition();
        const person = randomUUID();
        await store.append(streamOf(), [incremented(1)]);
        await store.append(`note-${randomUUID()}`, [
          { type: 'NoteWritten', data: { text: 'a b', words: 2 }, metadata: incremented().metadata },
        ]);
        await store.append(streamOf(), [incremented(2)]);
        await store.append(`person-${person}`, [
          {
            type: 'PersonRegistered',
            data: { personId: person, email: 'p@example.org', name: 'P', plan: 'annual' },
            metadata: incremented().metadata,
          },
        ]);
        const counters = await store.readAll({ fromPosition: from, types: ['CounterIncremented'] });
        expect(counters.map((e) => e.data)).toEqual([{ by: 1 }, { by: 2 }]);
        expect(await store.headPosition({ types: ['CounterIncremented'] })).toEqual(counters[1]!.position);
        const seen: RecordedEvent[] = [];
        const subscription = store.subscribe({
          fromPosition: from,
          types: ['NoteWritten'],
          onEvents: async (events) => void seen.push(...events),
        });
        await subscription.caughtUp();
        await subscription.stop();
        expect(seen.map((e) => e.type)).toEqual(['NoteWritten']);
      });

      it("stamps each event with its type's current version, and upcasts older versions on read", async () => {
        const stream = `note-${randomUUID()}`;
        const yesterday = harness.storeWith(yesterdaysContractRegistry);
        try {
          // Written by yesterday's code, whose NoteWritten (version 1) had no word count.
          await yesterday.append(stream, [
            { type: 'NoteWritten', data: { text: 'three little words' }, metadata: incremented().metadata },
          ]);
        } finally {
          await yesterday.close();
        }
        await store.append(stream, [
          { type: 'NoteWritten', data: { text: 'two words', words: 7 }, metadata: incremented().metadata },
        ]);
        const [old, current] = await store.readStream(stream);
        expect(old).toMatchObject({
          data: { text: 'three little words', words: 3 },
          metadata: { schemaVersion: 1 },
        });
        expect(current).toMatchObject({
          data: { text: 'two words', words: 7 },
          metadata: { schemaVersion: 2 },
        });
        const counter = streamOf();
        await store.append(counter, [incremented(1)]);
        const [counted] = await store.readStream(counter);
        expect(counted!.metadata.schemaVersion).toBe(1);
      });

      it('a subscription delivers past and new events in order and reports when caught up', async () => {
        const stream = streamOf();
        await store.append(stream, [incremented(1), incremented(2)]);
        const seen: RecordedEvent[] = [];
        const subscription = store.subscribe({
          fromPosition: START,
          batchSize: 7,
          onEvents: async (events) => {
            seen.push(...events);
          },
        });
        await subscription.caughtUp();
        expect(seen.filter((e) => e.streamId === stream)).toHaveLength(2);
        await store.append(stream, [incremented(3)]);
        await expect.poll(() => seen.filter((e) => e.streamId === stream).length, { timeout: 5000 }).toBe(3);
        await subscription.stop();
        const positions = positionsOf(seen);
        expectStrictlyIncreasing(positions);
      });

      it('a failing subscriber is retried with the same batch until it succeeds', async () => {
        const stream = streamOf();
        const from = await store.headPosition();
        await store.append(stream, [incremented(1)]);
        let attempts = 0;
        const errors: unknown[] = [];
        const delivered: number[] = [];
        const subscription = store.subscribe({
          fromPosition: from,
          onEvents: async (events) => {
            attempts++;
            if (attempts < 3) throw new Error('read model unavailable');
            delivered.push(...events.filter((e) => e.streamId === stream).map((e) => e.streamPosition));
          },
          onError: (error) => errors.push(error),
        });
        await expect.poll(() => delivered, { timeout: 5000 }).toEqual([0]);
        await subscription.stop();
        expect(errors).toHaveLength(2);
      });
    });
  });
}

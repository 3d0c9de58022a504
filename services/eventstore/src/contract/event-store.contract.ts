import { randomUUID } from 'node:crypto';
import { event } from '@healthtal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DuplicateEventId,
  InvalidEventData,
  InvalidStreamName,
  UnknownEventType,
  WrongExpectedVersion,
} from '../errors';
import type { AllPosition, EventStore, NewEvent, RecordedEvent } from '../event-store';
import { isAfter, START } from '../event-store';
import { EventRegistry } from '../registry';

/** The events the contract suite writes; adapters are built with this registry. */
export const contractRegistry = new EventRegistry({
  PersonRegistered: {
    schema: event(
      'PersonRegistered',
      z.object({ personId: z.string(), email: z.string(), name: z.string(), plan: z.string() }),
    ),
    currentVersion: 1,
    personalData: { subject: (data: { personId: string }) => data.personId, fields: ['email', 'name'] },
  },
  CounterIncremented: {
    schema: event('CounterIncremented', z.object({ by: z.number().int() })),
    currentVersion: 1,
  },
  NoteWritten: {
    schema: event('NoteWritten', z.object({ text: z.string().max(100), words: z.number().int() })),
    currentVersion: 2,
    // Version 1 had no word count.
    upcasters: {
      1: (data) => ({
        ...(data as { text: string }),
        words: (data as { text: string }).text.split(' ').length,
      }),
    },
  },
});

export const incremented = (by = 1, overrides: Partial<NewEvent['metadata']> = {}): NewEvent => ({
  type: 'CounterIncremented',
  data: { by },
  metadata: {
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    correlationId: 'contract',
    causationId: 'contract',
    schemaVersion: 1,
    ...overrides,
  },
});

const streamOf = () => `counter-${randomUUID()}`;
const positionsOf = (events: RecordedEvent[]) => events.map((e) => e.position);
const expectStrictlyIncreasing = (positions: AllPosition[]) => {
  for (let i = 1; i < positions.length; i++) expect(isAfter(positions[i]!, positions[i - 1]!)).toBe(true);
};

export type ContractHarness = {
  store: EventStore;
  /** Deletes the subject's personal data key (crypto-shredding). */
  erasePersonalData(subject: string): Promise<void>;
  teardown(): Promise<void>;
};

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

      it('keeps metadata as written', async () => {
        const stream = streamOf();
        const written = incremented(1, { userId: 'user-1', correlationId: 'corr-1', causationId: 'cause-1' });
        await store.append(stream, [written]);
        const [read] = await store.readStream(stream);
        expect(read!.metadata).toEqual(written.metadata);
      });
    });

    describe('createStreams (imports)', () => {
      it('starts many streams in one call, in order, and reports the ones that exist already', async () => {
        const existing = streamOf();
        await store.append(existing, [incremented(9)]);
        const fresh = [streamOf(), streamOf(), streamOf()];
        const from = await store.headPosition();
        const result = await store.createStreams([
          { streamId: fresh[0]!, events: [incremented(1), incremented(2)] },
          { streamId: existing, events: [incremented(3)] },
          { streamId: fresh[1]!, events: [incremented(4)] },
          { streamId: fresh[2]!, events: [incremented(5)] },
        ]);
        expect(result).toEqual({ created: 3, existing: [existing] });
        expect((await store.readStream(existing)).map((e) => e.data)).toEqual([{ by: 9 }]);
        expect((await store.readStream(fresh[0]!)).map((e) => [e.streamPosition, e.data])).toEqual([
          [0, { by: 1 }],
          [1, { by: 2 }],
        ]);
        const all = (await store.readAll({ fromPosition: from })).filter((e) => fresh.includes(e.streamId));
        expect(all.map((e) => (e.data as { by: number }).by)).toEqual([1, 2, 4, 5]);
        await store.append(fresh[1]!, [incremented(6)], { expectedVersion: 0 });
      });

      it('is safe to retry: a batch sent twice appends nothing the second time', async () => {
        const batch = [
          { streamId: streamOf(), events: [incremented(1)] },
          { streamId: streamOf(), events: [incremented(2)] },
        ];
        await store.createStreams(batch);
        const again = await store.createStreams(batch);
        expect(again).toEqual({ created: 0, existing: batch.map((s) => s.streamId) });
        expect((await store.readStream(batch[0]!.streamId)).length).toBe(1);
      });

      it('refuses the whole batch when one event fails its schema', async () => {
        const good = streamOf();
        await expect(
          store.createStreams([
            { streamId: good, events: [incremented(1)] },
            { streamId: streamOf(), events: [{ ...incremented(), data: { by: 'x' } }] },
          ]),
        ).rejects.toBeInstanceOf(InvalidEventData);
        expect(await store.readStream(good)).toEqual([]);
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

    describe('personal data', () => {
      const registered = (personId: string): NewEvent => ({
        type: 'PersonRegistered',
        data: { personId, email: `${personId}@example.org`, name: 'Ada Lovelace', plan: 'annual' },
        metadata: incremented().metadata,
      });

      it('reads personal fields back as written', async () => {
        const personId = randomUUID();
        await store.append(`person-${personId}`, [registered(personId)]);
        const [read] = await store.readStream(`person-${personId}`);
        expect(read!.data).toEqual({
          personId,
          email: `${personId}@example.org`,
          name: 'Ada Lovelace',
          plan: 'annual',
        });
      });

      it('reads them as null everywhere once the person is erased, and leaves the rest', async () => {
        const [kept, erased] = [randomUUID(), randomUUID()];
        const from = await store.headPosition();
        await store.append(`person-${kept}`, [registered(kept)]);
        await store.append(`person-${erased}`, [registered(erased), registered(erased)]);
        await harness.erasePersonalData(erased);
        const stream = await store.readStream(`person-${erased}`);
        expect(stream.map((e) => e.data)).toEqual([
          { personId: erased, email: null, name: null, plan: 'annual' },
          { personId: erased, email: null, name: null, plan: 'annual' },
        ]);
        const all = await store.readAll({ fromPosition: from });
        expect(all.find((e) => e.streamId === `person-${kept}`)!.data).toMatchObject({
          name: 'Ada Lovelace',
        });
        expect(all.filter((e) => e.streamId === `person-${erased}`).map((e) => e.data)).toEqual(
          stream.map((e) => e.data),
        );
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

      it('upcasts old event shapes on read', async () => {
        const stream = `note-${randomUUID()}`;
        await store.append(stream, [
          // Written as version 1, whose readers did not fill in `words`.
          {
            type: 'NoteWritten',
            data: { text: 'three little words', words: 0 },
            metadata: incremented().metadata,
          },
        ]);
        const [read] = await store.readStream(stream);
        expect(read!.data).toEqual({ text: 'three little words', words: 3 });
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

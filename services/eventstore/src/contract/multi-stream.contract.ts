import { describe, expect, it } from 'vitest';
import { DuplicateEventId, WrongExpectedVersion } from '../errors';
import type { EventStore } from '../event-store';
import { type ContractHarness, incremented, streamOf } from './contract-support';

/** appendToStreams: several streams, one atomic write (ADR 0017). */
export function multiStreamAppendContract(current: () => ContractHarness) {
  const store = (): EventStore => current().store;

  describe('appendToStreams', () => {
    it('writes every stream in one write, each from its own version', async () => {
      const [a, b] = [streamOf(), streamOf()];
      await store().append(b, [incremented(1)]);
      const result = await store().appendToStreams([
        { streamId: a, events: [incremented(2), incremented(3)], expectedVersion: 'noStream' },
        { streamId: b, events: [incremented(4)], expectedVersion: 0 },
      ]);
      expect(result.appended).toBe(true);
      const [readA, readB] = [await store().readStream(a), await store().readStream(b)];
      expect(readA.map((e) => [e.streamPosition, e.data])).toEqual([
        [0, { by: 2 }],
        [1, { by: 3 }],
      ]);
      expect(readB.map((e) => [e.streamPosition, e.data])).toEqual([
        [0, { by: 1 }],
        [1, { by: 4 }],
      ]);
      const lastWritten = [readA[1]!.position, readB[1]!.position].sort((x, y) =>
        x.commit !== y.commit ? x.commit - y.commit : x.prepare - y.prepare,
      )[1];
      expect(result.position).toEqual(lastWritten);
    });

    it('writes nothing at all when one stream is not at its expected version', async () => {
      const [a, b] = [streamOf(), streamOf()];
      await store().append(b, [incremented(1), incremented(2)]);
      const error = await store()
        .appendToStreams([
          { streamId: a, events: [incremented(3)], expectedVersion: 'noStream' },
          { streamId: b, events: [incremented(4)], expectedVersion: 0 },
        ])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersion);
      expect(error).toMatchObject({ streamId: b, expected: 0, actual: 1 });
      expect(await store().readStream(a)).toEqual([]);
      expect((await store().readStream(b)).length).toBe(2);
    });

    it('of concurrent writers claiming the same new stream, exactly one writes, all or nothing', async () => {
      const claim = streamOf();
      const owners = Array.from({ length: 6 }, () => streamOf());
      const outcomes = await Promise.allSettled(
        owners.map((owner) =>
          store().appendToStreams([
            { streamId: claim, events: [incremented(1)], expectedVersion: 'noStream' },
            { streamId: owner, events: [incremented(1)], expectedVersion: 'noStream' },
          ]),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
        expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersion);
      }
      expect((await store().readStream(claim)).length).toBe(1);
      const written = await Promise.all(
        owners.map(async (owner) => (await store().readStream(owner)).length),
      );
      expect(written.sort()).toEqual([0, 0, 0, 0, 0, 1]);
    });

    it('crossing writers over the same two streams never deadlock: one wins, one conflicts', async () => {
      const [a, b] = [streamOf(), streamOf()];
      const outcomes = await Promise.allSettled([
        store().appendToStreams([
          { streamId: a, events: [incremented(1)], expectedVersion: 'noStream' },
          { streamId: b, events: [incremented(1)], expectedVersion: 'noStream' },
        ]),
        store().appendToStreams([
          { streamId: b, events: [incremented(2)], expectedVersion: 'noStream' },
          { streamId: a, events: [incremented(2)], expectedVersion: 'noStream' },
        ]),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      const [readA, readB] = [await store().readStream(a), await store().readStream(b)];
      expect(readA.length).toBe(1);
      expect(readA[0]!.data).toEqual(readB[0]!.data);
    });

    it('a retry with the same event ids writes nothing; ids partly stored are refused', async () => {
      const [a, b] = [streamOf(), streamOf()];
      const appends = [
        { streamId: a, events: [incremented(1)], expectedVersion: 'noStream' as const },
        { streamId: b, events: [incremented(2)], expectedVersion: 'noStream' as const },
      ];
      await store().appendToStreams(appends);
      expect(await store().appendToStreams(appends)).toEqual({ appended: false, position: null });
      await expect(
        store().appendToStreams([
          { streamId: a, events: appends[0]!.events, expectedVersion: 'any' },
          { streamId: b, events: [incremented(3)], expectedVersion: 'any' },
        ]),
      ).rejects.toBeInstanceOf(DuplicateEventId);
      expect((await store().readStream(a)).length).toBe(1);
      expect((await store().readStream(b)).length).toBe(1);
    });

    it('the events of one write reach $all readers together', async () => {
      const [a, b] = [streamOf(), streamOf()];
      const head = await store().headPosition();
      await store().appendToStreams([
        { streamId: a, events: [incremented(1)], expectedVersion: 'noStream' },
        { streamId: b, events: [incremented(2)], expectedVersion: 'noStream' },
      ]);
      const after = await store().readAll({ fromPosition: head, limit: 1000 });
      const ours = after.filter((e) => e.streamId === a || e.streamId === b);
      expect(ours.map((e) => e.streamId)).toEqual([a, b]);
    });

    it('of many streams in one write, the one not at its version is named and nothing is written', async () => {
      const streams = Array.from({ length: 60 }, () => streamOf());
      await store().append(streams[37]!, [incremented(1)]);
      const error = await store()
        .appendToStreams(
          streams.map((streamId, i) => ({
            streamId,
            events: [incremented(i)],
            expectedVersion: 'noStream' as const,
          })),
        )
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersion);
      expect(error).toMatchObject({ streamId: streams[37], expected: 'noStream', actual: 0 });
      const lengths = await Promise.all(streams.map(async (s) => (await store().readStream(s)).length));
      expect(lengths.reduce((a, b) => a + b, 0)).toBe(1);
    });

    it('many streams in one write: each from its own version, in $all in the order given', async () => {
      const streams = Array.from({ length: 60 }, () => streamOf());
      for (const streamId of streams.slice(0, 30)) await store().append(streamId, [incremented(1)]);
      const head = await store().headPosition();
      const order = [...streams].reverse();
      await store().appendToStreams(
        order.map((streamId, i) => ({
          streamId,
          events: [incremented(i), incremented(i + 100)],
          expectedVersion: streams.indexOf(streamId) < 30 ? 0 : 'noStream',
        })),
      );
      const after = (await store().readAll({ fromPosition: head, limit: 1000 })).filter((e) =>
        streams.includes(e.streamId),
      );
      expect(after.map((e) => e.streamId)).toEqual(order.flatMap((s) => [s, s]));
      for (const streamId of streams) {
        const read = await store().readStream(streamId);
        const own = streams.indexOf(streamId) < 30 ? 1 : 0;
        expect(read.map((e) => e.streamPosition)).toEqual([0, 1, 2].slice(0, own + 2));
      }
    });
  });
}

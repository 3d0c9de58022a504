import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ContractHarness, incremented, streamOf } from './contract-support';

/** countEvents: a projector's lag in events, counted over the same `$all` readAll reads. */
export function countEventsContract(harness: () => ContractHarness) {
  describe('countEvents', () => {
    it('counts the events after a position, up to the limit', async () => {
      const { store } = harness();
      const before = await store.headPosition();
      await store.append(streamOf(), [incremented(1), incremented(2)]);
      await store.append(streamOf(), [incremented(3)]);
      expect(await store.countEvents({ after: before, limit: 100 })).toBe(3);
      expect(await store.countEvents({ after: before, limit: 2 })).toBe(2);
      const [first] = await store.readAll({ fromPosition: before, limit: 1 });
      expect(await store.countEvents({ after: first!.position, limit: 100 })).toBe(2);
      expect(await store.countEvents({ after: await store.headPosition(), limit: 100 })).toBe(0);
    });

    it('counts only the types asked for', async () => {
      const { store } = harness();
      const before = await store.headPosition();
      await store.append(streamOf(), [incremented(1)]);
      await store.append(`note-${randomUUID()}`, [
        { type: 'NoteWritten', data: { text: 'a b', words: 2 }, metadata: incremented().metadata },
      ]);
      await store.append(streamOf(), [incremented(2)]);
      expect(await store.countEvents({ after: before, types: ['NoteWritten'], limit: 100 })).toBe(1);
      expect(await store.countEvents({ after: before, types: ['CounterIncremented'], limit: 100 })).toBe(2);
      expect(
        await store.countEvents({ after: before, types: ['CounterIncremented', 'NoteWritten'], limit: 100 }),
      ).toBe(3);
      expect(await store.countEvents({ after: before, types: ['PersonRegistered'], limit: 100 })).toBe(0);
    });
  });
}

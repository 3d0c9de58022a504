import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidEventData } from '../errors';
import type { EventStore, NewEvent } from '../event-store';
import { type ContractHarness, incremented, streamOf } from './contract-support';

/** The contract for bulk imports (createStreams) and personal data; part of eventStoreContract. */
export function importsAndPersonalDataContract(current: () => ContractHarness) {
  let harness: ContractHarness;
  let store: EventStore;

  describe('imports and personal data', () => {
    beforeAll(() => {
      harness = current();
      store = harness.store;
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

      it('never gives an erased person a new key: a late write keeps nothing of them', async () => {
        const personId = randomUUID();
        await store.append(`person-${personId}`, [registered(personId)]);
        await harness.erasePersonalData(personId);
        // A request that passed its checks before the erasure appends after it.
        await store.append(`person-${personId}`, [registered(personId)]);
        const stream = await store.readStream(`person-${personId}`);
        expect(stream.map((e) => e.data)).toEqual([
          { personId, email: null, name: null, plan: 'annual' },
          { personId, email: null, name: null, plan: 'annual' },
        ]);
      });
    });
  });
}

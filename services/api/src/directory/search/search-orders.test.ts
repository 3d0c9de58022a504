import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/support/seeded-random';
import { firstInOrder, mergeTail, rankAmong } from './search-orders';

const rand = seededRandom(11);

describe('search orders', () => {
  it('takes the first k of any list in order, as a sort does', () => {
    for (let round = 0; round < 300; round++) {
      const items = Array.from({ length: Math.floor(rand() * 200) }, () => Math.floor(rand() * 50));
      const k = Math.floor(rand() * 60);
      const byValue = (a: number, b: number) => (round % 2 ? b - a : a - b);
      expect(firstInOrder(items, k, byValue)).toEqual([...items].sort(byValue).slice(0, k));
    }
  });

  it('merges a tail ranked among the sorted documents into the order a sort of all of them gives', () => {
    for (let round = 0; round < 50; round++) {
      const keys = Array.from({ length: 1 + Math.floor(rand() * 300) }, () => Math.floor(rand() * 40));
      const compare = (a: number, b: number) => keys[a]! - keys[b]! || a - b;
      const from = Math.floor(rand() * keys.length);
      const everything = keys.map((_, doc) => doc).sort(compare);
      const order = Uint32Array.from(everything.filter((doc) => doc < from));
      const rank = new Float64Array(keys.length + 10);
      order.forEach((doc, place) => {
        rank[doc] = place;
      });
      for (let doc = from; doc < keys.length; doc++) rank[doc] = rankAmong(order, from, compare, doc);
      const steps = mergeTail({ order, rank, from, size: keys.length }, compare);
      let step = steps.next();
      while (!step.done) step = steps.next();
      expect(Array.from(step.value.order)).toEqual(everything);
      expect(step.value.rank.length).toBe(rank.length);
      expect(everything.map((doc) => step.value.rank[doc])).toEqual(everything.map((_, place) => place));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { searchWorld } from '../../../test/support/search-world';
import { SearchIndex, SORT_ORDERS } from './search-index';

/**
 * An import re-sorts the index many times as its rows arrive: each re-sort merges the new tail into
 * the sorted part. Whatever the batches, the orders and ranks are those of one sort of everything.
 */
describe('re-sorting an index that grows', () => {
  it('merges each tail into the orders exactly as one sort of everything does', () => {
    const { rand, candidate } = searchWorld(5);
    const once = new SearchIndex();
    const stepwise = new SearchIndex();
    let seq = 0;
    for (let batch = 0; batch < 12; batch++) {
      // Batches of every size, empty ones included; the same people (and namesakes) in both.
      const size = Math.floor(rand() * 600);
      for (let i = 0; i < size; i++) {
        const c = candidate(++seq);
        const doc = stepwise.add(c);
        expect(once.add(c)).toBe(doc);
        if (rand() < 0.03) {
          stepwise.removeSeq(c.seq);
          once.removeSeq(c.seq);
        }
      }
      stepwise.reorder();
      expect(stepwise.tailSize).toBe(0);
    }
    once.reorder();
    expect(seq).toBeGreaterThan(2000);
    for (const sort of SORT_ORDERS) {
      expect(Array.from(stepwise.order[sort]), sort).toEqual(Array.from(once.order[sort]));
      expect(Array.from(stepwise.rank[sort].subarray(0, seq)), sort).toEqual(
        Array.from(once.rank[sort].subarray(0, seq)),
      );
    }
  });
});

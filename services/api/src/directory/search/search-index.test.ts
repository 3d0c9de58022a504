import { describe, expect, it } from 'vitest';
import { searchWorld } from '../../../test/support/search-world';
import { SearchIndex, SORT_ORDERS } from './search-index';
import { runQuery } from './search-query';

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

  it('re-sorts in steps that searches can run between, seeing the index as it was until the end', async () => {
    const { candidate } = searchWorld(7);
    const stepwise = new SearchIndex();
    const once = new SearchIndex();
    for (let seq = 1; seq <= 3000; seq++) {
      const c = candidate(seq);
      stepwise.add(c);
      once.add(c);
      if (seq === 1200) {
        stepwise.reorder();
        once.reorder();
      }
    }
    const query = (index: SearchIndex) =>
      runQuery(index, {
        words: [],
        prefixLast: false,
        groups: [],
        sort: 'name',
        direction: 'asc',
        offset: 0,
        limit: 3000,
      });
    const before = query(stepwise);
    const between: (typeof before)[] = [];
    const seen = setInterval(() => between.push(query(stepwise)), 0);
    const resorting = stepwise.reorderCooperatively();
    // The steps yield to the event loop: a search runs while the re-sort is still under way.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stepwise.tailSize).toBe(1800);
    between.push(query(stepwise));
    await resorting;
    clearInterval(seen);
    once.reorder();

    expect(between.length).toBeGreaterThan(0);
    for (const answer of between) expect(answer).toEqual(before);
    expect(stepwise.tailSize).toBe(0);
    expect(query(stepwise)).toEqual(before);
    for (const sort of SORT_ORDERS)
      expect(Array.from(stepwise.order[sort]), sort).toEqual(Array.from(once.order[sort]));
  });

  it('drops a re-sort when the index changed under it', async () => {
    const { candidate } = searchWorld(9);
    const index = new SearchIndex();
    for (let seq = 1; seq <= 500; seq++) index.add(candidate(seq));
    const resorting = index.reorderCooperatively();
    index.add(candidate(501));
    await resorting;
    expect(index.tailSize).toBe(501);
    await index.reorderCooperatively();
    expect(index.tailSize).toBe(0);
  });
});

describe('dense postings', () => {
  it('keep a list that holds a large share as bits, and give the bits up when the share falls', () => {
    const { candidate } = searchWorld(9);
    const index = new SearchIndex();
    const rare = (seq: number) => ({ ...candidate(seq), state: seq <= 200 ? 'WY' : 'TX' });
    for (let seq = 1; seq <= 200; seq++) index.add(rare(seq));
    // Every one of the first 200 is in Wyoming: that list holds the whole index.
    expect(index.postingsOf('st:WY')?.dense).not.toBeNull();
    for (let seq = 201; seq <= 30_000; seq++) index.add(rare(seq));
    index.reorder();
    // 200 of 30,000 is below half the dense share: numbers again; Texas, nearly all, is bits.
    expect(index.postingsOf('st:WY')?.dense).toBeNull();
    expect(index.postingsOf('st:TX')?.dense).not.toBeNull();
    const query = {
      words: [],
      prefixLast: false,
      sort: 'name' as const,
      direction: 'asc' as const,
      offset: 0,
    };
    const wyoming = runQuery(index, { ...query, groups: [[['st:WY']]], limit: 500 });
    expect(wyoming.count).toBe(200);
    expect(wyoming.docs.every((doc) => index.seqOf(doc) <= 200)).toBe(true);
    expect(runQuery(index, { ...query, groups: [[['st:TX']]], limit: 0 }).count).toBe(29_800);
  });
});

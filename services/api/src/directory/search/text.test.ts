import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/support/seeded-random';
import { Bits, Postings } from './text';

const docsOf = (list: Postings) => Array.from(list.toArray());

describe('postings', () => {
  it('hold the same documents as numbers or as bits, through growth and back', () => {
    const rand = seededRandom(11);
    const list = new Postings();
    const expected: number[] = [];
    for (let doc = 0; doc < 5000; doc++) {
      if (rand() < 0.3) {
        list.add(doc);
        list.add(doc); // the same document twice is held once
        expected.push(doc);
      }
      if (doc === 1000) list.makeDense(1000 / 32 + 1);
      if (doc === 1000) list.growDense(5000 / 32 + 1);
    }
    expect(list.dense).not.toBeNull();
    expect(list.docs.length).toBe(0);
    expect(list.length).toBe(expected.length);
    expect(docsOf(list)).toEqual(expected);
    list.makeSparse();
    expect(list.dense).toBeNull();
    expect(list.length).toBe(expected.length);
    expect(docsOf(list)).toEqual(expected);
    list.add(6000);
    expect(docsOf(list).at(-1)).toBe(6000);
  });

  it('add to and intersect bit sets alike either way', () => {
    const rand = seededRandom(12);
    const size = 3000;
    const sparse = new Postings();
    const dense = new Postings();
    for (let doc = 0; doc < size; doc++)
      if (rand() < 0.4) {
        sparse.add(doc);
        dense.add(doc);
      }
    dense.makeDense((size >>> 5) + 1);
    const a = new Bits(size);
    const b = new Bits(size);
    a.addAll(sparse);
    b.addAll(dense);
    expect(b.words).toEqual(a.words);
    expect(a.count()).toBe(sparse.length);
    // A set of bits ANDed with a shorter one keeps nothing past its end.
    const full = new Bits(size);
    for (let doc = 0; doc < size; doc++) full.set(doc);
    full.andWords(new Uint32Array(10).fill(0xffffffff));
    expect(full.count()).toBe(320);
  });
});

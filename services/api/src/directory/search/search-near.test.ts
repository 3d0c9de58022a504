import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { boundingBox, milesBetween } from '@healthtal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexedCandidate } from '../../../test/support/indexed-candidate';
import { mergePages } from './directory-search';
import { SearchIndex } from './search-index';
import { distanceFrom, type NearQuery } from './search-near';
import { type IndexQuery, runQuery } from './search-query';
import { shardAnswer } from './search-shard';
import { readSnapshot, writeSnapshot } from './search-snapshot';

/**
 * The near filter and the distance sort (issue 35): the index keeps each document's coordinates as
 * float32 and keeps those within the radius (a box first, then the haversine); what it keeps is
 * exactly what measuring every document would keep.
 */
type Point = { latitude: number; longitude: number } | null;
function indexOf(points: readonly Point[], names?: readonly string[]): SearchIndex {
  const index = new SearchIndex();
  for (const [i, point] of points.entries())
    index.add(
      indexedCandidate(i + 1, {
        lastName: names?.[i] ?? `n${String(i).padStart(4, '0')}`,
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
      }),
    );
  index.reorder();
  return index;
}
const query = (near: NearQuery, over: Partial<IndexQuery> = {}): IndexQuery => ({
  words: [],
  prefixLast: false,
  groups: [],
  sort: 'name',
  direction: 'asc',
  offset: 0,
  limit: 10_000,
  near,
  ...over,
});
const asKept = (p: Point) => p && { latitude: Math.fround(p.latitude), longitude: Math.fround(p.longitude) };
const within = (points: readonly Point[], near: NearQuery) =>
  points.flatMap((p, doc) => {
    const kept = asKept(p);
    return kept && milesBetween(near, kept) <= near.miles ? [doc] : [];
  });

// The US, Alaska's Aleutians and Hawaii included.
const usPoint = fc.record({
  latitude: fc.double({ min: 18, max: 72, noNaN: true }),
  longitude: fc.double({ min: -180, max: -65, noNaN: true }),
});

describe('the near filter', () => {
  it('keeps exactly the documents a measure of every one keeps, none without coordinates', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(usPoint, { freq: 8 }), { minLength: 1, maxLength: 300 }),
        usPoint,
        fc.double({ min: 1, max: 500, noNaN: true }),
        (points, center, miles) => {
          const near = { ...center, miles };
          const index = indexOf(points);
          const { docs, count } = runQuery(index, query(near));
          expect([...docs].sort((a, b) => a - b)).toEqual(within(points, near));
          expect(count).toBe(docs.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps a point exactly on the radius, and not one a hair beyond it', () => {
    const center = { latitude: 30.2713, longitude: -97.7426 };
    const points = [{ latitude: 30.6, longitude: -97.2 }];
    const index = indexOf(points);
    const exactly = distanceFrom(index, { ...center, miles: 0 })(0);
    expect(runQuery(index, query({ ...center, miles: exactly })).docs).toEqual([0]);
    expect(runQuery(index, query({ ...center, miles: exactly - 1e-9 })).docs).toEqual([]);
  });

  it('reaches across the antimeridian from the far Aleutians, and finds Hawaii from Honolulu', () => {
    const adak = { latitude: 51.88, longitude: -176.65 };
    // A point west of 180° (written as +179: Attu's side), about 230 miles from Adak.
    const points = [
      { latitude: 52.0, longitude: 179.9 },
      { latitude: 61.2, longitude: -149.9 },
    ];
    expect(boundingBox(adak, 500).longitude).toBeNull();
    const index = indexOf(points);
    expect(runQuery(index, query({ ...adak, miles: 500 })).docs).toEqual([0]);
    const honolulu = { latitude: 21.31, longitude: -157.86 };
    const hawaii = indexOf([
      { latitude: 19.72, longitude: -155.08 },
      { latitude: 37.77, longitude: -122.42 },
    ]);
    expect(runQuery(hawaii, query({ ...honolulu, miles: 250 })).docs).toEqual([0]);
  });

  it('sorts by distance, nearest first (farthest with desc), equal distances by name', () => {
    const center = { latitude: 40, longitude: -100 };
    const points: Point[] = [
      { latitude: 40.5, longitude: -100 },
      { latitude: 40.1, longitude: -100 },
      null,
      { latitude: 40.1, longitude: -100 },
      { latitude: 45, longitude: -100 },
    ];
    const index = indexOf(points, ['e', 'd', 'c', 'b', 'a']);
    const near = { ...center, miles: 100 };
    expect(runQuery(index, query(near, { sort: 'distance' })).docs).toEqual([3, 1, 0]);
    expect(runQuery(index, query(near, { sort: 'distance', direction: 'desc' })).docs).toEqual([0, 1, 3]);
    expect(runQuery(index, query(near, { sort: 'distance', offset: 1, limit: 1 })).docs).toEqual([1]);
    // A page far smaller than the matches takes the nearest by a bounded heap: the same answer.
    const many = Array.from({ length: 500 }, (_, i) => ({ latitude: 40 + i / 1000, longitude: -100 }));
    const big = indexOf(many.reverse());
    expect(runQuery(big, query(near, { sort: 'distance', limit: 5 })).docs).toEqual([
      499, 498, 497, 496, 495,
    ]);
  });
});

describe('a distance sort over a directory split across search workers', () => {
  it('merges the parts into exactly the order of one index, ties (one ZIP) by name then seq', () => {
    // Few distinct points, so many documents share a distance; names repeat too.
    const spots = Array.from({ length: 12 }, (_, i) => ({ latitude: 39 + i / 7, longitude: -100 + i / 9 }));
    const whole = new SearchIndex();
    const parts = [new SearchIndex(), new SearchIndex(), new SearchIndex()];
    for (let seq = 1; seq <= 900; seq++) {
      const spot = seq % 13 === 0 ? null : spots[(seq * 7) % spots.length]!;
      const c = indexedCandidate(seq, {
        lastName: `n${(seq * 31) % 17}`,
        latitude: spot?.latitude ?? null,
        longitude: spot?.longitude ?? null,
      });
      whole.add(c);
      parts[seq % 3]!.add(c);
      // Half sorted, half a tail: both paths.
      if (seq === 450) for (const index of [whole, ...parts]) index.reorder();
    }
    const near = { latitude: 39.5, longitude: -99.5, miles: 80 };
    for (const direction of ['asc', 'desc'] as const)
      for (const [offset, limit] of [
        [0, 25],
        [25, 25],
        [300, 100],
      ] as const) {
        const q = query(near, { sort: 'distance', direction, offset, limit });
        const expected = runQuery(whole, q);
        const partQuery = { ...q, offset: 0, limit: offset + limit };
        const merged = mergePages(
          q,
          parts.map((part) => shardAnswer(part, { query: partQuery, toMerge: true })),
          offset,
          limit,
        );
        expect(merged.count).toBe(expected.count);
        expect(merged.hits.map((hit) => hit.seq)).toEqual(expected.docs.map((doc) => whole.seqOf(doc)));
      }
  });
});

describe('coordinates in a snapshot', () => {
  it('reads back the coordinates and the grid: the same near answers, removed documents left out', async () => {
    const points = Array.from({ length: 400 }, (_, i) =>
      i % 9 === 0 ? null : { latitude: 25 + ((i * 37) % 230) / 10, longitude: -124 + ((i * 53) % 550) / 10 },
    );
    const original = indexOf(points);
    for (const seq of [3, 50, 51, 222]) original.removeSeq(seq);
    const dir = await mkdtemp(path.join(tmpdir(), 'healthtal-near-'));
    try {
      const file = path.join(dir, 'part.idx');
      await writeSnapshot(file, { part: 0, of: 1, revision: 1, oid: '1', maxSeq: 400 }, original);
      const loaded = (await readSnapshot(file))!.index;
      for (const near of [
        { latitude: 35, longitude: -100, miles: 300 },
        { latitude: 40, longitude: -90, miles: 500 },
        { latitude: 30, longitude: -120, miles: 100 },
      ]) {
        const seqsOf = (index: SearchIndex, sort: IndexQuery['sort']) =>
          runQuery(index, query(near, { sort })).docs.map((doc) => index.seqOf(doc));
        expect(seqsOf(loaded, 'distance')).toEqual(seqsOf(original, 'distance'));
        expect(seqsOf(loaded, 'name')).toEqual(seqsOf(original, 'name'));
        expect(seqsOf(loaded, 'name').length).toBeGreaterThan(0);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

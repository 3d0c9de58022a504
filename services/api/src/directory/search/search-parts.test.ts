import type { SuggestedField } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { searchWorld } from '../../../test/support/search-world';
import { lastWordForms, mergePages, mergeSuggestions } from './directory-search';
import { reasonChecksOf } from './match-reasons';
import { SearchIndex } from './search-index';
import { runQuery } from './search-query';
import { toIndexQuery } from './search-request';
import { shardAnswer } from './search-shard';

/**
 * The directory split across search workers answers exactly as one index does: the same count, the
 * same page in the same order, the same suggestions. Parts hold the candidates whose seq % 3 is
 * theirs, as SEARCH_WORKERS=3 splits them; each part answers alone and the API thread merges.
 */
const world = searchWorld(11);
const { rand, candidate, randomRequest } = world;
const PARTS = 3;
const whole = new SearchIndex();
const parts = Array.from({ length: PARTS }, () => new SearchIndex());
// Sorted documents, a tail added since, and removals: every path of a query.
world.fill((seq) => [whole, parts[seq % PARTS]!], { sorted: 2400, tail: 2700, removed: 120 });

describe('a directory split across search workers', () => {
  it('counts and orders every search exactly as one index does, on every page, with the same reasons', () => {
    let compared = 0;
    for (let i = 0; i < 600; i++) {
      const request = randomRequest();
      const fromSeq = rand() < 0.15 ? 1 + Math.floor(rand() * 2700) : undefined;
      const offset = (request.page - 1) * request.limit;
      const query = toIndexQuery(request, {
        reasons: reasonChecksOf(request).map((check) => check.alternatives),
      });
      const expected = runQuery(whole, {
        ...query,
        ...(fromSeq === undefined ? {} : { fromDoc: whole.firstDocFromSeq(fromSeq) }),
      });
      const last = query.words.at(-1);
      const forms =
        query.prefixLast && last && last.length >= 3
          ? {
              lastWordForms: lastWordForms(
                last,
                parts.map((part) => part.wordFrequencies(last)),
              ),
            }
          : {};
      const partQuery = { ...query, offset: 0, limit: offset + request.limit, ...forms };
      const merged = mergePages(
        query,
        parts.map((part) =>
          shardAnswer(part, {
            query: partQuery,
            toMerge: true,
            ...(fromSeq === undefined ? {} : { fromSeq }),
          }),
        ),
        offset,
        request.limit,
      );
      const label = JSON.stringify({ request, fromSeq });
      expect(merged.count, label).toBe(expected.count);
      expect(
        merged.hits.map((hit) => hit.id),
        label,
      ).toEqual(expected.docs.map((doc) => whole.idOf(doc)));
      expect(
        merged.hits.map((hit) => hit.held),
        label,
      ).toEqual(expected.held);
      if (expected.docs.length > 1) compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('expands a typed prefix to the same words as one index', () => {
    for (const prefix of ['car', 'cara', 'carb', 'nur', 'san']) {
      expect(
        lastWordForms(
          prefix,
          parts.map((part) => part.wordFrequencies(prefix)),
        ),
      ).toEqual([prefix, ...whole.wordsStartingWith(prefix, 50).filter((word) => word !== prefix)]);
    }
    expect(whole.wordsStartingWith('car', 1000).length).toBeGreaterThan(50);
  });

  it('suggests the same values with the same holders and spellings as one index', () => {
    const cases: [SuggestedField, string][] = [
      ['city', ''],
      ['city', 'san'],
      ['city', 'c'],
      ['title', 'icu'],
      ['title', ''],
      ['skills', 'car'],
      ['skills', 'c'],
      ['organization', 'ca'],
    ];
    const plain = (list: { value: string; count: number }[]) =>
      list.map(({ value, count }) => ({ value, count }));
    for (const [field, prefix] of cases) {
      const one = whole.filterValues.suggestAll(field, prefix, whole);
      expect(one.length, `${field} ${prefix}`).toBeGreaterThan(0);
      const merged = mergeSuggestions(parts.map((part) => part.filterValues.suggestAll(field, prefix, part)));
      expect(plain(merged), `${field} ${prefix}`).toEqual(plain(one));
    }
    expect(whole.suggest('city', 'san j', 5)).toHaveLength(1);
  });

  it('shows the spelling seen first when spellings are equally frequent, wherever it is', () => {
    const one = new SearchIndex();
    const split = Array.from({ length: PARTS }, () => new SearchIndex());
    const spellings = ['San Jose', 'San José', 'SAN JOSE']; // seqs 1, 2, 3: parts 1, 2 and 0
    spellings.forEach((city, i) => {
      const c = { ...candidate(i + 1), city };
      one.add(c);
      split[c.seq % PARTS]!.add(c);
    });
    const merged = mergeSuggestions(split.map((part) => part.filterValues.suggestAll('city', 'san', part)));
    expect(merged.map(({ value, count }) => ({ value, count }))).toEqual([{ value: 'San Jose', count: 3 }]);
    expect(one.suggest('city', 'san', 5)).toEqual([{ value: 'San Jose', count: 3 }]);
  });
});

import {
  isBooleanKeywords,
  type KeywordNode,
  printKeywords,
  SearchLimits,
  SearchRequest,
} from '@healthtal/contracts';
import { npiOf } from '@healthtal/testkit/nppes-files';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchWorld } from '../../../test/support/search-world';
import { mergePages } from './directory-search';
import { type IndexedCandidate, SearchIndex } from './search-index';
import { runQuery } from './search-query';
import { complexityOf, toIndexQuery } from './search-request';
import { shardAnswer } from './search-shard';
import { TEXT_FIELDS, type TextField } from './search-terms';
import { words } from './text';

/**
 * Boolean Keywords select exactly the documents a brute-force reading of the tree selects, over a
 * small random directory (sorted documents, a tail, removals), on one index and split in three parts.
 */
const world = searchWorld(35);
const whole = new SearchIndex();
const PARTS = 3;
const parts = Array.from({ length: PARTS }, () => new SearchIndex());
const bySeq = new Map<number, IndexedCandidate>();
const add = (seq: number) => {
  const c = world.candidate(seq);
  bySeq.set(seq, c);
  whole.add(c);
  parts[seq % PARTS]!.add(c);
};
for (let seq = 1; seq <= 1500; seq++) add(seq);
for (const index of [whole, ...parts]) index.reorder();
for (let seq = 1501; seq <= 1800; seq++) add(seq);
for (let i = 0; i < 80; i++) {
  const seq = 1 + Math.floor(world.rand() * 1800);
  bySeq.delete(seq);
  for (const index of [whole, ...parts]) index.removeSeq(seq);
}
const alive = [...bySeq.values()];

/** Each text field's words, by the candidate field table's `search.text` (candidate-fields.ts). */
const known = new Map<IndexedCandidate, Record<TextField, Set<string>>>();
function fieldWords(c: IndexedCandidate): Record<TextField, Set<string>> {
  const found = known.get(c) ?? wordsByField(c);
  known.set(c, found);
  return found;
}
function wordsByField(c: IndexedCandidate): Record<TextField, Set<string>> {
  const of = (...values: (string | null)[]) => new Set(values.flatMap((value) => words(value)));
  return {
    n: of(c.firstName, c.lastName),
    s: of(c.specialty),
    t: of(c.title, ...c.credential),
    o: of(c.companyName),
    k: of(...c.skills),
    e: of(...c.education.flatMap((e) => [e.school, e.degree])),
  };
}
const FIELDS = Object.keys(TEXT_FIELDS) as TextField[];
const hasWord = (c: IndexedCandidate, word: string) =>
  c.npi === word || FIELDS.some((field) => fieldWords(c)[field].has(word));

/** The tree read the slow and obvious way. */
function matches(c: IndexedCandidate, node: KeywordNode): boolean {
  switch (node.kind) {
    case 'word':
      return words(node.text).every((word) => hasWord(c, word));
    case 'phrase': {
      const all = words(node.text);
      if (all.length === 1) return hasWord(c, all[0]!);
      return FIELDS.some((field) => all.every((word) => fieldWords(c)[field].has(word)));
    }
    case 'and':
      return node.terms.every((term) => matches(c, term));
    case 'or':
      return node.terms.some((term) => matches(c, term));
    case 'not':
      return !matches(c, node.term);
  }
}

/** Relevance: each positive word scores the weights of the fields it is in, and the name's for an NPI. */
function score(c: IndexedCandidate, positive: readonly string[]): number {
  let total = 0;
  for (const word of positive) {
    for (const field of FIELDS) if (fieldWords(c)[field].has(word)) total += TEXT_FIELDS[field];
    if (c.npi === word) total += TEXT_FIELDS.n;
  }
  return total;
}

const NPI = npiOf(String(100_000_000 + 12));
const WORDS = [
  'nurse',
  'icu',
  'charge',
  'cardiac',
  'care',
  'garcia',
  'kaiser',
  'mayo',
  'bls',
  'wound',
  'carter',
  'physician',
  'practitioner',
  'Zoë',
  'hospitalist',
  'caraa',
  'cardl',
  'xyzzy',
  'and',
  'rn/bsn',
  NPI,
];
const PHRASES = [
  'charge nurse',
  'nurse charge',
  'icu nurse',
  'wound care',
  'care cardiac',
  'nurse practitioner',
  'kaiser permanente',
  'mayo nurse',
  'telemetry',
  // Rare words (lists kept as numbers, not bits): with each other and with a common word.
  'cardl carda',
  'cardl care',
];
const leaf = fc.oneof(
  fc.constantFrom(...WORDS).map((text): KeywordNode => ({ kind: 'word', text })),
  fc.constantFrom(...PHRASES).map((text): KeywordNode => ({ kind: 'phrase', text })),
);
const { tree } = fc.letrec<{ tree: KeywordNode }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small' },
    leaf,
    tie('tree').map((term): KeywordNode => ({ kind: 'not', term })),
    fc
      .array(tie('tree'), { minLength: 2, maxLength: 3 })
      .map((terms): KeywordNode => ({ kind: 'and', terms })),
    fc
      .array(tie('tree'), { minLength: 2, maxLength: 3 })
      .map((terms): KeywordNode => ({ kind: 'or', terms })),
  ),
}));
const query = tree
  .map(printKeywords)
  .filter(
    (text) =>
      isBooleanKeywords(text) &&
      text.length <= SearchLimits.textMax &&
      SearchRequest.safeParse({ query: text }).success,
  );

describe('boolean keywords in the search index', () => {
  it('select exactly the documents the tree describes, and score them by its positive words', () => {
    let someButNotAll = 0;
    fc.assert(
      fc.property(query, fc.constantFrom('relevance' as const, 'name' as const), (text, sortKey) => {
        const request = SearchRequest.parse({ query: text, sortKey, limit: 100 });
        const indexQuery = toIndexQuery(request);
        const expected = alive.filter((c) => matches(c, indexQuery.keywords!));
        const { count, docs, scores } = runQuery(whole, indexQuery);
        expect(count, text).toBe(expected.length);
        if (count > 0 && count < alive.length) someButNotAll++;
        const found = docs.map((doc) => whole.seqOf(doc));
        const wanted = new Set(expected.map((c) => c.seq));
        expect(found.every((seq) => wanted.has(seq))).toBe(true);
        expect(found.length).toBe(Math.min(100, expected.length));
        if (sortKey === 'relevance' && indexQuery.words.length > 0 && found.length > 0) {
          expect(scores).toEqual(found.map((seq) => score(bySeq.get(seq)!, indexQuery.words)));
          expect(scores).toEqual([...scores!].sort((a, b) => b - a));
        }
      }),
      { numRuns: 300 },
    );
    expect(someButNotAll).toBeGreaterThan(100);
  });

  it('select the same documents when filters came first and the tree is worked out only where they left someone', () => {
    const states = [...new Set(alive.map((c) => c.state).filter((state) => state !== null))] as string[];
    let narrowed = 0;
    fc.assert(
      fc.property(query, fc.subarray(states, { minLength: 1, maxLength: 2 }), (text, state) => {
        const request = SearchRequest.parse({ query: text, state, limit: 100 });
        const indexQuery = toIndexQuery(request);
        const expected = alive.filter(
          (c) => c.state !== null && state.includes(c.state) && matches(c, indexQuery.keywords!),
        );
        const { count, docs } = runQuery(whole, indexQuery);
        expect(count, `${text} in ${state}`).toBe(expected.length);
        const wanted = new Set(expected.map((c) => c.seq));
        expect(docs.every((doc) => wanted.has(whole.seqOf(doc)))).toBe(true);
        if (expected.length > 0) narrowed++;
        // Without the filter again: what the earlier, narrower queries left in the sets is not read.
        const plain = toIndexQuery(SearchRequest.parse({ query: text, limit: 100 }));
        expect(runQuery(whole, plain).count).toBe(alive.filter((c) => matches(c, plain.keywords!)).length);
      }),
      { numRuns: 300 },
    );
    expect(narrowed).toBeGreaterThan(50);
  });

  it('answer the same split across search workers as one index', () => {
    fc.assert(
      fc.property(query, fc.constantFrom('relevance' as const, 'location' as const), (text, sortKey) => {
        const request = SearchRequest.parse({ query: text, sortKey, page: 2, limit: 10 });
        const indexQuery = toIndexQuery(request);
        const expected = runQuery(whole, indexQuery);
        const partQuery = { ...indexQuery, offset: 0, limit: 20 };
        const answers = parts.map((part) => shardAnswer(part, { query: partQuery, toMerge: true }));
        const merged = mergePages(indexQuery, answers, 10, 10);
        expect(merged.count).toBe(expected.count);
        expect(merged.hits.map((hit) => hit.id)).toEqual(expected.docs.map((doc) => whole.idOf(doc)));
      }),
      { numRuns: 150 },
    );
  });

  it('read LinkedIn’s examples as LinkedIn does', () => {
    const count = (text: string) => runQuery(whole, toIndexQuery(SearchRequest.parse({ query: text }))).count;
    const where = (test: (c: IndexedCandidate) => boolean) => alive.filter(test).length;
    const has = (c: IndexedCandidate, word: string) => hasWord(c, word);
    expect(count('"charge nurse" OR cardiac AND kaiser')).toBe(
      where(
        (c) =>
          (fieldWords(c).t.has('charge') && fieldWords(c).t.has('nurse')) ||
          (has(c, 'cardiac') && has(c, 'kaiser')),
      ),
    );
    expect(count('nurse AND icu NOT (kaiser OR mayo)')).toBe(
      where((c) => has(c, 'nurse') && has(c, 'icu') && !has(c, 'kaiser') && !has(c, 'mayo')),
    );
    expect(count('nurse NOT icu')).toBe(where((c) => has(c, 'nurse') && !has(c, 'icu')));
    expect(count('nurse NOT icu')).toBeGreaterThan(0);
  });

  it('count a boolean query’s words and phrases in its complexity, as plain text counts its words', () => {
    const complexity = (query: string) => complexityOf(SearchRequest.parse({ query }));
    expect(complexity('icu')).toBe('simple');
    expect(complexity('"charge nurse"')).toBe('simple');
    expect(complexity('charge nurse')).toBe('medium');
    expect(complexity('icu OR er')).toBe('medium');
  });

  it('match no prefix inside a boolean query, while plain text still does', () => {
    const plain = runQuery(whole, toIndexQuery(SearchRequest.parse({ query: 'nurse hospi' })));
    expect(plain.count).toBeGreaterThan(0);
    expect(runQuery(whole, toIndexQuery(SearchRequest.parse({ query: 'nurse AND hospi' }))).count).toBe(0);
    expect(runQuery(whole, toIndexQuery(SearchRequest.parse({ query: 'hospi OR xyzzy' }))).count).toBe(0);
  });
});

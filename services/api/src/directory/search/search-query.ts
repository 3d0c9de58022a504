import { type SearchIndex, type SortOrder, TEXT_FIELDS, type TextField } from './search-index';
import { Bits, type Postings } from './text';

/**
 * A query against the index. `groups` are ANDed; inside a group the alternatives are ORed; an
 * alternative is a list of terms that must all hold (a multi-word tag like "charge nurse").
 */
export type IndexQuery = {
  words: string[];
  /** Match the last word as a prefix too ("ped" finds "pediatric"). */
  prefixLast: boolean;
  groups: string[][][];
  sort: SortOrder | 'relevance';
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
};

export type IndexResult = { count: number; docs: number[] };

const FIELDS = Object.keys(TEXT_FIELDS) as TextField[];
const PREFIX_EXPANSION = 50;
/** Below this many matches, sorting the matches beats walking a sorted order of everything. */
const SMALL_RESULT = 5000;

export function runQuery(index: SearchIndex, query: IndexQuery): IndexResult {
  const wordLists = query.words.map((word, i) =>
    wordPostings(index, word, query.prefixLast && i === query.words.length - 1),
  );
  const sets: Bits[] = [];
  for (const lists of wordLists)
    sets.push(
      Bits.of(
        index.size,
        lists.map((l) => l.list),
      ),
    );
  for (const group of query.groups) sets.push(groupBits(index, group));
  const matches = index.alive.copy();
  for (const set of sets) matches.and(set);
  const count = matches.count();
  const need = Math.min(query.offset + query.limit, count);
  if (need <= query.offset) return { count, docs: [] };
  const docs =
    query.sort === 'relevance' && query.words.length > 0
      ? byRelevance(index, matches, count, wordLists, need)
      : inOrder(
          index,
          matches,
          count,
          query.sort === 'relevance' ? 'verified' : query.sort,
          query.direction,
          need,
        );
  return { count, docs: docs.slice(query.offset, need) };
}

type WeightedList = { list: Postings; weight: number };

function wordPostings(index: SearchIndex, word: string, prefix: boolean): WeightedList[] {
  const forms =
    prefix && word.length >= 3
      ? [word, ...index.wordsStartingWith(word, PREFIX_EXPANSION).filter((w) => w !== word)]
      : [word];
  const lists: WeightedList[] = [];
  for (const form of forms) {
    for (const field of FIELDS) {
      const list = index.postingsOf(`${field}:${form}`);
      if (list) lists.push({ list, weight: TEXT_FIELDS[field] });
    }
  }
  return lists;
}

function groupBits(index: SearchIndex, alternatives: string[][]): Bits {
  const result = new Bits(index.size);
  for (const terms of alternatives) {
    const lists = terms.map((term) => index.postingsOf(term));
    if (lists.some((list) => !list)) continue;
    if (lists.length === 1) {
      result.addAll(lists[0]!);
      continue;
    }
    const both = Bits.of(index.size, [lists[0]!]);
    for (const list of lists.slice(1)) both.and(Bits.of(index.size, [list!]));
    result.or(both);
  }
  return result;
}

function matchedDocs(matches: Bits, size: number): number[] {
  const docs: number[] = [];
  const w = matches.words;
  for (let i = 0; i < w.length; i++) {
    let word = w[i]!;
    while (word !== 0) {
      const bit = 31 - Math.clz32(word & -word);
      const doc = (i << 5) + bit;
      if (doc < size) docs.push(doc);
      word &= word - 1;
    }
  }
  return docs;
}

/** The first `need` matches in a sort order: sort the matches when few, else walk the order. */
function inOrder(
  index: SearchIndex,
  matches: Bits,
  count: number,
  sort: SortOrder,
  direction: 'asc' | 'desc',
  need: number,
) {
  const rank = index.rank[sort];
  const compare = index.comparator(sort);
  const byRank = (a: number, b: number) => rank[a]! - rank[b]! || compare(a, b);
  if (count <= SMALL_RESULT) {
    const docs = matchedDocs(matches, index.size).sort(byRank);
    return direction === 'asc' ? docs.slice(0, need) : docs.reverse().slice(0, need);
  }
  const tail: number[] = [];
  for (let doc = index.orderedUpTo; doc < index.size; doc++) if (matches.has(doc)) tail.push(doc);
  tail.sort(byRank);
  const order = index.order[sort];
  const out: number[] = [];
  if (direction === 'asc') {
    let t = 0;
    for (let i = 0; i < index.orderedUpTo && out.length < need; i++) {
      const doc = order[i]!;
      while (t < tail.length && rank[tail[t]!]! < rank[doc]!) out.push(tail[t++]!);
      if (matches.has(doc)) out.push(doc);
    }
    while (out.length < need && t < tail.length) out.push(tail[t++]!);
  } else {
    let t = tail.length - 1;
    for (let i = index.orderedUpTo - 1; i >= 0 && out.length < need; i--) {
      const doc = order[i]!;
      while (t >= 0 && rank[tail[t]!]! > rank[doc]!) out.push(tail[t--]!);
      if (matches.has(doc)) out.push(doc);
    }
    while (out.length < need && t >= 0) out.push(tail[t--]!);
  }
  return out.slice(0, need);
}

/**
 * Best matches first: a document scores the weights of the fields each query word was found in
 * (name 8 … education 1); equal scores keep the most recently verified first.
 */
function byRelevance(
  index: SearchIndex,
  matches: Bits,
  count: number,
  wordLists: WeightedList[][],
  need: number,
) {
  const scores = new Uint16Array(index.size);
  for (const lists of wordLists) {
    for (const { list, weight } of lists) {
      const { docs, length } = list;
      for (let i = 0; i < length; i++) {
        const doc = docs[i]!;
        if (matches.has(doc)) scores[doc] = scores[doc]! + weight;
      }
    }
  }
  const rank = index.rank.verified;
  const compare = index.comparator('verified');
  const best = (a: number, b: number) => scores[b]! - scores[a]! || rank[a]! - rank[b]! || compare(a, b);
  if (count <= SMALL_RESULT) return matchedDocs(matches, index.size).sort(best).slice(0, need);

  // Many matches: find the lowest score that still reaches the page, then walk the verified order
  // once, sorting documents at or above it into per-score buckets (each already in verified order).
  const histogram = new Map<number, number>();
  for (const doc of matchedDocs(matches, index.size))
    histogram.set(scores[doc]!, (histogram.get(scores[doc]!) ?? 0) + 1);
  const levels = [...histogram.keys()].sort((a, b) => b - a);
  let threshold = 0;
  let above = 0;
  for (const level of levels) {
    threshold = level;
    if (above + histogram.get(level)! >= need) break;
    above += histogram.get(level)!;
  }
  const buckets = new Map<number, number[]>(levels.filter((l) => l >= threshold).map((l) => [l, []]));
  let collectedAbove = 0;
  let collectedAt = 0;
  const walk = inOrder(index, matches, count, 'verified', 'asc', index.size);
  for (const doc of walk) {
    const score = scores[doc]!;
    if (score < threshold) continue;
    buckets.get(score)!.push(doc);
    if (score > threshold) collectedAbove++;
    else collectedAt++;
    if (collectedAbove === above && collectedAt >= need - above) break;
  }
  return [...buckets.keys()]
    .sort((a, b) => b - a)
    .flatMap((level) => buckets.get(level)!)
    .slice(0, need);
}

import { type SearchIndex, type SortOrder, TEXT_FIELDS, type TextField } from './search-index';
import { firstInOrder } from './search-orders';
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
  /** Only documents from this number on: those added to the index after an earlier moment. */
  fromDoc?: number;
  /**
   * The forms the last word stands for when `prefixLast` (itself first): decided once for all shards
   * of a directory split across workers. Without it the index expands the prefix from its own words.
   */
  lastWordForms?: string[];
};

/** `scores`: each doc's relevance score, when the query was sorted by relevance of its words. */
export type IndexResult = { count: number; docs: number[]; scores?: number[] };

const FIELDS = Object.keys(TEXT_FIELDS) as TextField[];
/** A word typed as a prefix matches at most this many words of the vocabulary besides itself. */
export const PREFIX_EXPANSION = 50;
/** Below this many matches, sorting the matches beats walking a sorted order of everything. */
const SMALL_RESULT = 5000;

/**
 * Working memory reused by every query. Queries run synchronously on one thread, so one set is
 * enough, and a search allocates almost nothing (big per-query buffers meant long GC pauses).
 */
class Scratch {
  readonly matches: Bits;
  readonly group: Bits;
  readonly scores: Uint16Array;

  constructor(readonly capacity: number) {
    this.matches = new Bits(capacity);
    this.group = new Bits(capacity);
    this.scores = new Uint16Array(capacity);
  }
}
let scratch = new Scratch(0);
const scratchFor = (size: number) => {
  if (scratch.capacity < size) scratch = new Scratch(Math.ceil(size * 1.25));
  return scratch;
};

export function runQuery(index: SearchIndex, query: IndexQuery): IndexResult {
  const work = scratchFor(index.size);
  const matches = work.matches.assign(index.alive);
  if (query.fromDoc) matches.clearBelow(query.fromDoc);
  const last = query.words.length - 1;
  const wordLists = query.words.map((word, i) =>
    i === last && query.prefixLast && query.lastWordForms
      ? formPostings(index, query.lastWordForms)
      : wordPostings(index, word, query.prefixLast && i === last),
  );
  for (const lists of wordLists) {
    work.group.clearAll();
    for (const { list } of lists) work.group.addAll(list);
    matches.and(work.group);
  }
  for (const group of query.groups) matches.and(groupBits(index, group, work));
  const count = matches.count();
  const need = Math.min(query.offset + query.limit, count);
  if (need <= query.offset) return { count, docs: [] };
  if (query.sort === 'relevance' && query.words.length > 0) {
    const docs = byRelevance(index, matches, count, wordLists, need, work.scores).slice(query.offset, need);
    return { count, docs, scores: docs.map((doc) => work.scores[doc]!) };
  }
  const sort = query.sort === 'relevance' ? 'verified' : query.sort;
  const docs = inOrder(index, matches, count, sort, query.direction, need);
  return { count, docs: docs.slice(query.offset, need) };
}

type WeightedList = { list: Postings; weight: number };

function wordPostings(index: SearchIndex, word: string, prefix: boolean): WeightedList[] {
  return formPostings(
    index,
    prefix && word.length >= 3 ? prefixForms(word, index.wordsStartingWith(word, PREFIX_EXPANSION)) : [word],
  );
}

/** The forms a last word typed as a prefix stands for: itself, then the expansions found for it. */
export function prefixForms(word: string, expansions: readonly string[]): string[] {
  return [word, ...expansions.filter((w) => w !== word)];
}

function formPostings(index: SearchIndex, forms: readonly string[]): WeightedList[] {
  const lists: WeightedList[] = [];
  for (const form of forms) {
    for (const field of FIELDS) {
      const list = index.postingsOf(`${field}:${form}`);
      if (list) lists.push({ list, weight: TEXT_FIELDS[field] });
    }
  }
  return lists;
}

function groupBits(index: SearchIndex, alternatives: string[][], work: Scratch): Bits {
  const result = work.group.clearAll();
  for (const terms of alternatives) {
    const lists = terms.map((term) => index.postingsOf(term));
    if (lists.some((list) => !list)) continue;
    if (lists.length === 1) {
      result.addAll(lists[0]!);
      continue;
    }
    // Every word of a tag: keep the docs of the shortest list that are in all the others.
    const [shortest, ...others] = [...lists].sort((a, b) => a!.length - b!.length) as Postings[];
    const { docs, length } = shortest!;
    const rest = others.map((list) => Bits.of(index.size, [list]));
    for (let i = 0; i < length; i++) {
      const doc = docs[i]!;
      if (rest.every((bits) => bits.has(doc))) result.set(doc);
    }
  }
  return result;
}

function matchedDocs(matches: Bits, size: number): number[] {
  const docs: number[] = [];
  const w = matches.words;
  for (let i = 0; i < w.length; i++) {
    let word = w[i]!;
    while (word !== 0) {
      const doc = (i << 5) + (31 - Math.clz32(word & -word));
      if (doc < size) docs.push(doc);
      word &= word - 1;
    }
  }
  return docs;
}

/**
 * Visits the matches in a sort order, merging the unsorted tail in by rank, until `visit` says
 * stop. Walking the precomputed order costs at most one pass over the directory. `tailLimit`: the
 * walk visits at most that many documents in all, so only the tail's first ones in walk order are
 * sorted (an import's tail can hold a sixteenth of the directory; a page needs 25 of it).
 */
function walkOrder(
  index: SearchIndex,
  matches: Bits,
  sort: SortOrder,
  direction: 'asc' | 'desc',
  visit: (doc: number) => boolean,
  tailLimit = Number.POSITIVE_INFINITY,
): void {
  const rank = index.rank[sort];
  const compare = index.comparator(sort);
  const byRank = (a: number, b: number) => rank[a]! - rank[b]! || compare(a, b);
  const matched: number[] = [];
  for (let doc = index.orderedUpTo; doc < index.size; doc++) if (matches.has(doc)) matched.push(doc);
  const tail =
    matched.length > tailLimit * 4
      ? firstInOrder(matched, tailLimit, direction === 'asc' ? byRank : (a, b) => byRank(b, a))
      : matched.sort(byRank);
  if (direction === 'desc' && tail !== matched) tail.reverse();
  const order = index.order[sort];
  if (direction === 'asc') {
    let t = 0;
    for (let i = 0; i < index.orderedUpTo; i++) {
      const doc = order[i]!;
      while (t < tail.length && rank[tail[t]!]! < rank[doc]!) if (!visit(tail[t++]!)) return;
      if (matches.has(doc) && !visit(doc)) return;
    }
    while (t < tail.length) if (!visit(tail[t++]!)) return;
  } else {
    let t = tail.length - 1;
    for (let i = index.orderedUpTo - 1; i >= 0; i--) {
      const doc = order[i]!;
      while (t >= 0 && rank[tail[t]!]! > rank[doc]!) if (!visit(tail[t--]!)) return;
      if (matches.has(doc) && !visit(doc)) return;
    }
    while (t >= 0) if (!visit(tail[t--]!)) return;
  }
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
  if (count <= SMALL_RESULT) {
    const rank = index.rank[sort];
    const compare = index.comparator(sort);
    const docs = matchedDocs(matches, index.size).sort((a, b) => rank[a]! - rank[b]! || compare(a, b));
    return (direction === 'asc' ? docs : docs.reverse()).slice(0, need);
  }
  const out: number[] = [];
  walkOrder(index, matches, sort, direction, (doc) => out.push(doc) < need, need);
  return out;
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
  scores: Uint16Array,
) {
  scores.fill(0, 0, index.size);
  for (const lists of wordLists) {
    for (const { list, weight } of lists) {
      const { docs, length } = list;
      for (let i = 0; i < length; i++) {
        const doc = docs[i]!;
        if (matches.has(doc)) scores[doc] = scores[doc]! + weight;
      }
    }
  }
  if (count <= SMALL_RESULT) {
    const rank = index.rank.verified;
    const compare = index.comparator('verified');
    return matchedDocs(matches, index.size)
      .sort((a, b) => scores[b]! - scores[a]! || rank[a]! - rank[b]! || compare(a, b))
      .slice(0, need);
  }
  // Many matches: find the lowest score that still reaches the page, then walk the verified order
  // once, putting documents at or above it into per-score buckets (each stays in verified order).
  const histogram = new Map<number, number>();
  const w = matches.words;
  for (let i = 0; i < w.length; i++) {
    let word = w[i]!;
    while (word !== 0) {
      const score = scores[(i << 5) + (31 - Math.clz32(word & -word))]!;
      histogram.set(score, (histogram.get(score) ?? 0) + 1);
      word &= word - 1;
    }
  }
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
  walkOrder(index, matches, 'verified', 'asc', (doc) => {
    const score = scores[doc]!;
    if (score < threshold) return true;
    buckets.get(score)!.push(doc);
    if (score > threshold) collectedAbove++;
    else collectedAt++;
    return !(collectedAbove === above && collectedAt >= need - above);
  });
  return levels
    .filter((l) => l >= threshold)
    .flatMap((level) => buckets.get(level)!)
    .slice(0, need);
}

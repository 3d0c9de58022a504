import type { KeywordNode } from '@healthtal/contracts';
import { applyAny, applyGroup, bySize } from './search-groups';
import type { SearchIndex, SortOrder } from './search-index';
import { keywordBits } from './search-keywords';
import { byDistance, keepWithin, type NearQuery } from './search-near';
import { firstInOrder } from './search-orders';
import { identifierOf, TEXT_FIELDS, type TextField } from './search-terms';
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
  /** "None of" (issue 35): a document in any alternative of any of these groups does not match. */
  excluded?: string[][][];
  /** `distance`: nearest first (with `near` only; without it, as `verified`). */
  sort: SortOrder | 'relevance' | 'distance';
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
  /**
   * Boolean Keywords (ADR 0053): the documents must match this tree, and `words` are only its
   * positive words, which score relevance (not ANDed); `prefixLast` is off.
   */
  keywords?: KeywordNode;
  /** Only documents within `miles` of the point (search-near.ts); none without coordinates. */
  near?: NearQuery;
  /**
   * "Why this match" (match-reasons.ts): for each document of the page, which of these checks it
   * holds (each a filter value's alternatives, as `groups` holds them) and where `words` were found.
   */
  reasons?: string[][][];
};

/**
 * What the index found of a page's document for "why this match": the numbers of the query's
 * `reasons` it holds, and for each of the query's `words` the places it was found in, as bits
 * (bit i: WORD_PLACES[i]).
 */
export type Held = { checks: number[]; words: number[] };

/**
 * `scores`: each doc's relevance score, when the query was sorted by relevance of its words.
 * `held`: each doc's reasons, when the query asked for them.
 */
export type IndexResult = { count: number; docs: number[]; scores?: number[]; held?: Held[] };

const FIELDS = Object.keys(TEXT_FIELDS) as TextField[];
/** Where a query word can be found: a text field, or the candidate's identifier (the NPI). Held's bits. */
export const WORD_PLACES: readonly (TextField | 'identifier')[] = [...FIELDS, 'identifier'];
const IDENTIFIER_PLACE = FIELDS.length;
/** A word typed as a prefix matches at most this many words of the vocabulary besides itself. */
export const PREFIX_EXPANSION = 50;

/**
 * Working memory reused by every query. Queries run synchronously on one thread, so one set is
 * enough, and a search allocates almost nothing (big per-query buffers meant long GC pauses). Its
 * bit sets are handed out exactly as long as the index at hand needs (`sized`): every whole-set
 * operation passes over the index's words only, not over the room kept for it to grow (a quarter
 * more here, up to twice as much in the index's own sets).
 */
class Scratch {
  private readonly matchWords: Uint32Array;
  private readonly groupWords: Uint32Array;
  private readonly placeWords: Uint32Array;
  readonly scores: Uint16Array;
  private view: { size: number; matches: Bits; group: Bits; places: Bits } | null = null;

  constructor(readonly capacity: number) {
    const words = (capacity >>> 5) + 1;
    this.matchWords = new Uint32Array(words);
    this.groupWords = new Uint32Array(words);
    this.placeWords = new Uint32Array(words);
    this.scores = new Uint16Array(capacity);
  }

  /** The sets for an index of `size` documents (at most `capacity`), views of this memory. */
  sized(size: number) {
    if (this.view?.size !== size) {
      const words = (size >>> 5) + 1;
      this.view = {
        size,
        matches: new Bits(size, this.matchWords.subarray(0, words)),
        group: new Bits(size, this.groupWords.subarray(0, words)),
        places: new Bits(size, this.placeWords.subarray(0, words)),
      };
    }
    return { ...this.view, scores: this.scores };
  }
}
type Work = ReturnType<Scratch['sized']>;
let scratch = new Scratch(0);
const scratchFor = (size: number): Work => {
  if (scratch.capacity < size) scratch = new Scratch(Math.ceil(size * 1.25));
  return scratch.sized(size);
};

export function runQuery(index: SearchIndex, query: IndexQuery): IndexResult {
  const work = scratchFor(index.size);
  const matches = work.matches.assign(index.alive);
  if (query.fromDoc) matches.clearBelow(query.fromDoc);
  const wordLists = wordListsOf(index, query);
  // Filters first, the most selective first: once few documents are left, every later pass skips
  // the empty words (and reads nothing of its lists there). Then the radius, then the keywords.
  const groups = query.groups.length > 1 ? [...query.groups].sort(bySize(index)) : query.groups;
  for (const group of groups) applyGroup(index, matches, group, work.group, true);
  for (const group of query.excluded ?? []) applyGroup(index, matches, group, work.group, false);
  if (query.near) keepWithin(index, matches, query.near, work.group);
  for (const lists of query.keywords ? [] : wordLists)
    applyAny(
      matches,
      lists.map(({ list }) => list),
      work.group,
      true,
    );
  // After filters that left few documents, the tree is worked out only where they are.
  if (query.keywords)
    matches.and(keywordBits(index, query.keywords, groups.length > 0 || query.near ? matches : undefined));
  const page = pageOf(index, query, matches, wordLists, work);
  return query.reasons ? { ...page, held: heldBy(index, query, page.docs, wordLists) } : page;
}

/** The query's page of its matches, in its order. */
function pageOf(
  index: SearchIndex,
  query: IndexQuery,
  matches: Bits,
  wordLists: WeightedList[][],
  work: Work,
): IndexResult {
  const count = matches.count();
  const need = Math.min(query.offset + query.limit, count);
  if (need <= query.offset) return { count, docs: [] };
  if (query.sort === 'distance' && query.near) {
    const { docs } = byDistance(index, matches, query.near, query.direction, need);
    return { count, docs: docs.slice(query.offset, need) };
  }
  if (query.sort === 'relevance' && query.words.length > 0) {
    const docs = byRelevance(index, matches, count, wordLists, need, work.scores).slice(query.offset, need);
    return { count, docs, scores: docs.map((doc) => work.scores[doc]!) };
  }
  const sort = query.sort === 'relevance' || query.sort === 'distance' ? 'verified' : query.sort;
  const docs = firstMatches(index, matches, { count }, sort, query.direction, need);
  return { count, docs: docs.slice(query.offset, need) };
}

/**
 * What each of `docs` holds of the query's reasons (Held), read from the very lists the query
 * matched by: a filter value's alternatives, and each word's lists (the last word's prefix forms
 * included) by the place they index. The index decided the match; this says which parts of it.
 */
export function heldBy(
  index: SearchIndex,
  query: IndexQuery,
  docs: readonly number[],
  wordLists: readonly WeightedList[][] = wordListsOf(index, query),
): Held[] {
  const checks = (query.reasons ?? []).map((alternatives) =>
    alternatives.map((terms) => terms.map((term) => index.postingsOf(term))),
  );
  return docs.map((doc) => ({
    checks: checks.flatMap((alternatives, i) =>
      alternatives.some((lists) => lists.every((list) => list?.has(doc))) ? [i] : [],
    ),
    words: wordLists.map((lists) =>
      lists.reduce((places, { list, place }) => (list.has(doc) ? places | (1 << place) : places), 0),
    ),
  }));
}

/** A list a query word matches by, its weight for relevance and the place it indexes (WORD_PLACES). */
type WeightedList = { list: Postings; weight: number; place: number };

/** Each query word's lists: its own in every text field, the last one's prefix forms, and an NPI's candidate. */
function wordListsOf(index: SearchIndex, query: IndexQuery): WeightedList[][] {
  const last = query.words.length - 1;
  return query.words.map((word, i) =>
    withIdentifier(
      index,
      word,
      i === last && query.prefixLast && query.lastWordForms
        ? formPostings(index, query.lastWordForms)
        : wordPostings(index, word, query.prefixLast && i === last),
    ),
  );
}

/** A word that is a candidate's NPI matches them as a word of their name does (and weighs as much). */
const IDENTIFIER_WEIGHT = TEXT_FIELDS.n;

/** A word's lists, with the candidate it identifies when it is an NPI ("1851806699"). */
function withIdentifier(index: SearchIndex, word: string, lists: WeightedList[]): WeightedList[] {
  const identifier = identifierOf(word);
  const found = identifier === null ? null : index.docsWithIdentifier(identifier);
  if (found) lists.push({ list: found, weight: IDENTIFIER_WEIGHT, place: IDENTIFIER_PLACE });
  return lists;
}

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
    for (const [place, field] of FIELDS.entries()) {
      const list = index.postingsOf(`${field}:${form}`);
      if (list) lists.push({ list, weight: TEXT_FIELDS[field], place });
    }
  }
  return lists;
}

/** The matched documents (those `pick` accepts, when given), in document order. */
function matchedDocs(matches: Bits, size: number, pick?: (doc: number) => boolean): number[] {
  const docs: number[] = [];
  const w = matches.words;
  for (let i = 0; i < w.length; i++) {
    let word = w[i]!;
    while (word !== 0) {
      const doc = (i << 5) + (31 - Math.clz32(word & -word));
      if (doc < size && (!pick || pick(doc))) docs.push(doc);
      word &= word - 1;
    }
  }
  return docs;
}

type Accepting = { count: number; accepted?: number; pick?: (doc: number) => boolean };

/**
 * The first `need` matches in a sort order (only those `pick` accepts, `accepted` of the `count`
 * matches, when given). Ascending, documents without a value come last, as the order keeps them;
 * descending they come last too (issue 37, finding 13: a descending location sort opened on
 * hundreds of rows without a place): first the documents with a value, greatest first, then those
 * without, in the order they keep among themselves.
 */
function firstMatches(
  index: SearchIndex,
  matches: Bits,
  accepting: Accepting,
  sort: SortOrder,
  direction: 'asc' | 'desc',
  need: number,
): number[] {
  if (direction === 'asc') return firstMatchesIn(index, matches, accepting, sort, 'asc', need, null);
  const from = index.missingFrom(sort);
  const missing = index.missing(sort);
  const present = firstMatchesIn(index, matches, accepting, sort, 'desc', need, {
    lo: 0,
    hi: from,
    tail: (doc) => !missing(doc),
  });
  if (present.length >= need) return present;
  const blanks = firstMatchesIn(index, matches, accepting, sort, 'asc', need - present.length, {
    lo: from,
    hi: index.orderedUpTo,
    tail: missing,
  });
  return present.concat(blanks);
}

/**
 * The first `need` matches of a stretch of a sort order (`range`: the places `lo` ≤ place < `hi`
 * of the sorted part, and the tail's documents `tail` accepts; all of them without), the unsorted
 * tail merged in by rank. The sorted part is read one of two ways, whichever is expected to be
 * cheaper: walking the order and testing each document (about need × size / accepted steps: a page
 * of a broad search), or marking each match's place in the order as a bit and reading the bits in
 * order (a pass over the matches and the order's size / 32 words: a deep page, or a narrow search).
 * Only the tail's first `need` in order are sorted (an import's tail can hold a sixteenth of the
 * directory; a page needs 25 of it).
 */
function firstMatchesIn(
  index: SearchIndex,
  matches: Bits,
  { count, accepted = count, pick }: Accepting,
  sort: SortOrder,
  direction: 'asc' | 'desc',
  need: number,
  range: { lo: number; hi: number; tail: (doc: number) => boolean } | null,
): number[] {
  if (need <= 0 || accepted === 0) return [];
  const rank = index.rank[sort];
  const compare = index.comparator(sort);
  const byRank = (a: number, b: number) => rank[a]! - rank[b]! || compare(a, b);
  const matched: number[] = [];
  for (let doc = index.orderedUpTo; doc < index.size; doc++)
    if (matches.has(doc) && (!pick || pick(doc)) && (!range || range.tail(doc))) matched.push(doc);
  const tail =
    matched.length > need * 4
      ? firstInOrder(matched, need, direction === 'asc' ? byRank : (a, b) => byRank(b, a))
      : matched.sort(byRank);
  if (direction === 'desc' && tail !== matched) tail.reverse();
  const lo = range?.lo ?? 0;
  const hi = range?.hi ?? index.orderedUpTo;
  const order = index.order[sort];
  const out: number[] = [];
  let t = direction === 'asc' ? 0 : tail.length - 1;
  // The sorted part's matches by place, in walk order, each visited once: a tail document whose rank
  // comes first is taken before it.
  const take = (place: number): boolean => {
    const doc = order[place]!;
    if (direction === 'asc')
      while (out.length < need && t < tail.length && rank[tail[t]!]! < place) out.push(tail[t++]!);
    else while (out.length < need && t >= 0 && rank[tail[t]!]! > place) out.push(tail[t--]!);
    if (out.length < need) out.push(doc);
    return out.length < need;
  };
  const walkSteps = (need * (hi - lo)) / accepted;
  if (walkSteps <= count + accepted + index.orderedUpTo / 32) {
    if (direction === 'asc') {
      for (let place = lo; place < hi; place++) {
        const doc = order[place]!;
        if (matches.has(doc) && (!pick || pick(doc)) && !take(place)) return out;
      }
    } else {
      for (let place = hi - 1; place >= lo; place--) {
        const doc = order[place]!;
        if (matches.has(doc) && (!pick || pick(doc)) && !take(place)) return out;
      }
    }
  } else {
    const sorted = index.orderedUpTo;
    const places = scratchFor(sorted).places.clearAll();
    const w = matches.words;
    const last = sorted >>> 5;
    for (let i = 0; i <= last && i < w.length; i++) {
      let word = w[i]!;
      while (word !== 0) {
        const doc = (i << 5) + (31 - Math.clz32(word & -word));
        if (doc < sorted && (!pick || pick(doc))) {
          const place = rank[doc]!;
          if (place >= lo && place < hi) places.set(place);
        }
        word &= word - 1;
      }
    }
    if (!placesInOrder(places.words, direction, take)) return out;
  }
  if (direction === 'asc') while (out.length < need && t < tail.length) out.push(tail[t++]!);
  else while (out.length < need && t >= 0) out.push(tail[t--]!);
  return out;
}

/** Calls `visit` with each set bit's number, ascending or descending, until it returns false (then false). */
function placesInOrder(
  w: Uint32Array,
  direction: 'asc' | 'desc',
  visit: (place: number) => boolean,
): boolean {
  if (direction === 'asc') {
    for (let i = 0; i < w.length; i++) {
      let word = w[i]!;
      while (word !== 0) {
        if (!visit((i << 5) + (31 - Math.clz32(word & -word)))) return false;
        word &= word - 1;
      }
    }
    return true;
  }
  for (let i = w.length - 1; i >= 0; i--) {
    let word = w[i]!;
    while (word !== 0) {
      const bit = 31 - Math.clz32(word);
      if (!visit((i << 5) + bit)) return false;
      word &= ~(1 << bit);
    }
  }
  return true;
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
  const w = matches.words;
  let maxScore = 0;
  for (const lists of wordLists) {
    let most = 0;
    for (const { list, weight } of lists) {
      most += weight;
      const { dense, docs, length } = list;
      if (dense) {
        // The list's words ANDed with the matches: only the documents in both are visited.
        const n = Math.min(w.length, dense.length);
        for (let i = 0; i < n; i++) {
          let both = w[i]! & dense[i]!;
          while (both !== 0) {
            const doc = (i << 5) + (31 - Math.clz32(both & -both));
            scores[doc] = scores[doc]! + weight;
            both &= both - 1;
          }
        }
        continue;
      }
      for (let i = 0; i < length; i++) {
        const doc = docs[i]!;
        if ((w[doc >>> 5]! & (1 << (doc & 31))) !== 0) scores[doc] = scores[doc]! + weight;
      }
    }
    maxScore += most;
  }
  // The lowest score that still reaches the page (`threshold`), and how many score above it.
  const histogram = new Uint32Array(maxScore + 1);
  for (let i = 0; i < w.length; i++) {
    let word = w[i]!;
    while (word !== 0) {
      histogram[scores[(i << 5) + (31 - Math.clz32(word & -word))]!]!++;
      word &= word - 1;
    }
  }
  let threshold = maxScore;
  let above = 0;
  for (; threshold > 0; threshold--) {
    if (above + histogram[threshold]! >= need) break;
    above += histogram[threshold]!;
  }
  // Those above it (fewer than a page) by score, then verified; then the page's rest from those at it.
  const rank = index.rank.verified;
  const compare = index.comparator('verified');
  const top =
    above === 0
      ? []
      : matchedDocs(matches, index.size, (doc) => scores[doc]! > threshold).sort(
          (a, b) => scores[b]! - scores[a]! || rank[a]! - rank[b]! || compare(a, b),
        );
  const atThreshold = (doc: number) => scores[doc] === threshold;
  const rest = firstMatches(
    index,
    matches,
    { count, accepted: histogram[threshold]!, pick: atThreshold },
    'verified',
    'asc',
    need - top.length,
  );
  return top.concat(rest);
}

import { FilterVocabulary, type Spelling, usualSpelling, type VocabularySnapshot } from './filter-vocabulary';
import { type IndexContent, SORT_ORDERS } from './search-index';
import { Bits, Postings } from './text';

/**
 * An index's content without its removed documents, renumbered in order: what a snapshot writes.
 * The index in memory only clears a removed document's bit, and keeps its words, sort keys and
 * filter values; a file must not, or a person removed from the directory stays on disk (issue 32,
 * ADR 0044). The result answers every query as the index does (documents keep their order, so
 * every sort order and rank is the old one without them) and is what an index loaded from the read
 * model, which no longer holds them, would be.
 */
export function liveContent(content: IndexContent): IndexContent {
  if (content.removed === 0) return content;
  const live = new LiveDocs(content.size, content.alive);
  const n = live.count;
  const perDoc = <T, Into extends { [i: number]: T }>(values: ArrayLike<T>, into: Into): Into => {
    for (let doc = 0; doc < content.size; doc++) if (live.has(doc)) into[live.number(doc)] = values[doc]!;
    return into;
  };
  const uuids = new Uint8Array(n * 16);
  for (let doc = 0; doc < content.size; doc++)
    if (live.has(doc)) uuids.set(content.uuids.subarray(doc * 16, doc * 16 + 16), live.number(doc) * 16);
  const postings = livePostings(content.postings, live);
  const words = new Set([...postings.keys()].map((term) => term.slice(2)));
  const { json, lists } = content.filterValues.toSnapshot();
  const alive = new Bits(n);
  for (let doc = 0; doc < n; doc++) alive.set(doc);
  return {
    size: n,
    orderedUpTo: live.countBefore(content.orderedUpTo),
    version: content.version,
    removed: 0,
    seqs: perDoc(content.seqs, new Float64Array(n)),
    uuids,
    alive,
    verifiedKey: perDoc(content.verifiedKey, new Float64Array(n)),
    identifiers: perDoc(content.identifiers, new Float64Array(n)),
    latitudes: perDoc(content.latitudes, new Float32Array(n)),
    longitudes: perDoc(content.longitudes, new Float32Array(n)),
    ...liveOrders(content, live),
    postings,
    keys: {
      name: perDoc(content.keys.name, new Array<string>(n)),
      specialty: perDoc(content.keys.specialty, new Array<string>(n)),
      location: perDoc(content.keys.location, new Array<string>(n)),
    },
    vocabulary: content.vocabulary.filter((word) => words.has(word)),
    filterValues: liveFilterValues(json, lists, live, postings),
  };
}

/** Which documents are live, and the number each has once the removed ones are left out. */
class LiveDocs {
  /** The new number of each document, -1 for a removed one. */
  private readonly numbers: Int32Array;
  /** How many live documents come before each document (and before the end). */
  private readonly before: Uint32Array;
  readonly count: number;

  constructor(
    size: number,
    private readonly alive: Bits,
  ) {
    this.numbers = new Int32Array(size);
    this.before = new Uint32Array(size + 1);
    let count = 0;
    for (let doc = 0; doc < size; doc++) {
      this.before[doc] = count;
      this.numbers[doc] = alive.has(doc) ? count++ : -1;
    }
    this.before[size] = count;
    this.count = count;
  }

  has(doc: number): boolean {
    return this.alive.has(doc);
  }

  number(doc: number): number {
    return this.numbers[doc]!;
  }

  countBefore(doc: number): number {
    return this.before[doc]!;
  }

  /** The live documents of a list, renumbered; null when none is left. */
  of(list: Postings): Postings | null {
    const docs = list.toArray();
    const kept = new Uint32Array(docs.length);
    let length = 0;
    for (const doc of docs) if (this.has(doc)) kept[length++] = this.number(doc);
    if (length === 0) return null;
    const renumbered = new Postings();
    renumbered.docs = kept.subarray(0, length);
    renumbered.length = length;
    // A dense list stays dense (as bits, as the snapshot keeps them); the index reviews it on load.
    if (list.dense) renumbered.makeDense((this.count >>> 5) + 1);
    return renumbered;
  }
}

/** Every term's live documents; a term only removed documents had is gone with them. */
function livePostings(postings: ReadonlyMap<string, Postings>, live: LiveDocs): Map<string, Postings> {
  const kept = new Map<string, Postings>();
  for (const [term, list] of postings) {
    const renumbered = live.of(list);
    if (renumbered) kept.set(term, renumbered);
  }
  return kept;
}

/**
 * Each sort order without the removed documents. A document of the tail (added since the last sort)
 * ranks `place - 0.5` among the sorted ones: its place counts only the live ones before it now.
 */
function liveOrders(content: IndexContent, live: LiveDocs): Pick<IndexContent, 'rank' | 'order'> {
  const sorted = content.orderedUpTo;
  const entries = SORT_ORDERS.map((sort) => {
    const order = content.order[sort];
    const rank = new Float64Array(live.count);
    const kept = new Uint32Array(live.countBefore(sorted));
    const liveBefore = new Uint32Array(sorted + 1);
    let at = 0;
    for (let place = 0; place < sorted; place++) {
      liveBefore[place] = at;
      const doc = order[place]!;
      if (!live.has(doc)) continue;
      rank[live.number(doc)] = at;
      kept[at++] = live.number(doc);
    }
    liveBefore[sorted] = at;
    for (let doc = sorted; doc < content.size; doc++) {
      if (!live.has(doc)) continue;
      // Before the first sort every rank is 0 (no order to place them in): it stays so.
      const place = sorted === 0 ? 0 : Math.round(content.rank[sort][doc]! + 0.5);
      rank[live.number(doc)] = sorted === 0 ? 0 : liveBefore[place]! - 0.5;
    }
    return [sort, { order: kept, rank }] as const;
  });
  return {
    order: Object.fromEntries(entries.map(([sort, { order }]) => [sort, order])) as IndexContent['order'],
    rank: Object.fromEntries(entries.map(([sort, { rank }]) => [sort, rank])) as IndexContent['rank'],
  };
}

/**
 * The filter values live documents hold: a value only removed documents held is gone, and so is a
 * spelling only a removed document used (seen once, first by it). First holders are renumbered (a
 * removed one by the next live document: it only breaks ties between equally frequent spellings).
 */
function liveFilterValues(
  json: VocabularySnapshot,
  lists: readonly Postings[],
  live: LiveDocs,
  postings: ReadonlyMap<string, Postings>,
): FilterVocabulary {
  const keptLists: Postings[] = [];
  const first = (doc: number) => Math.min(live.countBefore(doc), Math.max(0, live.count - 1));
  const fields: VocabularySnapshot = json.map(([field, entries, sorted, recent]) => {
    const kept = entries.flatMap(([key, display, seen, firstDoc, spellings, terms, docs]) => {
      const liveTerms = terms.filter((term) => postings.has(term));
      const own = docs >= 0 ? live.of(lists[docs]!) : null;
      if (liveTerms.length === 0 && !own) return [];
      if (own) keptLists.push(own);
      const liveSpellings = spellings
        ?.filter(([, { n, first: by }]) => n > 1 || live.has(by))
        .map(([text, spelling]): [string, Spelling] => [
          text,
          { n: spelling.n, first: first(spelling.first) },
        ]);
      return [
        [
          key,
          liveSpellings && liveSpellings.length > 0 ? usualSpelling(liveSpellings) : display,
          seen,
          first(firstDoc),
          liveSpellings ?? null,
          liveTerms,
          own ? keptLists.length - 1 : -1,
        ] as VocabularySnapshot[number][1][number],
      ];
    });
    const keys = new Set(kept.map(([key]) => key));
    return [field, kept, sorted.filter((key) => keys.has(key)), recent.filter((key) => keys.has(key))];
  });
  return FilterVocabulary.fromSnapshot(fields, keptLists);
}

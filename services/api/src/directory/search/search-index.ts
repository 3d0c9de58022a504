import { type FilterSuggestion, type SuggestedField, termOf, wordTermsOf } from '@healthtal/contracts';
import { yieldToEventLoop } from '@healthtal/eventstore';
import { FilterVocabulary, type VocabularySnapshot } from './filter-vocabulary';
import { mergeTail, rankAmong } from './search-orders';
import { Bits, fold, Postings, packPostings, unpackPostings, words } from './text';

/** What the index needs of a candidate (a row of the directory read model). */
export type IndexedCandidate = {
  seq: number;
  id: string;
  firstName: string | null;
  lastName: string | null;
  title: string | null;
  specialty: string | null;
  companyName: string | null;
  city: string | null;
  state: string | null;
  companySize: string | null;
  companyRevenue: string | null;
  companyIndustry: string | null;
  skills: readonly string[];
  education: readonly { school: string; degree: string }[];
  emailVerifiedAt: Date | null;
};

export type SnapshotArray = Float64Array | Uint32Array | Uint8Array;
/** The strings of an index snapshot (its numbers are typed arrays beside it). */
export type IndexSnapshot = {
  size: number;
  orderedUpTo: number;
  version: number;
  removed: number;
  terms: string[];
  vocabulary: string[];
  filterValues: VocabularySnapshot;
};
/** The long string lists of a snapshot (one per document), kept as text rather than JSON. */
export type SnapshotTexts = { name: string[]; specialty: string[]; location: string[] };

export type SortOrder = 'name' | 'specialty' | 'location' | 'verified';
export const SORT_ORDERS: readonly SortOrder[] = ['name', 'specialty', 'location', 'verified'];
/** Free-text fields and their weight for relevance: a match in the name counts most. */
export const TEXT_FIELDS = { n: 8, s: 6, t: 5, o: 3, k: 2, e: 1 } as const;
export type TextField = keyof typeof TEXT_FIELDS;
const TEXT_FIELD_NAMES = Object.keys(TEXT_FIELDS) as TextField[];

export type WordFrequency = { word: string; n: number };

/** The `max` most frequent words (sorted alphabetically, so equal counts stay alphabetical). */
export function mostFrequent(words: readonly WordFrequency[], max: number): string[] {
  return [...words]
    .sort((a, b) => b.n - a.n)
    .slice(0, max)
    .map(({ word }) => word);
}

/**
 * A list holding at least this share of the index keeps its documents as bits too (Postings.dense):
 * a query ORs its words (the index's size / 32 of them) instead of setting a bit per document, and
 * its bits cost less memory than its documents. One that falls below half of it as the index grows
 * gives its bits up; lists shorter than DENSE_MIN never keep any.
 */
const DENSE_SHARE = 1 / 32;
const DENSE_MIN = 16;
const denseFrom = (size: number) => Math.max(DENSE_MIN, size * DENSE_SHARE);

/** How many distinct values a memo keeps before it starts again (names can be many). */
const VALUE_MEMO_LIMIT = 200_000;

/**
 * What a value becomes in the index (its terms, its folded sort key), worked out once per distinct
 * value: a directory's cities, titles, skills, schools and names repeat, and folding (Unicode
 * normalisation) is most of the cost of indexing a row.
 */
class ValueMemo<T> {
  private readonly known = new Map<string, T>();

  constructor(private readonly compute: (value: string) => T) {}

  of(value: string): T {
    let found = this.known.get(value);
    if (found === undefined) {
      found = this.compute(value);
      if (this.known.size >= VALUE_MEMO_LIMIT) this.known.clear();
      this.known.set(value, found);
    }
    return found;
  }
}

/** A free-text field's word terms (`n:garcia`), for the query's words and relevance. */
const textTerms = (field: TextField, value: string) => words(value).map((word) => `${field}:${word}`);
const NAME_TERMS = new ValueMemo((value) => textTerms('n', value));
const TITLE_TERMS = new ValueMemo((value) => wordTermsOf('title', value));
const ORGANIZATION_TERMS = new ValueMemo((value) => wordTermsOf('organization', value));
const SPECIALTY_TERMS = new ValueMemo((value) => [...textTerms('s', value), termOf('specialty', value)]);
const withTerm = (terms: string[], term: string) => ({ terms: [...terms, term], term });
const SKILL_TERMS = new ValueMemo((value) => withTerm(textTerms('k', value), termOf('skills', value)));
const SCHOOL_TERMS = new ValueMemo((value) =>
  withTerm(textTerms('e', value), termOf('education', value, 'school')),
);
/** A degree's words, and each degree of a list ("BSN, MSN") with its filter term. */
const DEGREE_TERMS = new ValueMemo((value) => {
  const values = value
    .split(',')
    .filter((degree) => degree.trim())
    .map((degree): [string, string] => [degree, termOf('education', degree, 'degree')]);
  return { terms: [...textTerms('e', value), ...values.map(([, term]) => term)], values };
});
const STATE_TERMS = new ValueMemo((value) => [termOf('state', value)]);
const CITY_TERMS = new ValueMemo((value): [string] => [termOf('city', value)]);
const SIZE_TERMS = new ValueMemo((value) => [termOf('companySize', value)]);
const REVENUE_TERMS = new ValueMemo((value) => [termOf('companyRevenue', value)]);
const INDUSTRY_TERMS = new ValueMemo((value) => [termOf('companyIndustry', value)]);
const FOLDED = new ValueMemo(fold);

const LAST = '\uffff';
const nameKey = (c: IndexedCandidate) =>
  `${c.lastName ? FOLDED.of(c.lastName) : LAST}\u0001${c.firstName ? FOLDED.of(c.firstName) : LAST}`;
/** The location sort's key of a state and a city, one string for each pair. */
const locationKeys = new Map<string, ValueMemo<string>>();
const locationKey = (state: string | null, city: string | null) => {
  const inState = state ?? LAST;
  let memo = locationKeys.get(inState);
  if (!memo) {
    memo = new ValueMemo((place) => `${inState}\u0001${place === '' ? LAST : FOLDED.of(place)}`);
    locationKeys.set(inState, memo);
  }
  return memo.of(city ?? '');
};

/**
 * The directory in memory, for search: inverted lists of document numbers per term (field words and
 * facet values), the order of every sort, and the uuid and read-model `seq` of each document.
 * Documents are only appended; a removed one is cleared from `alive`. Documents added after the
 * last `reorder()` form a short tail that queries merge into the sorted orders by rank.
 */
export class SearchIndex {
  size = 0;
  alive = new Bits(0);
  private capacity = 0;
  private seqs = new Float64Array(0);
  private uuids = new Uint8Array(0);
  private readonly postings = new Map<string, Postings>();
  /** The lists that keep their documents as bits as well (Postings.dense). */
  private denseLists = new Set<Postings>();
  /** Each document's sort keys: its name key, and its specialty's and location's (ties go to the name key). */
  private readonly keys: Record<Exclude<SortOrder, 'verified'>, string[]> = {
    name: [],
    specialty: [],
    location: [],
  };
  private verifiedKey = new Float64Array(0);
  /** Each sort's comparator, made again when the arrays it reads are replaced (the index grew). */
  private comparators: Partial<Record<SortOrder, (a: number, b: number) => number>> = {};
  readonly rank: Record<SortOrder, Float64Array> = {
    name: new Float64Array(0),
    specialty: new Float64Array(0),
    location: new Float64Array(0),
    verified: new Float64Array(0),
  };
  order: Record<SortOrder, Uint32Array> = {
    name: new Uint32Array(0),
    specialty: new Uint32Array(0),
    location: new Uint32Array(0),
    verified: new Uint32Array(0),
  };
  /** Documents below this number are in `order`; the rest are the tail. */
  orderedUpTo = 0;
  /** Words of the text fields, sorted, for prefix matching; refreshed by `reorder()`. */
  private vocabulary: string[] = [];
  /** The typed filters' values with their holders: the sidebar's suggestions. */
  filterValues = new FilterVocabulary();
  /** Changes with every added or removed document (suggestions are memoised per version). */
  version = 0;
  /** How many documents were removed (cleared from `alive`). */
  removed = 0;

  add(candidate: IndexedCandidate): number {
    const doc = this.size;
    this.version++;
    this.ensureCapacity(doc + 1);
    this.size++;
    this.seqs[doc] = candidate.seq;
    writeUuid(this.uuids, doc, candidate.id);
    this.alive.set(doc);
    this.index(doc, candidate);
    this.keys.name[doc] = nameKey(candidate);
    this.keys.specialty[doc] = candidate.specialty ? FOLDED.of(candidate.specialty) : LAST;
    this.keys.location[doc] = locationKey(candidate.state, candidate.city || null);
    // Most recently verified first; never verified last.
    this.verifiedKey[doc] = candidate.emailVerifiedAt
      ? -candidate.emailVerifiedAt.getTime()
      : Number.MAX_VALUE;
    if (this.orderedUpTo > 0)
      for (const sort of SORT_ORDERS)
        this.rank[sort][doc] = rankAmong(this.order[sort], this.orderedUpTo, this.comparator(sort), doc);
    return doc;
  }

  /** Removes the document with this read-model seq; false when it is not here. */
  removeSeq(seq: number): boolean {
    const doc = this.docOfSeq(seq);
    if (doc < 0 || !this.alive.has(doc)) return false;
    this.alive.clear(doc);
    this.removed++;
    this.version++;
    return true;
  }

  postingsOf(term: string): Postings | undefined {
    return this.postings.get(term);
  }

  seqOf(doc: number): number {
    return this.seqs[doc]!;
  }

  idOf(doc: number): string {
    return readUuid(this.uuids, doc);
  }

  /** Copies the document's uuid, as 16 bytes, into `into` from byte `at`. */
  copyIdOf(doc: number, into: Uint8Array, at: number): void {
    const from = doc * 16;
    for (let i = 0; i < 16; i++) into[at + i] = this.uuids[from + i]!;
  }

  /** Words of the vocabulary starting with `prefix`: alphabetical when at most `max`, else the `max` most frequent. */
  wordsStartingWith(prefix: string, max: number): string[] {
    const found = this.vocabularyFrom(prefix);
    if (found.length <= max) return found;
    return mostFrequent(
      found.map((word) => ({ word, n: this.frequencyOf(word) })),
      max,
    );
  }

  /** Every word of the vocabulary starting with `prefix`, alphabetical, with its number of postings. */
  wordFrequencies(prefix: string): WordFrequency[] {
    return this.vocabularyFrom(prefix).map((word) => ({ word, n: this.frequencyOf(word) }));
  }

  private vocabularyFrom(prefix: string): string[] {
    const found: string[] = [];
    let lo = 0;
    let hi = this.vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.vocabulary[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.vocabulary.length && this.vocabulary[i]!.startsWith(prefix); i++)
      found.push(this.vocabulary[i]!);
    return found;
  }

  private frequencyOf(word: string): number {
    return TEXT_FIELD_NAMES.reduce(
      (total, field) => total + (this.postings.get(`${field}:${word}`)?.length ?? 0),
      0,
    );
  }

  /**
   * What orders `doc` in `sort`, comparable across indexes of different documents (shards): the
   * sort's key, and for `verified` the name key that breaks its ties. Equal keys fall back to seq.
   */
  sortKeyOf(sort: SortOrder, doc: number): { key: string | number; name: string } {
    const name = this.keys.name[doc]!;
    return { key: sort === 'verified' ? this.verifiedKey[doc]! : this.keys[sort][doc]!, name };
  }

  /**
   * Brings the tail into every order; the tail becomes empty. Run after a bulk load and when the tail
   * grows. A tail document's rank, taken when it was added, already says where it goes among the
   * sorted ones: each order merges its tail in by rank (search-orders mergeTail), the order a sort of
   * everything gives, for the tail's cost and one pass over the index instead of a sort of it.
   */
  reorder(): void {
    for (const _step of this.reordering());
  }

  /**
   * reorder(), with a turn of the event loop after each step (sorting one order's tail, merging it):
   * at 1.5M the whole takes a few hundred ms, which a search arriving meanwhile need not wait for.
   * Queries between steps see the index as it was: the new orders and ranks are made beside the old
   * ones and swapped in at the end. Nothing may be added or removed meanwhile (the one caller, a
   * part's sync, is also the only writer); if something was, the re-sort is dropped.
   */
  async reorderCooperatively(): Promise<void> {
    for (const _step of this.reordering()) await yieldToEventLoop();
  }

  private *reordering(): Generator<void> {
    const size = this.size;
    const from = this.orderedUpTo;
    const version = this.version;
    const merged = new Map<SortOrder, { order: Uint32Array; rank: Float64Array }>();
    for (const sort of SORT_ORDERS) {
      const current = { order: this.order[sort], rank: this.rank[sort], from, size };
      merged.set(sort, yield* mergeTail(current, this.comparator(sort)));
      yield;
    }
    const vocabulary = new Set<string>();
    for (const term of this.postings.keys()) {
      if (term.charCodeAt(1) === 58 /* ':' */) vocabulary.add(term.slice(2));
    }
    if (this.version !== version) return;
    for (const [sort, { order, rank }] of merged) {
      this.order[sort] = order;
      this.rank[sort] = rank;
    }
    this.vocabulary = [...vocabulary].sort();
    this.filterValues.sort();
    this.orderedUpTo = size;
  }

  get tailSize(): number {
    return this.size - this.orderedUpTo;
  }

  comparator(sort: SortOrder): (a: number, b: number) => number {
    let compare = this.comparators[sort];
    if (!compare) {
      compare = this.makeComparator(sort);
      this.comparators[sort] = compare;
    }
    return compare;
  }

  private makeComparator(sort: SortOrder): (a: number, b: number) => number {
    if (sort === 'verified') {
      const key = this.verifiedKey;
      const name = this.keys.name;
      return (a, b) => key[a]! - key[b]! || (name[a]! < name[b]! ? -1 : name[a]! > name[b]! ? 1 : a - b);
    }
    const key = this.keys[sort];
    if (sort === 'name') return (a, b) => (key[a]! < key[b]! ? -1 : key[a]! > key[b]! ? 1 : a - b);
    const name = this.keys.name;
    return (a, b) =>
      key[a]! < key[b]!
        ? -1
        : key[a]! > key[b]!
          ? 1
          : name[a]! < name[b]!
            ? -1
            : name[a]! > name[b]!
              ? 1
              : a - b;
  }

  /** The values of a typed filter starting with `prefix`, with their holders, most first. */
  suggest(field: SuggestedField, prefix: string, limit: number): FilterSuggestion[] {
    return this.filterValues.suggest(field, prefix, limit, this);
  }

  /** A candidate's terms: free-text words for relevance, and the filters' terms from the search table. */
  private index(doc: number, c: IndexedCandidate): void {
    const post = (terms: readonly string[]) => this.post(terms, doc);
    const values = this.filterValues;
    if (c.firstName) post(NAME_TERMS.of(c.firstName));
    if (c.lastName) post(NAME_TERMS.of(c.lastName));
    if (c.title) post(TITLE_TERMS.of(c.title));
    if (c.specialty) post(SPECIALTY_TERMS.of(c.specialty));
    if (c.companyName) post(ORGANIZATION_TERMS.of(c.companyName));
    values.add('title', c.title, doc);
    values.add('organization', c.companyName, doc);
    for (const skill of c.skills) {
      const { terms, term } = SKILL_TERMS.of(skill);
      post(terms);
      values.add('skills', skill, doc, term);
    }
    for (const { school, degree } of c.education) {
      const schoolTerms = SCHOOL_TERMS.of(school);
      post(schoolTerms.terms);
      values.add('education', school, doc, schoolTerms.term);
      const degreeTerms = DEGREE_TERMS.of(degree);
      post(degreeTerms.terms);
      for (const [d, term] of degreeTerms.values) values.add('education', d, doc, term);
    }
    if (c.state) post(STATE_TERMS.of(c.state));
    if (c.city) {
      const cityTerms = CITY_TERMS.of(c.city);
      post(cityTerms);
      values.add('city', c.city, doc, cityTerms[0]);
    }
    if (c.companySize) post(SIZE_TERMS.of(c.companySize));
    if (c.companyRevenue) post(REVENUE_TERMS.of(c.companyRevenue));
    if (c.companyIndustry) post(INDUSTRY_TERMS.of(c.companyIndustry));
  }

  /** Adds `doc` to the lists of `terms`. A term met twice for one document (a word in two skills) is held once: Postings.add. */
  private post(terms: readonly string[], doc: number): void {
    const dense = denseFrom(this.size);
    for (const term of terms) {
      let list = this.postings.get(term);
      if (!list) {
        list = new Postings();
        this.postings.set(term, list);
      }
      list.add(doc);
      if (!list.dense && list.length >= dense) this.makeDense(list);
    }
  }

  private makeDense(list: Postings): void {
    list.makeDense(this.alive.words.length);
    this.denseLists.add(list);
  }

  /**
   * After the index grew: a dense list gets room for the new capacity, or gives its bits up if it
   * now holds less than half the dense share; lists of the dense share get bits (a loaded snapshot).
   */
  private reviewDense(): void {
    const words = this.alive.words.length;
    for (const list of this.denseLists) {
      if (list.length * 2 >= denseFrom(this.size)) list.growDense(words);
      else {
        list.makeSparse();
        this.denseLists.delete(list);
      }
    }
    const dense = denseFrom(this.size);
    for (const list of this.postings.values()) if (!list.dense && list.length >= dense) this.makeDense(list);
  }

  /**
   * The whole index as JSON (strings) and typed arrays, for a snapshot file (search-snapshot.ts).
   */
  toSnapshot(): { json: IndexSnapshot; arrays: Record<string, SnapshotArray>; texts: SnapshotTexts } {
    const n = this.size;
    const terms = [...this.postings.keys()];
    const lists = terms.map((term) => this.postings.get(term)!);
    // Dense lists as their bits, one after the other, each as many words as the documents need.
    const dense = lists.flatMap((list, i) => (list.dense ? [i] : []));
    const words = (n >>> 5) + 1;
    const denseBits = new Uint32Array(dense.length * words);
    for (const [k, i] of dense.entries()) denseBits.set(lists[i]!.dense!.subarray(0, words), k * words);
    const postings = packPostings(lists.filter((list) => !list.dense));
    const vocabulary = this.filterValues.toSnapshot();
    const values = packPostings(vocabulary.lists);
    const name = this.keys.name.slice(0, n);
    return {
      json: {
        size: n,
        orderedUpTo: this.orderedUpTo,
        version: this.version,
        removed: this.removed,
        terms,
        vocabulary: this.vocabulary,
        filterValues: vocabulary.json,
      },
      arrays: {
        seqs: this.seqs.subarray(0, n),
        uuids: this.uuids.subarray(0, n * 16),
        alive: this.alive.words.subarray(0, (n >>> 5) + 1),
        verifiedKey: this.verifiedKey.subarray(0, n),
        ...Object.fromEntries(
          SORT_ORDERS.flatMap((sort) => [
            [`rank.${sort}`, this.rank[sort].subarray(0, n)],
            [`order.${sort}`, this.order[sort]],
          ]),
        ),
        postingLengths: Uint32Array.from(lists, (list) => list.length),
        postingDocs: postings.docs,
        denseTerms: Uint32Array.from(dense),
        denseBits,
        valueLengths: values.lengths,
        valueDocs: values.docs,
      },
      texts: { name, specialty: this.keys.specialty.slice(0, n), location: this.keys.location.slice(0, n) },
    };
  }

  static fromSnapshot(
    json: IndexSnapshot,
    arrays: Record<string, SnapshotArray>,
    texts: SnapshotTexts,
  ): SearchIndex {
    const index = new SearchIndex();
    const n = json.size;
    const array = <T extends SnapshotArray>(name: string, type: new (...args: never[]) => T): T => {
      const found = arrays[name];
      if (!(found instanceof type)) throw new Error(`index snapshot: ${name} is missing`);
      return found;
    };
    index.size = n;
    index.capacity = n;
    index.seqs = array('seqs', Float64Array);
    index.uuids = array('uuids', Uint8Array);
    index.alive = new Bits(n, array('alive', Uint32Array));
    index.verifiedKey = array('verifiedKey', Float64Array);
    for (const sort of SORT_ORDERS) {
      index.rank[sort] = array(`rank.${sort}`, Float64Array);
      index.order[sort] = array(`order.${sort}`, Uint32Array);
    }
    const lengths = array('postingLengths', Uint32Array);
    const denseTerms = array('denseTerms', Uint32Array);
    const denseBits = array('denseBits', Uint32Array);
    const words = (n >>> 5) + 1;
    if (lengths.length !== json.terms.length || denseBits.length !== denseTerms.length * words)
      throw new Error('index snapshot: postings do not match the terms');
    const denseAt = new Map(Array.from(denseTerms, (term, k) => [term, k]));
    const sparse = unpackPostings(
      lengths.filter((_, i) => !denseAt.has(i)),
      array('postingDocs', Uint32Array),
    );
    let nextSparse = 0;
    for (const [i, term] of json.terms.entries()) {
      let list: Postings;
      const k = denseAt.get(i);
      if (k !== undefined) {
        list = new Postings();
        list.length = lengths[i]!;
        list.dense = denseBits.subarray(k * words, (k + 1) * words);
        list.docs = new Uint32Array(0);
        index.denseLists.add(list);
      } else list = sparse[nextSparse++]!;
      index.postings.set(term, list);
    }
    index.reviewDense();
    const { name } = texts;
    if ([name, texts.specialty, texts.location].some((keys) => keys.length !== n))
      throw new Error('index snapshot: sort keys do not match the documents');
    index.keys.name = name;
    // Equal keys are one string (as an index built row by row holds them).
    const shared = new Map<string, string>();
    const intern = (key: string) => {
      const known = shared.get(key);
      if (known !== undefined) return known;
      shared.set(key, key);
      return key;
    };
    index.keys.specialty = texts.specialty.map(intern);
    index.keys.location = texts.location.map(intern);
    index.vocabulary = json.vocabulary;
    index.filterValues = FilterVocabulary.fromSnapshot(
      json.filterValues,
      unpackPostings(array('valueLengths', Uint32Array), array('valueDocs', Uint32Array)),
    );
    index.orderedUpTo = json.orderedUpTo;
    index.version = json.version;
    index.removed = json.removed;
    return index;
  }

  /** The first document whose read-model seq is `seq` or later (`size` when there is none). */
  firstDocFromSeq(seq: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.seqs[mid]! < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private docOfSeq(seq: number): number {
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const value = this.seqs[mid]!;
      if (value === seq) return mid;
      if (value < seq) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private ensureCapacity(needed: number): void {
    if (needed <= this.capacity) return;
    const capacity = Math.max(1024, this.capacity * 2, needed);
    const grow = (array: Float64Array) => {
      const grown = new Float64Array(capacity);
      grown.set(array);
      return grown;
    };
    this.seqs = grow(this.seqs);
    this.verifiedKey = grow(this.verifiedKey);
    this.comparators = {};
    for (const sort of SORT_ORDERS) this.rank[sort] = grow(this.rank[sort]);
    const uuids = new Uint8Array(capacity * 16);
    uuids.set(this.uuids);
    this.uuids = uuids;
    const alive = new Bits(capacity);
    alive.words.set(this.alive.words);
    this.alive = alive;
    this.capacity = capacity;
    this.reviewDense();
  }
}

/** A hex digit's value by its character code (0–9, a–f, A–F). */
const HEX = new Uint8Array(128);
for (let digit = 0; digit < 16; digit++) {
  HEX['0123456789abcdef'.charCodeAt(digit)] = digit;
  HEX['0123456789ABCDEF'.charCodeAt(digit)] = digit;
}

function writeUuid(bytes: Uint8Array, doc: number, id: string): void {
  let at = doc * 16;
  for (let i = 0; i < id.length; i += 2) {
    if (id.charCodeAt(i) === 45 /* '-' */) i++;
    bytes[at++] = (HEX[id.charCodeAt(i)]! << 4) | HEX[id.charCodeAt(i + 1)]!;
  }
}

/** The uuid held as 16 bytes from byte `doc * 16` of `bytes`, as text. */
export function readUuid(bytes: Uint8Array, doc: number): string {
  let hex = '';
  for (let i = 0; i < 16; i++) hex += bytes[doc * 16 + i]!.toString(16).padStart(2, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

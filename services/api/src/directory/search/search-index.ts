import type { FilterSuggestion, IndexedFields, SuggestedField } from '@healthtal/contracts';
import { yieldToEventLoop } from '@healthtal/eventstore';
import { FilterVocabulary } from './filter-vocabulary';
import { cellOf } from './search-cells';
import { mergeTail, rankAmong } from './search-orders';
import {
  FOLDED,
  forEachIndexedValue,
  IDENTIFIER_FIELD,
  type IndexedField,
  isBlankSortKey,
  LAST,
  locationKey,
  NEVER_VERIFIED,
  nameKey,
  TEXT_FIELDS,
  type TextField,
  type ValueMemo,
  type ValueTerms,
} from './search-terms';
import { Bits, Postings } from './text';
import { readUuid, writeUuid } from './uuid-bytes';

/**
 * What the index needs of a candidate (a row of the directory read model): its read-model seq and
 * id, and the fields the candidate field table gives a `search` entry (CANDIDATE_FIELDS).
 */
export type IndexedCandidate = { seq: number; id: string } & IndexedFields;

/**
 * Everything an index holds, as plain data: what a snapshot writes, and reads back into an index
 * (search-snapshot.ts). Arrays may be longer than `size` (the index's capacity).
 */
export type IndexContent = {
  size: number;
  orderedUpTo: number;
  version: number;
  removed: number;
  seqs: Float64Array;
  uuids: Uint8Array;
  alive: Bits;
  verifiedKey: Float64Array;
  /** Each document's identifier (its NPI as a number, 0 without one): search-terms IDENTIFIER_FIELD. */
  identifiers: Float64Array;
  /** Each document's practice coordinates (degrees, NaN when unknown): the near filter's (search-near.ts). */
  latitudes: Float32Array;
  longitudes: Float32Array;
  rank: Record<SortOrder, Float64Array>;
  order: Record<SortOrder, Uint32Array>;
  postings: ReadonlyMap<string, Postings>;
  keys: Record<Exclude<SortOrder, 'verified'>, string[]>;
  vocabulary: string[];
  filterValues: FilterVocabulary;
};

export type SortOrder = 'name' | 'specialty' | 'location' | 'verified';
export const SORT_ORDERS: readonly SortOrder[] = ['name', 'specialty', 'location', 'verified'];
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
  private identifiers = new Float64Array(0);
  latitudes = new Float32Array(0);
  longitudes = new Float32Array(0);
  /**
   * The documents with coordinates by grid cell (search-near cellOf: half a degree square), so a
   * near filter reads the cells its box covers, not every document. Not in a snapshot: made again
   * from the coordinates when one is loaded (fromContent).
   */
  readonly cells = new Map<number, Postings>();
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
    this.keys.name[doc] = nameKey(candidate.lastName, candidate.firstName);
    this.keys.specialty[doc] = candidate.specialty ? FOLDED.of(candidate.specialty) : LAST;
    this.keys.location[doc] = locationKey(candidate.state, candidate.city || null);
    // Most recently verified first; never verified last.
    this.verifiedKey[doc] = candidate.emailVerifiedAt ? -candidate.emailVerifiedAt.getTime() : NEVER_VERIFIED;
    const identifier = IDENTIFIER_FIELD ? candidate[IDENTIFIER_FIELD] : null;
    this.identifiers[doc] = identifier ? Number(identifier) : 0;
    this.latitudes[doc] = candidate.latitude ?? Number.NaN;
    this.longitudes[doc] = candidate.longitude ?? Number.NaN;
    this.placeInCell(doc);
    if (this.orderedUpTo > 0)
      for (const sort of SORT_ORDERS)
        this.rank[sort][doc] = rankAmong(this.order[sort], this.orderedUpTo, this.comparator(sort), doc);
    return doc;
  }

  /** Files a document with coordinates under its grid cell (as read back from the arrays: float32). */
  private placeInCell(doc: number): void {
    const latitude = this.latitudes[doc]!;
    const longitude = this.longitudes[doc]!;
    if (Number.isNaN(latitude) || Number.isNaN(longitude)) return;
    const cell = cellOf(latitude, longitude);
    let list = this.cells.get(cell);
    if (!list) {
      list = new Postings();
      this.cells.set(cell, list);
    }
    list.add(doc);
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

  /**
   * The documents whose identifier is `identifier` (one, or none: an NPI names one candidate), as a
   * list a query word's matches can take. A pass over the identifiers: about a millisecond a
   * million documents, for the rare query word that is an NPI.
   */
  docsWithIdentifier(identifier: number): Postings | null {
    const ids = this.identifiers;
    let found: Postings | null = null;
    for (let doc = 0; doc < this.size; doc++) {
      if (ids[doc] !== identifier) continue;
      found ??= new Postings();
      found.add(doc);
    }
    return found;
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

  /**
   * Whether a document has no value to sort by (no name, specialty, state, or verification): such
   * documents sort last ascending, and last descending too (firstMatches), so a sort never opens
   * on blanks (issue 37, finding 13).
   */
  missing(sort: SortOrder): (doc: number) => boolean {
    const key = sort === 'verified' ? this.verifiedKey : this.keys[sort];
    return (doc) => isBlankSortKey(key[doc]!);
  }

  /** The first place of `sort`'s order holding a document without a value (they are all after it). */
  missingFrom(sort: SortOrder): number {
    const order = this.order[sort];
    const missing = this.missing(sort);
    let lo = 0;
    let hi = this.orderedUpTo;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (missing(order[mid]!)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The values of a typed filter starting with `prefix`, with their holders, most first. */
  suggest(field: SuggestedField, prefix: string, limit: number): FilterSuggestion[] {
    return this.filterValues.suggest(field, prefix, limit, this);
  }

  /**
   * A candidate's terms, field by field of the candidate field table: its text field's words (for
   * the query and relevance) and its filter's terms (search-fields' rules), and the typed filters'
   * values for the suggestions.
   */
  private index(doc: number, c: IndexedCandidate): void {
    forEachIndexedValue(c, (indexed, memo, value) => this.postValue(indexed, memo, value, doc));
  }

  private postValue(indexed: IndexedField, memo: ValueMemo<ValueTerms>, value: string, doc: number): void {
    const { terms, term } = memo.of(value);
    this.post(terms, doc);
    if (indexed.suggested) this.filterValues.add(indexed.suggested, value, doc, term ?? undefined);
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

  /** What the index holds, by reference (a snapshot writes it: search-snapshot.ts). */
  content(): IndexContent {
    return {
      size: this.size,
      orderedUpTo: this.orderedUpTo,
      version: this.version,
      removed: this.removed,
      seqs: this.seqs,
      uuids: this.uuids,
      alive: this.alive,
      verifiedKey: this.verifiedKey,
      identifiers: this.identifiers,
      latitudes: this.latitudes,
      longitudes: this.longitudes,
      rank: this.rank,
      order: this.order,
      postings: this.postings,
      keys: this.keys,
      vocabulary: this.vocabulary,
      filterValues: this.filterValues,
    };
  }

  /** An index holding `content` (a snapshot read back), its arrays exactly `size` long. */
  static fromContent(content: IndexContent): SearchIndex {
    const index = new SearchIndex();
    const { postings, keys, rank, order, ...rest } = content;
    Object.assign(index, rest);
    index.capacity = content.size;
    for (const sort of SORT_ORDERS) {
      index.rank[sort] = rank[sort];
      index.order[sort] = order[sort];
    }
    Object.assign(index.keys, keys);
    for (const [term, list] of postings) {
      index.postings.set(term, list);
      if (list.dense) index.denseLists.add(list);
    }
    index.reviewDense();
    for (let doc = 0; doc < content.size; doc++) index.placeInCell(doc);
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
    this.identifiers = grow(this.identifiers);
    const growCoordinate = (array: Float32Array) => {
      const grown = new Float32Array(capacity).fill(Number.NaN);
      grown.set(array);
      return grown;
    };
    this.latitudes = growCoordinate(this.latitudes);
    this.longitudes = growCoordinate(this.longitudes);
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

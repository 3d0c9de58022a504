import { type FilterSuggestion, type SuggestedField, suggestionKeyOf } from '@healthtal/contracts';
import { Bits, Postings } from './text';

/** How often a spelling of a value was seen, and its first holder (a document, or a seq across parts). */
export type Spelling = { n: number; first: number };

/**
 * A suggestion with the value as the filter folds it (one value spelled several ways), and its
 * spellings (first: the seq of the first holder), so parts of the index can be merged.
 */
export type KeyedSuggestion = FilterSuggestion & { key: string; spellings: [string, Spelling][] };

/** What suggestions read of the index. */
type IndexView = {
  version: number;
  seqOf: (doc: number) => number;
  removed: number;
  alive: Bits;
  postingsOf: (term: string) => Postings | undefined;
};

const byName = new Intl.Collator('en');

/** Suggestions come most holders first, then alphabetically. */
export const bySuggestionOrder = (a: FilterSuggestion, b: FilterSuggestion) =>
  b.count - a.count || byName.compare(a.value, b.value);

/** One value of a filter: its most usual spelling and where its holders are. */
type Entry = {
  display: string;
  /** While the display is the only spelling: how often it was seen, and its first holder. */
  seen: number;
  first: number;
  /** Every spelling, how often and first where; kept only once a second spelling turns up. */
  spellings?: Map<string, Spelling>;
  /** Index terms whose postings hold it (a `value` filter: no copy of the lists). */
  terms: string[];
  /** Its own holders (a filter matched by words has no whole-value term in the index). */
  docs?: Postings;
};

/** A field's entries as [key, display, seen, first, spellings, terms, own list or -1], sorted and recent keys. */
export type VocabularySnapshot = [
  SuggestedField,
  [string, string, number, number, [string, Spelling][] | null, string[], number][],
  string[],
  string[],
][];

type FieldVocabulary = {
  entries: Map<string, Entry>;
  /** Keys sorted for prefix lookup; keys added since the last sort wait in `recent`. */
  sorted: string[];
  recent: string[];
};

/** Re-sort a field's keys once this many new ones have arrived (they are scanned until then). */
const RECENT_LIMIT = 2000;
const MEMO_LIMIT = 5000;
const FOLD_CACHE_LIMIT = 100_000;

/**
 * The values of the typed filters (city, title, organization, skills, education) with their
 * holders, for suggestions as the user types: a binary search over the sorted keys finds those
 * starting with the typed text, and the counts are the live holders (removed candidates excluded).
 * Answers are memoised until the index changes.
 */
export class FilterVocabulary {
  private readonly fields = new Map<SuggestedField, FieldVocabulary>();
  private memo = new Map<string, KeyedSuggestion[]>();
  private memoVersion = -1;
  private readonly folded = new Map<string, string>();

  /**
   * Records that `doc` holds `value` of `field`. `term`: the index term whose postings hold it (a
   * `value` filter); its key is the term's normalised value, so a school and a degree spelled alike
   * are one education value, as the filter finds both.
   */
  add(field: SuggestedField, value: string | null | undefined, doc: number, term?: string): void {
    if (!value) return;
    const key = term ? term.slice(term.indexOf(':') + 1) : this.foldedOf(field, value);
    if (!key) return;
    const vocabulary = this.vocabularyOf(field);
    const spelling = value.trim();
    let entry = vocabulary.entries.get(key);
    if (!entry) {
      entry = { display: spelling, seen: 1, first: doc, terms: [] };
      vocabulary.entries.set(key, entry);
      vocabulary.recent.push(key);
    } else {
      countSpelling(entry, spelling, doc);
    }
    if (term) {
      if (!entry.terms.includes(term)) entry.terms.push(term);
    } else {
      entry.docs ??= new Postings();
      entry.docs.add(doc);
    }
  }

  /** Titles and organisations repeat a lot: their folded forms are cached. */
  private foldedOf(field: SuggestedField, value: string): string {
    let key = this.folded.get(value);
    if (key === undefined) {
      key = suggestionKeyOf(field, value);
      if (this.folded.size >= FOLD_CACHE_LIMIT) this.folded.clear();
      this.folded.set(value, key);
    }
    return key;
  }

  /** Sorts every field's keys (after a bulk load). */
  sort(): void {
    for (const vocabulary of this.fields.values()) sortKeys(vocabulary);
  }

  /**
   * The values of `field` starting with `prefix` (folded like the filter), most holders first.
   * `version` changes whenever the index does; `postingsOf` and `alive` are the index's.
   */
  suggest(field: SuggestedField, prefix: string, limit: number, index: IndexView): FilterSuggestion[] {
    return this.suggestAll(field, prefix, index)
      .slice(0, limit)
      .map(({ value, count }) => ({ value, count }));
  }

  /** Every value of `field` starting with `prefix` that has holders, most first, with its folded key. */
  suggestAll(field: SuggestedField, prefix: string, index: IndexView): KeyedSuggestion[] {
    if (this.memoVersion !== index.version || this.memo.size >= MEMO_LIMIT) {
      this.memo = new Map();
      this.memoVersion = index.version;
    }
    const key = suggestionKeyOf(field, prefix);
    const memoKey = `${field}\u0000${key}`;
    const known = this.memo.get(memoKey);
    if (known) return known;
    const vocabulary = this.vocabularyOf(field);
    if (vocabulary.recent.length > RECENT_LIMIT) sortKeys(vocabulary);
    const counted: KeyedSuggestion[] = [];
    for (const found of [
      ...keysStartingWith(vocabulary.sorted, key),
      ...vocabulary.recent.filter((k) => k.startsWith(key)),
    ]) {
      const entry = vocabulary.entries.get(found)!;
      const lists = entry.docs ? [entry.docs] : entry.terms.flatMap((t) => index.postingsOf(t) ?? []);
      const count = holders(lists, index.removed > 0 ? index.alive : null);
      if (count === 0) continue;
      const spellings: [string, Spelling][] = entry.spellings
        ? [...entry.spellings].map(([text, { n, first }]) => [text, { n, first: index.seqOf(first) }])
        : [[entry.display, { n: entry.seen, first: index.seqOf(entry.first) }]];
      counted.push({ key: found, value: entry.display, count, spellings });
    }
    counted.sort(bySuggestionOrder);
    this.memo.set(memoKey, counted);
    return counted;
  }

  /** Everything but the memo, as JSON and lists (an index snapshot); fromSnapshot reads it back. */
  toSnapshot(): { json: VocabularySnapshot; lists: Postings[] } {
    const lists: Postings[] = [];
    const json: VocabularySnapshot = [...this.fields].map(([field, { entries, sorted, recent }]) => [
      field,
      [...entries].map(([key, { display, seen, first, spellings, terms, docs }]) => {
        if (docs) lists.push(docs);
        return [
          key,
          display,
          seen,
          first,
          spellings ? [...spellings] : null,
          terms,
          docs ? lists.length - 1 : -1,
        ];
      }),
      sorted,
      recent,
    ]);
    return { json, lists };
  }

  static fromSnapshot(json: VocabularySnapshot, lists: readonly Postings[]): FilterVocabulary {
    const vocabulary = new FilterVocabulary();
    for (const [field, entries, sorted, recent] of json) {
      vocabulary.fields.set(field, {
        entries: new Map(
          entries.map(([key, display, seen, first, spellings, terms, docs]) => [
            key,
            {
              display,
              seen,
              first,
              terms,
              ...(spellings ? { spellings: new Map(spellings) } : {}),
              ...(docs >= 0 ? { docs: lists[docs]! } : {}),
            },
          ]),
        ),
        sorted,
        recent,
      });
    }
    return vocabulary;
  }

  private vocabularyOf(field: SuggestedField): FieldVocabulary {
    let vocabulary = this.fields.get(field);
    if (!vocabulary) {
      vocabulary = { entries: new Map(), sorted: [], recent: [] };
      this.fields.set(field, vocabulary);
    }
    return vocabulary;
  }
}

function countSpelling(entry: Entry, spelling: string, doc: number): void {
  if (!entry.spellings) {
    if (spelling === entry.display) {
      entry.seen++;
      return;
    }
    entry.spellings = new Map([[entry.display, { n: entry.seen, first: entry.first }]]);
  }
  const known = entry.spellings.get(spelling);
  if (known) known.n++;
  else entry.spellings.set(spelling, { n: 1, first: doc });
  entry.display = usualSpelling(entry.spellings);
}

/** The spelling seen most often; of equally frequent ones, the one seen first. */
export function usualSpelling(spellings: Iterable<[string, Spelling]>): string {
  let usual: [string, Spelling] | null = null;
  for (const candidate of spellings) {
    const [, { n, first }] = candidate;
    if (!usual || n > usual[1].n || (n === usual[1].n && first < usual[1].first)) usual = candidate;
  }
  return usual![0];
}

function sortKeys(vocabulary: FieldVocabulary): void {
  if (vocabulary.recent.length === 0) return;
  vocabulary.sorted = [...vocabulary.sorted, ...vocabulary.recent].sort();
  vocabulary.recent = [];
}

function* keysStartingWith(sorted: readonly string[], prefix: string): Generator<string> {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) yield sorted[i]!;
}

/**
 * How many documents the lists hold together, counting only the live ones when some were removed
 * (`alive` null: none were). Lists are ascending, so several are merged without a set.
 */
function holders(lists: readonly Postings[], alive: Bits | null): number {
  if (lists.length === 1 && !alive) return lists[0]!.length;
  if (lists.some((list) => list.dense)) {
    // A dense list is bits: all of them as one set of bits, then counted.
    const words = Math.max(
      alive?.words.length ?? 0,
      ...lists.map(
        (list) => list.dense?.length ?? (list.length > 0 ? (list.docs[list.length - 1]! >>> 5) + 1 : 0),
      ),
    );
    const all = new Bits(0, new Uint32Array(words));
    for (const list of lists) all.addAll(list);
    return (alive ? all.and(alive) : all).count();
  }
  const at = lists.map(() => 0);
  let count = 0;
  for (;;) {
    let next = -1;
    for (let l = 0; l < lists.length; l++) {
      const list = lists[l]!;
      if (at[l]! < list.length && (next < 0 || list.docs[at[l]!]! < next)) next = list.docs[at[l]!]!;
    }
    if (next < 0) return count;
    for (let l = 0; l < lists.length; l++)
      if (at[l]! < lists[l]!.length && lists[l]!.docs[at[l]!] === next) at[l]!++;
    if (!alive || alive.has(next)) count++;
  }
}

import { type FilterSuggestion, type SuggestedField, suggestionKeyOf } from '@healthtal/contracts';
import { type Bits, Postings } from './text';

/** One value of a filter: its most usual spelling and where its holders are. */
type Entry = {
  display: string;
  /** How often each spelling was seen; kept only once a second spelling turns up. */
  spellings?: Map<string, number>;
  /** Index terms whose postings hold it (a `value` filter: no copy of the lists). */
  terms: string[];
  /** Its own holders (a filter matched by words has no whole-value term in the index). */
  docs?: Postings;
};

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
const byName = new Intl.Collator('en');

/**
 * The values of the typed filters (city, title, organization, skills, education) with their
 * holders, for suggestions as the user types: a binary search over the sorted keys finds those
 * starting with the typed text, and the counts are the live holders (removed candidates excluded).
 * Answers are memoised until the index changes.
 */
export class FilterVocabulary {
  private readonly fields = new Map<SuggestedField, FieldVocabulary>();
  private memo = new Map<string, FilterSuggestion[]>();
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
    let entry = vocabulary.entries.get(key);
    if (!entry) {
      entry = { display: value.trim(), terms: [] };
      vocabulary.entries.set(key, entry);
      vocabulary.recent.push(key);
    } else if (entry.display !== value || entry.spellings) {
      countSpelling(entry, value.trim());
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
  suggest(
    field: SuggestedField,
    prefix: string,
    limit: number,
    index: {
      version: number;
      removed: number;
      alive: Bits;
      postingsOf: (term: string) => Postings | undefined;
    },
  ): FilterSuggestion[] {
    if (this.memoVersion !== index.version || this.memo.size >= MEMO_LIMIT) {
      this.memo = new Map();
      this.memoVersion = index.version;
    }
    const key = suggestionKeyOf(field, prefix);
    const memoKey = `${field}\u0000${limit}\u0000${key}`;
    const known = this.memo.get(memoKey);
    if (known) return known;
    const vocabulary = this.vocabularyOf(field);
    if (vocabulary.recent.length > RECENT_LIMIT) sortKeys(vocabulary);
    const counted: FilterSuggestion[] = [];
    for (const found of [
      ...keysStartingWith(vocabulary.sorted, key),
      ...vocabulary.recent.filter((k) => k.startsWith(key)),
    ]) {
      const entry = vocabulary.entries.get(found)!;
      const lists = entry.docs ? [entry.docs] : entry.terms.flatMap((t) => index.postingsOf(t) ?? []);
      const count = holders(lists, index.removed > 0 ? index.alive : null);
      if (count > 0) counted.push({ value: entry.display, count });
    }
    counted.sort((a, b) => b.count - a.count || byName.compare(a.value, b.value));
    const answer = counted.slice(0, limit);
    this.memo.set(memoKey, answer);
    return answer;
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

function countSpelling(entry: Entry, spelling: string): void {
  entry.spellings ??= new Map([[entry.display, 1]]);
  const spellings = entry.spellings;
  const n = (spellings.get(spelling) ?? 0) + 1;
  spellings.set(spelling, n);
  if (n > (spellings.get(entry.display) ?? 0)) entry.display = spelling;
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

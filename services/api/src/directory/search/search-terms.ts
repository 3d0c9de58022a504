import {
  type Affiliation,
  CANDIDATE_FIELDS,
  type CandidateFieldTable,
  type EducationEntry,
  FLAG_ON,
  type IndexedFieldName,
  type IndexedFields,
  indexTermsOf,
  isValidNpi,
  type SearchField,
  SUGGESTED_FIELDS,
  type SuggestedField,
  TEXT_FIELDS,
  type TextField,
} from '@healthtal/contracts';
import { fold, words } from './text';

/**
 * What a candidate's values become in the search index, by the candidate field table: each value's
 * terms (its text field's words, its filter's terms by search-fields' rules) and the folded sort
 * keys, worked out once per distinct value.
 */

/** Free-text fields and their weight for relevance (a match in the name counts most): contracts' search-fields. */
export { TEXT_FIELDS, type TextField };

/** How many distinct values a memo keeps before it starts again (names can be many). */
const VALUE_MEMO_LIMIT = 200_000;

/**
 * What a value becomes in the index (its terms, its folded sort key), worked out once per distinct
 * value: a directory's cities, titles, skills, schools and names repeat, and folding (Unicode
 * normalisation) is most of the cost of indexing a row.
 */
export class ValueMemo<T> {
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

/** What one value of an indexed field becomes: its terms, and its whole-value filter term (suggestions count its holders). */
export type ValueTerms = { terms: string[]; term: string | null };

/** A value's terms for a free-text field (its words) and a filter's part (search-fields' rule), worked out once per value. */
const valueTerms = (text: TextField | undefined, filter: SearchField | undefined, part?: string) =>
  new ValueMemo((value): ValueTerms => {
    const terms = text ? words(value).map((word) => `${text}:${word}`) : [];
    if (!filter) return { terms, term: null };
    const found = indexTermsOf(filter, value, part);
    // A filter matched by words may share its prefix with the text field (the title's `t`).
    for (const term of found.terms) if (!terms.includes(term)) terms.push(term);
    return { terms, term: found.term };
  });

/**
 * A field the index reads (CANDIDATE_FIELDS `search`) and how: its values (one, a list, school and
 * degree pairs), the memo of each part's terms, and the typed filter whose suggestions it feeds.
 */
export type IndexedField = {
  field: IndexedFieldName;
  column: string;
  values: 'one' | 'list' | 'education' | 'affiliations' | 'identifier';
  /** A value's terms (education: a school's). */
  terms: ValueMemo<ValueTerms>;
  /** Education: each degree's (a degree list, "BSN, MSN", is a filter value per degree). */
  degrees: ValueMemo<ValueTerms> | null;
  suggested: SuggestedField | null;
};

const definitions = CANDIDATE_FIELDS as CandidateFieldTable;
/** Every field the index reads, in the table's order (those read only for a sort post nothing). */
export const INDEXED_FIELDS: readonly IndexedField[] = Object.keys(definitions).flatMap((name) => {
  const { search, column } = definitions[name]!;
  if (!search || !column) return [];
  const { text, filter } = search;
  const education = search.values === 'education';
  return [
    {
      field: name as IndexedFieldName,
      column: column.name,
      values: search.values ?? 'one',
      terms: valueTerms(text, filter, education ? 'school' : undefined),
      degrees: education ? valueTerms(text, filter, 'degree') : null,
      suggested:
        filter && (SUGGESTED_FIELDS as readonly string[]).includes(filter)
          ? (filter as SuggestedField)
          : null,
    },
  ];
});
/** The fields whose values are indexed (words or filter terms). */
export const POSTED_FIELDS = INDEXED_FIELDS.filter(
  ({ field }) =>
    definitions[field]!.search!.text !== undefined || definitions[field]!.search!.filter !== undefined,
);
export const FOLDED = new ValueMemo(fold);

/**
 * Each value a candidate posts to the index, with its field and the memo of its terms: what the
 * index adds for a document.
 */
export function forEachIndexedValue(
  c: IndexedFields,
  visit: (indexed: IndexedField, memo: ValueMemo<ValueTerms>, value: string) => void,
): void {
  for (const indexed of POSTED_FIELDS) {
    const value = c[indexed.field];
    if (indexed.values === 'one') {
      // A number (the graduation year) is posted as its digits; a boolean (a flag filter's) posts
      // its term when it is true.
      if (value === true) visit(indexed, indexed.terms, FLAG_ON);
      else if (typeof value === 'number') visit(indexed, indexed.terms, String(value));
      else if (typeof value === 'string' && value) visit(indexed, indexed.terms, value);
    } else if (indexed.values === 'list') {
      for (const item of value as readonly string[]) visit(indexed, indexed.terms, item);
    } else if (indexed.values === 'affiliations') {
      // Found by the hospital's name; one known only by its CCN, by that.
      for (const { ccn, name } of value as readonly Affiliation[]) {
        const shown = name ?? ccn;
        if (shown) visit(indexed, indexed.terms, shown);
      }
    } else {
      for (const { school, degree } of value as readonly EducationEntry[]) {
        visit(indexed, indexed.terms, school);
        for (const one of degree.split(',')) if (one.trim()) visit(indexed, indexed.degrees!, one);
      }
    }
  }
}

/**
 * The field whose value identifies a candidate to a query word (the NPI: `search.values`
 * `identifier`). The index keeps it per document as a number, not as a term: a term per candidate
 * would hold a map entry and a list for each (about 330 bytes, 500 MB at 1.5 million).
 */
const IDENTIFIERS = INDEXED_FIELDS.filter(({ values }) => values === 'identifier');
if (IDENTIFIERS.length > 1) throw new Error('the search index keeps one identifier per candidate');
export const IDENTIFIER_FIELD: IndexedFieldName | null = IDENTIFIERS[0]?.field ?? null;

/** A query word that may be a candidate's identifier (an NPI: ten digits, the check digit right), as its number. */
export function identifierOf(word: string): number | null {
  return isValidNpi(word) ? Number(word) : null;
}

export const LAST = '\uffff';
const LAST_CODE = LAST.charCodeAt(0);
/** The verified sort's key of a candidate never verified: after every date. */
export const NEVER_VERIFIED = Number.MAX_VALUE;
/**
 * Whether a sort key says "no value" (no name, specialty, state or verification): such keys sort
 * last ascending, and stay last descending (search-query firstMatches, the parts' merge).
 */
export const isBlankSortKey = (key: string | number): boolean =>
  typeof key === 'number' ? key === NEVER_VERIFIED : key.charCodeAt(0) === LAST_CODE;
/** The name sort's key: last name, then first name, folded; a missing one sorts last. */
export const nameKey = (lastName: string | null, firstName: string | null) =>
  `${lastName ? FOLDED.of(lastName) : LAST}\u0001${firstName ? FOLDED.of(firstName) : LAST}`;
/** The location sort's key of a state and a city, one string for each pair. */
const locationKeys = new Map<string, ValueMemo<string>>();
export const locationKey = (state: string | null, city: string | null) => {
  const inState = state ?? LAST;
  let memo = locationKeys.get(inState);
  if (!memo) {
    memo = new ValueMemo((place) => `${inState}\u0001${place === '' ? LAST : FOLDED.of(place)}`);
    locationKeys.set(inState, memo);
  }
  return memo.of(city ?? '');
};

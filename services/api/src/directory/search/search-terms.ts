import { termOf, wordTermsOf } from '@healthtal/contracts';
import { fold, words } from './text';

/**
 * What a candidate's values become in the search index: each value's terms (search-fields' rules)
 * and the folded sort keys, worked out once per distinct value.
 */

/** Free-text fields and their weight for relevance: a match in the name counts most. */
export const TEXT_FIELDS = { n: 8, s: 6, t: 5, o: 3, k: 2, e: 1 } as const;
export type TextField = keyof typeof TEXT_FIELDS;

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
export const NAME_TERMS = new ValueMemo((value) => textTerms('n', value));
export const TITLE_TERMS = new ValueMemo((value) => wordTermsOf('title', value));
export const ORGANIZATION_TERMS = new ValueMemo((value) => wordTermsOf('organization', value));
export const SPECIALTY_TERMS = new ValueMemo((value) => [
  ...textTerms('s', value),
  termOf('specialty', value),
]);
const withTerm = (terms: string[], term: string) => ({ terms: [...terms, term], term });
export const SKILL_TERMS = new ValueMemo((value) => withTerm(textTerms('k', value), termOf('skills', value)));
export const SCHOOL_TERMS = new ValueMemo((value) =>
  withTerm(textTerms('e', value), termOf('education', value, 'school')),
);
/** A degree's words, and each degree of a list ("BSN, MSN") with its filter term. */
export const DEGREE_TERMS = new ValueMemo((value) => {
  const values = value
    .split(',')
    .filter((degree) => degree.trim())
    .map((degree): [string, string] => [degree, termOf('education', degree, 'degree')]);
  return { terms: [...textTerms('e', value), ...values.map(([, term]) => term)], values };
});
export const STATE_TERMS = new ValueMemo((value) => [termOf('state', value)]);
export const CITY_TERMS = new ValueMemo((value): [string] => [termOf('city', value)]);
export const SIZE_TERMS = new ValueMemo((value) => [termOf('companySize', value)]);
export const REVENUE_TERMS = new ValueMemo((value) => [termOf('companyRevenue', value)]);
export const INDUSTRY_TERMS = new ValueMemo((value) => [termOf('companyIndustry', value)]);
export const FOLDED = new ValueMemo(fold);

export const LAST = '\uffff';
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

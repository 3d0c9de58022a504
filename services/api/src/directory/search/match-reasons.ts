import {
  type MatchReason,
  queryTermsOf,
  type RangeFilter,
  type RangeValue,
  rangeLabel,
  SEARCH_FIELD_NAMES,
  type SearchField,
  type SearchRequest,
  searchField,
} from '@healthtal/contracts';
import { type Held, WORD_PLACES } from './search-query';
import { isActive, type KeywordWords, keywordWordsOf } from './search-request';

/** Where a keyword was found, in a recruiter's words, by place (search-query WORD_PLACES). */
const PLACES: Record<(typeof WORD_PLACES)[number], string> = {
  n: 'name',
  s: 'specialty',
  t: 'title',
  o: 'organization',
  k: 'skills',
  e: 'education',
  identifier: 'NPI',
};

/** One value of a filter of the search, and its alternatives as the index matches them. */
export type ReasonCheck = { field: SearchField; value: string; alternatives: string[][] };

/**
 * What "why this match" (issue 35) asks the index of each result: for each value of each any-of
 * filter of the search, whether the result holds it (the value's alternatives, as the filter's own
 * group holds them: search-request toIndexQuery). A range needs no check (a result is in it).
 */
export function reasonChecksOf(request: SearchRequest): ReasonCheck[] {
  return SEARCH_FIELD_NAMES.flatMap((field) =>
    isActive(request, field) && searchField(field).kind !== 'range'
      ? (request[field] as string[]).map((value) => ({
          field,
          value,
          alternatives: queryTermsOf(field, value),
        }))
      : [],
  );
}

/**
 * Why a result matched, from what the index found of it while it matched it (search-query heldBy,
 * over the very lists of the query): for each filter of the search, the values of it the result
 * holds (any of several states: which); a range as asked ("5+ years"); for each keyword the places
 * it was found in. Nothing here decides a match, and nothing is read again from the database.
 */
export function matchReasons(
  request: SearchRequest,
  checks: readonly ReasonCheck[],
  held: Held,
  keywords: KeywordWords = keywordWordsOf(request.query),
): MatchReason[] {
  const reasons: MatchReason[] = [];
  const holds = new Set(held.checks);
  for (const field of SEARCH_FIELD_NAMES) {
    if (!isActive(request, field)) continue;
    const { kind, control } = searchField(field);
    if (kind === 'range') {
      const range = request[field as RangeFilter] as RangeValue;
      reasons.push({ field, label: control.label, values: [rangeLabel(field as RangeFilter, range)] });
      continue;
    }
    const values = checks.flatMap((check, i) => (check.field === field && holds.has(i) ? [check.value] : []));
    if (values.length > 0) reasons.push({ field, label: control.label, values });
  }
  for (const [i, word] of keywords.words.entries()) {
    const found = held.words[i] ?? 0;
    const places = WORD_PLACES.flatMap((place, bit) => (found & (1 << bit) ? [PLACES[place]] : []));
    if (places.length > 0) reasons.push({ field: 'query', label: word, values: places });
  }
  return reasons;
}

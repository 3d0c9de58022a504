import {
  type MatchReason,
  queryTermsOf,
  type RangeFilter,
  type RangeValue,
  rangeLabel,
  SEARCH_FIELD_NAMES,
  type SearchRequest,
  searchField,
} from '@healthtal/contracts';
import type { IndexedCandidate } from './search-index';
import { isActive, type KeywordWords, keywordWordsOf } from './search-request';
import {
  IDENTIFIER_FIELD,
  identifierOf,
  TEXT_FIELDS,
  type TextField,
  termsOfCandidate,
} from './search-terms';

/** Where a keyword was found, in a recruiter's words, by free-text field. */
const PLACES: Record<TextField, string> = {
  n: 'name',
  s: 'specialty',
  t: 'title',
  o: 'organization',
  k: 'skills',
  e: 'education',
};
const TEXT_FIELD_NAMES = Object.keys(TEXT_FIELDS) as TextField[];

/**
 * Why a result matched (issue 35: "why this match"), read from the candidate's own index terms with
 * the same rules the index matched them by (search-fields' terms): for each filter of the search, the
 * values of it the candidate holds (any of several states: which); a range as asked ("5+ years");
 * for each keyword the fields it was found in. Nothing here decides a match: the index did; a
 * result whose record changed since it was found may show fewer reasons, never wrong ones.
 */
export function matchReasons(
  request: SearchRequest,
  candidate: IndexedCandidate,
  keywords: KeywordWords = keywordWordsOf(request.query),
): MatchReason[] {
  const terms = termsOfCandidate(candidate);
  const reasons: MatchReason[] = [];
  for (const field of SEARCH_FIELD_NAMES) {
    if (!isActive(request, field)) continue;
    const { kind, control } = searchField(field);
    if (kind === 'range') {
      const range = request[field as RangeFilter] as RangeValue;
      reasons.push({ field, label: control.label, values: [rangeLabel(field as RangeFilter, range)] });
      continue;
    }
    const held = (request[field] as string[]).filter((value) =>
      queryTermsOf(field, value).some((alternative) => alternative.every((term) => terms.has(term))),
    );
    if (held.length > 0) reasons.push({ field, label: control.label, values: held });
  }
  const identifier = IDENTIFIER_FIELD ? candidate[IDENTIFIER_FIELD] : null;
  const last = keywords.words.length - 1;
  for (const [i, word] of keywords.words.entries()) {
    const prefix = keywords.prefixLast && i === last && word.length >= 3;
    const places = TEXT_FIELD_NAMES.filter((field) =>
      prefix ? hasPrefixTerm(terms, `${field}:${word}`) : terms.has(`${field}:${word}`),
    ).map((field) => PLACES[field]);
    if (identifier && identifierOf(word) === Number(identifier)) places.push('NPI');
    if (places.length > 0) reasons.push({ field: 'query', label: word, values: places });
  }
  return reasons;
}

function hasPrefixTerm(terms: ReadonlySet<string>, prefix: string): boolean {
  for (const term of terms) if (term.startsWith(prefix)) return true;
  return false;
}

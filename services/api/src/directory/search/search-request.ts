import {
  EXCLUDABLE_FILTERS,
  exclusionOf,
  isBooleanKeywords,
  isOpenRange,
  type KeywordNode,
  keywordTerms,
  parseKeywords,
  positiveWords,
  queryTermsOf,
  type RangeFilter,
  type RangeValue,
  rangeTermsOf,
  SEARCH_FIELD_NAMES,
  type SearchField,
  type SearchRequest,
  searchField,
} from '@healthtal/contracts';
import type { IndexQuery } from './search-query';
import { words } from './text';

export type Complexity = 'simple' | 'medium' | 'complex' | 'ultra';

/**
 * The filter object as index terms, field by field from the search table (search-fields.ts), whose
 * terms are the index's own. Tags (city, title, organization) are any-of, case- and
 * accent-insensitive; a title or organization tag matches when all its words appear in that field
 * ("charge nurse" finds "Night Charge Nurse"); a city tag is the whole city name. Lists are any-of
 * (an education value is a school or a degree); different filters all apply. A range (years in
 * practice) is any of the years it spans, counted back from `year`: the searcher's, by default.
 */
export function toIndexQuery(
  request: SearchRequest,
  overrides: Partial<IndexQuery> = {},
  year = new Date().getUTCFullYear(),
): IndexQuery {
  const groups: string[][][] = [];
  for (const field of SEARCH_FIELD_NAMES) {
    if (!isActive(request, field)) continue;
    const alternatives =
      searchField(field).kind === 'range'
        ? rangeTermsOf(field as RangeFilter, request[field] as RangeValue, year)
        : (request[field] as string[]).flatMap((value) => queryTermsOf(field, value));
    // Only a tag without a word (say "-"), or a range of years no one can have, has no term: it matches nobody.
    groups.push(alternatives.length > 0 ? alternatives : [['nothing:']]);
  }
  // "None of": a value's alternatives, as the filter itself would match them, taken away.
  const excluded = EXCLUDABLE_FILTERS.flatMap((field) => {
    const alternatives = (request[exclusionOf(field)] ?? []).flatMap((value) => queryTermsOf(field, value));
    return alternatives.length > 0 ? [alternatives] : [];
  });
  const text = request.query ?? '';
  const keywords = keywordTreeOf(text);
  return {
    words: keywords ? positiveWords(keywords) : [...new Set(words(text))].slice(0, 10),
    prefixLast: !keywords && text.length > 0 && !/\s$/.test(text),
    groups,
    excluded,
    sort: request.sortKey,
    direction: request.sortDirection,
    offset: (request.page - 1) * request.limit,
    limit: request.limit,
    ...(keywords ? { keywords } : {}),
    ...overrides,
  };
}

/**
 * The tree of boolean Keywords, or null for plain text (searched as ever: every word, the last as a
 * prefix). The request schema has refused a syntax error; a text that still fails is read as plain.
 */
export function keywordTreeOf(text: string | undefined): KeywordNode | null {
  if (!isBooleanKeywords(text)) return null;
  const parsed = parseKeywords(text!);
  return 'tree' in parsed ? parsed.tree : null;
}

/** How demanding a search is, in the classes of the spec's robustness tester. */
export function complexityOf(request: SearchRequest): Complexity {
  const filterWeight =
    SEARCH_FIELD_NAMES.reduce(
      (weight, field) => weight + (isActive(request, field) ? searchField(field).weight : 0),
      0,
    ) + EXCLUDABLE_FILTERS.filter((field) => (request[exclusionOf(field)]?.length ?? 0) > 0).length;
  const keywords = keywordTreeOf(request.query);
  // A boolean query counts its words and phrases; plain text its words.
  const textWords = keywords ? keywordTerms(keywords).length : words(request.query).length;
  const weight = filterWeight + Math.min(textWords, 3);
  if (weight <= 1) return 'simple';
  if (weight <= 3) return 'medium';
  if (weight <= 5) return 'complex';
  return 'ultra';
}

/** Whether the request filters by `field`: a list with a value, or a range with a bound. */
export function isActive(request: Partial<Pick<SearchRequest, SearchField>>, field: SearchField): boolean {
  const value = request[field];
  if (searchField(field).kind === 'range') return !isOpenRange(value as RangeValue | undefined);
  return ((value as string[] | undefined)?.length ?? 0) > 0;
}

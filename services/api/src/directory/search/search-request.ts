import {
  DISTANCE_NEEDS_NEAR,
  EXCLUDABLE_FILTERS,
  exclusionOf,
  isBooleanKeywords,
  isOpenRange,
  type KeywordNode,
  keywordTerms,
  type LatLon,
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
  UNKNOWN_PLACE,
} from '@healthtal/contracts';
import { geocodePlace } from '@healthtal/contracts/domain/us-places';
import type { IndexQuery } from './search-query';
import { words } from './text';
import { provideZipCodesFromPackage } from './zip-codes';

// A near filter's place is geocoded with the ZIP list.
provideZipCodesFromPackage();

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
  const keywords = keywordTreeOf(request.query);
  const near = request.near ? geocodePlace(request.near.place) : null;
  // A place no one can find (a saved search's, say: the API refuses it in a new search) matches nobody.
  if (request.near && !near) groups.push([['nothing:']]);
  return {
    ...keywordWordsOf(request.query, keywords),
    groups,
    excluded,
    sort: request.sortKey,
    direction: request.sortDirection,
    offset: (request.page - 1) * request.limit,
    limit: request.limit,
    ...(keywords ? { keywords } : {}),
    ...(request.near && near ? { near: { ...near, miles: request.near.miles } } : {}),
    ...overrides,
  };
}

/** The words a search's keywords look for, and whether the last one is typed as a prefix. */
export type KeywordWords = { words: string[]; prefixLast: boolean };

/**
 * The words the index looks for (and ranks by): a boolean query's words not under a NOT, whole words
 * (ADR 0053); plain text's bag of words (at most ten), the last a prefix unless a space follows it.
 * The index's query and "why this match" (match-reasons.ts) both read them from here.
 */
export function keywordWordsOf(
  query: string | undefined,
  tree: KeywordNode | null = keywordTreeOf(query),
): KeywordWords {
  if (tree) return { words: positiveWords(tree), prefixLast: false };
  const text = query ?? '';
  return { words: [...new Set(words(text))].slice(0, 10), prefixLast: text.length > 0 && !/\s$/.test(text) };
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

/**
 * What the search schema cannot check: that the `near` place is one we can place (geocoded here,
 * contracts' us-places), and that a distance sort has one. Field errors by path; with none, the
 * place's point (null without `near`).
 */
export function checkNear(
  request: Pick<SearchRequest, 'near' | 'sortKey'>,
): { errors: Record<string, string> } | { point: LatLon | null } {
  const errors: Record<string, string> = {};
  const point = request.near ? geocodePlace(request.near.place) : null;
  if (request.near && !point) errors['near.place'] = UNKNOWN_PLACE(request.near.place);
  if (request.sortKey === 'distance' && !request.near) errors.sortKey = DISTANCE_NEEDS_NEAR;
  return Object.keys(errors).length > 0 ? { errors } : { point };
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

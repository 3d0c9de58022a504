import { queryTermsOf, SEARCH_FIELD_NAMES, type SearchRequest, searchField } from '@healthtal/contracts';
import type { IndexQuery } from './search-query';
import { words } from './text';

export type Complexity = 'simple' | 'medium' | 'complex' | 'ultra';

/**
 * The filter object as index terms, field by field from the search table (search-fields.ts), whose
 * terms are the index's own. Tags (city, title, organization) are any-of, case- and
 * accent-insensitive; a title or organization tag matches when all its words appear in that field
 * ("charge nurse" finds "Night Charge Nurse"); a city tag is the whole city name. Lists are any-of
 * (an education value is a school or a degree); different filters all apply.
 */
export function toIndexQuery(request: SearchRequest, overrides: Partial<IndexQuery> = {}): IndexQuery {
  const groups: string[][][] = [];
  for (const field of SEARCH_FIELD_NAMES) {
    const values = request[field];
    if (!values || values.length === 0) continue;
    const alternatives = values.flatMap((value) => queryTermsOf(field, value));
    // Only a tag without a word (say "-") has no term: it matches nobody.
    groups.push(alternatives.length > 0 ? alternatives : [['nothing:']]);
  }
  const text = request.query ?? '';
  return {
    words: [...new Set(words(text))].slice(0, 10),
    prefixLast: text.length > 0 && !/\s$/.test(text),
    groups,
    sort: request.sortKey,
    direction: request.sortDirection,
    offset: (request.page - 1) * request.limit,
    limit: request.limit,
    ...overrides,
  };
}

/** How demanding a search is, in the classes of the spec's robustness tester. */
export function complexityOf(request: SearchRequest): Complexity {
  const filterWeight = SEARCH_FIELD_NAMES.reduce(
    (weight, field) => weight + ((request[field]?.length ?? 0) > 0 ? searchField(field).weight : 0),
    0,
  );
  const textWords = words(request.query).length;
  const weight = filterWeight + Math.min(textWords, 3);
  if (weight <= 1) return 'simple';
  if (weight <= 3) return 'medium';
  if (weight <= 5) return 'complex';
  return 'ultra';
}

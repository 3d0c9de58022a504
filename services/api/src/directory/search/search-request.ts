import type { SearchRequest } from '@healthtal/contracts';
import type { IndexQuery } from './search-query';
import { fold, words } from './text';

export type Complexity = 'simple' | 'medium' | 'complex' | 'ultra';

/**
 * The filter object as index terms. Tags (city, title, organization) are any-of, case- and
 * accent-insensitive; a title or organization tag matches when all its words appear in that field
 * ("charge nurse" finds "Night Charge Nurse"); a city tag is the whole city name. Lists are any-of;
 * different filters all apply.
 */
export function toIndexQuery(request: SearchRequest, overrides: Partial<IndexQuery> = {}): IndexQuery {
  const groups: string[][][] = [];
  const exact = (prefix: string, values: readonly string[] | undefined, normalise = fold) => {
    if (values && values.length > 0) groups.push(values.map((value) => [`${prefix}:${normalise(value)}`]));
  };
  const allWords = (prefix: string, values: readonly string[] | undefined) => {
    if (!values || values.length === 0) return;
    const alternatives = values
      .map((value) => words(value).map((word) => `${prefix}:${word}`))
      .filter((a) => a.length > 0);
    groups.push(alternatives.length > 0 ? alternatives : [['nothing:']]);
  };
  exact('ci', request.city);
  exact('st', request.state, (s) => s.toUpperCase());
  allWords('t', request.title);
  allWords('o', request.organization);
  exact('sp', request.specialty);
  exact('sk', request.skills);
  if (request.education && request.education.length > 0) {
    groups.push(request.education.flatMap((value) => [[`es:${fold(value)}`], [`ed:${fold(value)}`]]));
  }
  exact('sz', request.companySize, (s) => s);
  exact('rv', request.companyRevenue, (s) => s);
  exact('in', request.companyIndustry);
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
  const filters = [
    request.city,
    request.state,
    request.title,
    request.organization,
    request.specialty,
    request.skills,
    request.education,
    request.companySize,
    request.companyRevenue,
    request.companyIndustry,
  ].filter((values) => values && values.length > 0).length;
  const textWords = words(request.query).length;
  const weight = filters + Math.min(textWords, 3);
  if (weight <= 1) return 'simple';
  if (weight <= 3) return 'medium';
  if (weight <= 5) return 'complex';
  return 'ultra';
}

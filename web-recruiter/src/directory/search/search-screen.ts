import type { SearchRequestBody } from '@healthtal/contracts';
// By their own paths, not the package's index: the boot script imports this module, without zod.
import { SORT_KEYS } from '@healthtal/contracts/domain/directory';
import {
  EXCLUDABLE_FILTERS,
  type ExclusionKey,
  exclusionOf,
  isOpenRange,
  LIST_FILTERS,
  type ListFilter,
  OPEN_RANGE,
  parseRange,
  RANGE_FILTERS,
  type RangeFilter,
  type RangeValue,
  rangeText,
  SEARCH_FIELDS,
  searchField,
} from '@healthtal/contracts/domain/search-fields';
import { NEAR_LABEL, type NearValue, nearFromParams, nearParamOf, nearParams } from './near';

/**
 * The recruiter search screen's rules (recruiter-directory §2, §4, §5, §8, §9): its texts, the URL as
 * the source of truth, tag inputs and pagination. Texts are the spec's word for word; the few marked
 * "ours" fill a gap where the spec names a toast without giving its words.
 */
export const SearchMessages = {
  filtersButton: 'Search Filters',
  retry: 'Retry Search',
  searchErrorTitle: 'Search Error',
  // Spec §8, search errors.
  timeout:
    'The search timed out. For a fast search, pick a specialty from the dropdown and add a state abbreviation.',
  deploying: 'Search optimizations are being deployed',
  backup: 'Using backup search method',
  connection: 'Connection issue. Please check your internet and try again.',
  databaseTimeout:
    'Database timeout. Try a narrower search: pick a specialty from the dropdown and add a state abbreviation.',
  fallback: 'Search error occurred. Try using exact specialty selections from the dropdown.',
  // Ours: the API answers 503 for a few seconds while the search index loads.
  starting: 'The directory is loading; try again in a few seconds.',
  // Ours: the spec's empty state has no words.
  noResults: 'No healthcare professionals match your search. Try removing a filter or two.',
  // Ours: the spec says a welcome toast shows, not what it says.
  welcome: 'Welcome to HealthTal! Your subscription is active.',
  // Spec §8 select-area toasts.
  selectAllErrorTitle: 'Select All Error',
  authRequiredTitle: 'Authentication Required',
  signInToSelectAll: 'Please log in to select all results',
  signInToExport: 'Please log in to export physicians',
  subscriptionRequiredTitle: 'Subscription Required',
  subscriptionToSelect: 'You need a subscription to select candidates',
  // Ours: Select All is the Annual plan's (spec §6), the spec gives no words for a Monthly user.
  // Issue 37: told as information with the way to the plans, not as a missing subscription.
  annualPlanTitle: 'Part of the Annual plan',
  selectAllNeedsPremium: 'Select All and export come with the Annual plan.',
  seePlans: 'See plans',
  selectionModeActiveTitle: 'Selection Mode Active',
  selectionModeActive: 'Deselect Select All first to make individual selections',
  freeLimitTitle: 'Free Limit Reached',
  freeLimit: 'Upgrade your plan to select candidates.',
  // Spec §8: "Select-all hitting the cap shows that the maximum limit was reached"; issue 37: as
  // information, with how many of how many.
  selectAllCapped: (cap: number, total: number) =>
    `Selected the first ${cap.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} results: Select All takes at most ${cap.toLocaleString('en-US')}.`,
  exportFailedTitle: 'Export Failed',
  exportFailed: 'Failed to export physicians. Please try again.',
  exportNoData: 'No data was returned from the export function',
  selectionRequiredTitle: 'Selection Required',
  selectToExport: 'Please select at least one candidate to export.',
  selectToRemove: 'Please select at least one candidate to remove.',
  // Ours: what a finished export says.
  exported: (count: number) => `Exported ${count} ${count === 1 ? 'candidate' : 'candidates'}.`,
} as const;

/**
 * The spec's search-error message for what went wrong (§8): the server's message, or the
 * database's error code. Messages the spec shows as is pass through.
 */
export function searchErrorMessage(message: string, code?: string | null): string {
  const text = message.toLowerCase();
  if (code === '57014') return SearchMessages.databaseTimeout;
  if (text.includes('timeout') || text.includes('timed out')) return SearchMessages.timeout;
  if (text.includes('does not exist')) return SearchMessages.deploying;
  if (text.includes('edge function failed')) return SearchMessages.backup;
  if (text.includes('failed to fetch') || text.includes('network') || text.includes('connection'))
    return SearchMessages.connection;
  if (text.includes('directory is loading')) return SearchMessages.starting;
  if (/exact specialty|slow search|select(ing)? a specialty/.test(text)) return message;
  return SearchMessages.fallback;
}

/** The URL's and the request's name of the "added since" boundary, and its label (issue 37). */
export const ADDED_SINCE = 'addedSince';
export const ADDED_SINCE_LABEL = 'Added since';
/** "Added since Nov 3, 2026, 2:14 PM" (the moment as the URL has it when it is not a date). */
export function addedSinceText(value: string): string {
  const at = new Date(value);
  const when = Number.isNaN(at.getTime())
    ? value
    : at.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return `${ADDED_SINCE_LABEL} ${when}`;
}

/** Under the Keywords field: the boolean syntax it takes (ADR 0053); the API's syntax error takes its place. */
export const KEYWORDS_HELP = 'AND, OR, NOT in capitals, "quotes", (brackets)';

/**
 * A search the API refused for its filters (400 with field errors): each refused filter by its
 * label and the API's own words, "Years in practice: At most 60.".
 */
export function invalidFilterMessage(errors: Readonly<Record<string, string>>): string {
  const labelOf = (path: string) => {
    const name = path.split('.')[0] ?? path;
    if (name === 'query') return 'Keywords';
    if (name === 'near') return NEAR_LABEL;
    if (name === ADDED_SINCE) return ADDED_SINCE_LABEL;
    const excluded = EXCLUDABLE_FILTERS.find((field) => exclusionOf(field) === name);
    if (excluded) return searchField(excluded).exclude!.label;
    return name in SEARCH_FIELDS ? SEARCH_FIELDS[name as keyof typeof SEARCH_FIELDS].control.label : name;
  };
  return Object.entries(errors)
    .map(([path, message]) => `${labelOf(path)}: ${message}`)
    .join(' ');
}

/** The paywall overlay (spec §2, Search screen), word for word. */
export const PAYWALL = {
  title: 'Unlock Unlimited Contacts',
  text: 'This feature requires a subscription. Upgrade your plan to access:',
  benefits: [
    'Full access to healthcare professional contacts',
    'Create and manage lists',
    'Unlimited exports and searches',
  ],
  getStarted: 'Get Started',
  contactSales: 'Contact Sales',
  /** Ours (issue 17): the paywall never traps; Esc or Close shows the teaser beneath. */
  close: 'Close',
  logIn: 'Log in',
} as const;

/**
 * Ours (issue 17): what a visitor without a plan sees once the paywall is closed: the results
 * blurred, how many match (signed-in: a free account's search answers the count and no rows), and
 * the ways on.
 */
export const PAYWALL_TEASER = {
  label: 'Subscription required',
  matches: (count: number) =>
    `${count.toLocaleString('en-US')} healthcare ${count === 1 ? 'professional matches' : 'professionals match'} this search`,
  signedOut: 'Log in to see how many healthcare professionals match this search',
  counting: 'Counting the matches…',
  hint: 'Start a plan to see their names, contacts and profiles.',
  startPlan: 'Start a plan',
  showPlans: 'Why subscribe?',
} as const;

/** A toast that has a title and a text, as the spec writes them ("Title: text"). */
export const titled = (title: string, text: string): string => `${title}: ${text}`;

// ---------------------------------------------------------------------------------------------
// The search URL: every query parameter of the spec, and back.

export const SEARCH_TABS = ['results', 'selected'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];
type SortKeyValue = (typeof SORT_KEYS)[number];

export type SearchScreenState = {
  query: string;
  page: number;
  sortKey: SortKeyValue;
  sortDirection: 'asc' | 'desc';
  tab: SearchTab;
  upgraded: boolean;
  /** Within N miles of a ZIP or city (issue 35), or none. */
  near: NearValue | null;
  /**
   * Only candidates added after this moment (ISO date-time), or none: a saved search's "N new
   * since" (issue 37). Kept as the URL has it; the API's field error says when it is not a date.
   */
  addedSince: string | null;
} & Record<ListFilter, string[]> &
  /** The range filters (years in practice): either bound open; both open is no filter. */
  Record<RangeFilter, RangeValue> &
  /** "None of" values (issue 35): `notState`, `notSpecialty`, `notOrganization`, `notCredential`. */
  Record<ExclusionKey, string[]>;

export const EMPTY_SEARCH: SearchScreenState = {
  query: '',
  page: 1,
  sortKey: 'relevance',
  sortDirection: 'asc',
  tab: 'results',
  upgraded: false,
  near: null,
  addedSince: null,
  ...(Object.fromEntries(LIST_FILTERS.map((name) => [name, [] as string[]])) as Record<ListFilter, string[]>),
  ...(Object.fromEntries(RANGE_FILTERS.map((name) => [name, OPEN_RANGE])) as Record<RangeFilter, RangeValue>),
  ...(Object.fromEntries(EXCLUDABLE_FILTERS.map((name) => [exclusionOf(name), [] as string[]])) as Record<
    ExclusionKey,
    string[]
  >),
};

const splitList = (raw: string | null) =>
  [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ] as string[];

/**
 * Reads the search screen's state from its URL. Unknown values are dropped rather than sent to the
 * API (a hand-edited or old link still opens); the country is always the United States.
 */
export function searchStateFromParams(params: { get(name: string): string | null }): SearchScreenState {
  /** A list filter's values from its parameter (the filter's own, or its "none of"). */
  const valuesOf = (name: ListFilter, param: string) => {
    let values = splitList(params.get(param));
    const { kind, options, control } = searchField(name);
    // State codes as the state filter reads them: "tx" is TX.
    if (control.shows === 'state names') values = values.map((v) => v.toUpperCase());
    // A flag is on (its one option) or off: "compactLicense=true".
    if ((kind === 'options' || kind === 'flag') && options)
      values = values.filter((v) => options.includes(v));
    if (kind === 'tags') values = values.slice(0, MAX_TAGS);
    return values;
  };
  const lists = Object.fromEntries(LIST_FILTERS.map((name) => [name, valuesOf(name, name)])) as Record<
    ListFilter,
    string[]
  >;
  const exclusions = Object.fromEntries(
    EXCLUDABLE_FILTERS.map((name) => [exclusionOf(name), valuesOf(name, exclusionOf(name))]),
  ) as Record<ExclusionKey, string[]>;
  // A range as the URL writes it (`5-20`, `5-`, `-20`); out of the field's bounds it is kept, so the
  // API's field error says what is wrong ("At most 60.") rather than the filter silently vanishing.
  const ranges = Object.fromEntries(
    RANGE_FILTERS.map((name) => [name, parseRange(params.get(name)) ?? OPEN_RANGE]),
  ) as Record<RangeFilter, RangeValue>;
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const sortKey = params.get('sortKey') as SortKeyValue;
  const tab = params.get('tab') as SearchTab;
  const near = nearFromParams(params);
  return {
    ...lists,
    ...ranges,
    ...exclusions,
    query: params.get('query')?.trim() ?? '',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    // Distance only with a place to measure from.
    sortKey:
      (SORT_KEYS as readonly string[]).includes(sortKey) && (sortKey !== 'distance' || near)
        ? sortKey
        : 'relevance',
    sortDirection: params.get('sortDirection') === 'desc' ? 'desc' : 'asc',
    tab: (SEARCH_TABS as readonly string[]).includes(tab) ? tab : 'results',
    upgraded: params.get('upgraded') === 'true',
    near,
    addedSince: params.get(ADDED_SINCE)?.trim() || null,
  };
}

/**
 * The URL's query for a screen state, in a stable order. Defaults are left out: page 1, relevance
 * ascending, and `tab` when it is `results` (spec); `upgraded` is never written back (it is removed
 * once its toast has shown).
 */
export function searchParamsOf(state: SearchScreenState): [string, string][] {
  const entries: [string, string][] = [];
  if (state.query.trim()) entries.push(['query', state.query.trim()]);
  for (const name of LIST_FILTERS) if (state[name].length > 0) entries.push([name, state[name].join(',')]);
  for (const name of RANGE_FILTERS)
    if (!isOpenRange(state[name])) entries.push([name, rangeText(state[name])]);
  for (const key of EXCLUDABLE_FILTERS.map(exclusionOf))
    if (state[key].length > 0) entries.push([key, state[key].join(',')]);
  entries.push(...nearParams(state.near));
  if (state.addedSince) entries.push([ADDED_SINCE, state.addedSince]);
  if (state.page > 1) entries.push(['page', String(state.page)]);
  if (state.sortKey !== 'relevance') entries.push(['sortKey', state.sortKey]);
  if (state.sortDirection !== 'asc') entries.push(['sortDirection', state.sortDirection]);
  if (state.tab !== 'results') entries.push(['tab', state.tab]);
  return entries;
}

/** The search filter object: the search request without page, limit and Select All. */
export type SearchFilterObject = Omit<SearchRequestBody, 'page' | 'limit' | 'selectAll'>;

/** The search filter object (POST /api/v1/search body, saved-search params) of a screen state. */
export function searchFiltersOf(state: SearchScreenState): SearchFilterObject {
  const filters: SearchFilterObject = {};
  if (state.query.trim()) filters.query = state.query.trim();
  for (const name of LIST_FILTERS) if (state[name].length > 0) filters[name] = state[name];
  // The request's own form of a range, `{ min, max }` (a saved search keeps it so).
  for (const name of RANGE_FILTERS) if (!isOpenRange(state[name])) filters[name] = { ...state[name] };
  for (const key of EXCLUDABLE_FILTERS.map(exclusionOf)) if (state[key].length > 0) filters[key] = state[key];
  if (state.near) filters.near = { ...state.near };
  if (state.addedSince) filters.addedSince = state.addedSince;
  filters.sortKey = state.sortKey;
  filters.sortDirection = state.sortDirection;
  return filters;
}

/** What Save Search keeps of a screen state: its filters without "added since" (issue 37). */
export function savedSearchParamsOf(state: SearchScreenState): Omit<SearchFilterObject, 'addedSince'> {
  const { addedSince: _boundary, ...filters } = searchFiltersOf(state);
  return filters;
}

/** The search of a saved search's new candidates: its filters plus "added since" its last opening. */
export const newSinceSearchParams = (filters: Record<string, unknown>, since: string): [string, string][] =>
  searchParamsOf({ ...searchStateOfFilters(filters), addedSince: since });

/** A saved search's params back as a screen state (page 1, results tab). */
export function searchStateOfFilters(filters: Record<string, unknown>): SearchScreenState {
  const asText = (value: unknown) =>
    Array.isArray(value)
      ? value.join(',')
      : typeof value === 'string'
        ? value
        : typeof value === 'boolean' // a flag given as the API takes it
          ? String(value)
          : isRangeObject(value) // a range as the API takes it: `{ min, max }`
            ? rangeText({ min: value.min ?? null, max: value.max ?? null })
            : null;
  return searchStateFromParams({
    get: (name) => (name === 'near' || name === 'miles' ? nearParamOf(filters, name) : asText(filters[name])),
  });
}

const isRangeObject = (value: unknown): value is { min?: number | null; max?: number | null } =>
  typeof value === 'object' && value !== null && ('min' in value || 'max' in value);

/** The Save Search button's rule: a search term or at least one active filter (spec §2). */
export function hasTermOrFilter(state: SearchScreenState): boolean {
  return (
    state.query.trim() !== '' ||
    state.near !== null ||
    LIST_FILTERS.some((name) => state[name].length > 0) ||
    RANGE_FILTERS.some((name) => !isOpenRange(state[name])) ||
    EXCLUDABLE_FILTERS.some((name) => state[exclusionOf(name)].length > 0)
  );
}

/** How many filters are active, for the mobile "Search Filters" button's badge. */
export const activeFilterCount = (state: SearchScreenState): number =>
  (state.query.trim() ? 1 : 0) +
  (state.near ? 1 : 0) +
  (state.addedSince ? 1 : 0) +
  LIST_FILTERS.reduce((n, name) => n + state[name].length, 0) +
  RANGE_FILTERS.filter((name) => !isOpenRange(state[name])).length +
  EXCLUDABLE_FILTERS.reduce((n, name) => n + state[exclusionOf(name)].length, 0);

// ---------------------------------------------------------------------------------------------
// Tag inputs (city, title, organization): spec §5.

export const MAX_TAGS = 5;

/**
 * Adds a typed value as a tag: trimmed, empty ignored, duplicates (case-insensitive) ignored, at most
 * five. Returns the same array when nothing changed, so callers can tell.
 */
export function addTag(tags: readonly string[], typed: string): readonly string[] {
  const tag = typed.trim();
  if (tag === '' || tags.length >= MAX_TAGS) return tags;
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return tags;
  return [...tags, tag];
}

/** Backspace in an empty tag input removes the last tag. */
export const removeLastTag = (tags: readonly string[]): readonly string[] => tags.slice(0, -1);

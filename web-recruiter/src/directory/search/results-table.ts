import {
  EMAIL_STATUS_LABELS,
  type EmailStatus,
  EXCLUSION_KEYS,
  type ExcludableFilter,
  type ExclusionKey,
  exclusionOf,
  isOpenRange,
  type ListFilter,
  OPEN_RANGE,
  type RangeFilter,
  rangeLabel,
  rangeText,
  SEARCH_FIELD_NAMES,
  type SearchField,
  SearchLimits,
  searchField,
  US_STATES,
} from '@healthtal/contracts';
import { z } from 'zod';
import { nearLabel } from './near';
import { ADDED_SINCE, addedSinceText, type SearchScreenState } from './search-screen';

/**
 * The search screen's results table (issue 17) and the applied-filter chips: the columns a
 * recruiter may show and order, rows per page, and the view they chose (cards or table), kept per
 * user on the device. The spec has cards only; the table and its defaults are ours.
 */

export const RESULTS_VIEWS = ['cards', 'table'] as const;
export type ResultsView = (typeof RESULTS_VIEWS)[number];

export const RESULTS_COLUMNS = [
  'name',
  'title',
  'specialty',
  'organization',
  'location',
  'provenance',
  'contact',
] as const;
export type ResultsColumn = (typeof RESULTS_COLUMNS)[number];

export const RESULTS_COLUMN_LABELS: Record<ResultsColumn, string> = {
  name: 'Name',
  title: 'Title',
  specialty: 'Specialty',
  organization: 'Organization',
  location: 'Location',
  provenance: 'Source · verified',
  contact: 'Contact',
};

/** The name is what Enter opens and what a row is called: it cannot be hidden. */
export const REQUIRED_COLUMN: ResultsColumn = 'name';

/** Rows per page in the table; the first is the spec's default page size (§9). */
export const TABLE_PAGE_SIZES = [SearchLimits.pageSizeDefault, 50, SearchLimits.pageSizeMax] as const;
export type TablePageSize = (typeof TABLE_PAGE_SIZES)[number];

const pageSizeOf = (value: unknown): TablePageSize =>
  (TABLE_PAGE_SIZES as readonly unknown[]).includes(value) ? (value as TablePageSize) : TABLE_PAGE_SIZES[0];

/** Known columns, each once, the name always among them (first when it was missing). */
function tidyColumns(columns: readonly string[]): ResultsColumn[] {
  const known = [...new Set(columns)].filter((c): c is ResultsColumn =>
    (RESULTS_COLUMNS as readonly string[]).includes(c),
  );
  return known.includes(REQUIRED_COLUMN) ? known : [REQUIRED_COLUMN, ...known];
}

/**
 * What a user chose for the results, as stored on the device. Stored data is external input (an
 * older version, a hand edit): anything unreadable falls back to the default, field by field.
 */
// Built after contracts' index has set zod's browser configuration (no eval: contracts/src/zod-config.ts),
// which this module imports first.
export const ResultsViewPreferences = z.object({
  view: z.enum(RESULTS_VIEWS).catch('cards'),
  columns: z
    .array(z.string())
    .transform(tidyColumns)
    .catch(() => [...RESULTS_COLUMNS]),
  pageSize: z.unknown().transform(pageSizeOf),
});
export type ResultsViewPreferences = z.infer<typeof ResultsViewPreferences>;

export const DEFAULT_RESULTS_VIEW: ResultsViewPreferences = {
  view: 'cards',
  columns: [...RESULTS_COLUMNS],
  pageSize: TABLE_PAGE_SIZES[0],
};

/** Reads stored preferences (JSON text or nothing); never throws. */
export function readResultsViewPreferences(stored: string | null): ResultsViewPreferences {
  if (!stored) return DEFAULT_RESULTS_VIEW;
  try {
    const parsed = ResultsViewPreferences.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : DEFAULT_RESULTS_VIEW;
  } catch {
    return DEFAULT_RESULTS_VIEW;
  }
}

/** The columns with `column` shown or hidden; a shown column joins at its place in the default order. */
export function toggleColumn(columns: readonly ResultsColumn[], column: ResultsColumn): ResultsColumn[] {
  if (column === REQUIRED_COLUMN) return [...columns];
  if (columns.includes(column)) return columns.filter((c) => c !== column);
  const rank = RESULTS_COLUMNS.indexOf(column);
  const at = columns.findIndex((c) => RESULTS_COLUMNS.indexOf(c) > rank);
  return at === -1 ? [...columns, column] : [...columns.slice(0, at), column, ...columns.slice(at)];
}

/** The columns with `column` moved one place earlier (-1) or later (+1); unchanged at an end. */
export function moveColumn(
  columns: readonly ResultsColumn[],
  column: ResultsColumn,
  by: -1 | 1,
): ResultsColumn[] {
  const from = columns.indexOf(column);
  const to = from + by;
  if (from === -1 || to < 0 || to >= columns.length) return [...columns];
  const next = [...columns];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

// ---------------------------------------------------------------------------------------------
// Applied-filter chips: one per value of the search state, from the table of search fields.

export const KEYWORDS_LABEL = 'Keywords';

export type AppliedFilter = {
  /** The free text, the distance, a filter, or a filter's "none of" values (`notState`). */
  readonly field: 'query' | 'near' | typeof ADDED_SINCE | SearchField | ExclusionKey;
  readonly value: string;
  /** "Specialty: Cardiology", "State: Texas". */
  readonly label: string;
};

/** Every applied filter value, the free text first, then in the sidebar's order. */
export function appliedFilters(state: SearchScreenState): AppliedFilter[] {
  const applied: AppliedFilter[] = [];
  const query = state.query.trim();
  if (query) applied.push({ field: 'query', value: query, label: `${KEYWORDS_LABEL}: ${query}` });
  for (const name of SEARCH_FIELD_NAMES) {
    const {
      kind,
      control: { label },
    } = searchField(name);
    if (kind === 'range') {
      const range = state[name as RangeFilter];
      // "Years in practice: 5+", "Years in practice: 5–20".
      if (!isOpenRange(range))
        applied.push({
          field: name,
          value: rangeText(range),
          label: `${label}: ${rangeLabel(name as RangeFilter, range, false)}`,
        });
      continue;
    }
    for (const value of state[name as ListFilter]) {
      // A flag says itself ("Compact license"); state codes by name ("Licensed in: Texas").
      const shown = filterValueLabel(name, value);
      applied.push({ field: name, value, label: kind === 'flag' ? label : `${label}: ${shown}` });
    }
    const exclude = searchField(name).exclude;
    if (exclude) {
      // "Not in state: Texas", "Exclude organizations: HCA".
      const key = exclusionOf(name as ExcludableFilter);
      for (const value of state[key])
        applied.push({ field: key, value, label: `${exclude.label}: ${filterValueLabel(name, value)}` });
    }
  }
  if (state.near) applied.push({ field: 'near', value: state.near.place, label: nearLabel(state.near) });
  if (state.addedSince)
    applied.push({ field: ADDED_SINCE, value: state.addedSince, label: addedSinceText(state.addedSince) });
  return applied;
}

/** A filter value as the screen shows it: a state by name, an email status as a card says it. */
export function filterValueLabel(name: SearchField, value: string): string {
  const { shows } = searchField(name).control;
  if (shows === 'state names') return US_STATES[value as keyof typeof US_STATES] ?? value;
  if (shows === 'email statuses') return EMAIL_STATUS_LABELS[value as EmailStatus] ?? value;
  return value;
}

/** The change to the search state that removes one applied filter value. */
export function withoutFilter(state: SearchScreenState, filter: AppliedFilter): Partial<SearchScreenState> {
  if (filter.field === 'query') return { query: '' };
  if (filter.field === ADDED_SINCE) return { addedSince: null };
  if (EXCLUSION_KEYS.includes(filter.field as ExclusionKey)) {
    const key = filter.field as ExclusionKey;
    return { [key]: state[key].filter((value) => value !== filter.value) } as Partial<SearchScreenState>;
  }
  // Without a place there is no distance to sort by.
  if (filter.field === 'near')
    return { near: null, ...(state.sortKey === 'distance' ? { sortKey: 'relevance' as const } : {}) };
  if (searchField(filter.field as SearchField).kind === 'range')
    return { [filter.field]: OPEN_RANGE } as Partial<SearchScreenState>;
  const name = filter.field as ListFilter;
  return { [name]: state[name].filter((value) => value !== filter.value) } as Partial<SearchScreenState>;
}

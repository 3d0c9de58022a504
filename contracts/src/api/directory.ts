import { z } from 'zod';
import { CANDIDATE_PROFILE_SHAPE } from '../domain/candidate-fields';
import { COUNTRY, EMAIL_STATUSES, SearchLimits, SORT_KEYS, STATE_CODES } from '../domain/directory';
import { NEAR_MILES } from '../domain/geo';
import { isBooleanKeywords, parseKeywords } from '../domain/keyword-query';
import {
  EXCLUDABLE_FILTERS,
  type ExclusionKey,
  exclusionOf,
  FLAG_ON,
  parseRange,
  type RangeValue,
  SEARCH_FIELD_NAMES,
  type SearchField,
  type SearchFieldDefinition,
  SUGGESTED_FIELDS,
  searchField,
} from '../domain/search-fields';
import { ExportFormat } from './exports';

const tooLong = `At most ${SearchLimits.textMax} characters.`;
const value = z.string().trim().max(SearchLimits.textMax, tooLong);
/** A string given for an array filter is coerced to a one-item array (spec, search filter object). */
const list = (item: z.ZodType<string>, max: number) =>
  z.preprocess(
    (input) => (typeof input === 'string' ? input.split(',') : input),
    z
      .array(item)
      .max(max, `At most ${max} values.`)
      .transform((items) => [...new Set(items.filter((i) => i !== ''))]),
  );
const tags = list(value, SearchLimits.maxTags);
const names = list(value, SearchLimits.maxListValues);
const oneOf = (options: readonly string[]) =>
  list(
    z.enum(options as [string, ...string[]], {
      error: `Must be one of: ${options.join(', ')}.`,
    }) as unknown as z.ZodType<string>,
    options.length,
  );
const State = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(
    z.enum(STATE_CODES as [string, ...string[]], {
      error: 'Unknown state: use a two-letter code (50 states and DC).',
    }),
  );
const states = z.preprocess(
  (input) => (typeof input === 'string' ? input.split(',') : input),
  z.array(State).max(51),
);
/** A flag filter: `true` (or "true", or ["true"]) is on; false, "false" or absent is off. */
const flag = z.preprocess(
  (input) => (input === true ? [FLAG_ON] : input === false || input === 'false' ? [] : input),
  oneOf([FLAG_ON]),
);

/**
 * The Keywords text: plain words as ever, or the boolean syntax (keyword-query.ts, ADR 0053), whose
 * syntax error is the field's error with its position in the text as typed (checked before the trim).
 */
const keywords = z
  .string()
  .superRefine((text, ctx) => {
    // Too long a text has the length's error only.
    if (text.trim().length > SearchLimits.textMax || !isBooleanKeywords(text)) return;
    const parsed = parseKeywords(text);
    if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error.message });
  })
  .trim()
  .max(SearchLimits.textMax, tooLong);

/**
 * A range filter's value: `{ min, max }` (either may be left out: an open bound), or the URL's
 * `5-20`, `5-`, `-20`. Whole numbers within the field's own bounds; min not above max.
 */
function rangeSchema({ range }: SearchFieldDefinition): RangeSchema {
  const { min, max } = range!;
  const bound = z
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(min, `At least ${min}.`)
    .max(max, `At most ${max}.`)
    .nullable();
  return z
    .union([
      z.strictObject({ min: bound.default(null), max: bound.default(null) }),
      z
        .string()
        .trim()
        .transform((text, ctx) => {
          const range = parseRange(text);
          if (range) return range;
          ctx.addIssue({ code: 'custom', message: 'A range is written 5-20, 5- or -20.' });
          return z.NEVER;
        })
        .pipe(z.strictObject({ min: bound, max: bound })),
    ])
    .refine((r) => r.min === null || r.max === null || r.min <= r.max, {
      message: 'The lowest cannot be above the highest.',
    }) as unknown as RangeSchema;
}

/** A filter's values: a list, or a comma-separated string read as one. */
type FilterSchema = z.ZodType<string[], string | string[]>;
type RangeSchema = z.ZodType<RangeValue, string | { min?: number | null; max?: number | null }>;
function filterSchema(field: SearchFieldDefinition): FilterSchema | RangeSchema {
  switch (field.kind) {
    case 'tags':
      return tags as unknown as FilterSchema;
    case 'names':
      return names as unknown as FilterSchema;
    case 'options':
      // State codes in any case ("tx" is TX), with the state filter's message.
      if (field.control.shows === 'state names') return states as unknown as FilterSchema;
      return oneOf(field.options ?? []) as unknown as FilterSchema;
    case 'flag':
      return flag as unknown as FilterSchema;
    case 'range':
      return rangeSchema(field);
  }
}
type SearchFields = typeof import('../domain/search-fields').SEARCH_FIELDS;
/** The filter fields of the search request, from the table of search fields (search-fields.ts). */
const filterFields = Object.fromEntries(
  SEARCH_FIELD_NAMES.map((name) => [name, filterSchema(searchField(name)).optional()]),
) as {
  [F in SearchField]: z.ZodOptional<SearchFields[F]['kind'] extends 'range' ? RangeSchema : FilterSchema>;
};
/** "None of" values (issue 35): `notState`, `notSpecialty`… take what their filter takes. */
const exclusionFields = Object.fromEntries(
  EXCLUDABLE_FILTERS.map((name) => [exclusionOf(name), filterSchema(searchField(name)).optional()]),
) as { [K in ExclusionKey]: z.ZodOptional<FilterSchema> };

/**
 * "Within `miles` of `place`" (issue 35): a 5-digit ZIP or "City, ST" (the API geocodes it: a place
 * it does not know is a field error, `near.place`), and a radius of 1 to 500 miles. The URL's form
 * is `near=78701&miles=50`.
 */
export const NearFilter = z.strictObject({
  place: z.string().trim().min(1, 'A ZIP code or "City, ST".').max(100, 'At most 100 characters.'),
  miles: z.coerce
    .number({ error: 'Must be a number of miles.' })
    .min(NEAR_MILES.min, `At least ${NEAR_MILES.min} mile.`)
    .max(NEAR_MILES.max, `At most ${NEAR_MILES.max} miles.`),
});
export type NearFilter = z.infer<typeof NearFilter>;
export const UNKNOWN_PLACE = (place: string) =>
  `We don't know the place "${place}": give a 5-digit ZIP code or a city as "City, ST".`;
export const ADDED_SINCE_FORMAT = 'A date and time, as 2026-11-03T14:00:00Z.';
export const DISTANCE_NEEDS_NEAR = 'Sorting by distance needs a "within N miles of" place.';

/**
 * The spec's search filter object, plus sort. Unknown fields are refused; blank values are dropped;
 * page and limit are clamped to the product's limits rather than refused where that is the kinder
 * answer (page beyond the last gives an empty page).
 */
export const SearchRequest = z.strictObject({
  query: keywords.optional(),
  ...filterFields,
  ...exclusionFields,
  country: list(
    z.literal(COUNTRY, { error: `Only ${COUNTRY} is available.` }) as unknown as z.ZodType<string>,
    1,
  ).optional(),
  sortKey: z.enum(SORT_KEYS).default('relevance'),
  sortDirection: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1, 'Pages start at 1.').max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'At least 1 row per page.')
    .max(SearchLimits.pageSizeMax, `At most ${SearchLimits.pageSizeMax} rows per page.`)
    .default(SearchLimits.pageSizeDefault),
  /** Select All: answer with the matching ids (up to the cap) instead of rows. */
  selectAll: z.boolean().default(false),
  /** Within N miles of a ZIP or a city (issue 35). */
  near: NearFilter.optional(),
  /**
   * Only candidates who entered the directory after this moment (issue 37: a saved search's "N new
   * since" opens as its filters plus this boundary, so the count matches the badge).
   */
  addedSince: z.iso.datetime({ offset: true, error: ADDED_SINCE_FORMAT }).optional(),
});
export type SearchRequest = z.infer<typeof SearchRequest>;
export type SearchFilters = Omit<SearchRequest, 'sortKey' | 'sortDirection' | 'page' | 'limit' | 'selectAll'>;
/** A search request as a client sends it (before defaults and coercion). */
export type SearchRequestBody = z.input<typeof SearchRequest>;

const NOT_NARROWING: ReadonlySet<string> = new Set([
  'sortKey',
  'sortDirection',
  'page',
  'limit',
  'selectAll',
]);
/**
 * What the public pages count (issue 37, finding 19), from the request the search takes, never a
 * number typed into a page: the filters of the field table, and every parameter that narrows a
 * search (keywords, the filters, their exclusions, distance, country).
 */
export const SEARCH_FILTER_COUNT = Object.keys(filterFields).length;
export const SEARCHABLE_PARAMETER_COUNT = Object.keys(SearchRequest.shape).filter(
  (key) => !NOT_NARROWING.has(key),
).length;

export const EducationEntrySchema = z.object({ school: z.string(), degree: z.string() });

/** What a result card shows (recruiter-directory, candidate card) plus the provenance we add. */
/**
 * One reason a result matched: a filter (`field`, its label, the values of it the candidate holds,
 * as the request gave them) or a keyword (`field` `query`, the word as `label`, and the places it
 * was found: `name`, `specialty`, `title`, `organization`, `skills`, `education`, `NPI`).
 */
export const MatchReason = z.object({
  field: z.string(),
  label: z.string(),
  values: z.array(z.string()),
});
export type MatchReason = z.infer<typeof MatchReason>;

export const CandidateCard = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  title: z.string().nullable(),
  specialty: z.string().nullable(),
  organization: z.string().nullable(),
  location: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  skills: z.array(z.string()),
  education: z.array(EducationEntrySchema),
  /** Only for callers who may see it (the field policy); `hasLinkedin` tells everyone one is on file. */
  linkedinUrl: z.string().nullable(),
  /** A linkedin.com profile is on file: a demo account sees the LinkedIn button and, on a click, the restriction. */
  hasLinkedin: z.boolean(),
  hasEmail: z.boolean(),
  hasPhone: z.boolean(),
  emailStatus: z.enum(EMAIL_STATUSES),
  emailVerifiedAt: z.iso.datetime().nullable(),
  phoneVerifiedAt: z.iso.datetime().nullable(),
  source: z.string(),
  /**
   * Why this candidate is in the results (issue 35): each filter of the search with the values of
   * it the candidate holds, and each keyword with where it was found. Search results only.
   */
  matched: z.array(MatchReason).optional(),
  /** With a `near` filter: miles from its place to the candidate's practice, to a tenth (issue 35). */
  distanceMiles: z.number().nullable().optional(),
});
export type CandidateCard = z.infer<typeof CandidateCard>;

/** The optimized-search answer of the first version, kept field for field. */
export const SearchResponse = z.object({
  success: z.boolean(),
  data: z.array(CandidateCard),
  count: z.number().int(),
  countIsEstimate: z.boolean(),
  totalPages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  complexity: z.enum(['simple', 'medium', 'complex', 'ultra']),
  tookMs: z.number(),
  message: z.string().nullable(),
  /** Select All only: matching ids in result order, at most SearchLimits.selectAllCap. */
  ids: z.array(z.uuid()).optional(),
  capped: z.boolean().optional(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

/**
 * Where one shown value comes from (issue 34): the source (`NPI registry`, `cms-dac`, `synthetic`,
 * a CSV's own), the file's name (null for sources without files: the synthetic seed, a resume),
 * the file's date (else the day the value came in), and for a registry the record's own last
 * update date.
 */
export const FieldProvenance = z.object({
  source: z.string(),
  file: z.string().nullable(),
  date: z.string().nullable(),
  updatedOn: z.string().nullable(),
});
export type FieldProvenance = z.infer<typeof FieldProvenance>;

/** The full profile (recruiter-directory, candidate record), without contact details. */
// A search's distance and match reasons are the result's, not the profile's.
export const CandidateProfile = CandidateCard.omit({ matched: true, distanceMiles: true }).extend({
  /** The record's fields the field table puts in the profile (CANDIDATE_FIELDS `profile`). */
  ...CANDIDATE_PROFILE_SHAPE,
  /**
   * Per field of this answer that has a value (`organization`, `city`, `medicalSchool`…), where
   * that value comes from.
   */
  provenance: z.record(z.string(), FieldProvenance),
  /** Set for professionals from the NPI registry (NPPES): the NPI and where the values come from. */
  registry: z
    .object({
      npi: z.string(),
      url: z.string(),
      taxonomyCode: z.string().nullable(),
      licenses: z.string().nullable(),
      /** The date of the registry file the profile was last read from. */
      sourceDate: z.string().nullable(),
      /** That file's name (npidata_pfile_…csv); null for profiles imported before it was kept. */
      sourceFile: z.string().nullable(),
      /** Per field, the registry's `Last Update Date` of the value shown. */
      fieldUpdatedOn: z.record(z.string(), z.string()),
      deactivatedOn: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type CandidateProfile = z.infer<typeof CandidateProfile>;

/**
 * What a reveal hands out: a candidate's contact details. The LinkedIn URL is one of them (a demo
 * account's cards leave it out, and its reveal — one use of its grant — hands it out).
 */
export const ContactDetails = z.object({
  email: z.string().nullable(),
  personalEmail: z.string().nullable(),
  workEmail: z.string().nullable(),
  phone: z.string().nullable(),
  directPhone: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  emailStatus: z.enum(EMAIL_STATUSES),
  emailVerifiedAt: z.iso.datetime().nullable(),
  phoneVerifiedAt: z.iso.datetime().nullable(),
});
export type ContactDetails = z.infer<typeof ContactDetails>;

export const ExportRequest = z.union([
  z.strictObject({
    candidateIds: z
      .array(z.uuid())
      .min(1, 'Select at least one candidate to export.')
      .max(SearchLimits.selectAllCap),
    format: ExportFormat.default('csv'),
    fileName: z.string().trim().max(120).optional(),
  }),
  z.strictObject({
    search: SearchRequest.omit({ page: true, limit: true, selectAll: true }).partial(),
    format: ExportFormat.default('csv'),
    fileName: z.string().trim().max(120).optional(),
  }),
]);
export type ExportRequest = z.infer<typeof ExportRequest>;
export const DEFAULT_EXPORT_FILE_NAME = 'healthtal_export.csv';

export const SpecialtyCount = z.object({ specialty: z.string(), count: z.number().int() });
export type SpecialtyCount = z.infer<typeof SpecialtyCount>;
/** The home page's specialty list (public): names only, alphabetical, at most HOME_SPECIALTIES_MAX. */
export const SpecialtyNames = z.array(z.string());
export type SpecialtyNames = z.infer<typeof SpecialtyNames>;
export const HOME_SPECIALTIES_MAX = 35;

/**
 * At most this many suggestions per answer: a typed filter shows 8; a picked one (licensed in) asks
 * for every option's count at once (50 states and DC).
 */
export const SUGGESTIONS_MAX = 60;
/**
 * `GET /api/v1/search/suggestions`: the values of a typed filter (city, title, organization,
 * skills, education) starting with `prefix`, case- and accent-insensitive.
 */
export const SuggestionsQuery = z.strictObject({
  field: z.enum(SUGGESTED_FIELDS, { error: `Must be one of: ${SUGGESTED_FIELDS.join(', ')}.` }),
  prefix: z.string().trim().max(SearchLimits.textMax, tooLong).default(''),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'At least 1 suggestion.')
    .max(SUGGESTIONS_MAX, `At most ${SUGGESTIONS_MAX} suggestions.`)
    .default(8),
});
export type SuggestionsQuery = z.infer<typeof SuggestionsQuery>;
/** A value as the directory spells it most often, and how many searchable candidates hold it. */
export const FilterSuggestion = z.object({ value: z.string(), count: z.number().int() });
export type FilterSuggestion = z.infer<typeof FilterSuggestion>;
/** Largest count first. */
export const FilterSuggestions = z.array(FilterSuggestion);
export type FilterSuggestions = z.infer<typeof FilterSuggestions>;

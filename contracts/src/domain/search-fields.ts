import { CREDENTIALS } from './credentials';
import {
  COMPANY_INDUSTRIES,
  COMPANY_REVENUES,
  COMPANY_SIZES,
  EMAIL_STATUSES,
  STATE_CODES,
} from './directory';
import { canonicalSpecialty } from './specialties';

/**
 * The search filters, one row each (issue 14): the request field, how a value becomes index terms
 * (prefix and normalisation), its weight in a search's complexity and its sidebar control. The
 * api's index and query translation, the complexity, the request schema, the screen state, its URL
 * and the sidebar all read this table, so the index and the query cannot spell a term two ways (a
 * mismatch would silently find nobody). Which candidate field feeds a filter is said by that field
 * (candidate-fields.ts: `search.filter`): a filter over an existing field is a row here and that
 * word there.
 */

/** Case- and accent-insensitive form of a text: "São Paulo" → "sao paulo". */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');

const wordCache = new Map<string, string[]>();
const WORD_CACHE_LIMIT = 200_000;

/**
 * Words of a text for matching: folded, split on anything but letters and digits, 2+ characters.
 * Directory values repeat a lot (cities, titles, schools), so results are cached.
 */
export function searchWords(text: string | null | undefined): string[] {
  if (!text) return [];
  const cached = wordCache.get(text);
  if (cached) return cached;
  const out: string[] = [];
  for (const word of foldText(text).split(/[^a-z0-9]+/)) if (word.length >= 2) out.push(word);
  if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
  wordCache.set(text, out);
  return out;
}

const specialtyForms = new Map<string, string>();
/**
 * A specialty as the filter matches it: the taxonomy's name, folded ("RN", "registered nurse" and
 * "Nurse" are all `nurse`). Memoised: a directory has a few hundred specialty spellings at most.
 */
function specialtyForm(specialty: string): string {
  let form = specialtyForms.get(specialty);
  if (form === undefined) {
    form = foldText(canonicalSpecialty(specialty));
    if (specialtyForms.size < 10_000) specialtyForms.set(specialty, form);
  }
  return form;
}

/**
 * The free-text fields of the index and their weight for relevance (a match in the name counts
 * most). A candidate field says which one its words go to (candidate-fields.ts); the query looks
 * for its words in all of them.
 */
export const TEXT_FIELDS = { n: 8, s: 6, t: 5, o: 3, k: 2, e: 1 } as const;
export type TextField = keyof typeof TEXT_FIELDS;

const asIs = (value: string) => value;
const upperCase = (value: string) => value.toUpperCase();
/**
 * How a whole value is normalised into its term, by name: the search index's snapshot format is a
 * fingerprint of the names (search-snapshot.ts), so a rule that changes form is never read from a
 * snapshot written by another. A form whose code changes takes a new name.
 */
const VALUE_FORMS = { folded: foldText, specialty: specialtyForm, 'as is': asIs, 'upper case': upperCase };
export type ValueForm = keyof typeof VALUE_FORMS;

/**
 * How a value is found in the index. `value`: the whole value, normalised, is one term
 * (`ci:san jose`). `words`: each word of the value is a term of the free-text field `prefix` and a
 * value matches when all its words do ("charge nurse" finds "Night Charge Nurse").
 */
export type TermRule =
  | {
      readonly match: 'value';
      readonly prefix: string;
      readonly form: ValueForm;
      readonly normalise: (value: string) => string;
    }
  | { readonly match: 'words'; readonly prefix: string };

/**
 * `tags`: free text, at most SearchLimits.maxTags (tag inputs). `names`: a free text list.
 * `options`: a list of the field's `options` (states: several, issue 35). `flag`: on or off (a checkbox); on is the one value FLAG_ON (`true` in the request, the URL and a
 * saved search), so the screen, the URL and the index treat it as a list of at most one value.
 * `range`: a lowest and a highest number, either open (years in practice: `5-` is five or more).
 */
export type SearchFieldKind = 'tags' | 'names' | 'options' | 'flag' | 'range';
/** A flag filter's value when it is on, and the value its field's index term is made of. */
export const FLAG_ON = 'true';

/**
 * A `range` filter's numbers: `since: 'year'` counts years since the year its field holds (years in
 * practice from the graduation year), so the index keeps the year, which does not age, and a search
 * asks for the years that many years ago (rangeTermsOf). `min`/`max`: what the control offers.
 */
export type RangeDefinition = {
  readonly min: number;
  readonly max: number;
  readonly unit: string;
  readonly since: 'year';
  /** The earliest year the field may hold (an open range reaches back to it). */
  readonly earliest: number;
};

export type SearchFieldDefinition = {
  readonly kind: SearchFieldKind;
  /** The values a list or state may take; the URL drops others and the request refuses them. */
  readonly options?: readonly string[];
  /**
   * Where a value is looked for, by part of the record (education: the school and the degree). A
   * value matches a record when any part matches it; the first part is the field's own.
   */
  readonly terms: { readonly [part: string]: TermRule };
  /** A `range` filter's numbers. */
  readonly range?: RangeDefinition;
  /** What an active filter adds to a search's complexity (the robustness tester's classes). */
  readonly weight: number;
  /**
   * "None of" (issue 35): the filter also takes values a candidate must not match, in its own
   * request field and URL parameter (`notState`, exclusionOf) with this control label.
   */
  readonly exclude?: { readonly label: string };
  readonly control: {
    readonly label: string;
    readonly placeholder?: string;
    /**
     * `specialty counts`: picked from the directory's specialties, each with its count. `typed`: typed,
     * with the index's values as suggestions. `counted`: picked from its options (a flag: on or off),
     * each with how many searchable candidates hold it (the index's suggestions).
     */
    readonly picks?: 'specialty counts' | 'typed' | 'counted';
    /**
     * `state names`: its options are state codes, shown by name ("Texas (TX)"). `email statuses`:
     * shown as a card says them ("Valid email").
     */
    readonly shows?: 'state names' | 'email statuses';
  };
};

const byValue = (prefix: string, form: ValueForm = 'folded'): TermRule => ({
  match: 'value',
  prefix,
  form,
  normalise: VALUE_FORMS[form],
});
const byWords = (prefix: string): TermRule => ({ match: 'words', prefix });
const TYPED = 'Type and press Enter';
/** Years since graduation (CMS's Grd_yr), 0 to 60 on the control; a graduation year is 1900 or later. */
const YEARS_IN_PRACTICE: RangeDefinition = { min: 0, max: 60, unit: 'years', since: 'year', earliest: 1900 };

/** In the sidebar's order (the spec's); Country, locked, is not a filter of the index. */
// biome-ignore format: a table reads best one field per line
export const SEARCH_FIELDS = {
  city: { kind: 'tags', terms: { city: byValue('ci') }, weight: 1, control: { label: 'City' } },
  // Several states, with their counts (issue 35: travel and compact-licence searches span states).
  state: { kind: 'options', options: STATE_CODES, terms: { state: byValue('st', 'upper case') }, weight: 1, exclude: { label: 'Not in state' }, control: { label: 'State', picks: 'counted', shows: 'state names' } },
  // Where a license is held (any of them), not where the person practises (issue 34).
  licensedIn: { kind: 'options', options: STATE_CODES, terms: { licensedIn: byValue('li', 'upper case') }, weight: 1, control: { label: 'Licensed in', picks: 'counted', shows: 'state names' } },
  compactLicense: { kind: 'flag', options: [FLAG_ON], terms: { compactLicense: byValue('cp', 'as is') }, weight: 1, control: { label: 'Compact license', picks: 'counted' } },
  // `t` and `o` are also the title's and the organization's words for the free-text query.
  title: { kind: 'tags', terms: { title: byWords('t') }, weight: 1, control: { label: 'Title' } },
  credential: { kind: 'options', options: CREDENTIALS, terms: { credential: byValue('cr', 'as is') }, weight: 1, exclude: { label: 'Exclude credentials' }, control: { label: 'Credential' } },
  organization: { kind: 'tags', terms: { organization: byWords('o') }, weight: 1, exclude: { label: 'Exclude organizations' }, control: { label: 'Organization' } },
  specialty: { kind: 'names', terms: { specialty: byValue('sp', 'specialty') }, weight: 1, exclude: { label: 'Exclude specialties' }, control: { label: 'Specialty', picks: 'specialty counts' } },
  skills: { kind: 'names', terms: { skills: byValue('sk') }, weight: 1, control: { label: 'Skills', picks: 'typed', placeholder: TYPED } },
  education: { kind: 'names', terms: { school: byValue('es'), degree: byValue('ed') }, weight: 1, control: { label: 'Education', picks: 'typed', placeholder: TYPED } },
  // Issue 34, from CMS Doctors and Clinicians: years since graduation, and hospitals by name.
  yearsInPractice: { kind: 'range', range: YEARS_IN_PRACTICE, terms: { graduationYear: byValue('gy', 'as is') }, weight: 1, control: { label: 'Years in practice', placeholder: 'Years since graduation' } },
  affiliation: { kind: 'names', terms: { affiliation: byValue('ha') }, weight: 1, control: { label: 'Hospital affiliation', picks: 'typed', placeholder: TYPED } },
  companySize: { kind: 'options', options: COMPANY_SIZES, terms: { companySize: byValue('sz', 'as is') }, weight: 1, control: { label: 'Company size' } },
  companyRevenue: { kind: 'options', options: COMPANY_REVENUES, terms: { companyRevenue: byValue('rv', 'as is') }, weight: 1, control: { label: 'Company revenue' } },
  companyIndustry: { kind: 'options', options: COMPANY_INDUSTRIES, terms: { companyIndustry: byValue('in') }, weight: 1, control: { label: 'Company industry' } },
  // Issue 35: reachable candidates only (whether a contact is held, never the contact itself).
  hasEmail: { kind: 'flag', options: [FLAG_ON], terms: { hasEmail: byValue('he', 'as is') }, weight: 1, control: { label: 'Has email', picks: 'counted' } },
  hasPhone: { kind: 'flag', options: [FLAG_ON], terms: { hasPhone: byValue('hp', 'as is') }, weight: 1, control: { label: 'Has phone', picks: 'counted' } },
  emailStatus: { kind: 'options', options: EMAIL_STATUSES, terms: { emailStatus: byValue('em', 'as is') }, weight: 1, control: { label: 'Email status', picks: 'counted', shows: 'email statuses' } },
} as const satisfies Record<string, SearchFieldDefinition>;

export type SearchField = keyof typeof SEARCH_FIELDS;
type Fields = typeof SEARCH_FIELDS;
/** A part of the record a field is looked for in (`education`: `school` or `degree`). */
export type SearchTermPart<F extends SearchField> = keyof Fields[F]['terms'] & string;
/** The filters that are lists on the screen and in the URL: all but the ranges. */
export type ListFilter = {
  [F in SearchField]: Fields[F]['kind'] extends 'range' ? never : F;
}[SearchField];
/** The filters that are a range of numbers (years in practice). */
export type RangeFilter = { [F in SearchField]: Fields[F]['kind'] extends 'range' ? F : never }[SearchField];

export const SEARCH_FIELD_NAMES = Object.keys(SEARCH_FIELDS) as SearchField[];
export const LIST_FILTERS = SEARCH_FIELD_NAMES.filter(
  (name): name is ListFilter => SEARCH_FIELDS[name].kind !== 'range',
);

/** The filters that also take "none of" values (issue 35): state, specialty, organization, credential. */
export type ExcludableFilter = {
  [F in SearchField]: Fields[F] extends { exclude: object } ? F : never;
}[SearchField];
export const EXCLUDABLE_FILTERS = SEARCH_FIELD_NAMES.filter(
  (name): name is ExcludableFilter => (SEARCH_FIELDS[name] as SearchFieldDefinition).exclude !== undefined,
);
/** The request field and URL parameter of a filter's "none of" values: `notState`, `notSpecialty`… */
export type ExclusionKey = `not${Capitalize<ExcludableFilter>}`;
export const exclusionOf = (field: ExcludableFilter): ExclusionKey =>
  `not${field[0]!.toUpperCase()}${field.slice(1)}` as ExclusionKey;
export const EXCLUSION_KEYS: readonly ExclusionKey[] = EXCLUDABLE_FILTERS.map(exclusionOf);
export const RANGE_FILTERS = SEARCH_FIELD_NAMES.filter(
  (name): name is RangeFilter => SEARCH_FIELDS[name].kind === 'range',
);

/** A range filter's value: either bound may be open (null). */
export type RangeValue = { readonly min: number | null; readonly max: number | null };
export const OPEN_RANGE: RangeValue = { min: null, max: null };
export const isOpenRange = (range: RangeValue | null | undefined): boolean =>
  !range || (range.min === null && range.max === null);

/** A range as the URL writes it: `5-20`, `5-` (five or more), `-20` (at most twenty); '' when open. */
export const rangeText = ({ min, max }: RangeValue): string =>
  min === null && max === null ? '' : `${min ?? ''}-${max ?? ''}`;

/**
 * `5-20`, `5-`, `-20` or `5` (exactly five) back as a range; null when it is none of them. A range
 * written upside down (`20-5`) is read as written: the request's schema refuses it with its own
 * message ("The lowest cannot be above the highest."), and the screen shows that.
 */
export function parseRange(text: string | null | undefined): RangeValue | null {
  const match = /^\s*(\d{1,3})?\s*(-)?\s*(\d{1,3})?\s*$/.exec(text ?? '');
  if (!match || (match[1] === undefined && match[3] === undefined)) return null;
  const min = match[1] === undefined ? null : Number(match[1]);
  const max = match[3] === undefined ? (match[2] ? null : min) : Number(match[3]);
  return { min, max };
}

/**
 * How a range reads to a recruiter: "5–20 years", "5+ years", "up to 20 years"; without the unit
 * where the label says it (a chip: "Years in practice: 5+").
 */
export function rangeLabel(field: RangeFilter, { min, max }: RangeValue, withUnit = true): string {
  const unit = withUnit ? ` ${SEARCH_FIELDS[field].range.unit}` : '';
  if (min !== null && max !== null) return min === max ? `${min}${unit}` : `${min}–${max}${unit}`;
  if (min !== null) return `${min}+${unit}`;
  return max !== null ? `up to ${max}${unit}` : '';
}

/**
 * What a record must hold to be in a range, as alternatives (any one will do): for years since a
 * year, one term per year from `year - max` (or the earliest year) to `year - min`. `year` is the
 * searcher's current year, passed in: the index holds the year itself, which does not age.
 */
export function rangeTermsOf(field: RangeFilter, { min, max }: RangeValue, year: number): string[][] {
  const { range } = SEARCH_FIELDS[field];
  const rule = FIRST_PART[field];
  if (rule.match !== 'value') throw new Error(`range field ${field} is matched by whole value`);
  const latest = year - (min ?? 0);
  const earliest = Math.max(range.earliest, max === null ? range.earliest : year - max);
  const alternatives: string[][] = [];
  for (let y = latest; y >= earliest; y--) alternatives.push([valueTerm(rule, String(y))]);
  return alternatives;
}

/** The definition of a field, without its literal types (for code that walks the table). */
export const searchField = (field: SearchField): SearchFieldDefinition => SEARCH_FIELDS[field];

const FIRST_PART = Object.fromEntries(
  SEARCH_FIELD_NAMES.map((name) => [name, Object.values(SEARCH_FIELDS[name].terms)[0]!]),
) as Record<SearchField, TermRule>;

/** The rule of a field's part (its first part when none is named). */
export function termRuleOf(field: SearchField, part?: string): TermRule {
  const rule = part === undefined ? FIRST_PART[field] : searchField(field).terms[part];
  if (!rule) throw new Error(`search field ${field} has no part ${part}`);
  return rule;
}

const valueTerm = (rule: TermRule & { match: 'value' }, value: string) =>
  `${rule.prefix}:${rule.normalise(value)}`;
const wordTerms = (rule: TermRule, value: string | null | undefined) =>
  searchWords(value).map((word) => `${rule.prefix}:${word}`);

/**
 * The index term of a value (a `value` rule): what the index adds for a record and what the query
 * asks for, the same function on both sides.
 */
export function termOf<F extends SearchField>(field: F, value: string, part?: SearchTermPart<F>): string {
  const rule = termRuleOf(field, part);
  if (rule.match !== 'value') throw new Error(`search field ${field} is matched by words`);
  return valueTerm(rule, value);
}

/** The index terms of a value's words (a `words` rule); a record matches when it has them all. */
export function wordTermsOf<F extends SearchField>(
  field: F,
  value: string | null | undefined,
  part?: SearchTermPart<F>,
): string[] {
  const rule = termRuleOf(field, part);
  if (rule.match !== 'words') throw new Error(`search field ${field} is matched by whole value`);
  return wordTerms(rule, value);
}

/**
 * What a record must have to match one filter value, as alternatives (any one will do) of terms
 * (all needed): a `value` rule gives one term per part, a `words` rule all the value's words (none
 * when the value has no word).
 */
export function queryTermsOf(field: SearchField, value: string): string[][] {
  const alternatives: string[][] = [];
  for (const rule of Object.values(searchField(field).terms)) {
    const terms = rule.match === 'value' ? [valueTerm(rule, value)] : wordTerms(rule, value);
    if (terms.length > 0) alternatives.push(terms);
  }
  return alternatives;
}

/**
 * What the index writes for a value of a field's part: its terms (the whole value's, or each of its
 * words'), and the whole-value term whose holders a suggestion counts (null for a field matched by
 * words, whose holders the suggestions keep themselves).
 */
export function indexTermsOf(
  field: SearchField,
  value: string,
  part?: string,
): { terms: string[]; term: string | null } {
  const rule = termRuleOf(field, part);
  if (rule.match === 'words') return { terms: wordTerms(rule, value), term: null };
  const term = valueTerm(rule, value);
  return { terms: [term], term };
}

/**
 * The filters whose values the index suggests with their counts: those typed (tag inputs and typed
 * lists: city, title, organization, skills, education), as the user types, and those picked with
 * their counts (licensed in, compact license).
 */
export const SUGGESTED_FIELDS = SEARCH_FIELD_NAMES.filter(
  (name) =>
    SEARCH_FIELDS[name].kind === 'tags' ||
    searchField(name).control.picks === 'typed' ||
    searchField(name).control.picks === 'counted',
) as readonly SuggestedField[];
export type SuggestedField = {
  [F in SearchField]: Fields[F]['kind'] extends 'tags'
    ? F
    : Fields[F]['control'] extends { picks: 'typed' | 'counted' }
      ? F
      : never;
}[SearchField];

/**
 * How a value of a field is spelled in the suggestions' vocabulary: the value rule's own form
 * (so a suggestion and the filter term agree), or the folded text for a field matched by words.
 */
export function suggestionKeyOf(field: SearchField, value: string): string {
  const rule = FIRST_PART[field];
  return rule.match === 'value' ? rule.normalise(value) : foldText(value);
}

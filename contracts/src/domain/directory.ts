/** Filter options and constants of the directory (recruiter-directory §9). */
import { canonicalSpecialty } from './specialties';

export const COMPANY_SIZES = [
  '1 to 19',
  '20 to 99',
  '100 to 499',
  '500 to 999',
  '1000 to 4999',
  '5000+',
] as const;
export const COMPANY_REVENUES = [
  '<$1M',
  '$1M to <$10M',
  '$10M to <$50M',
  '$50M to <$100M',
  '$100M to <$1B',
  '$1B+',
] as const;
export const COMPANY_INDUSTRIES = [
  'Hospitals & Physicians Clinics',
  'Education',
  'Retail',
  'Hospital & Health Care',
  'Business Services',
  'Healthcare Services',
  'Government',
  'Consumer Services',
  'Manufacturing',
  'Medical Practice',
  'Insurance',
  'Pharmaceuticals',
] as const;

/** The 50 states plus DC, by postal code. */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
} as const;
export type StateCode = keyof typeof US_STATES;
export const STATE_CODES = Object.keys(US_STATES) as StateCode[];
export const COUNTRY = 'United States';

export const EMAIL_STATUSES = ['valid', 'invalid', 'accept_all', 'unknown'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** `distance`: nearest first, only with a `near` filter (issue 35). */
export const SORT_KEYS = ['relevance', 'name', 'specialty', 'location', 'verified', 'distance'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const SearchLimits = {
  pageSizeDefault: 25,
  pageSizeMax: 100,
  /** Select All returns at most this many ids (the first version never stated its cap). */
  selectAllCap: 10_000,
  /** Filter tags per tag input (city, title, organization). */
  maxTags: 5,
  /** Values per list filter (specialty, skills, education, company filters). */
  maxListValues: 50,
  textMax: 200,
  /** A search slower than this is logged as slow (admin Search Error Logs). */
  slowSearchMs: 2000,
  /** Words and "phrases" in one boolean Keywords query (ADR 0053; plain text keeps its first 10 words). */
  keywordTermsMax: 30,
  /** How deeply AND, OR, NOT and brackets may nest in a boolean Keywords query (ADR 0053). */
  keywordDepthMax: 8,
} as const;

/** Values equal to the literal text null, undefined or NULL count as empty (spec, candidate record). */
/**
 * The correlation id of every event a bulk import writes (the seed, `healthtal import`, the NPI
 * registry's import) starts with this. A search need not wait for the candidates such a run adds: it
 * waits for everything else (ADR 0032).
 */
export const BULK_IMPORT_CORRELATION_PREFIX = 'import-';
export const isBulkImport = (metadata: { readonly correlationId: string }): boolean =>
  metadata.correlationId.startsWith(BULK_IMPORT_CORRELATION_PREFIX);

export const isBlankValue = (value: string | null | undefined): boolean => {
  if (value === null || value === undefined) return true;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'null' || trimmed === 'NULL' || trimmed === 'undefined';
};
export const cleanValue = (value: string | null | undefined): string | null =>
  isBlankValue(value) ? null : value!.trim();

/**
 * Specialty names as the list shows them: merged case-insensitively and by the taxonomy's aliases
 * ("Registered Nurse" is Nurse, "ob/gyn" is OBGYN), unknown names title-cased (recruiter-directory §9;
 * see specialties.ts).
 */
export const normalizeSpecialty = (name: string): string => canonicalSpecialty(name);

/**
 * The card's skills rule: a quoted list ("a","b") is split into its items, anything else on commas;
 * empty, 'null' and 'undefined' entries are dropped; duplicates (case-insensitive) once.
 */
export function parseSkills(text: string | null | undefined): string[] {
  if (isBlankValue(text)) return [];
  const raw = text!.trim();
  const quoted = [...raw.matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2] ?? '');
  const items = quoted.length > 0 ? quoted : raw.replace(/^\[|\]$/g, '').split(',');
  const seen = new Set<string>();
  const skills: string[] = [];
  for (const item of items) {
    const skill = item.trim();
    if (isBlankValue(skill) || seen.has(skill.toLowerCase())) continue;
    seen.add(skill.toLowerCase());
    skills.push(skill);
  }
  return skills;
}

/**
 * How the directory read model keeps a candidate's parsed skills: one text, joined by U+001F (unit
 * separator), which no skill holds (a text[] cost 24 bytes and 4 to 8 bytes a skill more: ADR 0031).
 */
const SKILL_SEPARATOR = '\u001f';
export const joinSkills = (skills: readonly string[]): string =>
  skills.map((skill) => skill.replaceAll(SKILL_SEPARATOR, ' ')).join(SKILL_SEPARATOR);
export const splitSkills = (joined: string): string[] => (joined === '' ? [] : joined.split(SKILL_SEPARATOR));

export type EducationEntry = { school: string; degree: string };

/**
 * The card's education rule: text holding `school-name` and `degrees` markers becomes school and
 * degree pairs. Accepts the JSON the first version stored (`[{"school-name": …, "degrees": […]}]`)
 * and the flat form `school-name: X; degrees: A, B | school-name: Y; degrees: C`.
 */
export function parseEducation(text: string | null | undefined): EducationEntry[] {
  if (isBlankValue(text)) return [];
  const raw = text!.trim();
  const entries: EducationEntry[] = [];
  const push = (school: unknown, degrees: unknown) => {
    const name = typeof school === 'string' ? school.trim() : '';
    const list = Array.isArray(degrees) ? degrees : typeof degrees === 'string' ? degrees.split(',') : [];
    const degree = list
      .map((d) => String(d).trim())
      .filter((d) => !isBlankValue(d))
      .join(', ');
    if (!isBlankValue(name)) entries.push({ school: name, degree });
  };
  if (raw.startsWith('[') || raw.startsWith('{')) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
        const record = item as Record<string, unknown>;
        push(record['school-name'] ?? record.school, record.degrees ?? record.degree);
      }
      return entries;
    } catch {
      // Not JSON after all: fall through to the flat form.
    }
  }
  for (const part of raw.split('|')) {
    const school = /school-name\s*[:=]\s*([^;]*)/i.exec(part)?.[1];
    const degrees = /degrees?\s*[:=]\s*(.*)$/i.exec(part)?.[1];
    if (school !== undefined) push(school, degrees ?? '');
  }
  return entries;
}

/** City and state for a card; hidden when empty or literally "null, null" (spec). */
export function locationText(city: string | null, state: string | null): string | null {
  const parts = [cleanValue(city), cleanValue(state)].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** A location text whose parts are all empty ("null, null", ", ") counts as empty (spec). */
export function cleanLocation(text: string | null | undefined): string | null {
  const value = cleanValue(text);
  if (value === null) return null;
  return value.split(',').every((part) => isBlankValue(part)) ? null : value;
}

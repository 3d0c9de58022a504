import { z } from 'zod';
import { credentialsOf } from './credentials';
import {
  cleanLocation,
  cleanValue,
  type EducationEntry,
  type EmailStatus,
  joinSkills,
  locationText,
  normalizeSpecialty,
  parseEducation,
  parseSkills,
  splitSkills,
} from './directory';
import {
  isCompactNurse,
  type LicenseHeld,
  type LicenseRecordValue,
  licenseStatesOf,
  licensesOfRecords,
  licensesOfText,
} from './licenses';
import { NURSE_LICENSURE_COMPACT } from './nurse-licensure-compact';
import { type Geocoded, geocodeCandidate } from './us-places';

/*
 * The kinds of read-model column a candidate field can have (candidate-fields.ts), and the named
 * ways an event's value becomes a column's. Names, not code, are what the directory read model's
 * version and the search snapshot's format fingerprint: a bundle rewrites code, not names. A cleaner
 * whose behaviour changes takes a new name (or the read model's own version is bumped).
 */

export type SqlType =
  | 'uuid'
  | 'text'
  | 'int'
  | 'real'
  | 'boolean'
  | 'date'
  | 'timestamptz'
  | 'jsonb'
  | 'bytea';

type Value = string | null | undefined;
const text = (value: unknown) => cleanValue(value as Value);
const upperCase = (value: unknown) => text(value)?.toUpperCase() ?? null;
const records = (value: unknown) => licensesOfRecords(value as LicenseRecordValue[] | null);

/** How an event value becomes its column's, on import and on update alike. */
export const CLEANERS = {
  /** Blanks and the literal "null"s of real exports are null, the rest trimmed. */
  text,
  'as is': (value: unknown) => value ?? null,
  'upper case': upperCase,
  /** By the taxonomy's aliases ("Registered Nurse" is Nurse, "CRNA" is Certified Registered Nurse Anesthetist). */
  specialty: (value: unknown) => {
    const specialty = text(value);
    return specialty ? normalizeSpecialty(specialty) : null;
  },
  /** Parsed once (a quoted list or commas), kept as one text: joinSkills / splitSkills. */
  skills: (value: unknown) => joinSkills(parseSkills(value as Value)),
  /** School and degree pairs, parsed once from either marker format. */
  education: (value: unknown) => parseEducation(value as Value),
  /** The credentials a title names (credentialsOf), as a list. */
  credentials: (value: unknown) => joinSkills(credentialsOf(text(value))),
  /** A list the event holds as an array of texts (CMS's secondary specialties): blanks dropped, as one text. */
  texts: (value: unknown) =>
    joinSkills(Array.isArray(value) ? value.flatMap((item) => text(item) ?? []) : []),
  /** Hospital affiliations: each with a CCN or a name, the CCN's first kept (a file may repeat one). */
  affiliations: (value: unknown) => cleanAffiliations(value),
  /** License records, each marked compact (licenses.ts, by the compact's data file). */
  'license records': records,
  /** The states the license records are held in, as a list. */
  'license states': (value: unknown) => joinSkills(licenseStatesOf(records(value))),
  /** Whether any license record is compact. */
  'compact license': (value: unknown) => records(value).some((license) => license.compact),
} as const satisfies Record<string, (value: unknown) => unknown>;
export type CleanerName = keyof typeof CLEANERS;

/** A hospital a clinician is affiliated with, as its column and the profile hold it. */
export type Affiliation = { ccn: string | null; name: string | null };

function cleanAffiliations(value: unknown): Affiliation[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const out: Affiliation[] = [];
  for (const item of value as { ccn?: unknown; name?: unknown }[]) {
    const ccn = text(item?.ccn);
    const name = text(item?.name);
    const key = ccn ?? `name:${name}`;
    if ((ccn === null && name === null) || seen.has(key)) continue;
    seen.add(key);
    out.push({ ccn, name });
  }
  return out;
}

type ImportedData = { readonly [field: string]: unknown };

/**
 * An import's licenses: its license records, or (events written before them) its `licenses` text,
 * compact for a nurse by the title and taxonomy. Worked out once for the three columns that read it.
 */
let licensesFor: { data: ImportedData; licenses: LicenseHeld[] } | null = null;
function licensesOfImport(d: ImportedData): LicenseHeld[] {
  if (licensesFor?.data === d) return licensesFor.licenses;
  const licenses =
    d.licenseRecords != null
      ? records(d.licenseRecords)
      : licensesOfText(text(d.licenses), isCompactNurse(text(d.title), text(d.taxonomyCode)));
  licensesFor = { data: d, licenses };
  return licenses;
}

/**
 * Where an import's practice is (us-places geocodeCandidate: the office ZIP's centroid, else a
 * city's, else its location text's), worked out once for the columns that read it.
 */
let geocodedFor: { data: ImportedData; geocoded: Geocoded } | null = null;
function geocodedOf(d: ImportedData): Geocoded {
  if (geocodedFor?.data === d) return geocodedFor.geocoded;
  const geocoded = geocodeCandidate({
    officeZip: text(d.officeZip),
    officeCity: text(d.officeCity),
    officeState: text(d.officeState),
    city: text(d.city),
    state: text(d.state),
    location: text(d.location),
  });
  geocodedFor = { data: d, geocoded };
  return geocoded;
}
/** A row without a city and a state of its own takes those its location text names (issue 35). */
const hasOwnPlace = (d: ImportedData) => text(d.city) !== null || text(d.state) !== null;

/** How an import becomes a column that reads more than its own field. */
export const IMPORT_READERS = {
  /** Its own text, else city and state (the state as its column has it: upper case). */
  location: (d: ImportedData) =>
    cleanLocation(d.location as Value) ?? locationText(d.city as string | null, upperCase(d.state)),
  'has email': (d: ImportedData) => Boolean(text(d.personalEmail) ?? text(d.workEmail)),
  'has phone': (d: ImportedData) => Boolean(text(d.phone) ?? text(d.directPhone)),
  /** Its license records, else the legacy `licenses` text (licensesOfImport). */
  licenses: licensesOfImport,
  'license states': (d: ImportedData) => joinSkills(licenseStatesOf(licensesOfImport(d))),
  'compact license': (d: ImportedData) => licensesOfImport(d).some((license) => license.compact),
  /** Its own city; a row with neither city nor state, the city its location text names (geocodedOf). */
  'city or location': (d: ImportedData) => (hasOwnPlace(d) ? text(d.city) : geocodedOf(d).city),
  /** Its own state (upper case); a row with neither city nor state, the one its location text names. */
  'state or location': (d: ImportedData) => (hasOwnPlace(d) ? upperCase(d.state) : geocodedOf(d).state),
  /** The practice's latitude and longitude (geocodedOf), null when no place is known. */
  latitude: (d: ImportedData) => geocodedOf(d).coordinates?.latitude ?? null,
  longitude: (d: ImportedData) => geocodedOf(d).coordinates?.longitude ?? null,
} as const satisfies Record<string, (data: ImportedData) => unknown>;

/**
 * Data a cleaner or reader decides by, besides its name: part of the directory read model's version
 * (projections' directoryVersionOf), so a new version of the data file rebuilds what it decided.
 */
export const COLUMN_DATA = {
  nurseLicensureCompact: NURSE_LICENSURE_COMPACT,
  /** The ZIP centroids the practice's coordinates come from (us-places.ts): a new release rebuilds them. */
  zipCentroids: 'zipcodes 8.0.0',
} as const;
export type ImportReaderName = keyof typeof IMPORT_READERS;

export type ColumnOptions = {
  /** `directory_contacts` (only reveal and export read it); `directory_candidates` when absent. */
  readonly table?: 'contacts';
  /** What follows the type in `create table`: `not null`, a default. */
  readonly ddl?: string;
  /** The field the column is computed from, when not its own (a column the read model derives). */
  readonly of?: string;
  /** How the field's value becomes the column's (default: `text` for text columns, `as is` otherwise). */
  readonly clean?: CleanerName;
  /** How an import becomes the column, when it reads more than its field. */
  readonly fromImport?: ImportReaderName;
};

/**
 * A column of the directory read model. `Row`: its value as node-postgres reads it; `Api`: as the
 * profile answers it (`api` its schema, `toApi` from the row's).
 */
export type CandidateColumn<Name extends string = string, Row = unknown, Api = unknown> = ColumnOptions & {
  readonly name: Name;
  readonly type: SqlType;
  readonly api: z.ZodType<Api>;
  toApi?(value: Row): Api;
  /** Only a type: the row's value. */
  readonly row?: Row;
};

const kind =
  <Row, Api = Row>(
    type: SqlType,
    api: z.ZodType<Api>,
    defaults: ColumnOptions,
    toApi?: (value: Row) => Api,
  ) =>
  <const Name extends string, const Options extends ColumnOptions = ColumnOptions>(
    name: Name,
    options?: Options,
  ) =>
    ({ name, type, api, ...(toApi ? { toApi } : {}), ...defaults, ...options }) as CandidateColumn<
      Name,
      Row,
      Api
    > &
      Options;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const LicenseHeldSchema: z.ZodType<LicenseHeld> = z.object({
  state: z.string(),
  number: z.string().nullable(),
  taxonomyCode: z.string().nullable(),
  primary: z.boolean(),
  compact: z.boolean(),
});

/** The column kinds, by what they hold (the field table names them `column`). */
export const COLUMN_KINDS = {
  text: kind<string | null>('text', z.string().nullable(), {}),
  /** A text every row has, kept as the event has it. */
  required: kind<string>('text', z.string(), { ddl: 'not null', clean: 'as is' }),
  emailStatus: kind<EmailStatus>('text', z.string() as z.ZodType<EmailStatus>, {
    ddl: 'not null',
    clean: 'as is',
  }),
  int: kind<number | null>('int', z.number().int().nullable(), {}),
  /** A latitude or longitude in degrees (`real`: about a metre's precision, as the index keeps it). */
  coordinate: kind<number | null>('real', z.number().nullable(), {}),
  uuid: kind<string>('uuid', z.uuid(), { ddl: 'not null' }),
  boolean: kind<boolean>('boolean', z.boolean(), { ddl: 'not null' }),
  date: kind<Date | null, string | null>('date', z.string().nullable(), {}, (date) =>
    date ? date.toISOString().slice(0, 10) : null,
  ),
  timestamp: kind<Date | null, string | null>('timestamptz', z.iso.datetime().nullable(), {}, iso),
  /** A list of texts as one text, joined by U+001F (joinSkills / splitSkills: ADR 0031). */
  list: kind<string, string[]>('text', z.array(z.string()), { ddl: "not null default ''" }, splitSkills),
  education: kind<EducationEntry[]>('jsonb', z.array(z.object({ school: z.string(), degree: z.string() })), {
    ddl: "not null default '[]'",
    clean: 'education',
  }),
  /** A yes or no a source may not know (null): CMS's telehealth flag. */
  flag: kind<boolean | null>('boolean', z.boolean().nullable(), {}),
  /** Hospital affiliations, CCN and name (a name may be unknown: the CCN alone). */
  affiliations: kind<Affiliation[]>(
    'jsonb',
    z.array(z.object({ ccn: z.string().nullable(), name: z.string().nullable() })),
    { ddl: "not null default '[]'", clean: 'affiliations' },
  ),
  /** Licenses with their compact mark (licenses.ts), as JSON. */
  licenses: kind<LicenseHeld[]>('jsonb', z.array(LicenseHeldSchema), {
    ddl: "not null default '[]'",
    clean: 'license records',
  }),
  /** A keyed hash, hex in the event, bytes in the row (half the size). */
  hash: kind<Uint8Array | null, null>('bytea', z.null(), {}),
};

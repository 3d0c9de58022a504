import { z } from 'zod';
import { type CandidateColumn, COLUMN_KINDS as column } from './candidate-columns';
import { EMAIL_STATUSES, locationText } from './directory';
import type { SearchField, TextField } from './search-fields';

/**
 * A candidate's fields, each defined once (issue 33, docs/adr/0046): its value in the
 * `CandidateImported` event, whether it is the person's (sealed) and whether a later registry file
 * may change it, its read-model column, the CSV header it is imported from, whether the profile shows
 * it, and what the search index does with it. The event schemas, the stored and personal field
 * orders, the directory read model (tables, import, updates, version), the CSV import, the profile
 * and the search index (terms, postings, replica, snapshot format) are all made from this table.
 *
 * **Append only, in this order**: the table's order is the order the event store keeps
 * CandidateImported's fields in (ADR 0031) and the personal-data envelope names them in (ADR 0044):
 * never reorder, rename or remove a field of the event; a new one goes at the end. Entries without
 * `event` are the read model's own, worked out from the event's fields (they take no position).
 */
/**
 * The sources that update candidates (CandidateUpdated's `source`): the registries, for candidates
 * they imported or joined, and HealthTal's own delivery reports (a bounce marks an email invalid,
 * ADR 0068).
 */
export type UpdateSource = 'nppes' | 'cms-dac' | typeof DELIVERY_REPORT_SOURCE;
/** CandidateUpdated's `source` when a delivery report (a bounce) changed the email status. */
export const DELIVERY_REPORT_SOURCE = 'delivery-report';

export type CandidateFieldDefinition = {
  /** Its value in CandidateImported; values a source left empty are null. */
  readonly event?: z.ZodType;
  /**
   * Absent from some events, which read it as null: sources that do not know it, and every event
   * written before the field existed. A field appended to the table is optional.
   */
  readonly optional?: true;
  /**
   * Sealed in the candidate's personal-data envelope, in its order: the fields sealed from the
   * first version (`1`: names and contacts) in table order, then the others (`2`, ADR 0044) in
   * table order. A new field of the person is `2`, so it is appended to the envelope's list.
   */
  readonly personal?: 1 | 2;
  /**
   * The source whose later records may change it (CandidateUpdated): the NPI registry (`nppes`),
   * CMS's Doctors and Clinicians file (`cms-dac`) or a delivery report (`delivery-report`). Each source compares and updates its own fields
   * only, in table order, append only (the NPPES import's per-record fingerprint follows its list).
   */
  readonly updatable?: UpdateSource;
  /** Its column in the directory read model. */
  readonly column?: CandidateColumn;
  /** The CSV header it is read from (compared without case, spaces or punctuation). */
  readonly csv?: string;
  /**
   * In the profile answer. `label`: the profile page shows it under that label (`show`: how,
   * when not as it is: a date, or a text made from the whole profile).
   */
  readonly profile?: {
    readonly label?: string;
    readonly show?: 'date' | ((profile: { readonly [field: string]: unknown }) => string | null);
  };
  /**
   * What the search index does with it: the free-text field its words go to (for the query and
   * its relevance), the filter it feeds (a SEARCH_FIELDS key, whose rules make its terms), and how
   * the column holds its values (one, a list, school and degree pairs, or hospital affiliations:
   * their names, else their CCNs). `{}`: read for a sort.
   * `identifier`: a number unique to the candidate (the NPI), which a query word finds: kept per
   * candidate, not as an index term (a term each would cost hundreds of MB at 1.5M).
   */
  readonly search?: {
    readonly text?: TextField;
    readonly filter?: SearchField;
    readonly values?: 'list' | 'education' | 'affiliations' | 'identifier';
  };
};

const text = z.string().max(2000).nullable();
const day = z.iso.date();
const moment = z.iso.datetime().nullable();
const hash = z.string().nullable();
/** One licence of a candidate: the issuing state, its number, the taxonomy it is held for, primary or not. */
export const LicenseRecord = z.object({
  state: z.string().regex(/^[A-Z]{2}$/),
  number: z.string().max(50).nullable(),
  taxonomyCode: z.string().max(20).nullable(),
  primary: z.boolean(),
});
export type LicenseRecord = z.infer<typeof LicenseRecord>;
/** A hospital a clinician is affiliated with: its CMS Certification Number and its name. */
export const HospitalAffiliation = z.object({
  ccn: z.string().max(20).nullable(),
  name: z.string().max(300).nullable(),
});
export type HospitalAffiliation = z.infer<typeof HospitalAffiliation>;
const showOffice = (p: { readonly [field: string]: unknown }) =>
  locationText(p.officeCity as string | null, p.officeState as string | null);

// biome-ignore format: a table reads best one field per line
export const CANDIDATE_FIELDS = {
  candidateId: { event: z.uuid(), column: column.uuid('id', { ddl: 'not null unique' }) },
  /** Where the row came from, stable across re-imports: `synthetic:<seed>:<index>`, `csv:<id, or a hash of the row's identifying fields>`, `resume:<id>`. */
  sourceRef: { event: z.string().min(1).max(300), personal: 2, column: column.required('source_ref') },
  source: { event: z.string().max(100), column: column.required('source'), csv: 'source' },
  firstName: { event: text, personal: 1, updatable: 'nppes', column: column.text('first_name'), csv: 'contactfirstname', search: { text: 'n' } },
  middleName: { event: text, personal: 1, updatable: 'nppes', column: column.text('middle_name'), csv: 'contactmiddlename', profile: {} },
  lastName: { event: text, personal: 1, updatable: 'nppes', column: column.text('last_name'), csv: 'contactlastname', search: { text: 'n' } },
  title: { event: text, personal: 2, updatable: 'nppes', column: column.text('title'), csv: 'contacttitle', search: { text: 't', filter: 'title' } },
  titleLevel: { event: text, personal: 2, column: column.text('title_level'), csv: 'contacttitlelevel', profile: { label: 'Title level' } },
  jobFunctions: { event: text, personal: 2, column: column.text('job_functions'), csv: 'contactjobfunctions', profile: { label: 'Job functions' } },
  specialty: { event: text, personal: 2, updatable: 'nppes', column: column.text('specialty', { clean: 'specialty' }), csv: 'specialty', search: { text: 's', filter: 'specialty' } },
  companyName: { event: text, personal: 2, column: column.text('company_name'), csv: 'companyname', search: { text: 'o', filter: 'organization' } },
  companyEmployees: { event: text, personal: 2, column: column.text('company_employees'), csv: 'companyemployees', profile: { label: 'Company size' }, search: { filter: 'companySize' } },
  companyIndustry: { event: text, personal: 2, column: column.text('company_industry'), csv: 'companyindustry', profile: { label: 'Industry' }, search: { filter: 'companyIndustry' } },
  companyRevenueRange: { event: text, personal: 2, column: column.text('company_revenue_range'), csv: 'companyrevenuerange', profile: { label: 'Company revenue' }, search: { filter: 'companyRevenue' } },
  companyDomain: { event: text, personal: 2, column: column.text('company_domain'), csv: 'companydomain', profile: { label: 'Company website' } },
  companyStartDate: { event: text, personal: 2, column: column.text('company_start_date'), csv: 'companystartdate', profile: { label: 'At the company since', show: 'date' } },
  city: { event: text, personal: 2, updatable: 'nppes', column: column.text('city', { fromImport: 'city or location' }), csv: 'contactcity', search: { filter: 'city' } },
  state: { event: text, personal: 2, updatable: 'nppes', column: column.text('state', { clean: 'upper case', fromImport: 'state or location' }), csv: 'contactstate', search: { filter: 'state' } },
  officeCity: { event: text, personal: 2, updatable: 'nppes', column: column.text('office_city'), csv: 'contactofficecity', profile: { label: 'Office', show: showOffice } },
  officeState: { event: text, personal: 2, updatable: 'nppes', column: column.text('office_state'), csv: 'contactofficestate', profile: {} },
  officeZip: { event: text, personal: 2, updatable: 'nppes', column: column.text('office_zip'), csv: 'contactofficezipcode', profile: { label: 'Office ZIP' } },
  location: { event: text, personal: 2, updatable: 'nppes', column: column.text('location', { fromImport: 'location' }), csv: 'location' },
  personalEmail: { event: text, personal: 1, column: column.text('personal_email', { table: 'contacts' }), csv: 'personalemail' },
  workEmail: { event: text, personal: 1, updatable: 'nppes', column: column.text('work_email', { table: 'contacts' }), csv: 'contactemail' },
  phone: { event: text, personal: 1, updatable: 'nppes', column: column.text('phone', { table: 'contacts' }), csv: 'contactphone' },
  directPhone: { event: text, personal: 1, column: column.text('direct_phone', { table: 'contacts' }), csv: 'directdialphone' },
  linkedinUrl: { event: text, personal: 1, column: column.text('linkedin_url'), csv: 'contactlinkedinurl' },
  connections: { event: z.number().int().min(0).nullable(), personal: 2, column: column.int('connections'), csv: 'contactconnections', profile: { label: 'LinkedIn connections' } },
  gender: { event: text, personal: 2, updatable: 'nppes', column: column.text('gender'), csv: 'contactgender', profile: {} },
  /** As the source gave them: comma-separated or a quoted list (see parseSkills). */
  skills: { event: text, personal: 2, column: column.list('skills', { clean: 'skills' }), csv: 'contactskills', search: { text: 'k', filter: 'skills', values: 'list' } },
  /** As the source gave it: school-name/degrees markers (see parseEducation). */
  education: { event: text, personal: 2, column: column.education('education'), csv: 'contacteducation', search: { text: 'e', filter: 'education', values: 'education' } },
  emailStatus: { event: z.enum(EMAIL_STATUSES), updatable: DELIVERY_REPORT_SOURCE, column: column.emailStatus('email_status'), csv: 'emailstatus', search: { filter: 'emailStatus' } },
  emailVerifiedAt: { event: moment, personal: 2, column: column.timestamp('email_verified_at'), csv: 'emailverifiedat', search: {} },
  phoneVerifiedAt: { event: moment, personal: 2, column: column.timestamp('phone_verified_at'), csv: 'phoneverifiedat' },
  /** Keyed hashes (HMAC-SHA256) of the email and phone: the suppression list can refuse them once the values are erased. */
  emailHash: { event: hash, column: column.hash('email_hash', { table: 'contacts' }) },
  phoneHash: { event: hash, column: column.hash('phone_hash', { table: 'contacts' }) },
  // What a candidate from the NPI registry (NPPES) carries besides the record fields.
  /** Searched by the query (a word that is an NPI): the index keeps it per candidate, not as a term (docs/adr/0050). */
  npi: { event: z.string().regex(/^\d{10}$/), optional: true, personal: 2, column: column.text('npi', { clean: 'as is' }), search: { values: 'identifier' } },
  /** The primary taxonomy code. */
  taxonomyCode: { event: z.string().max(20).nullable(), optional: true, personal: 2, updatable: 'nppes', column: column.text('taxonomy_code') },
  /** `STATE NUMBER` pairs, primary first, separated by "; ". */
  licenses: { event: text, optional: true, personal: 2, updatable: 'nppes', column: column.text('licenses') },
  /** The date of the file the values come from. */
  sourceDate: { event: day, optional: true, column: column.date('source_date') },
  /**
   * The registry's `Last Update Date` of the record imported (the read model keeps it once per row;
   * a later update's date is kept with the fields it changed: provenance.ts).
   */
  sourceUpdatedOn: { event: day.nullable(), optional: true, personal: 2, column: column.date('source_updated_on') },
  // Issue 34: what recruiters hire on, from the registries (NPPES, CMS Doctors and Clinicians) and
  // the synthetic seed; a source that does not know a field leaves it out (read as null).
  /** The file the values come from, its name without a folder: with `source` and `sourceDate`, where a field came from. */
  sourceFile: { event: z.string().max(300).nullable(), optional: true, column: column.text('source_file') },
  /** The name's prefix and suffix as the registry spells them ("Dr.", "Jr.", "II"); the profile shows them with the name. */
  namePrefix: { event: text, optional: true, personal: 2, updatable: 'nppes', column: column.text('name_prefix'), profile: {} },
  nameSuffix: { event: text, optional: true, personal: 2, updatable: 'nppes', column: column.text('name_suffix'), profile: {} },
  /**
   * Every licence the registry lists (NPPES's taxonomy/licence slots 1–15), the primary first. Its
   * column holds them marked compact (licenses.ts); events before it read their `licenses` text.
   */
  licenseRecords: { event: z.array(LicenseRecord).max(15).nullable(), optional: true, personal: 2, updatable: 'nppes', column: column.licenses('license_records', { fromImport: 'licenses' }), profile: {} },
  /** CMS Doctors and Clinicians: the medical (or professional) school and the year of graduation. */
  medicalSchool: { event: text, optional: true, personal: 2, updatable: 'cms-dac', column: column.text('medical_school'), profile: {} },
  /** Years in practice are the years since it (search-fields' yearsInPractice). */
  graduationYear: { event: z.number().int().min(1900).max(2100).nullable(), optional: true, personal: 2, updatable: 'cms-dac', column: column.int('graduation_year'), profile: {}, search: { filter: 'yearsInPractice' } },
  /** CMS Doctors and Clinicians: the secondary specialties, as CMS names them. */
  secondarySpecialties: { event: z.array(z.string().max(200)).max(10).nullable(), optional: true, personal: 2, updatable: 'cms-dac', column: column.list('secondary_specialties', { clean: 'texts' }), profile: {} },
  /** CMS Doctors and Clinicians: the group practice the clinician bills Medicare through. */
  groupPractice: { event: text, optional: true, personal: 2, updatable: 'cms-dac', column: column.text('group_practice'), profile: {} },
  /** CMS Doctors and Clinicians: the hospitals the clinician is affiliated with (CCN and name). */
  hospitalAffiliations: { event: z.array(HospitalAffiliation).max(50).nullable(), optional: true, personal: 2, updatable: 'cms-dac', column: column.affiliations('hospital_affiliations'), profile: {}, search: { filter: 'affiliation', values: 'affiliations' } },
  /** CMS Doctors and Clinicians: offers telehealth. */
  telehealth: { event: z.boolean().nullable(), optional: true, personal: 2, updatable: 'cms-dac', column: column.flag('telehealth'), profile: {} },
  /**
   * CMS Doctors and Clinicians: the primary specialty as CMS names it ("INTERNAL MEDICINE"), for the
   * profile; the directory's specialty (and its filter) stays the NPI registry's. Appended by the
   * CMS import (issue 34).
   */
  primarySpecialty: { event: text, optional: true, personal: 2, updatable: 'cms-dac', column: column.text('primary_specialty'), profile: {} },
  // The read model's own, from the fields above.
  hasEmail: { column: column.boolean('has_email', { fromImport: 'has email' }), search: { filter: 'hasEmail' } },
  hasPhone: { column: column.boolean('has_phone', { fromImport: 'has phone' }), search: { filter: 'hasPhone' } },
  /** MD, RN, PA-C…, from the title (a registry's credential text); the profile keeps the title as written. */
  credential: { column: column.list('credential', { of: 'title', clean: 'credentials' }), profile: { label: 'Credential' }, search: { text: 't', filter: 'credential', values: 'list' } },
  /** The states a license is held in (the Licensed in filter), from the license records. */
  licensedIn: { column: column.list('licensed_in', { of: 'licenseRecords', clean: 'license states', fromImport: 'license states' }), search: { filter: 'licensedIn', values: 'list' } },
  /** Holds a license marked compact (the Compact license filter). */
  compactLicense: { column: column.boolean('compact_license', { of: 'licenseRecords', clean: 'compact license', fromImport: 'compact license' }), search: { filter: 'compactLicense' } },
  /**
   * Where the candidate practises (issue 35, docs/adr/0054): the office ZIP's centroid, else the
   * office city's, else the city's, else what a location written as text names (us-places.ts).
   * Read by the index for "within N miles of" searches and the distance sort.
   */
  latitude: { column: column.coordinate('latitude', { fromImport: 'latitude' }), search: {} },
  longitude: { column: column.coordinate('longitude', { fromImport: 'longitude' }), search: {} },
} as const satisfies Record<string, CandidateFieldDefinition>;

type Fields = typeof CANDIDATE_FIELDS;
/** A table of candidate fields: the product's, or a changed one (tests of what follows it). */
export type CandidateFieldTable = { readonly [field: string]: CandidateFieldDefinition };
export type CandidateFieldName = keyof Fields;

/** The fields of the event, in stored order. */
export const eventFieldsOf = (fields: CandidateFieldTable): string[] =>
  Object.keys(fields).filter((field) => fields[field]!.event !== undefined);

/** The personal-data envelope's order: the fields sealed from the first version, then the others. */
export const personalFieldsOf = (fields: CandidateFieldTable): string[] =>
  ([1, 2] as const).flatMap((generation) =>
    Object.keys(fields).filter((field) => fields[field]!.personal === generation),
  );

/** The fields a later file may change: every registry's, or one registry's (`source`). */
export const updatableFieldsOf = (fields: CandidateFieldTable, source?: UpdateSource): string[] =>
  Object.keys(fields).filter((field) => {
    const updatable = fields[field]!.updatable;
    return updatable !== undefined && (source === undefined || updatable === source);
  });

type EventSchema<D> = D extends { event: infer S extends z.ZodType }
  ? D extends { optional: true }
    ? z.ZodOptional<S>
    : S
  : never;
export type EventFieldName = {
  [K in keyof Fields]: Fields[K] extends { event: z.ZodType } ? K : never;
}[keyof Fields];
export type UpdatableFieldName = {
  [K in keyof Fields]: Fields[K] extends { updatable: UpdateSource } ? K : never;
}[keyof Fields];
/** The fields one registry's files may change. */
export type UpdatableFieldFrom<S extends UpdateSource> = {
  [K in keyof Fields]: Fields[K] extends { updatable: S } ? K : never;
}[keyof Fields];

/** CandidateImported's data, field by field (its schema: contracts/src/events/directory.ts). */
export const CANDIDATE_EVENT_SHAPE = Object.fromEntries(
  eventFieldsOf(CANDIDATE_FIELDS).map((field) => {
    const { event, optional } = CANDIDATE_FIELDS[field as EventFieldName] as CandidateFieldDefinition;
    return [field, optional ? event!.optional() : event!];
  }),
) as { -readonly [K in EventFieldName]: EventSchema<Fields[K]> };

/** The fields a later registry file may change, as present in CandidateUpdated (without `optional`). */
export const CANDIDATE_UPDATABLE_SHAPE = Object.fromEntries(
  updatableFieldsOf(CANDIDATE_FIELDS).map((field) => [
    field,
    CANDIDATE_FIELDS[field as UpdatableFieldName].event,
  ]),
) as { -readonly [K in UpdatableFieldName]: Fields[K]['event'] };

type ColumnOf<D> = D extends { column: infer C } ? C : never;
type RowOf<D> = ColumnOf<D> extends { row?: infer R } ? R : never;
type ApiOf<D> = ColumnOf<D> extends CandidateColumn<string, unknown, infer A> ? A : never;
type TableOf<C> = C extends { table: 'contacts' } ? 'contacts' : 'candidates';
type ColumnIn<C, Table> = C extends { name: infer N extends string }
  ? TableOf<C> extends Table
    ? N
    : never
  : never;

/**
 * A row of `directory_candidates` or `directory_contacts` as far as the fields make it (the read
 * model adds its own columns: projections/src/directory), as node-postgres returns it.
 */
export type CandidateColumnsRow<Table extends 'candidates' | 'contacts'> = {
  -readonly [K in keyof Fields as ColumnIn<ColumnOf<Fields[K]>, Table>]: RowOf<Fields[K]>;
};
/** The column name of each field that has one. */
export type ColumnNameOf<K extends keyof Fields> = ColumnIn<ColumnOf<Fields[K]>, 'candidates' | 'contacts'>;

export type ProfileFieldName = {
  [K in keyof Fields]: Fields[K] extends { profile: object } ? K : never;
}[keyof Fields];
/** The profile's record fields (contracts/src/api/directory.ts CandidateProfile adds them to the card). */
export const CANDIDATE_PROFILE_SHAPE = Object.fromEntries(
  Object.entries(CANDIDATE_FIELDS as CandidateFieldTable).flatMap(([field, { profile, column }]) =>
    profile && column ? [[field, column.api]] : [],
  ),
) as { -readonly [K in ProfileFieldName]: z.ZodType<ApiOf<Fields[K]>> };

export type IndexedFieldName = {
  [K in keyof Fields]: Fields[K] extends { search: object } ? K : never;
}[keyof Fields];
type IndexedValue<D> = D extends { search: { values: 'list' } } ? readonly string[] : RowOf<D>;
/** What the search index reads of a candidate: the fields with a `search` entry, as the replica maps them. */
export type IndexedFields = { -readonly [K in IndexedFieldName]: IndexedValue<Fields[K]> };

/**
 * A 32-bit fingerprint (FNV-1a) of a definition as JSON, functions left out: what the directory
 * read model's version and the search snapshot's format are made of, so that a changed definition
 * rebuilds the one and never loads the other.
 */
export function fingerprintOf(definition: unknown): number {
  const json = JSON.stringify(definition);
  let hash = 0x811c9dc5;
  for (let i = 0; i < json.length; i++) hash = Math.imul(hash ^ json.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

import {
  CANDIDATE_FIELDS,
  CANDIDATE_NPPES_FIELDS,
  type CandidateFieldTable,
  type CandidateProfile,
  type FieldProvenance,
  type FieldSourceEntry,
  latestWriteOf,
  sourceIdsOf,
} from '@healthtal/contracts';
import type pg from 'pg';

/*
 * Where each value of a profile comes from (issue 34, docs/adr/0051): the import's source unless a
 * later write changed the field (the read model's field_sources), each named by its row in
 * directory_sources: source, file, file date, and the record's own update date for a registry.
 */

/** A directory_sources row as the profile reads it (the date as text). */
export type SourceRow = { id: number; source: string; file: string | null; file_date: string | null };

/** What the profile's provenance reads of a candidate's row. */
export type ProvenanceRow = {
  source: string;
  source_id?: number | null;
  source_date?: string | null;
  source_updated_on?: string | null;
  imported_at?: Date;
  field_sources?: FieldSourceEntry[];
  has_email?: boolean;
  has_phone?: boolean;
};

const FIELDS = CANDIDATE_FIELDS as CandidateFieldTable;
/** The card's names for the fields it shows under another name. */
const CARD_FIELDS: Record<string, string> = { organization: 'companyName' };
/**
 * Each key of the profile answer that shows a candidate field, and the event field its value is
 * written from (a column computed from another field, such as the credential, follows that one).
 */
const SHOWN: [key: string, field: string][] = [
  ...['firstName', 'lastName', 'title', 'specialty', 'organization', 'location', 'city', 'state'].map(
    (key): [string, string] => [key, CARD_FIELDS[key] ?? key],
  ),
  ...['skills', 'education'].map((key): [string, string] => [key, key]),
  ...Object.entries(FIELDS).flatMap(([field, { profile, column }]): [string, string][] =>
    profile && column ? [[field, column.of ?? field]] : [],
  ),
  // The registry section's.
  ['taxonomyCode', 'taxonomyCode'],
  ['licenses', 'licenses'],
];

const hasValue = (value: unknown) =>
  value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

/** The directory_sources rows a candidate names: its import's and those of later writes. */
export async function sourcesOf(pool: pg.Pool, row: ProvenanceRow): Promise<Map<number, SourceRow>> {
  const ids = [...new Set([row.source_id ?? -1, ...sourceIdsOf(row.field_sources ?? [])])].filter(
    (id) => id >= 0,
  );
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<SourceRow>(
    'select id, source, file, file_date::text as file_date from directory_sources where id = any($1::int[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Where one field's value comes from. */
function provenanceOf(
  row: ProvenanceRow,
  sources: ReadonlyMap<number, SourceRow>,
  field: string,
): FieldProvenance {
  const write = latestWriteOf(row.field_sources ?? [], field);
  const from = sources.get(write?.sourceId ?? row.source_id ?? -1);
  return {
    source: from?.source ?? row.source,
    file: from?.file ?? null,
    // A source without files (the synthetic seed, a resume): the day it came in.
    date:
      from?.file_date ??
      (write ? null : (row.source_date ?? row.imported_at?.toISOString().slice(0, 10) ?? null)),
    updatedOn: write ? write.updatedOn : (row.source_updated_on ?? null),
  };
}

/** Per key of the profile with a value, where it comes from. */
export function profileProvenanceOf(
  profile: Omit<CandidateProfile, 'provenance' | 'registry'> & {
    registry?: { taxonomyCode: string | null; licenses: string | null } | null;
  },
  row: ProvenanceRow,
  sources: ReadonlyMap<number, SourceRow>,
): Record<string, FieldProvenance> {
  const values = { ...profile, ...(profile.registry ?? {}) } as Record<string, unknown>;
  return Object.fromEntries(
    SHOWN.filter(([key]) => hasValue(values[key])).map(([key, field]) => [
      key,
      provenanceOf(row, sources, field),
    ]),
  );
}

/** The contact fields, whose values the profile does not read: known to be there by the row's flags. */
const CONTACT_FLAGS: Record<string, keyof ProvenanceRow> = { workEmail: 'has_email', phone: 'has_phone' };

/**
 * The registry's own dates, for its section: per NPI registry field with a value, the record's
 * `Last Update Date` of that value (the file the row was last read from is its source_file).
 */
export function registryDatesOf(
  row: ProvenanceRow,
  sources: ReadonlyMap<number, SourceRow>,
  values: Record<string, unknown>,
): Record<string, string> {
  const fieldUpdatedOn: Record<string, string> = {};
  for (const field of CANDIDATE_NPPES_FIELDS) {
    const flag = CONTACT_FLAGS[field];
    if (!(flag ? row[flag] : hasValue(values[field]))) continue;
    const { source, updatedOn } = provenanceOf(row, sources, field);
    if (source === row.source && updatedOn) fieldUpdatedOn[field] = updatedOn;
  }
  return fieldUpdatedOn;
}

import {
  CANDIDATE_FIELDS,
  type CandidateFieldTable,
  type CandidateProfile,
  type ColumnNameOf,
  type ContactDetails,
  isLinkedinProfileUrl,
  normalisePhone,
  npiRegistryUrl,
  type ProfileFieldName,
} from '@healthtal/contracts';
import type { DirectoryCandidatesTable, DirectoryContactsTable } from '@healthtal/projections';
import type pg from 'pg';
import { type CardRow, toCard } from './cards';
import { profileProvenanceOf, registryDatesOf, type SourceRow, sourcesOf } from './profile-provenance';

/** A directory_candidates row as the profile, reveal and export read it. */
export type CandidateRow = CardRow &
  Pick<DirectoryCandidatesTable, ColumnNameOf<ProfileFieldName>> &
  // NPI registry candidates only (absent in rows built elsewhere, e.g. tests of the export)
  Partial<Pick<DirectoryCandidatesTable, 'npi' | 'taxonomy_code' | 'licenses' | 'source_file'>> &
  // provenance (absent in rows built elsewhere)
  Partial<
    Pick<DirectoryCandidatesTable, 'source_id' | 'field_sources' | 'has_email' | 'has_phone' | 'imported_at'>
  > & {
    // selected `::text`: the dates as PostgreSQL spells them (YYYY-MM-DD), not Dates
    source_date?: string | null;
    source_updated_on?: string | null;
    deactivated_on?: string | null;
  };

export type ContactRow = Pick<
  DirectoryContactsTable,
  'personal_email' | 'work_email' | 'phone' | 'direct_phone'
>;

/** A candidate with their contact details: one row of an export file. */
export type ExportRow = CandidateRow & ContactRow;

const FIELDS = CANDIDATE_FIELDS as CandidateFieldTable;
/** Every column of the field table in directory_candidates (dates as text), and the read model's own. */
const CANDIDATE_COLUMNS = [
  'c.seq',
  ...Object.values(FIELDS).flatMap(({ column }) =>
    !column || column.table === 'contacts'
      ? []
      : [column.type === 'date' ? `c.${column.name}::text as ${column.name}` : `c.${column.name}`],
  ),
  'c.imported_at',
  'c.source_id',
  'c.field_sources',
  'c.deactivated_on::text as deactivated_on',
].join(', ');
/** The profile's record fields: each field with a `profile` entry, from its column. */
const PROFILE_FIELDS = Object.entries(FIELDS).flatMap(([field, { profile, column }]) =>
  profile && column ? [{ field, column }] : [],
);
const CONTACT_COLUMNS = 'k.personal_email, k.work_email, k.phone, k.direct_phone';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Phones go out as E.164 whatever spelling an import stored; text that is no number as it was. */
const shownPhone = (phone: string | null) => normalisePhone(phone) ?? phone;

/** A profile from its row and the sources the row names (profile-provenance sourcesOf). */
export function toCandidateProfile(
  row: CandidateRow,
  sources: ReadonlyMap<number, SourceRow> = new Map(),
): CandidateProfile {
  const columns = row as unknown as Record<string, unknown>;
  const fields = Object.fromEntries(
    PROFILE_FIELDS.map(({ field, column }) => {
      const value = columns[column.name];
      return [field, column.toApi ? column.toApi(value as never) : value];
    }),
  ) as Pick<CandidateProfile, ProfileFieldName>;
  const shown = { ...toCard(row), ...fields };
  const registry = row.npi
    ? { taxonomyCode: row.taxonomy_code ?? null, licenses: row.licenses ?? null }
    : null;
  return {
    ...shown,
    provenance: profileProvenanceOf({ ...shown, registry }, row, sources),
    registry:
      row.npi && registry
        ? {
            npi: row.npi,
            url: npiRegistryUrl(row.npi),
            ...registry,
            sourceDate: row.source_date ?? null,
            sourceFile: row.source_file ?? null,
            fieldUpdatedOn: registryDatesOf(row, sources, { ...shown, ...registry }),
            deactivatedOn: row.deactivated_on ?? null,
          }
        : null,
  };
}

/** The profile screen: every card and record field, no contact details. Null when not in the directory. */
export async function findCandidateProfile(pool: pg.Pool, id: string): Promise<CandidateProfile | null> {
  const { rows } = await pool.query<CandidateRow>(
    `select ${CANDIDATE_COLUMNS} from directory_candidates c where c.id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? toCandidateProfile(row, await sourcesOf(pool, row)) : null;
}

/**
 * What a reveal shows: email is the personal email, else the work email; phone is the phone, else
 * the direct dial; and the LinkedIn URL. Null when the candidate is not in the directory (never imported, removed or erased).
 */
export async function findContactDetails(pool: pg.Pool, id: string): Promise<ContactDetails | null> {
  const { rows } = await pool.query<ExportRow>(
    `select ${CANDIDATE_COLUMNS}, ${CONTACT_COLUMNS}
     from directory_candidates c left join directory_contacts k on k.candidate_id = c.id where c.id = $1`,
    [id],
  );
  return rows[0] ? toContactDetails(rows[0]) : null;
}

export function toContactDetails(row: ExportRow): ContactDetails {
  return {
    email: row.personal_email ?? row.work_email,
    personalEmail: row.personal_email,
    workEmail: row.work_email,
    phone: shownPhone(row.phone ?? row.direct_phone),
    directPhone: shownPhone(row.direct_phone),
    // Only a linkedin.com profile: imported data is not trusted to point where its label says.
    linkedinUrl: isLinkedinProfileUrl(row.linkedin_url) ? row.linkedin_url : null,
    emailStatus: row.email_status,
    emailVerifiedAt: iso(row.email_verified_at),
    phoneVerifiedAt: iso(row.phone_verified_at),
  };
}

/**
 * Candidates with their contacts, in the order of `ids`; ids no longer in the directory are skipped.
 * One query per call: the export asks for its rows a chunk at a time.
 */
export async function exportRowsOf(pool: pg.Pool, ids: readonly string[]): Promise<ExportRow[]> {
  const { rows } = await pool.query<ExportRow>(
    `select ${CANDIDATE_COLUMNS}, ${CONTACT_COLUMNS}
     from unnest($1::uuid[]) with ordinality as wanted(id, position)
     join directory_candidates c on c.id = wanted.id
     left join directory_contacts k on k.candidate_id = c.id
     order by wanted.position`,
    [ids],
  );
  return rows.map((row) => ({
    ...row,
    phone: shownPhone(row.phone),
    direct_phone: shownPhone(row.direct_phone),
  }));
}

/**
 * The read-model seq of the first candidate imported after `since`, or null when none was. Seq
 * follows import order, so every candidate from there on arrived after `since`
 * (a saved search's "new since", a search's `addedSince`).
 */
export async function firstSeqImportedAfter(pool: pg.Pool, since: Date): Promise<number | null> {
  const { rows } = await pool.query<Pick<DirectoryCandidatesTable, 'seq'>>(
    'select seq from directory_candidates where imported_at > $1 order by imported_at, seq limit 1',
    [since],
  );
  return rows[0] ? Number(rows[0].seq) : null;
}

import {
  type CandidateFieldTable,
  CandidateUpdated,
  CLEANERS,
  IMPORT_READERS,
  type SqlType,
} from '@healthtal/contracts';
import { SOURCES_SQL } from './sources';
import { provideZipCodesFromPackage } from './zip-codes';

// The columns that geocode (latitude, longitude, a text location's city and state) read the ZIP list.
provideZipCodesFromPackage();

/*
 * The directory read model's columns as the candidate field table defines them
 * (contracts/src/domain/candidate-fields.ts): the `create table` columns, how an import and a
 * registry update write each, and the read model's version, which follows the definition.
 */

export type Table = 'candidates' | 'contacts';

/** A column a field makes, with how an import and an update write it. */
export type FieldColumn = {
  field: string;
  name: string;
  type: SqlType;
  table: Table;
  ddl: string;
  /** The event field it is written from: its own, or the one it is computed from. */
  from: string;
  clean: (value: unknown) => unknown;
  fromImport: (data: { readonly [field: string]: unknown }) => unknown;
};

export function fieldColumnsOf(fields: CandidateFieldTable): FieldColumn[] {
  return Object.entries(fields).flatMap(([field, { column }]) => {
    if (!column) return [];
    const from = column.of ?? field;
    const clean: (value: unknown) => unknown =
      CLEANERS[column.clean ?? (column.type === 'text' ? 'text' : 'as is')];
    const reader = column.fromImport ? IMPORT_READERS[column.fromImport] : null;
    return [
      {
        field,
        name: column.name,
        type: column.type,
        table: column.table ?? 'candidates',
        ddl: column.ddl ?? '',
        from,
        clean,
        fromImport: reader ?? ((data) => clean(data[from] ?? null)),
      },
    ];
  });
}

/** `name type ddl` of each column of `table`, for its `create table`. */
export const columnsSql = (columns: readonly FieldColumn[], table: Table) =>
  columns
    .filter((c) => c.table === table)
    .map((c) => `${c.name} ${c.type}${c.ddl ? ` ${c.ddl}` : ''},`)
    .join('\n      ');

/** The fields a CandidateUpdated carries changes of (the ids, source, its file and dates are its own). */
const UPDATE_META = new Set(['candidateId', 'source', 'sourceDate', 'sourceUpdatedOn', 'sourceFile']);
export const UPDATED_FIELDS = new Set(
  Object.keys(CandidateUpdated.shape.data.shape).filter((field) => !UPDATE_META.has(field)),
);

/** The columns an update that carries `field` rewrites. */
export const columnsUpdatedBy = (columns: readonly FieldColumn[], table: Table) =>
  columns.filter((c) => c.table === table && UPDATED_FIELDS.has(c.from));

/**
 * Changes to the read model that its SQL and its columns' definitions do not show: bump it when
 * the way events map onto the tables changes in code (a handler, a cleaner's behaviour).
 * 2: a location of empty parts ("null, null") is empty. 3: an index on imported_at.
 * 4: NPI registry candidates (npi, provenance, updates, deactivation); tombstones keyed by seq.
 * 5: a revision per event instead of per batch. 6: specialties by the taxonomy's aliases
 * ("Registered Nurse" is Nurse, "CRNA" is Certified Registered Nurse Anesthetist); a location built
 * from city and state writes the state in upper case, as its column does. 7: no index on
 * directory_candidates.revision (the search reads new rows by seq); contact hashes as bytes;
 * skills as one text. 8: directory_meta.must_see_revision, counting ImportCompleted. 9: provenance per
 * field (issue 34): directory_sources, source_id and field_sources instead of field_updated_on; an
 * update from another source than the candidate's own leaves source_date as it was. 10: an update of
 * the practice's place (office ZIP, city, state, location) reads its coordinates again (issue 35).
 */
export const DIRECTORY_CODE_VERSION = 10;

/** The read model's tables, with the columns the field table gives them. */
export const createSqlOf = (columns: readonly FieldColumn[]) => `
    create table directory_meta (id int primary key, revision bigint not null, must_see_revision bigint not null);
    insert into directory_meta values (1, 0, 0);
    ${SOURCES_SQL}
    create table directory_candidates (
      seq bigint generated always as identity primary key,
      ${columnsSql(columns, 'candidates')}
      imported_at timestamptz not null,
      revision bigint not null,
      -- where the import's values come from (directory_sources), and the fields later writes changed:
      -- [[source id, the record's update date, hex mask of event fields]] (contracts' provenance.ts)
      source_id int not null,
      field_sources jsonb not null default '[]',
      -- set while the NPI registry lists the NPI as deactivated: kept for lists, out of search
      deactivated_on date
    );
    create index directory_candidates_npi on directory_candidates (npi) where npi is not null;
    -- saved-search alerts: the first candidate imported after a moment
    create index directory_candidates_imported_at on directory_candidates (imported_at, seq);
    create table directory_contacts (
      candidate_id uuid primary key,
      -- email_hash, phone_hash: the import's keyed hashes (HMAC-SHA256) as bytes, half the size of their hex
      ${columnsSql(columns, 'contacts').replace(/,$/, '')}
    );
    -- one row per seq that left the index (an update or reactivation gives the row a new seq)
    create table directory_removed (id uuid not null, seq bigint primary key, revision bigint not null);
    create index directory_removed_revision on directory_removed (revision);
    create table specialty_counts (specialty text primary key, count int not null);
  `;

import { CANDIDATE_FIELDS, type SqlType } from '@healthtal/contracts';
import { mapInSlices } from '@healthtal/eventstore';
import type pg from 'pg';
import type { Recorded } from '../runtime';
import { type FieldColumn, fieldColumnsOf, type Table } from './directory-columns';
import { keyOf, type SourceOf, sourceIdsOf } from './sources';

/*
 * How the directory read model writes the candidates a batch imports: each event as the row of
 * `directory_candidates` and `directory_contacts` it becomes, and the specialty counts they add.
 */

type Imported = Recorded<'CandidateImported'>;

/** What a batch knows besides each event: the ids of the sources its events come from. */
type BatchContext = { sourceIds: ReadonlyMap<string, number> };

/** A column of an imported candidate's row, and how the event (and its revision) makes its value. */
type ImportColumn = {
  name: string;
  type: SqlType | 'bigint';
  table: Table;
  value: (event: Imported, revision: number, batch: BatchContext) => unknown;
};

/** Where an import's values come from: its source, its file (CSV, NPPES, CMS) and that file's date. */
export const sourceOfImport = ({ data }: Imported): SourceOf => ({
  source: data.source,
  file: data.sourceFile ?? null,
  date: data.sourceDate ?? null,
});

/** The read model's own columns of a candidate, besides those of the field table. */
const OWN_COLUMNS: ImportColumn[] = [
  {
    name: 'imported_at',
    type: 'timestamptz',
    table: 'candidates',
    value: (event) => event.metadata.occurredAt,
  },
  { name: 'revision', type: 'bigint', table: 'candidates', value: (_, revision) => revision },
  // The import's source, file and date, by its row in directory_sources (provenance: ADR 0051).
  {
    name: 'source_id',
    type: 'int',
    table: 'candidates',
    value: (event, _, { sourceIds }) => sourceIds.get(keyOf(sourceOfImport(event))),
  },
];

/**
 * The columns of an imported candidate's row, in the order the batch's JSON holds them: each row is
 * an array, not an object, so PostgreSQL parses no field names (about 40 % of the bytes) and reads
 * each value by position (a batch of 1,000 rows: 29 → 13 µs a row to parse and convert).
 */
export const importColumnsOf = (columns: readonly FieldColumn[]): ImportColumn[] => [
  ...columns.map(
    ({ name, type, table, fromImport }): ImportColumn => ({
      name,
      type,
      table,
      value: (event) => fromImport(event.data as { readonly [field: string]: unknown }),
    }),
  ),
  ...OWN_COLUMNS,
];

const IMPORT_COLUMNS = importColumnsOf(fieldColumnsOf(CANDIDATE_FIELDS));
const at = (name: string) => IMPORT_COLUMNS.findIndex((c) => c.name === name);
/** An erased person's events read back with null names and contacts: never bring them back. */
const ERASED_IF_ALL_NULL = ['first_name', 'last_name', 'personal_email', 'phone'].map(at);
const isErased = (row: readonly unknown[]) => ERASED_IF_ALL_NULL.every((i) => row[i] === null);

/** An imported candidate's row, its fields parsed and cleaned once (skills, education, "null" texts). */
const rowOf = (event: Imported, revision: number, batch: BatchContext): unknown[] => {
  const row = new Array<unknown>(IMPORT_COLUMNS.length);
  for (let i = 0; i < IMPORT_COLUMNS.length; i++) row[i] = IMPORT_COLUMNS[i]!.value(event, revision, batch);
  return row;
};

/**
 * Writes the batch's imported candidates (each with the revision of its event) in one statement;
 * one that exists already is left as it is.
 */
export async function insertImportedCandidates(
  client: pg.PoolClient,
  events: readonly Imported[],
  revisionOf: (event: Imported) => number,
) {
  // A batch of one import comes from one source: the lookup is one short statement.
  const batch = { sourceIds: await sourceIdsOf(client, events.map(sourceOfImport)) };
  const rows = (await mapInSlices(events, (event) => rowOf(event, revisionOf(event), batch))).filter(
    (row) => !isErased(row),
  );
  if (rows.length === 0) return;
  // One statement: the batch's JSON is sent and parsed once for the three tables it fills.
  await client.query(IMPORT_SQL, [JSON.stringify(rows)]);
}

/** The statement that writes a batch's rows (a JSON array of positional rows) into both tables. */
export function importSqlOf(columns: readonly ImportColumn[]): string {
  const of = (table: Table) => columns.filter((c) => c.table === table);
  const names = (table: Table) => of(table).map((c) => c.name);
  // bytea comes as hex text: decoded on insert.
  const values = (table: Table) =>
    of(table).map((c) => (c.type === 'bytea' ? `decode(r.${c.name}, 'hex')` : `r.${c.name}`));
  const read = columns.map(({ name, type }, i) =>
    // A JSON null is SQL null: ->> gives it; a jsonb column's null is made one by nullif.
    type === 'jsonb'
      ? `nullif(e->${i}, 'null') as ${name}`
      : `(e->>${i})::${type === 'bytea' ? 'text' : type} as ${name}`,
  );
  return `with r as materialized (
     select ${read.join(', ')}
     from jsonb_array_elements($1::jsonb) e
   ),
   candidates as (
     insert into directory_candidates (${names('candidates').join(', ')})
     select ${values('candidates').join(', ')}
     from r
     on conflict (id) do nothing
   ),
   contacts as (
     insert into directory_contacts (candidate_id, ${names('contacts').join(', ')})
     select r.id, ${values('contacts').join(', ')}
     from r
     on conflict (candidate_id) do nothing
   )
   insert into specialty_counts (specialty, count)
   select specialty, count(*) from r
   where specialty is not null group by specialty
   on conflict (specialty) do update set count = specialty_counts.count + excluded.count`;
}

export const IMPORT_SQL = importSqlOf(IMPORT_COLUMNS);

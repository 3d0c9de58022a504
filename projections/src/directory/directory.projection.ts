import {
  CANDIDATE_FIELDS,
  type CandidateColumnsRow,
  type CandidateFieldTable,
  COLUMN_DATA,
  type FieldSourceEntry,
  fingerprintOf,
  isBulkImport,
} from '@healthtal/contracts';
import type pg from 'pg';
import { defineBatchProjection, type Recorded } from '../runtime';
import { importColumnsOf, importSqlOf, insertImportedCandidates } from './candidate-import';
import { createSqlOf, DIRECTORY_CODE_VERSION, fieldColumnsOf } from './directory-columns';
import { applyRegistryChanges, REGISTRY_CHANGE_TYPES, type RegistryChange } from './registry-changes';

export type { DirectorySourcesTable } from './sources';

type Imported = Recorded<'CandidateImported'>;
type Erased = Recorded<'PersonalDataErased'>;
type Completed = Recorded<'ImportCompleted'>;
type DirectoryEvent = Imported | Erased | RegistryChange | Completed;

/** The `directory_meta` row (one, id 1) as node-postgres returns it: bigint reads as a string. */
export type DirectoryMetaTable = { id: number; revision: string; must_see_revision: string };

/**
 * A `directory_candidates` row as node-postgres returns it (bigint as a string, date as a Date):
 * the candidate field table's columns (CANDIDATE_FIELDS) and the read model's own.
 */
export type DirectoryCandidatesTable = CandidateColumnsRow<'candidates'> & {
  seq: string;
  imported_at: Date;
  revision: string;
  /** The import's row in directory_sources: its source, file and file date. */
  source_id: number;
  /** The writes after the import still shown, and their fields (contracts' provenance.ts). */
  field_sources: FieldSourceEntry[];
  deactivated_on: Date | null;
};

/**
 * A `directory_contacts` row as node-postgres returns it. The hashes are the event's hex as bytes:
 * select `encode(email_hash, 'hex')` for the event's form.
 */
export type DirectoryContactsTable = CandidateColumnsRow<'contacts'> & { candidate_id: string };

/** A `directory_removed` row as node-postgres returns it: bigint reads as a string. */
export type DirectoryRemovedTable = { id: string; seq: string; revision: string };

/** A `specialty_counts` row as node-postgres returns it. */
export type SpecialtyCountsTable = { specialty: string; count: number };

/**
 * The read model's version (the projector rebuilds it when the version it was built at differs):
 * a fingerprint of DIRECTORY_CODE_VERSION, its SQL, every column's definition and the data its
 * cleaners decide by (COLUMN_DATA: the Nurse Licensure Compact's members), so a changed field
 * definition or a new data file rebuilds the read model as a bump did. A positive 31-bit number
 * (the checkpoint's `int`).
 */
export function directoryVersionOf(
  fields: CandidateFieldTable = CANDIDATE_FIELDS,
  data: unknown = COLUMN_DATA,
): number {
  const columns = fieldColumnsOf(fields);
  const definitions = Object.entries(fields).flatMap(([field, { column, event, optional }]) =>
    column
      ? [
          [
            field,
            column.name,
            column.type,
            column.table,
            column.ddl,
            column.of,
            column.clean,
            column.fromImport,
            event !== undefined,
            optional,
          ],
        ]
      : [],
  );
  const sql = [createSqlOf(columns), importSqlOf(importColumnsOf(columns))];
  return fingerprintOf([DIRECTORY_CODE_VERSION, sql, definitions, data]) >>> 1;
}

/**
 * The directory as recruiters read it: one row per professional with the card and profile fields
 * parsed once (skills, education, specialty names, "null" texts), contacts in their own table (only
 * reveal and export read them), and specialty counts kept current as candidates arrive and leave.
 *
 * `revision` (one per event applied, counted in `directory_meta`) and the `directory_removed`
 * tombstones let the API's in-memory search index pick up exactly what changed since it last looked.
 * The revision is the event's number among the events this read model applied, not its batch's:
 * the same events give every row the same revision however they were batched, so a rebuild equals
 * the live read model row for row.
 *
 * `must_see_revision` is the revision of the last event applied that is not a bulk import's addition
 * (isBulkImport): a removal, an erasure, a registry change, a candidate an admin approved. A search
 * waits until the index has everything up to it, and picks up bulk additions after them as its parts
 * sync (ADR 0032).
 */
export const directoryProjection = defineBatchProjection({
  name: 'directory',
  // Follows the field table (and DIRECTORY_CODE_VERSION: what the table does not show).
  version: directoryVersionOf(),
  tables: [
    'directory_meta',
    'directory_sources',
    'directory_candidates',
    'directory_contacts',
    'directory_removed',
    'specialty_counts',
  ],
  // ImportCompleted changes no row: it counts as a revision a search must see (ADR 0032).
  handles: ['CandidateImported', 'PersonalDataErased', 'ImportCompleted', ...REGISTRY_CHANGE_TYPES],
  createSql: createSqlOf(fieldColumnsOf(CANDIDATE_FIELDS)),
  async applyBatch(client, events) {
    const mustSee = lastMustSee(events);
    const { rows } = await client.query<{ revision: string }>(
      `update directory_meta set revision = revision + $1,
         must_see_revision = case when $2::int > 0 then revision + $2 else must_see_revision end
       where id = 1 returning revision`,
      [events.length, mustSee],
    );
    const first = Number(rows[0]!.revision) - events.length + 1;
    const revisions = new Map(events.map((event, index) => [event, first + index]));
    const revisionOf = (event: DirectoryEvent) => revisions.get(event)!;
    // Runs of one kind, in order: a registry update must find the row its import made.
    for (const run of runsOf(events)) {
      if (run.kind === 'imports') await insertImportedCandidates(client, run.events, revisionOf);
      else if (run.kind === 'erasures')
        await removeCandidates(client, new Map(run.events.map((e) => [e.data.subjectId, revisionOf(e)])));
      else await applyRegistryChanges(client, run.events, revisionOf);
    }
  },
});

/** How many events of the batch come up to its last one a search must see at once (0: none). */
function lastMustSee(events: readonly DirectoryEvent[]): number {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index]!;
    if (event.type !== 'CandidateImported' || !isBulkImport(event.metadata)) return index + 1;
  }
  return 0;
}

type Run =
  | { kind: 'imports'; events: Imported[] }
  | { kind: 'erasures'; events: Erased[] }
  | { kind: 'registry'; events: RegistryChange[] };

function runsOf(events: readonly DirectoryEvent[]): Run[] {
  const runs: Run[] = [];
  const last = () => runs[runs.length - 1];
  for (const event of events) {
    const run = last();
    if (event.type === 'ImportCompleted') continue;
    if (event.type === 'CandidateImported') {
      if (run?.kind === 'imports') run.events.push(event);
      else runs.push({ kind: 'imports', events: [event] });
    } else if (event.type === 'PersonalDataErased') {
      if (run?.kind === 'erasures') run.events.push(event);
      else runs.push({ kind: 'erasures', events: [event] });
    } else if (run?.kind === 'registry') run.events.push(event);
    else runs.push({ kind: 'registry', events: [event] });
  }
  return runs;
}

/** Erased candidates, each with the revision of the event that erased them. */
async function removeCandidates(client: pg.PoolClient, erased: ReadonlyMap<string, number>) {
  const ids = [...erased.keys()];
  const { rows } = await client.query<{ id: string; seq: string; specialty: string | null }>(
    // A deactivated candidate's specialty is already out of the counts.
    `delete from directory_candidates where id = any($1::uuid[])
     returning id, seq, case when deactivated_on is null then specialty end as specialty`,
    [ids],
  );
  if (rows.length === 0) return;
  await client.query('delete from directory_contacts where candidate_id = any($1::uuid[])', [
    rows.map((r) => r.id),
  ]);
  await client.query(
    `insert into directory_removed (id, seq, revision)
     select id, seq, revision from unnest($1::uuid[], $2::bigint[], $3::bigint[]) as t(id, seq, revision)
     on conflict (seq) do update set revision = excluded.revision`,
    [rows.map((r) => r.id), rows.map((r) => r.seq), rows.map((r) => erased.get(r.id)!)],
  );
  await client.query(
    `update specialty_counts s set count = s.count - d.n
     from (select specialty, count(*) as n from unnest($1::text[]) as t(specialty) where specialty is not null group by specialty) d
     where s.specialty = d.specialty`,
    [rows.map((r) => r.specialty)],
  );
  await client.query('delete from specialty_counts where count <= 0');
}

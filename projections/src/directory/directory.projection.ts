import { type EducationEntry, type EmailStatus, isBulkImport } from '@healthtal/contracts';
import type pg from 'pg';
import { defineBatchProjection, type Recorded } from '../runtime';
import { insertImportedCandidates } from './candidate-import';
import { applyRegistryChanges, REGISTRY_CHANGE_TYPES, type RegistryChange } from './registry-changes';

type Imported = Recorded<'CandidateImported'>;
type Erased = Recorded<'PersonalDataErased'>;
type Completed = Recorded<'ImportCompleted'>;
type DirectoryEvent = Imported | Erased | RegistryChange | Completed;

/** The `directory_meta` row (one, id 1) as node-postgres returns it: bigint reads as a string. */
export type DirectoryMetaTable = { id: number; revision: string; must_see_revision: string };

/** A `directory_candidates` row as node-postgres returns it (bigint as a string, date as a Date). */
export type DirectoryCandidatesTable = {
  seq: string;
  id: string;
  source_ref: string;
  source: string;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  title: string | null;
  title_level: string | null;
  job_functions: string | null;
  specialty: string | null;
  company_name: string | null;
  company_employees: string | null;
  company_industry: string | null;
  company_revenue_range: string | null;
  company_domain: string | null;
  company_start_date: string | null;
  city: string | null;
  state: string | null;
  office_city: string | null;
  office_state: string | null;
  office_zip: string | null;
  location: string | null;
  linkedin_url: string | null;
  connections: number | null;
  gender: string | null;
  /** The parsed skills as one text: `splitSkills` (contracts) gives the list. */
  skills: string;
  education: EducationEntry[];
  email_status: EmailStatus;
  email_verified_at: Date | null;
  phone_verified_at: Date | null;
  has_email: boolean;
  has_phone: boolean;
  imported_at: Date;
  revision: string;
  npi: string | null;
  taxonomy_code: string | null;
  licenses: string | null;
  source_date: Date | null;
  /** Registry field name → the date it last changed (YYYY-MM-DD). */
  field_updated_on: Record<string, string>;
  deactivated_on: Date | null;
};

/** A `directory_contacts` row as node-postgres returns it. */
export type DirectoryContactsTable = {
  candidate_id: string;
  personal_email: string | null;
  work_email: string | null;
  phone: string | null;
  direct_phone: string | null;
  /** The event's hex hash as bytes: select `encode(email_hash, 'hex')` for the event's form. */
  email_hash: Buffer | null;
  phone_hash: Buffer | null;
};

/** A `directory_removed` row as node-postgres returns it: bigint reads as a string. */
export type DirectoryRemovedTable = { id: string; seq: string; revision: string };

/** A `specialty_counts` row as node-postgres returns it. */
export type SpecialtyCountsTable = { specialty: string; count: number };

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
  // 2: a location of empty parts ("null, null") is empty. 3: an index on imported_at.
  // 4: NPI registry candidates (npi, provenance, updates, deactivation); tombstones keyed by seq.
  // 5: a revision per event instead of per batch. 6: specialties by the taxonomy's aliases
  // ("Registered Nurse" is Nurse, "CRNA" is Certified Registered Nurse Anesthetist); a location built
  // from city and state writes the state in upper case, as its column does. 7: no index on
  // directory_candidates.revision (the search reads new rows by seq); contact hashes as bytes;
  // skills as one text. 8: directory_meta.must_see_revision, counting ImportCompleted.
  version: 8,
  tables: [
    'directory_meta',
    'directory_candidates',
    'directory_contacts',
    'directory_removed',
    'specialty_counts',
  ],
  // ImportCompleted changes no row: it counts as a revision a search must see (ADR 0032).
  handles: ['CandidateImported', 'PersonalDataErased', 'ImportCompleted', ...REGISTRY_CHANGE_TYPES],
  createSql: `
    create table directory_meta (id int primary key, revision bigint not null, must_see_revision bigint not null);
    insert into directory_meta values (1, 0, 0);
    create table directory_candidates (
      seq bigint generated always as identity primary key,
      id uuid not null unique,
      source_ref text not null,
      source text not null,
      first_name text, middle_name text, last_name text,
      title text, title_level text, job_functions text,
      specialty text,
      company_name text, company_employees text, company_industry text, company_revenue_range text,
      company_domain text, company_start_date text,
      city text, state text, office_city text, office_state text, office_zip text, location text,
      linkedin_url text, connections int, gender text,
      skills text not null default '', -- joined by U+001F: joinSkills / splitSkills (contracts)
      education jsonb not null default '[]',
      email_status text not null,
      email_verified_at timestamptz, phone_verified_at timestamptz,
      has_email boolean not null, has_phone boolean not null,
      imported_at timestamptz not null,
      revision bigint not null,
      npi text, taxonomy_code text, licenses text, source_date date,
      field_updated_on jsonb not null default '{}',
      -- set while the NPI registry lists the NPI as deactivated: kept for lists, out of search
      deactivated_on date
    );
    create index directory_candidates_npi on directory_candidates (npi) where npi is not null;
    -- saved-search alerts: the first candidate imported after a moment
    create index directory_candidates_imported_at on directory_candidates (imported_at, seq);
    create table directory_contacts (
      candidate_id uuid primary key,
      personal_email text, work_email text, phone text, direct_phone text,
      -- the import's keyed hashes (HMAC-SHA256) as bytes: half the size of their hex
      email_hash bytea, phone_hash bytea
    );
    -- one row per seq that left the index (an update or reactivation gives the row a new seq)
    create table directory_removed (id uuid not null, seq bigint primary key, revision bigint not null);
    create index directory_removed_revision on directory_removed (revision);
    create table specialty_counts (specialty text primary key, count int not null);
  `,
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

import type { Migration } from '@healthtal/eventstore';
import type pg from 'pg';

/*
 * What the CMS Doctors and Clinicians import keeps between and during runs. Operational state of the
 * `healthtal` command, like import_progress and nppes_providers:
 * - dac_clinicians: per NPI it joined, the file date it applied last and a fingerprint of the fields
 *   it wrote (one hash per field, no values), so a later file compares without reading events back;
 * - dac_staging: one load's rows folded per NPI while it runs. The file's rows of one clinician need
 *   not be adjacent (one per enrollment, group and address), so the load first folds every row into
 *   its NPI's staged record, then reads the staged records in NPI order: memory stays flat however
 *   the file is ordered, and PostgreSQL does the grouping. Emptied when the load completes;
 * - dac_loads: how far the second pass (the appends) got, by NPI.
 */
export const dacMigrations: readonly Migration[] = [
  {
    id: '010-cms-dac',
    sql: `create table dac_clinicians (
      npi text primary key,
      file_date date not null,
      fingerprint text not null,
      updated_at timestamptz not null default now()
    );
    create table dac_staging (
      load_key text not null,
      npi text not null,
      rows int not null,
      medical_school text,
      graduation_year int,
      primary_specialty text,
      secondaries jsonb not null default '[]',
      -- one element per row: the row's group practice ('' when none), for the most frequent
      groups jsonb not null default '[]',
      -- [ccn, name] pairs, in the order the files give them
      affiliations jsonb not null default '[]',
      telehealth boolean,
      primary key (load_key, npi)
    );
    create table dac_loads (
      load_key text primary key,
      applied_through text,
      started_at timestamptz not null default now(),
      finished_at timestamptz
    )`,
  },
];

/** One NPI's rows folded so far: what the staging table holds for it. */
export type StagedClinician = {
  npi: string;
  rows: number;
  medicalSchool: string | null;
  graduationYear: number | null;
  primarySpecialty: string | null;
  secondaries: string[];
  groups: string[];
  affiliations: [ccn: string | null, name: string | null][];
  telehealth: boolean | null;
};

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * Adds a batch's folded records to the load's staging: a record of an NPI already staged (rows of
 * one clinician far apart in the file) joins it: rows counted, lists appended, the first school,
 * year and primary specialty kept, telehealth if any row says so.
 */
export async function stageClinicians(
  db: Queryable,
  loadKey: string,
  clinicians: readonly StagedClinician[],
) {
  if (clinicians.length === 0) return;
  await db.query(
    `insert into dac_staging as s (load_key, npi, rows, medical_school, graduation_year, primary_specialty,
       secondaries, groups, affiliations, telehealth)
     select $1, x.npi, x.rows, x.medical_school, x.graduation_year, x.primary_specialty,
       x.secondaries, x.groups, x.affiliations, x.telehealth
     from jsonb_to_recordset($2::jsonb) as x(npi text, rows int, medical_school text, graduation_year int,
       primary_specialty text, secondaries jsonb, groups jsonb, affiliations jsonb, telehealth boolean)
     on conflict (load_key, npi) do update set
       rows = s.rows + excluded.rows,
       medical_school = coalesce(s.medical_school, excluded.medical_school),
       graduation_year = coalesce(s.graduation_year, excluded.graduation_year),
       primary_specialty = coalesce(s.primary_specialty, excluded.primary_specialty),
       secondaries = s.secondaries || excluded.secondaries,
       groups = s.groups || excluded.groups,
       affiliations = s.affiliations || excluded.affiliations,
       telehealth = case when s.telehealth is null then excluded.telehealth
                         when excluded.telehealth is null then s.telehealth
                         else s.telehealth or excluded.telehealth end`,
    [
      loadKey,
      JSON.stringify(
        clinicians.map((c) => ({
          npi: c.npi,
          rows: c.rows,
          medical_school: c.medicalSchool,
          graduation_year: c.graduationYear,
          primary_specialty: c.primarySpecialty,
          secondaries: c.secondaries,
          groups: c.groups,
          affiliations: c.affiliations,
          telehealth: c.telehealth,
        })),
      ),
    ],
  );
}

/** A staged clinician with what the directory and earlier loads know of their NPI. */
export type StagedWithState = StagedClinician & {
  /** The NPI registry imported this NPI: a candidate of the directory (npi-ids). */
  inDirectory: boolean;
  /** dac_clinicians: the file date and fingerprint applied last, if any. */
  state: { fileDate: string; fingerprint: string } | null;
};

/** The load's next staged clinicians in NPI order, after `after`. */
export async function readStaged(
  db: Queryable,
  loadKey: string,
  after: string,
  limit: number,
): Promise<StagedWithState[]> {
  const { rows } = await db.query<{
    npi: string;
    rows: number;
    medical_school: string | null;
    graduation_year: number | null;
    primary_specialty: string | null;
    secondaries: string[];
    groups: string[];
    affiliations: [string | null, string | null][];
    telehealth: boolean | null;
    in_directory: boolean;
    file_date: string | null;
    fingerprint: string | null;
  }>(
    // Lateral lookups: one index probe per staged row, however the planner's statistics stand. With
    // plain joins a million-row load read 17 million buffers in its 106 batches (whole tables joined
    // for each batch, and the more so as dac_clinicians grows); this way 4.5 million.
    `select s.npi, s.rows, s.medical_school, s.graduation_year, s.primary_specialty, s.secondaries, s.groups,
       s.affiliations, s.telehealth, p.in_directory, d.file_date::text, d.fingerprint
     from (
       select * from dac_staging where load_key = $1 and npi > $2 order by npi limit $3
     ) s
     cross join lateral (select exists (select 1 from nppes_providers p where p.npi = s.npi) as in_directory) p
     left join lateral (select d.file_date, d.fingerprint from dac_clinicians d where d.npi = s.npi) d on true
     order by s.npi`,
    [loadKey, after, limit],
  );
  return rows.map((r) => ({
    npi: r.npi,
    rows: r.rows,
    medicalSchool: r.medical_school,
    graduationYear: r.graduation_year,
    primarySpecialty: r.primary_specialty,
    secondaries: r.secondaries,
    groups: r.groups,
    affiliations: r.affiliations,
    telehealth: r.telehealth,
    inDirectory: r.in_directory,
    state: r.file_date && r.fingerprint ? { fileDate: r.file_date, fingerprint: r.fingerprint } : null,
  }));
}

export type ClinicianState = { npi: string; fileDate: string; fingerprint: string };

export async function saveClinicianStates(db: Queryable, states: readonly ClinicianState[]): Promise<void> {
  if (states.length === 0) return;
  await db.query(
    `insert into dac_clinicians (npi, file_date, fingerprint)
     select * from unnest($1::text[], $2::date[], $3::text[])
     on conflict (npi) do update set file_date = excluded.file_date, fingerprint = excluded.fingerprint,
       updated_at = now()`,
    [states.map((s) => s.npi), states.map((s) => s.fileDate), states.map((s) => s.fingerprint)],
  );
}

/** Starts (or resumes) a load: another load's staging left by an unfinished run is dropped. */
export async function openLoad(
  db: Queryable,
  loadKey: string,
): Promise<{ appliedThrough: string; finished: boolean }> {
  await db.query('delete from dac_staging where load_key <> $1', [loadKey]);
  await db.query('delete from dac_loads where load_key <> $1 and finished_at is null', [loadKey]);
  const { rows } = await db.query<{ applied_through: string | null; finished: boolean }>(
    `insert into dac_loads (load_key) values ($1)
     on conflict (load_key) do update set load_key = excluded.load_key
     returning applied_through, finished_at is not null as finished`,
    [loadKey],
  );
  return { appliedThrough: rows[0]?.applied_through ?? '', finished: rows[0]?.finished ?? false };
}

export async function saveAppliedThrough(db: Queryable, loadKey: string, npi: string): Promise<void> {
  await db.query('update dac_loads set applied_through = $2 where load_key = $1', [loadKey, npi]);
}

/** The load is complete: its staging goes (the values now live only in the events). */
export async function closeLoad(db: Queryable, loadKey: string): Promise<void> {
  await db.query('delete from dac_staging where load_key = $1', [loadKey]);
  await db.query('update dac_loads set finished_at = now() where load_key = $1', [loadKey]);
}

export async function stagedCount(db: Queryable, loadKey: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'select count(*) as n from dac_staging where load_key = $1',
    [loadKey],
  );
  return Number(rows[0]?.n ?? 0);
}

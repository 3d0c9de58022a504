import type { Migration } from '@healthtal/eventstore';
import type pg from 'pg';

/**
 * What the NPPES import remembers of each NPI it has seen: the `Last Update Date` and deactivation
 * it last applied and a fingerprint of the fields it wrote (hashes, not values), so a file compares
 * against the directory without reading events back. Endpoint emails wait in their own table only
 * while an import runs. Operational state of the `healthtal` command, like import_progress.
 */
export const nppesMigrations: readonly Migration[] = [
  {
    id: '002-nppes-providers',
    sql: `create table nppes_providers (
      npi text primary key,
      last_update date,
      deactivated_on date,
      fingerprint text not null,
      updated_at timestamptz not null default now()
    );
    create table nppes_endpoints (
      npi text primary key,
      email text not null,
      rank int not null
    );
    create table nppes_endpoint_loads (load_key text primary key, loaded_at timestamptz not null default now())`,
  },
];

export type ProviderState = {
  npi: string;
  lastUpdate: string | null;
  deactivatedOn: string | null;
  fingerprint: string;
};

export async function readProviderStates(
  pool: pg.Pool,
  npis: readonly string[],
): Promise<Map<string, ProviderState>> {
  const { rows } = await pool.query<{
    npi: string;
    last_update: string | null;
    deactivated_on: string | null;
    fingerprint: string;
  }>(
    `select npi, last_update::text, deactivated_on::text, fingerprint from nppes_providers where npi = any($1::text[])`,
    [npis],
  );
  return new Map(
    rows.map((r) => [
      r.npi,
      { npi: r.npi, lastUpdate: r.last_update, deactivatedOn: r.deactivated_on, fingerprint: r.fingerprint },
    ]),
  );
}

export async function saveProviderStates(pool: pg.Pool, states: readonly ProviderState[]): Promise<void> {
  if (states.length === 0) return;
  await pool.query(
    `insert into nppes_providers as p (npi, last_update, deactivated_on, fingerprint)
     select * from unnest($1::text[], $2::date[], $3::date[], $4::text[])
     on conflict (npi) do update set last_update = excluded.last_update, deactivated_on = excluded.deactivated_on,
       fingerprint = excluded.fingerprint, updated_at = now()`,
    [
      states.map((s) => s.npi),
      states.map((s) => s.lastUpdate),
      states.map((s) => s.deactivatedOn),
      states.map((s) => s.fingerprint),
    ],
  );
}

/** Endpoint emails of these NPIs (loaded by loadEndpoints for this import). */
export async function readEndpointEmails(
  pool: pg.Pool,
  npis: readonly string[],
): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ npi: string; email: string }>(
    'select npi, email from nppes_endpoints where npi = any($1::text[])',
    [npis],
  );
  return new Map(rows.map((r) => [r.npi, r.email]));
}

/**
 * Candidates whose personal-data key is gone: someone asked to be removed and was erased. Their
 * NPI is never imported or updated again (an append would make them a new key).
 */
export async function erasedCandidates(pool: pg.Pool, candidateIds: readonly string[]): Promise<Set<string>> {
  if (candidateIds.length === 0) return new Set();
  const { rows } = await pool.query<{ id: string }>(
    `select id from unnest($1::text[]) as t(id)
     where not exists (select 1 from eventstore.personal_data_keys k where k.subject = t.id and k.key is not null)`,
    [candidateIds],
  );
  return new Set(rows.map((r) => r.id));
}

import {
  CANDIDATE_FIELDS,
  type CandidateUpdated,
  type FieldSourceEntry,
  IMPORT_READERS,
  locationText,
  withLatestWrite,
} from '@healthtal/contracts';
import type pg from 'pg';
import type { Recorded } from '../runtime';
import { columnsUpdatedBy, fieldColumnsOf, UPDATED_FIELDS } from './directory-columns';
import { keyOf, type SourceOf, sourceIdsOf } from './sources';

/** The events a later NPI registry file appends to a candidate it imported before. */
export const REGISTRY_CHANGE_TYPES = [
  'CandidateUpdated',
  'CandidateDeactivated',
  'CandidateReactivated',
] as const;
export type RegistryChange = Recorded<(typeof REGISTRY_CHANGE_TYPES)[number]>;

/** Where an update's values come from: its source (the NPI registry, CMS's file), file and date. */
const sourceOfUpdate = (d: CandidateUpdated['data']): SourceOf => ({
  source: d.source,
  file: d.sourceFile ?? null,
  date: d.sourceDate,
});

/** What an update rewrites, column by column, with the cleaning the import applies. */
const COLUMNS = fieldColumnsOf(CANDIDATE_FIELDS);
const CANDIDATE_COLUMNS = columnsUpdatedBy(COLUMNS, 'candidates');
const CONTACT_COLUMNS = columnsUpdatedBy(COLUMNS, 'contacts');

/**
 * Updates, deactivations and reactivations, one event at a time (they are few next to imports).
 * A row that changes while in search gets a new `seq` and leaves a tombstone of the old one, so the
 * API's append-only search index drops the old document and adds the new one.
 */
export async function applyRegistryChanges(
  client: pg.PoolClient,
  events: readonly RegistryChange[],
  revisionOf: (event: RegistryChange) => number,
): Promise<void> {
  const updates = events.flatMap((e) => (e.type === 'CandidateUpdated' ? [sourceOfUpdate(e.data)] : []));
  const sourceIds = updates.length > 0 ? await sourceIdsOf(client, updates) : new Map<string, number>();
  for (const event of events) {
    const revision = revisionOf(event);
    if (event.type === 'CandidateUpdated') {
      const sourceId = sourceIds.get(keyOf(sourceOfUpdate(event.data)))!;
      await update(client, event.data, revision, sourceId);
    } else if (event.type === 'CandidateDeactivated') await deactivate(client, event.data, revision);
    else await reactivate(client, event.data, revision);
  }
}

type Before = {
  seq: string;
  specialty: string | null;
  deactivated_on: string | null;
  field_sources: FieldSourceEntry[];
};

async function update(
  client: pg.PoolClient,
  d: CandidateUpdated['data'],
  revision: number,
  sourceId: number,
) {
  const before = await client.query<Before>(
    'select seq, specialty, deactivated_on, field_sources from directory_candidates where id = $1',
    [d.candidateId],
  );
  const old = before.rows[0];
  if (!old) return; // erased, or never shown (an erased person's import reads back nameless)
  const data = d as Record<string, unknown>;
  const sets: string[] = [];
  const params: unknown[] = [d.candidateId, revision, d.sourceDate, d.source];
  for (const { name, from, clean, type } of CANDIDATE_COLUMNS) {
    if (data[from] === undefined) continue;
    const value = clean(data[from] ?? null);
    // node-postgres sends a JS array as a PostgreSQL array: a jsonb column's value goes as JSON.
    params.push(type === 'jsonb' ? JSON.stringify(value) : value);
    sets.push(`${name} = $${params.length}${type === 'jsonb' ? '::jsonb' : ''}`);
  }
  // The fields this update changed now come from its source, file and record date.
  const changed = [...UPDATED_FIELDS].filter((field) => data[field] !== undefined);
  const fieldSources = withLatestWrite(old.field_sources, {
    sourceId,
    updatedOn: d.sourceUpdatedOn,
    fields: changed,
  });
  params.push(JSON.stringify(fieldSources));
  sets.push(`field_sources = $${params.length}::jsonb`);
  const { rows } = await client.query<{
    specialty: string | null;
    city: string | null;
    state: string | null;
  }>(
    // source_date and source_file: the last file of the candidate's own source (its registry)
    // that changed it; a file of another source (CMS's) is kept with the fields it changed.
    `update directory_candidates set ${sets.join(', ')}, revision = $2,
       source_date = case when source = $4 then $3::date else source_date end,
       source_file = case when source = $4 then coalesce($${params.length + 1}, source_file) else source_file end
     where id = $1 returning specialty, city, state`,
    [...params, d.sourceFile ?? null],
  );
  const after = rows[0]!;
  if (data.location === undefined && (data.city !== undefined || data.state !== undefined)) {
    await client.query('update directory_candidates set location = $2 where id = $1', [
      d.candidateId,
      locationText(after.city, after.state),
    ]);
  }
  if (data.licenseRecords === undefined && LEGACY_LICENSE_FIELDS.some((f) => data[f] !== undefined))
    await updateLegacyLicenses(client, d.candidateId);
  if (PLACE_FIELDS.some((f) => data[f] !== undefined)) await updateCoordinates(client, d.candidateId);
  await updateContacts(client, data, d.candidateId);
  if (old.deactivated_on !== null) return;
  // A new seq: the index only ever appends; the tombstone drops the old document.
  await client.query('update directory_candidates set seq = default where id = $1', [d.candidateId]);
  await tombstone(client, d.candidateId, old.seq, revision);
  if (old.specialty !== after.specialty) {
    await countSpecialty(client, old.specialty, -1);
    await countSpecialty(client, after.specialty, 1);
  }
}

/** What a candidate's licenses are read from when they have no license records (licenses.ts). */
const LEGACY_LICENSE_FIELDS = ['licenses', 'title', 'taxonomyCode'] as const;

/**
 * An update of the `licenses` text (or the title or taxonomy a nurse is told by) to a candidate
 * whose licenses were read from that text, not from license records (events written before them):
 * their licenses are read again from the row, as the import reads them. A candidate with records
 * keeps them: records carry their own taxonomy (NPPES gives every license slot one).
 */
async function updateLegacyLicenses(client: pg.PoolClient, id: string) {
  const { rows } = await client.query<{
    licenses: string | null;
    title: string | null;
    taxonomy_code: string | null;
    from_text: boolean;
  }>(
    `select licenses, title, taxonomy_code,
       not jsonb_path_exists(license_records, '$[*] ? (@.taxonomyCode != null)') as from_text
     from directory_candidates where id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row?.from_text) return;
  const read = { licenses: row.licenses, title: row.title, taxonomyCode: row.taxonomy_code };
  await client.query(
    `update directory_candidates set license_records = $2, licensed_in = $3, compact_license = $4
     where id = $1`,
    [
      id,
      JSON.stringify(IMPORT_READERS.licenses(read)),
      IMPORT_READERS['license states'](read),
      IMPORT_READERS['compact license'](read),
    ],
  );
}

/** What a candidate's coordinates are read from (contracts' us-places geocodeCandidate). */
const PLACE_FIELDS = ['officeZip', 'officeCity', 'officeState', 'city', 'state', 'location'] as const;

/** An update of the practice's place: its coordinates are read again from the row, as the import reads them. */
async function updateCoordinates(client: pg.PoolClient, id: string) {
  const { rows } = await client.query<
    Record<'office_zip' | 'office_city' | 'office_state' | 'city' | 'state' | 'location', string | null>
  >(
    'select office_zip, office_city, office_state, city, state, location from directory_candidates where id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) return;
  const read = {
    officeZip: row.office_zip,
    officeCity: row.office_city,
    officeState: row.office_state,
    city: row.city,
    state: row.state,
    location: row.location,
  };
  await client.query('update directory_candidates set latitude = $2, longitude = $3 where id = $1', [
    id,
    IMPORT_READERS.latitude(read),
    IMPORT_READERS.longitude(read),
  ]);
}

async function updateContacts(client: pg.PoolClient, data: Record<string, unknown>, id: string) {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const { name, from, type, clean } of CONTACT_COLUMNS) {
    if (data[from] === undefined) continue;
    params.push(clean(data[from] ?? null));
    // A keyed hash comes as hex (the event's form), kept as bytes.
    sets.push(
      type === 'bytea' ? `${name} = decode($${params.length}, 'hex')` : `${name} = $${params.length}`,
    );
  }
  if (sets.length === 0) return;
  await client.query(`update directory_contacts set ${sets.join(', ')} where candidate_id = $1`, params);
  await client.query(
    `update directory_candidates c set has_email = (k.personal_email is not null or k.work_email is not null),
       has_phone = (k.phone is not null or k.direct_phone is not null)
     from directory_contacts k where k.candidate_id = c.id and c.id = $1`,
    [id],
  );
}

async function deactivate(
  client: pg.PoolClient,
  d: { candidateId: string; deactivatedOn: string; sourceDate: string; sourceFile?: string | null },
  revision: number,
) {
  const { rows } = await client.query<{ seq: string; specialty: string | null }>(
    `update directory_candidates set deactivated_on = $2, source_date = $3, revision = $4,
       source_file = coalesce($5, source_file)
     where id = $1 and deactivated_on is null returning seq, specialty`,
    [d.candidateId, d.deactivatedOn, d.sourceDate, revision, d.sourceFile ?? null],
  );
  const row = rows[0];
  if (!row) return;
  await tombstone(client, d.candidateId, row.seq, revision);
  await countSpecialty(client, row.specialty, -1);
}

async function reactivate(
  client: pg.PoolClient,
  d: { candidateId: string; sourceDate: string; sourceFile?: string | null },
  revision: number,
) {
  // A new seq: the index only ever appends, and the old document was dropped at deactivation.
  const { rows } = await client.query<{ specialty: string | null }>(
    `update directory_candidates set deactivated_on = null, source_date = $2, revision = $3, seq = default,
       source_file = coalesce($4, source_file)
     where id = $1 and deactivated_on is not null returning specialty`,
    [d.candidateId, d.sourceDate, revision, d.sourceFile ?? null],
  );
  if (rows[0]) await countSpecialty(client, rows[0].specialty, 1);
}

async function tombstone(client: pg.PoolClient, id: string, seq: string, revision: number) {
  await client.query(
    `insert into directory_removed (id, seq, revision) values ($1, $2, $3)
     on conflict (seq) do update set revision = excluded.revision`,
    [id, seq, revision],
  );
}

async function countSpecialty(client: pg.PoolClient, specialty: string | null, delta: 1 | -1) {
  if (specialty === null) return;
  await client.query(
    `insert into specialty_counts (specialty, count) values ($1, $2)
     on conflict (specialty) do update set count = specialty_counts.count + excluded.count`,
    [specialty, delta],
  );
  if (delta < 0)
    await client.query('delete from specialty_counts where specialty = $1 and count <= 0', [specialty]);
}

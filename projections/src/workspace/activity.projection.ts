import type { ExportStatus } from '@healthtal/contracts';
import { defineProjection, forget, forgottenTableSql, isForgotten, isUuid, type Recorded } from '../runtime';

const FORGOTTEN = 'user_activity_forgotten';

/** A `user_activity` row as node-postgres returns it: a reveal's columns, or an export's. */
export type UserActivityTable = {
  id: string;
  user_id: string;
  kind: 'reveal' | 'export';
  occurred_at: Date;
  candidate_id: string | null;
  via_demo_grant: boolean | null;
  export_id: string | null;
  /** Rows sent: 0 until the export's end is recorded. */
  export_count: number | null;
  rows_intended: number | null;
  status: ExportStatus | null;
  format: Recorded<'ExportStarted'>['data']['format'] | null;
  file_name: string | null;
  scope: Recorded<'ExportStarted'>['data']['scope'] | null;
};

const EXPORT_UPSERT = `insert into user_activity (id, user_id, kind, occurred_at, export_id, export_count,
    rows_intended, status, format, file_name, scope)
  values ($1, $2, 'export', $3, $1, $4, $5, $6, $7, $8, $9)`;

/**
 * Each user's own contact reveals and exports: one row per reveal, and one per export (keyed by the
 * export id) from its start, with its rows sent and outcome once it ends. The activity history
 * auditors and compliance officers ask for. Deleting a user removes theirs; erasing a candidate keeps the
 * reveals of them (the user's usage) without saying whom they were of.
 */
export const activityProjection = defineProjection({
  name: 'user_activity',
  version: 4,
  tables: ['user_activity', FORGOTTEN],
  createSql: `
    create table user_activity (
      id uuid primary key,
      user_id uuid not null,
      kind text not null,
      occurred_at timestamptz not null,
      candidate_id uuid,
      via_demo_grant boolean,
      export_id uuid,
      export_count int,
      rows_intended int,
      status text,
      format text,
      file_name text,
      scope text
    );
    create index user_activity_user on user_activity (user_id, occurred_at desc, id);
    create index user_activity_candidate on user_activity (candidate_id) where candidate_id is not null;
    ${forgottenTableSql(FORGOTTEN)}
  `,
  // A reveal or export by a request that raced its user's deletion leaves no row (`forgotten.ts`).
  on: {
    async ContactRevealed(client, { data: d, metadata }) {
      if (await isForgotten(client, FORGOTTEN, d.userId)) return;
      await client.query(
        `insert into user_activity (id, user_id, kind, occurred_at, candidate_id, via_demo_grant)
         values ($1, $2, 'reveal', $3, $4, $5) on conflict (id) do nothing`,
        [
          metadata.eventId,
          d.userId,
          metadata.occurredAt,
          // a reveal that raced the candidate's erasure is kept, but not whom it was of
          (await isForgotten(client, FORGOTTEN, d.candidateId)) ? null : d.candidateId,
          d.viaDemoGrant,
        ],
      );
    },
    async ExportStarted(client, { data: d, metadata }) {
      if (await isForgotten(client, FORGOTTEN, d.userId)) return;
      await client.query(`${EXPORT_UPSERT} on conflict (id) do nothing`, [
        d.exportId,
        d.userId,
        metadata.occurredAt,
        0,
        d.rowsIntended,
        'started',
        d.format,
        d.fileName,
        d.scope,
      ]);
    },
    async CandidatesExported(client, { data: d, metadata }) {
      if (await isForgotten(client, FORGOTTEN, d.userId)) return;
      // The start came first and keeps its time; a version 1 event (no start) makes the row.
      await client.query(
        `${EXPORT_UPSERT} on conflict (id) do update set export_count = excluded.export_count, status = excluded.status`,
        [
          d.exportId,
          d.userId,
          metadata.occurredAt,
          d.count,
          d.rowsIntended,
          d.outcome,
          d.format,
          d.fileName,
          d.scope,
        ],
      );
    },
    async UserDeleted(client, { data }) {
      await client.query('delete from user_activity where user_id = $1', [data.userId]);
      await forget(client, FORGOTTEN, data.userId);
    },
    async PersonalDataErased(client, { data }) {
      const subject = data.subjectId;
      if (isUuid(subject))
        await client.query('update user_activity set candidate_id = null where candidate_id = $1', [subject]);
      await forget(client, FORGOTTEN, subject);
    },
  },
});

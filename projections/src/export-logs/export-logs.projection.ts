import type { ExportStatus } from '@healthtal/contracts';
import { defineProjection, forget, forgottenTableSql, isForgotten, type Recorded } from '../runtime';

const FORGOTTEN = 'export_logs_forgotten';

/** An `export_logs` row as node-postgres returns it. */
export type ExportLogsTable = {
  id: string;
  user_id: string;
  /** When the export started (a version 1 CandidatesExported, which had no start: when it ended). */
  export_date: Date;
  /** Rows sent so far: 0 until the export's end is recorded. */
  export_count: number;
  rows_intended: number;
  status: ExportStatus;
  format: Recorded<'ExportStarted'>['data']['format'];
  file_name: string;
  scope: Recorded<'ExportStarted'>['data']['scope'];
};

const UPSERT = `insert into export_logs (id, user_id, export_date, export_count, rows_intended, status, format,
    file_name, scope)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`;

/**
 * Every export a user made, from its start (the first version's export_logs): the account page's
 * Exports tab and the admin's Exported Contacts. A row appears when the export starts and gets its
 * rows sent and outcome when it ends; one that never ends (the server stopped) stays `started`.
 * Deleting a user removes their export history (admin-intake-outreach, delete confirmation).
 */
export const exportLogsProjection = defineProjection({
  name: 'export_logs',
  version: 3,
  tables: ['export_logs', FORGOTTEN],
  createSql: `
    create table export_logs (
      id uuid primary key,
      user_id uuid not null,
      export_date timestamptz not null,
      export_count int not null,
      rows_intended int not null,
      status text not null,
      format text not null,
      file_name text not null,
      scope text not null
    );
    create index export_logs_user_date on export_logs (user_id, export_date desc);
    ${forgottenTableSql(FORGOTTEN)}
  `,
  // An export by a request that raced its user's deletion leaves no log (`forgotten.ts`).
  on: {
    async ExportStarted(client, { data: d, metadata }) {
      if (await isForgotten(client, FORGOTTEN, d.userId)) return;
      await client.query(`${UPSERT} on conflict (id) do nothing`, [
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
      // The start came first and keeps its date; a version 1 event (no start) makes the row.
      await client.query(
        `${UPSERT} on conflict (id) do update set export_count = excluded.export_count, status = excluded.status`,
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
      await client.query('delete from export_logs where user_id = $1', [data.userId]);
      await forget(client, FORGOTTEN, data.userId);
    },
  },
});

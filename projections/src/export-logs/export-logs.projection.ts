import { defineProjection, forget, forgottenTableSql, isForgotten, type Recorded } from '../runtime';

const FORGOTTEN = 'export_logs_forgotten';

/** An `export_logs` row as node-postgres returns it. */
export type ExportLogsTable = {
  id: string;
  user_id: string;
  export_date: Date;
  export_count: number;
  format: Recorded<'CandidatesExported'>['data']['format'];
  file_name: string;
  scope: Recorded<'CandidatesExported'>['data']['scope'];
};

/**
 * Every export a user made (the first version's export_logs): the account page's Exports tab and
 * the admin's Exported Contacts. Deleting a user removes their export history (admin-intake-outreach,
 * delete confirmation).
 */
export const exportLogsProjection = defineProjection({
  name: 'export_logs',
  version: 2,
  tables: ['export_logs', FORGOTTEN],
  createSql: `
    create table export_logs (
      id uuid primary key,
      user_id uuid not null,
      export_date timestamptz not null,
      export_count int not null,
      format text not null,
      file_name text not null,
      scope text not null
    );
    create index export_logs_user_date on export_logs (user_id, export_date desc);
    ${forgottenTableSql(FORGOTTEN)}
  `,
  on: {
    async CandidatesExported(client, { data: d, metadata }) {
      // An export by a request that raced its user's deletion leaves no log (`forgotten.ts`).
      if (await isForgotten(client, FORGOTTEN, d.userId)) return;
      await client.query(
        `insert into export_logs (id, user_id, export_date, export_count, format, file_name, scope)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing`,
        [d.exportId, d.userId, metadata.occurredAt, d.count, d.format, d.fileName, d.scope],
      );
    },
    async UserDeleted(client, { data }) {
      await client.query('delete from export_logs where user_id = $1', [data.userId]);
      await forget(client, FORGOTTEN, data.userId);
    },
  },
});

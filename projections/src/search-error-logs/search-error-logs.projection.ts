import { defineProjection, isUuid, type Recorded } from '../runtime';

/** A `search_error_logs` row as node-postgres returns it. */
export type SearchErrorLogsTable = {
  id: string;
  occurred_at: Date;
  user_id: string | null;
  user_email: string | null;
  ip_address: string | null;
  error_type: Recorded<'SearchFailed'>['data']['errorType'];
  error_code: string | null;
  edge_function_name: string;
  response_time_ms: number | null;
  error_message: string;
  search_query: string | null;
  search_url: string | null;
  search_filters: Record<string, unknown>;
  user_agent: string | null;
};

/**
 * The admin's Search Error Logs (failed and slow searches) and, by query over a time range, their
 * stats. An admin's delete removes the row; erasing a person blanks their email, address and browser.
 */
export const searchErrorLogsProjection = defineProjection({
  name: 'search_error_logs',
  version: 1,
  tables: ['search_error_logs'],
  createSql: `
    create table search_error_logs (
      id uuid primary key,
      occurred_at timestamptz not null,
      user_id text,
      user_email text,
      ip_address text,
      error_type text not null,
      error_code text,
      edge_function_name text not null,
      response_time_ms int,
      error_message text not null,
      search_query text,
      search_url text,
      search_filters jsonb not null,
      user_agent text
    );
    create index search_error_logs_occurred_at on search_error_logs (occurred_at desc);
    create index search_error_logs_type on search_error_logs (error_type, occurred_at desc);
    create index search_error_logs_user on search_error_logs (user_id);
  `,
  on: {
    async SearchFailed(client, { data: d, metadata }) {
      await client.query(
        `insert into search_error_logs (id, occurred_at, user_id, user_email, ip_address, error_type, error_code,
           edge_function_name, response_time_ms, error_message, search_query, search_url, search_filters, user_agent)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) on conflict (id) do nothing`,
        [
          d.logId,
          metadata.occurredAt,
          d.userId,
          d.userEmail,
          d.ipAddress,
          d.errorType,
          d.errorCode,
          d.functionName,
          d.responseTimeMs,
          d.errorMessage,
          d.searchQuery,
          d.searchUrl,
          JSON.stringify(d.searchFilters),
          d.userAgent,
        ],
      );
    },
    async SearchErrorLogDeleted(client, { data }) {
      await client.query('delete from search_error_logs where id = $1', [data.logId]);
    },
    async PersonalDataErased(client, { data }) {
      const subject = data.subjectId;
      await client.query(
        `update search_error_logs set user_email = null, ip_address = null, user_agent = null
         where user_id = $1 or id = $2`,
        [subject, isUuid(subject) ? subject : null],
      );
    },
  },
});

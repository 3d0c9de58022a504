import type { DirectoryEvent } from '@healthtal/contracts';
import type { RecordedEvent } from '@healthtal/eventstore';
import type pg from 'pg';
import type { Projection } from '../runtime';

type Data<T extends DirectoryEvent['type']> = Extract<DirectoryEvent, { type: T }>['data'];
type Recorded = RecordedEvent<string, Record<string, unknown>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The admin's Search Error Logs (failed and slow searches) and, by query over a time range, their
 * stats. An admin's delete removes the row; erasing a person blanks their email, address and browser.
 */
export const searchErrorLogsProjection: Projection = {
  name: 'search_error_logs',
  version: 1,
  tables: ['search_error_logs'],
  handles: ['SearchFailed', 'SearchErrorLogDeleted', 'PersonalDataErased'],
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
  async apply(client, events) {
    for (const event of events as readonly Recorded[]) await applyOne(client, event);
  },
};

async function applyOne(client: pg.PoolClient, { type, data, metadata }: Recorded): Promise<void> {
  switch (type) {
    case 'SearchFailed': {
      const d = data as Data<'SearchFailed'>;
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
      return;
    }
    case 'SearchErrorLogDeleted':
      await client.query('delete from search_error_logs where id = $1', [
        (data as Data<'SearchErrorLogDeleted'>).logId,
      ]);
      return;
    case 'PersonalDataErased': {
      const subject = String(data.subjectId);
      await client.query(
        `update search_error_logs set user_email = null, ip_address = null, user_agent = null
         where user_id = $1 or id = $2`,
        [subject, UUID.test(subject) ? subject : null],
      );
      return;
    }
  }
}

import type { DirectoryEvent } from '@healthtal/contracts';
import type { RecordedEvent } from '@healthtal/eventstore';
import type pg from 'pg';
import { forget, forgottenTableSql, isForgotten, type Projection } from '../runtime';

const FORGOTTEN = 'user_activity_forgotten';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Data<T extends DirectoryEvent['type']> = Extract<DirectoryEvent, { type: T }>['data'];
type Recorded = RecordedEvent<string, Record<string, unknown>>;

/**
 * Each user's own contact reveals and exports, one row per event: the activity history auditors
 * and compliance officers ask for. Deleting a user removes theirs; erasing a candidate keeps the
 * reveals of them (the user's usage) without saying whom they were of.
 */
export const activityProjection: Projection = {
  name: 'user_activity',
  version: 3,
  tables: ['user_activity', FORGOTTEN],
  handles: ['ContactRevealed', 'CandidatesExported', 'UserDeleted', 'PersonalDataErased'],
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
      format text,
      file_name text,
      scope text
    );
    create index user_activity_user on user_activity (user_id, occurred_at desc, id);
    create index user_activity_candidate on user_activity (candidate_id) where candidate_id is not null;
    ${forgottenTableSql(FORGOTTEN)}
  `,
  async apply(client, events) {
    for (const event of events as readonly Recorded[]) await applyOne(client, event);
  },
};

async function applyOne(client: pg.PoolClient, { type, data, metadata }: Recorded): Promise<void> {
  // A reveal or export by a request that raced its user's deletion leaves no row (`forgotten.ts`).
  if (type === 'PersonalDataErased') {
    const subject = String(data.subjectId);
    if (UUID.test(subject))
      await client.query('update user_activity set candidate_id = null where candidate_id = $1', [subject]);
    await forget(client, FORGOTTEN, subject);
    return;
  }
  if (type !== 'UserDeleted' && (await isForgotten(client, FORGOTTEN, String(data.userId)))) return;
  switch (type) {
    case 'ContactRevealed': {
      const d = data as Data<'ContactRevealed'>;
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
      return;
    }
    case 'CandidatesExported': {
      const d = data as Data<'CandidatesExported'>;
      await client.query(
        `insert into user_activity (id, user_id, kind, occurred_at, export_id, export_count, format, file_name, scope)
         values ($1, $2, 'export', $3, $4, $5, $6, $7, $8) on conflict (id) do nothing`,
        [metadata.eventId, d.userId, metadata.occurredAt, d.exportId, d.count, d.format, d.fileName, d.scope],
      );
      return;
    }
    case 'UserDeleted':
      await client.query('delete from user_activity where user_id = $1', [data.userId]);
      await forget(client, FORGOTTEN, String(data.userId));
      return;
  }
}

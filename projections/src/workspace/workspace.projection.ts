import type { WorkspaceEvent } from '@healthtal/contracts';
import type { RecordedEvent } from '@healthtal/eventstore';
import type pg from 'pg';
import { forget, forgottenTableSql, isForgotten, type Projection } from '../runtime';

type Data<T extends WorkspaceEvent['type']> = Extract<WorkspaceEvent, { type: T }>['data'];
type Recorded = RecordedEvent<string, Record<string, unknown>>;
const FORGOTTEN = 'workspace_forgotten';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Users' lists, their members and saved searches (the first version's physician_lists,
 * list_physicians and saved_searches). A candidate erased at their request leaves every list; a
 * deleted user's lists and searches go with them.
 */
export const workspaceProjection: Projection = {
  name: 'workspace',
  version: 2,
  tables: ['lists', 'list_members', 'saved_searches', FORGOTTEN],
  handles: [
    'ListCreated',
    'CandidatesAddedToList',
    'CandidatesRemovedFromList',
    'ListRenamed',
    'ListDeleted',
    'SearchSaved',
    'SavedSearchRenamed',
    'SavedSearchOpened',
    'SavedSearchDeleted',
    'PersonalDataErased',
    'UserDeleted',
  ],
  createSql: `
    create table lists (
      id uuid primary key,
      owner_id uuid not null,
      name text not null,
      description text,
      created_at timestamptz not null
    );
    create index lists_owner on lists (owner_id, created_at desc);
    create table list_members (
      list_id uuid not null,
      candidate_id uuid not null,
      added_at timestamptz not null,
      -- the place among the candidates added together, so a list keeps the order they were chosen in
      ord int not null,
      primary key (list_id, candidate_id)
    );
    create index list_members_order on list_members (list_id, added_at desc, ord);
    create index list_members_candidate on list_members (candidate_id);
    create table saved_searches (
      id uuid primary key,
      owner_id uuid not null,
      name text not null,
      search_params jsonb not null,
      created_at timestamptz not null,
      last_opened_at timestamptz not null
    );
    create index saved_searches_owner on saved_searches (owner_id, created_at desc);
    ${forgottenTableSql(FORGOTTEN)}
  `,
  async apply(client, events) {
    for (const event of events as readonly Recorded[]) await applyOne(client, event);
  },
};

async function applyOne(client: pg.PoolClient, { type, data, metadata }: Recorded): Promise<void> {
  const at = metadata.occurredAt;
  switch (type) {
    case 'ListCreated': {
      const d = data as Data<'ListCreated'>;
      // A list created by a request that raced its owner's deletion belongs to nobody (`forgotten.ts`).
      if (await isForgotten(client, FORGOTTEN, d.ownerId)) return;
      await client.query(
        `insert into lists (id, owner_id, name, description, created_at) values ($1, $2, $3, $4, $5)
         on conflict (id) do nothing`,
        [d.listId, d.ownerId, d.name, d.description, at],
      );
      return;
    }
    case 'CandidatesAddedToList': {
      const d = data as Data<'CandidatesAddedToList'>;
      await client.query(
        `insert into list_members (list_id, candidate_id, added_at, ord)
         select $1, id, $3, ord from unnest($2::uuid[]) with ordinality as t(id, ord)
         -- only onto a list that still exists, and never an erased candidate (an add that raced
         -- the list's deletion or the candidate's removal)
         where exists (select 1 from lists where lists.id = $1)
           and not exists (select 1 from ${FORGOTTEN} f where f.subject = t.id::text)
         on conflict (list_id, candidate_id) do nothing`,
        [d.listId, d.candidateIds, at],
      );
      return;
    }
    case 'CandidatesRemovedFromList': {
      const d = data as Data<'CandidatesRemovedFromList'>;
      await client.query('delete from list_members where list_id = $1 and candidate_id = any($2::uuid[])', [
        d.listId,
        d.candidateIds,
      ]);
      return;
    }
    case 'ListRenamed': {
      const d = data as Data<'ListRenamed'>;
      await client.query('update lists set name = $2, description = $3 where id = $1', [
        d.listId,
        d.name,
        d.description,
      ]);
      return;
    }
    case 'ListDeleted':
      await deleteLists(client, 'id = $1', data.listId);
      return;
    case 'SearchSaved': {
      const d = data as Data<'SearchSaved'>;
      if (await isForgotten(client, FORGOTTEN, d.ownerId)) return;
      // Saving is the first opening: the alert counts from here.
      await client.query(
        `insert into saved_searches (id, owner_id, name, search_params, created_at, last_opened_at)
         values ($1, $2, $3, $4, $5, $5) on conflict (id) do nothing`,
        [d.savedSearchId, d.ownerId, d.name, JSON.stringify(d.searchParams), at],
      );
      return;
    }
    case 'SavedSearchRenamed':
      await client.query('update saved_searches set name = $2 where id = $1', [
        data.savedSearchId,
        data.name,
      ]);
      return;
    case 'SavedSearchOpened':
      await client.query(
        'update saved_searches set last_opened_at = greatest(last_opened_at, $2) where id = $1',
        [data.savedSearchId, at],
      );
      return;
    case 'SavedSearchDeleted':
      await client.query('delete from saved_searches where id = $1', [data.savedSearchId]);
      return;
    case 'PersonalDataErased':
      // Subjects are users and candidates; only a candidate can be on a list.
      if (UUID.test(String(data.subjectId))) {
        await client.query('delete from list_members where candidate_id = $1', [data.subjectId]);
        await forget(client, FORGOTTEN, String(data.subjectId));
      }
      return;
    case 'UserDeleted':
      await deleteLists(client, 'owner_id = $1', data.userId);
      await client.query('delete from saved_searches where owner_id = $1', [data.userId]);
      await forget(client, FORGOTTEN, String(data.userId));
      return;
  }
}

async function deleteLists(client: pg.PoolClient, where: string, value: unknown) {
  const { rows } = await client.query<{ id: string }>(`delete from lists where ${where} returning id`, [
    value,
  ]);
  if (rows.length === 0) return;
  await client.query('delete from list_members where list_id = any($1::uuid[])', [rows.map((r) => r.id)]);
}

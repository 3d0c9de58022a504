import type pg from 'pg';
import { defineProjection, forget, forgottenTableSql, isForgotten, isUuid } from '../runtime';

const FORGOTTEN = 'workspace_forgotten';

/** A `lists` row as node-postgres returns it. */
export type ListsTable = {
  id: string;
  owner_id: string;
  name: string;
  description: string | null;
  created_at: Date;
};

/** A `list_members` row as node-postgres returns it. */
export type ListMembersTable = {
  list_id: string;
  candidate_id: string;
  added_at: Date;
  ord: number;
};

/** A `saved_searches` row as node-postgres returns it. */
export type SavedSearchesTable = {
  id: string;
  owner_id: string;
  name: string;
  search_params: Record<string, unknown>;
  created_at: Date;
  last_opened_at: Date;
};

/**
 * Users' lists, their members and saved searches (the first version's physician_lists,
 * list_physicians and saved_searches). A candidate erased at their request leaves every list; a
 * deleted user's lists and searches go with them.
 */
export const workspaceProjection = defineProjection({
  name: 'workspace',
  version: 2,
  tables: ['lists', 'list_members', 'saved_searches', FORGOTTEN],
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
  on: {
    async ListCreated(client, { data: d, metadata }) {
      // A list created by a request that raced its owner's deletion belongs to nobody (`forgotten.ts`).
      if (await isForgotten(client, FORGOTTEN, d.ownerId)) return;
      await client.query(
        `insert into lists (id, owner_id, name, description, created_at) values ($1, $2, $3, $4, $5)
         on conflict (id) do nothing`,
        [d.listId, d.ownerId, d.name, d.description, metadata.occurredAt],
      );
    },
    async CandidatesAddedToList(client, { data: d, metadata }) {
      await client.query(
        `insert into list_members (list_id, candidate_id, added_at, ord)
         select $1, id, $3, ord from unnest($2::uuid[]) with ordinality as t(id, ord)
         -- only onto a list that still exists, and never an erased candidate (an add that raced
         -- the list's deletion or the candidate's removal)
         where exists (select 1 from lists where lists.id = $1)
           and not exists (select 1 from ${FORGOTTEN} f where f.subject = t.id::text)
         on conflict (list_id, candidate_id) do nothing`,
        [d.listId, d.candidateIds, metadata.occurredAt],
      );
    },
    async CandidatesRemovedFromList(client, { data: d }) {
      await client.query('delete from list_members where list_id = $1 and candidate_id = any($2::uuid[])', [
        d.listId,
        d.candidateIds,
      ]);
    },
    async ListRenamed(client, { data: d }) {
      await client.query('update lists set name = $2, description = $3 where id = $1', [
        d.listId,
        d.name,
        d.description,
      ]);
    },
    ListDeleted: (client, { data }) => deleteLists(client, 'id = $1', data.listId),
    async SearchSaved(client, { data: d, metadata }) {
      if (await isForgotten(client, FORGOTTEN, d.ownerId)) return;
      // Saving is the first opening: the alert counts from here.
      await client.query(
        `insert into saved_searches (id, owner_id, name, search_params, created_at, last_opened_at)
         values ($1, $2, $3, $4, $5, $5) on conflict (id) do nothing`,
        [d.savedSearchId, d.ownerId, d.name, JSON.stringify(d.searchParams), metadata.occurredAt],
      );
    },
    async SavedSearchRenamed(client, { data }) {
      await client.query('update saved_searches set name = $2 where id = $1', [
        data.savedSearchId,
        data.name,
      ]);
    },
    async SavedSearchOpened(client, { data, metadata }) {
      await client.query(
        'update saved_searches set last_opened_at = greatest(last_opened_at, $2) where id = $1',
        [data.savedSearchId, metadata.occurredAt],
      );
    },
    async SavedSearchDeleted(client, { data }) {
      await client.query('delete from saved_searches where id = $1', [data.savedSearchId]);
    },
    async PersonalDataErased(client, { data }) {
      // Subjects are users and candidates; only a candidate can be on a list.
      if (!isUuid(data.subjectId)) return;
      await client.query('delete from list_members where candidate_id = $1', [data.subjectId]);
      await forget(client, FORGOTTEN, data.subjectId);
    },
    async UserDeleted(client, { data }) {
      await deleteLists(client, 'owner_id = $1', data.userId);
      await client.query('delete from saved_searches where owner_id = $1', [data.userId]);
      await forget(client, FORGOTTEN, data.userId);
    },
  },
});

async function deleteLists(client: pg.PoolClient, where: string, value: string): Promise<void> {
  const { rows } = await client.query<{ id: string }>(`delete from lists where ${where} returning id`, [
    value,
  ]);
  if (rows.length === 0) return;
  await client.query('delete from list_members where list_id = any($1::uuid[])', [rows.map((r) => r.id)]);
}

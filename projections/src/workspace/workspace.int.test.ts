import { describe, expect, it } from 'vitest';
import { minute, readModelDatabase } from '../../test/support/read-model';
import { workspaceProjection } from './workspace.projection';

const { givenEvents } = readModelDatabase();

const [dana, lee] = ['b4cf3a4b-1c2d-4e3f-8a4b-5c6d7e8f9a01', 'b4cf3a4b-1c2d-4e3f-8a4b-5c6d7e8f9a02'];
const [icu, er] = ['b4cf3a4b-1c2d-4e3f-8a4b-5c6d7e8f9aa1', 'b4cf3a4b-1c2d-4e3f-8a4b-5c6d7e8f9aa2'];
const [maria, james, ana] = [
  'b4cf3a4b-1c2d-4e3f-8a4b-5c6d7e8f9ac1',
  'b4cf3a4b-1c2d-4e3f-8a4b-5c6d7e8f9ac2',
  'b4cf3a4b-1c2d-4e3f-8a4b-5c6d7e8f9ac3',
];
const search = 'b4cf3a4b-1c2d-4e3f-8a4b-5c6d7e8f9ab1';
const listCreated = (listId: string, ownerId: string, name: string) =>
  ({
    type: 'ListCreated',
    data: { listId, ownerId, name, description: null },
    occurredAt: minute(0),
  }) as const;
const added = (listId: string, candidateIds: string[]) =>
  ({ type: 'CandidatesAddedToList', data: { listId, candidateIds } }) as const;
const searchSaved = (savedSearchId: string, ownerId: string) =>
  ({
    type: 'SearchSaved',
    data: { savedSearchId, ownerId, name: 'Texas ICU', searchParams: { states: ['TX'] } },
    occurredAt: minute(0),
  }) as const;
const userErased = (userId: string) =>
  [
    { type: 'UserDeleted', data: { userId, deletedBy: 'admin' } },
    { type: 'PersonalDataErased', data: { subjectId: userId } },
  ] as const;

const members = 'select list_id, candidate_id, ord from list_members order by list_id, added_at desc, ord';

describe('workspace', () => {
  it('keeps a list with its members in the order they were chosen', async () => {
    const model = await givenEvents(workspaceProjection, [
      listCreated(icu, dana, 'ICU'),
      added(icu, [james, maria, ana]),
      { type: 'CandidatesRemovedFromList', data: { listId: icu, candidateIds: [maria] } },
      { type: 'ListRenamed', data: { listId: icu, name: 'ICU nights', description: 'Houston' } },
    ]);

    expect(await model.thenRows('select * from lists')).toEqual([
      {
        id: icu,
        owner_id: dana,
        name: 'ICU nights',
        description: 'Houston',
        created_at: new Date(minute(0)),
      },
    ]);
    expect(await model.thenRows(members)).toEqual([
      { list_id: icu, candidate_id: james, ord: 1 },
      { list_id: icu, candidate_id: ana, ord: 3 },
    ]);
  });

  it('drops a deleted list with its members, and an add that raced the deletion adds nobody', async () => {
    const model = await givenEvents(workspaceProjection, [
      listCreated(icu, dana, 'ICU'),
      listCreated(er, dana, 'ER'),
      added(icu, [maria]),
      { type: 'ListDeleted', data: { listId: icu } },
      added(icu, [james]),
    ]);

    expect(await model.thenRows('select id from lists')).toEqual([{ id: er }]);
    expect(await model.thenRows(members)).toEqual([]);
  });

  it('keeps a saved search, its new name and when it was last opened, until it is deleted', async () => {
    const model = await givenEvents(workspaceProjection, [
      searchSaved(search, dana),
      { type: 'SavedSearchRenamed', data: { savedSearchId: search, name: 'Texas ICU nurses' } },
      { type: 'SavedSearchOpened', data: { savedSearchId: search }, occurredAt: minute(40) },
    ]);
    expect(await model.thenRows('select * from saved_searches')).toEqual([
      {
        id: search,
        owner_id: dana,
        name: 'Texas ICU nurses',
        search_params: { states: ['TX'] },
        created_at: new Date(minute(0)),
        last_opened_at: new Date(minute(40)),
      },
    ]);

    const deleted = await givenEvents(workspaceProjection, [
      searchSaved(search, dana),
      { type: 'SavedSearchDeleted', data: { savedSearchId: search } },
    ]);
    expect(await deleted.thenRows('select id from saved_searches')).toEqual([]);
  });

  it('takes an erased candidate off every list, and never puts them back', async () => {
    const model = await givenEvents(workspaceProjection, [
      listCreated(icu, dana, 'ICU'),
      listCreated(er, lee, 'ER'),
      added(icu, [maria, james]),
      added(er, [maria]),
      { type: 'PersonalDataErased', data: { subjectId: maria } },
      added(er, [maria, ana]),
    ]);

    expect(await model.thenRows(members)).toEqual([
      { list_id: icu, candidate_id: james, ord: 2 },
      { list_id: er, candidate_id: ana, ord: 2 },
    ]);
  });

  it("drops a deleted user's lists and searches, and what a request that raced the deletion made", async () => {
    const model = await givenEvents(workspaceProjection, [
      listCreated(icu, dana, 'ICU'),
      added(icu, [maria]),
      searchSaved(search, dana),
      listCreated(er, lee, 'ER'),
      ...userErased(dana),
      listCreated('b4cf3a4b-1c2d-4e3f-8a4b-5c6d7e8f9aa3', dana, 'Late'),
      searchSaved('b4cf3a4b-1c2d-4e3f-8a4b-5c6d7e8f9ab2', dana),
    ]);

    expect(await model.thenRows('select id, owner_id from lists')).toEqual([{ id: er, owner_id: lee }]);
    expect(await model.thenRows(members)).toEqual([]);
    expect(await model.thenRows('select id from saved_searches')).toEqual([]);
  });
});

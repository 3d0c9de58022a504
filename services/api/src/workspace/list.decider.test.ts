import { type ListEvent, type ListId, ListLimits, type UserId } from '@healthtal/contracts';
import { describe, it } from 'vitest';
import { given } from '../shared/decider-spec';
import { type ListCommand, listDecider } from './list.decider';
import { ListFull, ListNotFound } from './workspace-errors';

const listId = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b' as ListId;
const owner = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d' as UserId;
const stranger = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a' as UserId;
const c1 = '11111111-1111-4111-8111-111111111111';
const c2 = '22222222-2222-4222-8222-222222222222';
const c3 = '33333333-3333-4333-8333-333333333333';

const created: ListEvent = {
  type: 'ListCreated',
  data: { listId, ownerId: owner, name: 'ICU nurses, Texas', description: null },
};
const added = (...candidateIds: string[]): ListEvent => ({
  type: 'CandidatesAddedToList',
  data: { listId, candidateIds },
});
const deleted: ListEvent = { type: 'ListDeleted', data: { listId } };
const spec = (history: ListEvent[]) => given(listDecider, history);

const create = (candidateIds: string[] = []): ListCommand => ({
  type: 'CreateList',
  listId,
  ownerId: owner,
  name: 'ICU nurses, Texas',
  description: null,
  candidateIds,
});
const add = (candidateIds: string[], userId = owner): ListCommand => ({
  type: 'AddCandidatesToList',
  listId,
  userId,
  candidateIds,
});
const remove = (candidateIds: string[], userId = owner): ListCommand => ({
  type: 'RemoveCandidatesFromList',
  listId,
  userId,
  candidateIds,
});
const manyIds = (n: number, offset = 0) =>
  Array.from(
    { length: n },
    (_, i) => `00000000-0000-4000-8000-${(offset + i).toString(16).padStart(12, '0')}`,
  );

describe('List', () => {
  it('is created empty with its name and description', () => spec([]).when(create()).thenEmits([created]));

  it('is created with the chosen candidates in one go (Add to List, new list)', () =>
    spec([])
      .when(create([c1, c2, c1]))
      .thenEmits([created, added(c1, c2)]));

  it('is created once when the same create is retried', () => spec([created]).when(create()).thenEmits([]));

  it('adds candidates to an existing list (Add to List, existing list)', () =>
    spec([created])
      .when(add([c1, c2]))
      .thenEmits([added(c1, c2)]));

  it('adds only candidates that are not on the list yet', () =>
    spec([created, added(c1)])
      .when(add([c1, c2, c3]))
      .thenEmits([added(c2, c3)]));

  it('adds nothing when every candidate is already on the list', () =>
    spec([created, added(c1, c2)])
      .when(add([c2, c1]))
      .thenEmits([]));

  it('refuses to fill a list past its cap, and adds none of them', () =>
    spec([created, added(...manyIds(ListLimits.membersMax - 1))])
      .when(add([c1, c2]))
      .thenThrows(ListFull));

  it('takes candidates up to exactly the cap', () =>
    spec([created, added(...manyIds(ListLimits.membersMax - 1))])
      .when(add([c1]))
      .thenEmits([added(c1)]));

  it("answers another user's list as not found", () =>
    spec([created])
      .when(add([c1], stranger))
      .thenThrows(ListNotFound));

  it('refuses to add candidates to a deleted list', () =>
    spec([created, deleted])
      .when(add([c1]))
      .thenThrows(ListNotFound));

  it('refuses to add candidates to a list that does not exist', () =>
    spec([])
      .when(add([c1]))
      .thenThrows(ListNotFound));

  it('removes the candidates that are on it', () =>
    spec([created, added(c1, c2)])
      .when(remove([c2, c3]))
      .thenEmits([{ type: 'CandidatesRemovedFromList', data: { listId, candidateIds: [c2] } }]));

  it('frees room for new candidates when some are removed', () =>
    spec([
      created,
      added(...manyIds(ListLimits.membersMax)),
      { type: 'CandidatesRemovedFromList', data: { listId, candidateIds: manyIds(1) } },
    ])
      .when(add([c1]))
      .thenEmits([added(c1)]));

  it("refuses to remove candidates from another user's list", () =>
    spec([created, added(c1)])
      .when(remove([c1], stranger))
      .thenThrows(ListNotFound));

  it('is renamed, keeping its description', () =>
    spec([{ ...created, data: { ...created.data, description: 'Night shift' } }])
      .when({ type: 'RenameList', listId, userId: owner, name: 'ICU nurses, Houston' })
      .thenEmits([
        { type: 'ListRenamed', data: { listId, name: 'ICU nurses, Houston', description: 'Night shift' } },
      ]));

  it('records nothing when the name and description are unchanged', () =>
    spec([created])
      .when({ type: 'RenameList', listId, userId: owner, name: 'ICU nurses, Texas', description: null })
      .thenEmits([]));

  it("refuses to rename another user's list", () =>
    spec([created])
      .when({ type: 'RenameList', listId, userId: stranger, name: 'Mine now' })
      .thenThrows(ListNotFound));

  it('is deleted by its owner', () =>
    spec([created, added(c1)])
      .when({ type: 'DeleteList', listId, userId: owner })
      .thenEmits([deleted]));

  it("refuses to delete another user's list", () =>
    spec([created]).when({ type: 'DeleteList', listId, userId: stranger }).thenThrows(ListNotFound));

  it('is deleted only once', () =>
    spec([created, deleted]).when({ type: 'DeleteList', listId, userId: owner }).thenThrows(ListNotFound));
});

import type { SavedSearchEvent, SavedSearchId, UserId } from '@healthtal/contracts';
import { describe, it } from 'vitest';
import { given } from '../shared/decider-spec';
import { type SavedSearchCommand, savedSearchDecider } from './saved-search.decider';
import { SavedSearchNotFound } from './workspace-errors';

const savedSearchId = '5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716' as SavedSearchId;
const owner = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d' as UserId;
const stranger = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a' as UserId;
const searchParams = { specialty: ['Cardiology'], state: ['OH'], title: ['cardiologist'] };

const saved: SavedSearchEvent = {
  type: 'SearchSaved',
  data: { savedSearchId, ownerId: owner, name: 'Ohio cardiologists', searchParams },
};
const deleted: SavedSearchEvent = { type: 'SavedSearchDeleted', data: { savedSearchId } };
const spec = (history: SavedSearchEvent[]) => given(savedSearchDecider, history);
const save: SavedSearchCommand = {
  type: 'SaveSearch',
  savedSearchId,
  ownerId: owner,
  name: 'Ohio cardiologists',
  searchParams,
};
const open = (userId = owner): SavedSearchCommand => ({ type: 'OpenSavedSearch', savedSearchId, userId });

describe('Saved search', () => {
  it('is saved with its name and the search params', () => spec([]).when(save).thenEmits([saved]));

  it('is saved once when the same save is retried', () => spec([saved]).when(save).thenEmits([]));

  it('records each opening, where its "new since" alert starts counting', () =>
    spec([saved, { type: 'SavedSearchOpened', data: { savedSearchId } }])
      .when(open())
      .thenEmits([{ type: 'SavedSearchOpened', data: { savedSearchId } }]));

  it("answers another user's saved search as not found", () =>
    spec([saved]).when(open(stranger)).thenThrows(SavedSearchNotFound));

  it('is renamed by its owner', () =>
    spec([saved])
      .when({ type: 'RenameSavedSearch', savedSearchId, userId: owner, name: 'Cardiology, OH' })
      .thenEmits([{ type: 'SavedSearchRenamed', data: { savedSearchId, name: 'Cardiology, OH' } }]));

  it('records nothing when renamed to the same name', () =>
    spec([saved])
      .when({ type: 'RenameSavedSearch', savedSearchId, userId: owner, name: 'Ohio cardiologists' })
      .thenEmits([]));

  it('is deleted by its owner', () =>
    spec([saved]).when({ type: 'DeleteSavedSearch', savedSearchId, userId: owner }).thenEmits([deleted]));

  it("refuses to delete another user's saved search", () =>
    spec([saved])
      .when({ type: 'DeleteSavedSearch', savedSearchId, userId: stranger })
      .thenThrows(SavedSearchNotFound));

  it('cannot be opened once deleted', () =>
    spec([saved, deleted]).when(open()).thenThrows(SavedSearchNotFound));

  it('cannot be opened before it is saved', () => spec([]).when(open()).thenThrows(SavedSearchNotFound));
});

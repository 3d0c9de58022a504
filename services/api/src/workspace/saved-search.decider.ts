import type { SavedSearchEvent, SavedSearchId, SavedSearchParams, UserId } from '@healthtal/contracts';
import type { Decider } from '../shared/command-handler';
import { SavedSearchNotFound } from './workspace-errors';

export type SaveSearch = {
  type: 'SaveSearch';
  savedSearchId: SavedSearchId;
  ownerId: UserId;
  name: string;
  searchParams: SavedSearchParams;
};
export type RenameSavedSearch = {
  type: 'RenameSavedSearch';
  savedSearchId: SavedSearchId;
  userId: UserId;
  name: string;
};
export type OpenSavedSearch = { type: 'OpenSavedSearch'; savedSearchId: SavedSearchId; userId: UserId };
export type DeleteSavedSearch = { type: 'DeleteSavedSearch'; savedSearchId: SavedSearchId; userId: UserId };

export type SavedSearchCommand = SaveSearch | RenameSavedSearch | OpenSavedSearch | DeleteSavedSearch;

export type SavedSearchState =
  | { status: 'none' }
  | { status: 'saved'; ownerId: string; name: string }
  | { status: 'deleted'; ownerId: string };

/** Someone else's saved search is not found, like a deleted one. */
function ownedSearch(state: SavedSearchState, userId: string) {
  if (state.status !== 'saved' || state.ownerId !== userId) throw new SavedSearchNotFound();
  return state;
}

function saveSearch(command: SaveSearch, state: SavedSearchState): SavedSearchEvent[] {
  // A retried save (same id from the same Idempotency-Key) is already done.
  if (state.status !== 'none') {
    if (state.ownerId === command.ownerId) return [];
    throw new SavedSearchNotFound();
  }
  const { savedSearchId, ownerId, name, searchParams } = command;
  return [{ type: 'SearchSaved', data: { savedSearchId, ownerId, name, searchParams } }];
}

function evolve(state: SavedSearchState, event: SavedSearchEvent): SavedSearchState {
  switch (event.type) {
    case 'SearchSaved':
      return { status: 'saved', ownerId: event.data.ownerId, name: event.data.name };
    case 'SavedSearchRenamed':
      return state.status === 'saved' ? { ...state, name: event.data.name } : state;
    case 'SavedSearchOpened':
      return state;
    case 'SavedSearchDeleted':
      return state.status === 'saved' ? { status: 'deleted', ownerId: state.ownerId } : state;
  }
}

/**
 * A user's saved search (stream `saved-search-<id>`). Opening it is recorded too: the time of the
 * last opening is where its "new since" alert counts from.
 */
export const savedSearchDecider: Decider<SavedSearchCommand, SavedSearchState, SavedSearchEvent> = {
  initialState: { status: 'none' },
  evolve,
  decide: (command, state) => {
    switch (command.type) {
      case 'SaveSearch':
        return saveSearch(command, state);
      case 'RenameSavedSearch': {
        const search = ownedSearch(state, command.userId);
        if (search.name === command.name) return [];
        return [
          { type: 'SavedSearchRenamed', data: { savedSearchId: command.savedSearchId, name: command.name } },
        ];
      }
      case 'OpenSavedSearch':
        ownedSearch(state, command.userId);
        return [{ type: 'SavedSearchOpened', data: { savedSearchId: command.savedSearchId } }];
      case 'DeleteSavedSearch':
        ownedSearch(state, command.userId);
        return [{ type: 'SavedSearchDeleted', data: { savedSearchId: command.savedSearchId } }];
    }
  },
};

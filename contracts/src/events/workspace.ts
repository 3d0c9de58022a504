import { z } from 'zod';
import { UserId } from '../domain/ids';
import { ListId, SavedSearchId } from '../domain/workspace';
import { event } from './envelope';

const CandidateIds = z.array(z.uuid()).min(1);

/** A user made a list (stream `list-<listId>`); candidates arrive with CandidatesAddedToList. */
export const ListCreated = event(
  'ListCreated',
  z.object({
    listId: ListId,
    ownerId: UserId,
    name: z.string().min(1),
    description: z.string().nullable(),
  }),
);

/** Candidates put on a list, only those not on it yet, in the order they were chosen. */
export const CandidatesAddedToList = event(
  'CandidatesAddedToList',
  z.object({ listId: ListId, candidateIds: CandidateIds }),
);

export const CandidatesRemovedFromList = event(
  'CandidatesRemovedFromList',
  z.object({ listId: ListId, candidateIds: CandidateIds }),
);

export const ListRenamed = event(
  'ListRenamed',
  z.object({ listId: ListId, name: z.string().min(1), description: z.string().nullable() }),
);

export const ListDeleted = event('ListDeleted', z.object({ listId: ListId }));

/**
 * A user saved a search (stream `saved-search-<id>`). The filter object is kept as it was saved
 * and read back through the current search contract, so a later, stricter contract never makes an
 * old event unreadable.
 */
export const SearchSaved = event(
  'SearchSaved',
  z.object({
    savedSearchId: SavedSearchId,
    ownerId: UserId,
    name: z.string().min(1),
    searchParams: z.record(z.string(), z.unknown()),
  }),
);

export const SavedSearchRenamed = event(
  'SavedSearchRenamed',
  z.object({ savedSearchId: SavedSearchId, name: z.string().min(1) }),
);

/**
 * The owner opened (applied) a saved search. Its time is the new "since" of the saved search's
 * alert: candidates that entered the directory after it and match are "new".
 */
export const SavedSearchOpened = event('SavedSearchOpened', z.object({ savedSearchId: SavedSearchId }));

export const SavedSearchDeleted = event('SavedSearchDeleted', z.object({ savedSearchId: SavedSearchId }));

export const ListEvent = z.discriminatedUnion('type', [
  ListCreated,
  CandidatesAddedToList,
  CandidatesRemovedFromList,
  ListRenamed,
  ListDeleted,
]);
export type ListEvent = z.infer<typeof ListEvent>;

export const SavedSearchEvent = z.discriminatedUnion('type', [
  SearchSaved,
  SavedSearchRenamed,
  SavedSearchOpened,
  SavedSearchDeleted,
]);
export type SavedSearchEvent = z.infer<typeof SavedSearchEvent>;

export const WorkspaceEvent = z.discriminatedUnion('type', [
  ...ListEvent.options,
  ...SavedSearchEvent.options,
]);
export type WorkspaceEvent = z.infer<typeof WorkspaceEvent>;

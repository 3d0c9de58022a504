import { z } from 'zod';
import { SearchLimits } from './directory';

/**
 * Limits of lists and saved searches. The spec states none; these keep one request (or one list)
 * from filling the event store, and one add can carry a whole Select All.
 */
export const ListLimits = {
  /** Candidates one add request may carry: a whole Select All fits. */
  addMax: SearchLimits.selectAllCap,
  /** Candidates one list may hold. */
  membersMax: SearchLimits.selectAllCap,
  nameMax: 120,
  descriptionMax: 500,
} as const;

export const SavedSearchLimits = {
  nameMax: 120,
} as const;

const thousands = (n: number) => n.toLocaleString('en-US');

/**
 * Lists and saved searches (recruiter-directory §5 and §8): the spec's toasts word for word, and
 * messages of ours, in the same voice, where the spec gives none.
 */
export const WorkspaceMessages = {
  // Spec §8 toasts.
  signInForLists: 'You need to be logged in to create or update lists.',
  signInForSearches: 'You need to be logged in to save searches.',
  noCandidatesSelectedTitle: 'No candidates selected',
  noCandidatesSelected: 'Please select at least one candidate to add to the list.',
  searchNameRequiredTitle: 'Name required',
  searchNameRequired: 'Please enter a name for your search.',
  listNotFound: 'List not found',
  savedSearchNotFound: 'Saved search not found',
  listDeleted: 'List deleted',
  searchDeleted: 'Search deleted',
  processListFailed: 'Failed to process list',
  saveSearchFailed: 'Failed to save search',
  removeFailed: 'Failed to remove healthcare workers from list',
  selectionRequiredTitle: 'Selection Required',
  // Ours.
  listNameRequired: 'Please enter a name for your list.',
  listNameTooLong: `List names are at most ${ListLimits.nameMax} characters.`,
  descriptionTooLong: `Descriptions are at most ${ListLimits.descriptionMax} characters.`,
  searchNameTooLong: `Search names are at most ${SavedSearchLimits.nameMax} characters.`,
  noCandidatesToRemove: 'Please select at least one candidate to remove from the list.',
  tooManyAtOnce: `You can add at most ${thousands(ListLimits.addMax)} candidates at a time.`,
  listFull: (room: number) =>
    room === 0
      ? `A list holds at most ${thousands(ListLimits.membersMax)} candidates, and this list is full.`
      : `A list holds at most ${thousands(ListLimits.membersMax)} candidates; this list has room for ${thousands(room)} more.`,
  nothingToChange: 'Send a new name or description.',
  emptySearch: 'Add a search term or a filter before saving the search.',
  invalidCandidateId: 'Candidate ids are UUIDs.',
  // Ours (issue 37): a list holds professionals of every kind, so its count names none.
  memberCount: (n: number) => `${thousands(n)} ${n === 1 ? 'professional' : 'professionals'}`,
  // Ours (issue 37): an add says what it skipped, so "Add 25" answered by "Added 21" adds up.
  added: (added: number, listName: string, alreadyOnList = 0, notInDirectory = 0) =>
    [
      `Success! Added ${thousands(added)} ${added === 1 ? 'candidate' : 'candidates'} to ${listName}`,
      alreadyOnList > 0
        ? `${thousands(alreadyOnList)} ${alreadyOnList === 1 ? 'was' : 'were'} already on the list`
        : null,
      notInDirectory > 0
        ? `${thousands(notInDirectory)} ${notInDirectory === 1 ? 'is' : 'are'} no longer in the directory`
        : null,
    ]
      .filter(Boolean)
      .join('; ') + '.',
} as const;

export const ListId = z.uuid().brand<'ListId'>();
export type ListId = z.infer<typeof ListId>;

export const SavedSearchId = z.uuid().brand<'SavedSearchId'>();
export type SavedSearchId = z.infer<typeof SavedSearchId>;

import { type ListEvent, type ListId, ListLimits, type UserId } from '@healthtal/contracts';
import type { Decider } from '../shared/command-handler';
import { ListFull, ListNotFound } from './workspace-errors';

export type CreateList = {
  type: 'CreateList';
  listId: ListId;
  ownerId: UserId;
  name: string;
  description: string | null;
  candidateIds: readonly string[];
};
export type AddCandidatesToList = {
  type: 'AddCandidatesToList';
  listId: ListId;
  userId: UserId;
  candidateIds: readonly string[];
};
export type RemoveCandidatesFromList = {
  type: 'RemoveCandidatesFromList';
  listId: ListId;
  userId: UserId;
  candidateIds: readonly string[];
};
export type RenameList = {
  type: 'RenameList';
  listId: ListId;
  userId: UserId;
  name?: string;
  /** Undefined keeps the description; null clears it. */
  description?: string | null;
};
export type DeleteList = { type: 'DeleteList'; listId: ListId; userId: UserId };

export type ListCommand =
  | CreateList
  | AddCandidatesToList
  | RemoveCandidatesFromList
  | RenameList
  | DeleteList;

export type ListState =
  | { status: 'none' }
  | {
      status: 'active';
      ownerId: string;
      name: string;
      description: string | null;
      members: ReadonlySet<string>;
    }
  | { status: 'deleted'; ownerId: string };
type ActiveList = Extract<ListState, { status: 'active' }>;

/** The owner's live list, or ListNotFound: someone else's list is not found, not forbidden. */
function ownedList(state: ListState, userId: string): ActiveList {
  if (state.status !== 'active' || state.ownerId !== userId) throw new ListNotFound();
  return state;
}

function createList(command: CreateList, state: ListState): ListEvent[] {
  // A retried create (same id from the same Idempotency-Key) finds its list made: nothing to add.
  if (state.status !== 'none') {
    if (state.ownerId === command.ownerId) return [];
    throw new ListNotFound();
  }
  const { listId, ownerId, name, description } = command;
  const candidateIds = [...new Set(command.candidateIds)];
  if (candidateIds.length > ListLimits.membersMax) throw new ListFull(ListLimits.membersMax);
  return [
    { type: 'ListCreated', data: { listId, ownerId, name, description } },
    ...(candidateIds.length > 0
      ? [{ type: 'CandidatesAddedToList' as const, data: { listId, candidateIds } }]
      : []),
  ];
}

/** Only the candidates not on the list yet, and all of them or none: a list never ends up over the cap. */
function addCandidates(command: AddCandidatesToList, state: ListState): ListEvent[] {
  const list = ownedList(state, command.userId);
  const candidateIds = [...new Set(command.candidateIds)].filter((id) => !list.members.has(id));
  if (candidateIds.length === 0) return [];
  const room = ListLimits.membersMax - list.members.size;
  if (candidateIds.length > room) throw new ListFull(Math.max(room, 0));
  return [{ type: 'CandidatesAddedToList', data: { listId: command.listId, candidateIds } }];
}

function removeCandidates(command: RemoveCandidatesFromList, state: ListState): ListEvent[] {
  const list = ownedList(state, command.userId);
  const candidateIds = [...new Set(command.candidateIds)].filter((id) => list.members.has(id));
  if (candidateIds.length === 0) return [];
  return [{ type: 'CandidatesRemovedFromList', data: { listId: command.listId, candidateIds } }];
}

function renameList(command: RenameList, state: ListState): ListEvent[] {
  const list = ownedList(state, command.userId);
  const name = command.name ?? list.name;
  const description = command.description === undefined ? list.description : command.description;
  if (name === list.name && description === list.description) return [];
  return [{ type: 'ListRenamed', data: { listId: command.listId, name, description } }];
}

function deleteList(command: DeleteList, state: ListState): ListEvent[] {
  ownedList(state, command.userId);
  return [{ type: 'ListDeleted', data: { listId: command.listId } }];
}

function evolve(state: ListState, event: ListEvent): ListState {
  switch (event.type) {
    case 'ListCreated':
      return {
        status: 'active',
        ownerId: event.data.ownerId,
        name: event.data.name,
        description: event.data.description,
        members: new Set(),
      };
    case 'CandidatesAddedToList':
      if (state.status !== 'active') return state;
      return { ...state, members: new Set([...state.members, ...event.data.candidateIds]) };
    case 'CandidatesRemovedFromList': {
      if (state.status !== 'active') return state;
      const members = new Set(state.members);
      for (const id of event.data.candidateIds) members.delete(id);
      return { ...state, members };
    }
    case 'ListRenamed':
      if (state.status !== 'active') return state;
      return { ...state, name: event.data.name, description: event.data.description };
    case 'ListDeleted':
      return state.status === 'active' ? { status: 'deleted', ownerId: state.ownerId } : state;
  }
}

/**
 * A user's list of candidates (stream `list-<id>`). Only its owner sees or changes it; a deleted
 * list stays deleted.
 */
export const listDecider: Decider<ListCommand, ListState, ListEvent> = {
  initialState: { status: 'none' },
  evolve,
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateList':
        return createList(command, state);
      case 'AddCandidatesToList':
        return addCandidates(command, state);
      case 'RemoveCandidatesFromList':
        return removeCandidates(command, state);
      case 'RenameList':
        return renameList(command, state);
      case 'DeleteList':
        return deleteList(command, state);
    }
  },
};

import {
  CreateListResponse,
  Deleted,
  ListMembersChanged,
  ListMembersPage,
  ListSummaries,
  SavedSearchViews,
} from '@healthtal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../app/api';

/** Lists and saved searches over the workspace API; every answer is parsed with its contract. */
export const workspaceKeys = {
  lists: ['lists'] as const,
  list: (id: string) => ['lists', id] as const,
  members: (id: string, q: string, page: number) => ['lists', id, 'members', q, page] as const,
  savedSearches: ['saved-searches'] as const,
};

export function useLists(enabled = true) {
  return useQuery({
    queryKey: workspaceKeys.lists,
    queryFn: () => api('/api/v1/lists', { schema: ListSummaries }),
    enabled,
    staleTime: 0,
  });
}

export function useSavedSearches(enabled = true) {
  return useQuery({
    queryKey: workspaceKeys.savedSearches,
    queryFn: () => api('/api/v1/saved-searches', { schema: SavedSearchViews }),
    enabled,
    staleTime: 0,
  });
}

export type AddToList =
  | { mode: 'new'; name: string; description?: string; candidateIds: string[] }
  | { mode: 'existing'; listId: string; candidateIds: string[] };

/** The Add to List dialog's two modes (spec §2): a new list with the candidates, or an existing one. */
export function useAddToList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: AddToList) => {
      if (request.mode === 'new') {
        const created = await api('/api/v1/lists', {
          method: 'POST',
          json: {
            name: request.name,
            ...(request.description ? { description: request.description } : {}),
            candidateIds: request.candidateIds,
          },
          schema: CreateListResponse,
        });
        return {
          listId: created.list.id,
          listName: created.list.name,
          added: created.added,
          alreadyOnList: 0,
          notInDirectory: created.notInDirectory,
          memberCount: created.list.memberCount,
        };
      }
      const changed = await api(`/api/v1/lists/${request.listId}/members`, {
        method: 'POST',
        json: { candidateIds: request.candidateIds },
        schema: ListMembersChanged,
      });
      return {
        listId: changed.listId,
        listName: null,
        added: changed.added,
        alreadyOnList: changed.alreadyOnList,
        notInDirectory: changed.notInDirectory,
        memberCount: changed.memberCount,
      };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.lists, exact: true }),
  });
}

export function useDeleteList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/v1/lists/${id}`, { method: 'DELETE', schema: Deleted }),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.lists, exact: true }),
  });
}

export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; searchParams: Record<string, unknown> }) =>
      api<{ id: string }>('/api/v1/saved-searches', { method: 'POST', json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.savedSearches, exact: true }),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/v1/saved-searches/${id}`, { method: 'DELETE', schema: Deleted }),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.savedSearches, exact: true }),
  });
}

/** Applying a saved search marks it opened: its "N new since" count starts again from now. */
export function useOpenSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/v1/saved-searches/${id}/opened`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.savedSearches }),
  });
}

export function useListMembers(listId: string, q: string, page: number) {
  return useQuery({
    queryKey: workspaceKeys.members(listId, q, page),
    queryFn: () =>
      api(
        `/api/v1/lists/${listId}/members?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`,
        {
          schema: ListMembersPage,
        },
      ),
    staleTime: 0,
  });
}

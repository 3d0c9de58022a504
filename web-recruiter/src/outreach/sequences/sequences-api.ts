import {
  type ContactedCandidate,
  ContactedCandidates,
  EnrolmentList,
  EnrolResult,
  RemoveRecipientsResult,
  SequenceList,
  type SequenceRequest,
  SequenceView,
} from '@healthtal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../app/api';
import { useAuth } from '../../app/auth';

/** Sequences over /api/v1/sequences (issue 36); every answer is parsed with its contract. */
export const sequenceKeys = {
  all: ['sequences'] as const,
  one: (id: string) => ['sequences', id] as const,
  recipients: (id: string) => ['sequences', id, 'recipients'] as const,
  contacted: (ids: readonly string[]) => ['sequences', 'contacted', ...ids] as const,
};

/** Progress moves while steps go out: the pages read it afresh every half minute. */
const PROGRESS_REFRESH_MS = 30_000;

export function useSequences(enabled = true) {
  return useQuery({
    queryKey: sequenceKeys.all,
    queryFn: () => api('/api/v1/sequences', { schema: SequenceList }),
    enabled,
    staleTime: 0,
    refetchInterval: PROGRESS_REFRESH_MS,
  });
}

export function useSequence(id: string | undefined) {
  return useQuery({
    queryKey: sequenceKeys.one(id ?? ''),
    queryFn: () => api(`/api/v1/sequences/${id}`, { schema: SequenceView }),
    enabled: id !== undefined,
    staleTime: 0,
    retry: false,
  });
}

export function useRecipients(id: string) {
  return useQuery({
    queryKey: sequenceKeys.recipients(id),
    queryFn: () => api(`/api/v1/sequences/${id}/enrolments`, { schema: EnrolmentList }),
    staleTime: 0,
    refetchInterval: PROGRESS_REFRESH_MS,
  });
}

/** Everything a change to sequences may have moved: the list, each sequence, its recipients. */
function useInvalidateSequences() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: sequenceKeys.all });
}

/** Makes a sequence (no id) or replaces one's name and steps. */
export function useSaveSequence(id: string | undefined) {
  const invalidate = useInvalidateSequences();
  return useMutation({
    mutationFn: (body: SequenceRequest) =>
      api(id ? `/api/v1/sequences/${id}` : '/api/v1/sequences', {
        method: id ? 'PUT' : 'POST',
        json: body,
        schema: SequenceView,
      }),
    onSuccess: invalidate,
  });
}

export function usePauseResume() {
  const invalidate = useInvalidateSequences();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'pause' | 'resume' }) =>
      api(`/api/v1/sequences/${id}/${action}`, { method: 'POST', schema: SequenceView }),
    onSuccess: invalidate,
  });
}

export type EnrolTarget = { listId: string } | { candidateIds: string[] };

export function useEnrol() {
  const invalidate = useInvalidateSequences();
  return useMutation({
    mutationFn: ({ sequenceId, target }: { sequenceId: string; target: EnrolTarget }) =>
      api(`/api/v1/sequences/${sequenceId}/enrolments`, {
        method: 'POST',
        json: target,
        schema: EnrolResult,
      }),
    onSuccess: invalidate,
  });
}

export function useRemoveRecipients(sequenceId: string) {
  const invalidate = useInvalidateSequences();
  return useMutation({
    mutationFn: (candidateIds: string[]) =>
      api(`/api/v1/sequences/${sequenceId}/enrolments`, {
        method: 'DELETE',
        json: { candidateIds },
        schema: RemoveRecipientsResult,
      }),
    onSuccess: invalidate,
  });
}

const NOTHING: ContactedCandidates = [];

/**
 * "Contacted by you on …" and global opt-outs for the cards on screen: one request for the whole
 * page of results, not one per card. A map by candidate id; empty while it loads or when it fails
 * (the cards are still worth showing without it).
 */
export function useContacted(candidateIds: readonly string[]): ReadonlyMap<string, ContactedCandidate> {
  const auth = useAuth();
  const ids = [...new Set(candidateIds)].sort();
  const query = useQuery({
    queryKey: sequenceKeys.contacted(ids),
    queryFn: () =>
      api(`/api/v1/sequences/contacted?${new URLSearchParams({ candidateIds: ids.join(',') })}`, {
        schema: ContactedCandidates,
      }),
    enabled: ids.length > 0 && auth.status === 'signed-in' && auth.can('basic'),
    staleTime: 60_000,
    retry: false,
  });
  const data = query.data ?? NOTHING;
  return useMemo(() => new Map(data.map((entry) => [entry.candidateId, entry])), [data]);
}

import {
  EnrolmentList,
  EnrolRequest,
  EnrolResult,
  RemoveRecipientsRequest,
  RemoveRecipientsResult,
  RepliesPage,
  RepliesQuery,
  SequenceList,
  SequenceRequest,
  SequenceView,
  UnsubscribeQuery,
  UnsubscribeResult,
} from '@healthtal/contracts';
import { html, Id, type RouteDoc } from '../../http/route-doc';
import type { PolicyRoute } from '../../policy';

const tags = ['outreach'] as const;
const one = (summary: string, extra: Partial<RouteDoc> = {}): RouteDoc => ({
  summary,
  tags,
  params: Id,
  responses: { 200: SequenceView },
  ...extra,
});

/** Sequences and the unsubscribe link, as the OpenAPI document describes them. */
export const sequenceRouteDocs = {
  'GET /api/v1/sequences': {
    summary: 'The caller’s sequences with their progress, newest first.',
    tags,
    responses: { 200: SequenceList },
  },
  'POST /api/v1/sequences': {
    summary: 'Make a sequence of 1–5 steps (the first waits 0 business days).',
    tags,
    body: SequenceRequest,
    responses: { 201: SequenceView },
  },
  'GET /api/v1/sequences/replies': {
    summary: 'The caller’s reply inbox: replies to their sequences’ emails, newest first, paged.',
    tags,
    query: RepliesQuery,
    responses: { 200: RepliesPage },
  },
  'GET /api/v1/sequences/:id': one('One of the caller’s sequences, with its progress.'),
  'PUT /api/v1/sequences/:id': one('Replace a sequence’s name and steps; steps sent stay sent.', {
    body: SequenceRequest,
  }),
  'POST /api/v1/sequences/:id/pause': one('Pause a sequence: nothing of it is sent until it is resumed.'),
  'POST /api/v1/sequences/:id/resume': one('Resume a paused sequence; steps that came due meanwhile go out.'),
  'POST /api/v1/sequences/:id/enrolments': {
    summary: 'Enrol a list’s members or a selection of candidates whose contact the caller revealed.',
    tags,
    params: Id,
    body: EnrolRequest,
    responses: { 200: EnrolResult },
  },
  'GET /api/v1/sequences/:id/enrolments': {
    summary: 'A sequence’s recipients: where each is, why a step waits, and what was sent.',
    tags,
    params: Id,
    responses: { 200: EnrolmentList },
  },
  'DELETE /api/v1/sequences/:id/enrolments': {
    summary: 'Take recipients out of a sequence: nothing more of it is sent to them.',
    tags,
    params: Id,
    body: RemoveRecipientsRequest,
    responses: { 200: RemoveRecipientsResult },
  },
  'GET /api/v1/candidates/:id/sequences': {
    summary:
      'A candidate’s history with the caller: each of the caller’s sequences they are in, and what was sent.',
    tags,
    params: Id,
    responses: { 200: EnrolmentList },
  },
  'GET /api/v1/unsubscribe': {
    summary: 'The unsubscribe page a clinician opens from an email’s footer (changes nothing by itself).',
    tags,
    query: UnsubscribeQuery,
    responses: { 200: html('A page with the Unsubscribe button.') },
  },
  'POST /api/v1/unsubscribe': {
    summary: 'One-click unsubscribe (RFC 8058): no recruiting email to this clinician from any customer.',
    tags,
    query: UnsubscribeQuery,
    responses: { 200: UnsubscribeResult },
  },
} satisfies Partial<Record<PolicyRoute, RouteDoc>>;

import {
  ActivityPage,
  ActivityQuery,
  AddListMembersRequest,
  CreateListRequest,
  CreateListResponse,
  Deleted,
  ListExportRequest,
  ListMembersChanged,
  ListMembersPage,
  ListMembersQuery,
  ListSummaries,
  ListSummary,
  ListUpdated,
  RemoveListMembersRequest,
  RenameSavedSearchRequest,
  SavedSearchView,
  SavedSearchViews,
  SaveSearchRequest,
  UpdateListRequest,
} from '@healthtal/contracts';
import * as A from '../http/openapi-answers';
import { exportFile, Id, type RouteDoc } from '../http/route-doc';
import type { PolicyRoute } from '../policy';

/**
 * The workspace's routes as the OpenAPI document describes them: the contracts each handler
 * parses and answers with. `http/openapi-routes.ts` gathers every context's.
 */
export const workspaceRouteDocs = {
  'GET /api/v1/lists': {
    summary: 'The caller’s lists.',
    tags: ['workspace'],
    responses: { 200: ListSummaries },
  },
  'POST /api/v1/lists': {
    summary: 'Create a list, optionally with candidates on it.',
    tags: ['workspace'],
    body: CreateListRequest,
    responses: { 201: CreateListResponse },
  },
  'GET /api/v1/lists/:id': {
    summary: 'One list.',
    tags: ['workspace'],
    params: Id,
    responses: { 200: ListSummary },
  },
  'PATCH /api/v1/lists/:id': {
    summary: 'Rename a list or change its description.',
    tags: ['workspace'],
    params: Id,
    body: UpdateListRequest,
    responses: { 200: ListUpdated },
  },
  'DELETE /api/v1/lists/:id': {
    summary: 'Delete a list.',
    tags: ['workspace'],
    params: Id,
    responses: { 200: Deleted },
  },
  'GET /api/v1/lists/:id/members': {
    summary: 'A page of a list’s members (search with q), or every matching id (selectAll).',
    tags: ['workspace'],
    params: Id,
    query: ListMembersQuery,
    responses: { 200: ListMembersPage },
  },
  'POST /api/v1/lists/:id/members': {
    summary: 'Add candidates to a list.',
    tags: ['workspace'],
    params: Id,
    body: AddListMembersRequest,
    responses: { 200: ListMembersChanged },
  },
  'DELETE /api/v1/lists/:id/members': {
    summary: 'Remove candidates from a list.',
    tags: ['workspace'],
    params: Id,
    body: RemoveListMembersRequest,
    responses: { 200: ListMembersChanged },
  },
  'POST /api/v1/lists/:id/export': {
    summary: 'Export a list (every member, or the selected ones).',
    tags: ['workspace'],
    params: Id,
    body: ListExportRequest,
    responses: { 200: exportFile },
  },
  'GET /api/v1/saved-searches': {
    summary: 'The caller’s saved searches, each with its new-matches alert.',
    tags: ['workspace'],
    responses: { 200: SavedSearchViews },
  },
  'POST /api/v1/saved-searches': {
    summary: 'Save a search.',
    tags: ['workspace'],
    body: SaveSearchRequest,
    responses: { 201: SavedSearchView },
  },
  'GET /api/v1/saved-searches/:id': {
    summary: 'One saved search.',
    tags: ['workspace'],
    params: Id,
    responses: { 200: SavedSearchView },
  },
  'PATCH /api/v1/saved-searches/:id': {
    summary: 'Rename a saved search.',
    tags: ['workspace'],
    params: Id,
    body: RenameSavedSearchRequest,
    responses: { 200: A.SavedSearchRenamed },
  },
  'DELETE /api/v1/saved-searches/:id': {
    summary: 'Delete a saved search.',
    tags: ['workspace'],
    params: Id,
    responses: { 200: Deleted },
  },
  'POST /api/v1/saved-searches/:id/opened': {
    summary: 'Mark a saved search opened: its alert counts from now.',
    tags: ['workspace'],
    params: Id,
    responses: { 200: A.SavedSearchOpened },
  },
  'GET /api/v1/me/activity': {
    summary: 'The caller’s own reveals and exports, newest first.',
    tags: ['workspace'],
    query: ActivityQuery,
    responses: { 200: ActivityPage },
  },
} satisfies Partial<Record<PolicyRoute, RouteDoc>>;

import {
  CandidateProfile,
  ContactDetails,
  ExportRequest,
  FilterSuggestions,
  JobPostingRequest,
  PostingProposal,
  RecentExports,
  SearchErrorRange,
  SearchErrorStats,
  SearchRequest,
  SearchResponse,
  SpecialtyCount,
  SpecialtyNames,
  SuggestionsQuery,
} from '@healthtal/contracts';
import { z } from 'zod';
import * as A from '../http/openapi-answers';
import { admin, exportFile, Id, type RouteDoc } from '../http/route-doc';
import type { PolicyRoute } from '../policy';

/**
 * The directory's routes as the OpenAPI document describes them: the contracts each handler
 * parses and answers with. `http/openapi-routes.ts` gathers every context's.
 */
export const directoryRouteDocs = {
  'POST /api/v1/search': {
    summary: 'Search the directory (non-subscribers get the count and no rows).',
    tags: ['directory'],
    body: SearchRequest,
    responses: { 200: SearchResponse },
  },
  'GET /api/v1/search/suggestions': {
    summary: 'Values of a typed filter starting with the prefix, with their counts, largest first.',
    description:
      'City, title, organization, skills or education; the prefix is case- and accent-insensitive.',
    tags: ['directory'],
    query: SuggestionsQuery,
    responses: { 200: FilterSuggestions },
  },
  'POST /api/v1/search/from-posting': {
    summary: 'Read a pasted job posting as proposed search filters, each with the words it came from.',
    description:
      'The configured model (structured output, strict JSON schema) or, without an AI key, the built-in reader over the directory’s vocabularies; values outside them are dropped. Nothing is searched.',
    tags: ['directory'],
    body: JobPostingRequest,
    responses: { 200: PostingProposal },
  },
  'GET /api/v1/specialties': {
    summary: 'The home page’s specialties (at most 35, A to Z).',
    tags: ['directory'],
    responses: { 200: SpecialtyNames },
  },
  'GET /api/v1/specialty-counts': {
    summary: 'Every specialty with its number of professionals.',
    tags: ['directory'],
    responses: { 200: z.array(SpecialtyCount) },
  },
  'GET /api/v1/candidates/:id': {
    summary: 'A professional’s profile (without contact details).',
    tags: ['directory'],
    params: Id,
    responses: { 200: CandidateProfile },
  },
  'POST /api/v1/candidates/:id/reveal': {
    summary: 'Reveal a professional’s email and phone (counts against the daily quota).',
    tags: ['directory'],
    params: Id,
    responses: { 200: ContactDetails },
  },
  'POST /api/v1/exports': {
    summary: 'Export chosen candidates or a whole search as CSV, xlsx or PDF candidate sheets.',
    tags: ['directory'],
    body: ExportRequest,
    responses: { 200: exportFile },
  },
  'GET /api/v1/me/exports': {
    summary: 'The caller’s recent exports.',
    tags: ['directory'],
    responses: { 200: RecentExports },
  },
  'DELETE /api/admin/search-error-logs/:id': admin('Delete a search error log entry.', {
    params: Id,
    responses: { 200: A.SearchErrorLogDeleted },
  }),
  'GET /api/admin/search-error-stats': admin('The search error stat cards.', {
    query: z.object({ range: SearchErrorRange.default('24h') }),
    responses: { 200: SearchErrorStats },
  }),
} satisfies Partial<Record<PolicyRoute, RouteDoc>>;

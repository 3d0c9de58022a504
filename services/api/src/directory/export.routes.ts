import { ExportRequest, SearchLimits, type SearchRequest } from '@healthtal/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import type { ApiDependencies } from '../dependencies';
import { serveAdminList, serveAdminRecord } from '../http/admin-resource';
import type { RouteRegistrar } from '../http/routes';
import { parseBody } from '../http/validate';
import { commandContext } from '../shared/idempotency';
import { HttpProblem } from '../shared/problem';
import { sendCandidateExport } from './export';
import { findExportLog, listExportLogs, recentExports } from './export-logs.queries';
import type { DirectorySearch } from './search/directory-search';

type SearchScope = Extract<ExportRequest, { search: unknown }>['search'];
const [ExportSelection, ExportSearch] = ExportRequest.options;

/** The ids a whole search matches, in result order, at most `cap`: what Select All would pick. */
async function searchIds(search: DirectorySearch, scope: SearchScope, cap: number): Promise<string[]> {
  if (!search.ready)
    throw new HttpProblem(503, 'Search is starting', 'Try the export again in a few seconds.');
  const request: SearchRequest = {
    ...scope,
    sortKey: scope.sortKey ?? 'relevance',
    sortDirection: scope.sortDirection ?? 'asc',
    page: 1,
    limit: SearchLimits.pageSizeDefault,
    selectAll: true,
  };
  return (await search.ids(request, cap)).ids;
}

/** Picks the request's variant by its key, so a bad value gets a message about that field. */
function parseExportRequest(req: Request): ExportRequest {
  const body = req.body as unknown;
  const has = (key: string) =>
    typeof body === 'object' && body !== null && !Array.isArray(body) && key in body;
  if (has('candidateIds')) return parseBody(ExportSelection, req);
  if (has('search')) return parseBody(ExportSearch, req);
  parseBody(z.unknown(), req); // a body that is not JSON is a 415 first
  const message = 'Select at least one candidate to export, or export a search.';
  throw new HttpProblem(400, 'Your request has invalid fields', message, { candidateIds: message });
}

/** CSV or Excel export of chosen candidates or of a whole search (premium, recruiter-directory §6). */
export function exportRoutes(
  routes: RouteRegistrar,
  deps: Pick<ApiDependencies, 'pool' | 'store'>,
  search: DirectorySearch,
) {
  routes.route('POST /api/v1/exports', async (req, res) => {
    const request = parseExportRequest(req);
    const bySelection = 'candidateIds' in request;
    const ids = bySelection
      ? [...new Set(request.candidateIds)]
      : await searchIds(search, request.search, SearchLimits.selectAllCap);
    await sendCandidateExport(deps, req, res, {
      ids,
      format: request.format,
      fileName: request.fileName,
      scope: bySelection ? 'selection' : 'search',
    });
  });

  routes.route('GET /api/v1/me/exports', async (req, res) => {
    res.json(await recentExports(deps.pool, commandContext(req).userId!));
  });

  // The console's Exports: everyone's, for the admins.
  serveAdminList(routes, 'export-logs', (page, filter) => listExportLogs(deps.pool, page, filter));
  serveAdminRecord(routes, 'export-logs', (id) => findExportLog(deps.pool, id));
}

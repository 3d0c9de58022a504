import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type CandidatesExported,
  ExportRequest,
  SearchLimits,
  type SearchRequest,
  streamName,
  type UserId,
} from '@healthtal/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { ApiDependencies } from '../app';
import { HttpProblem } from '../http/problem';
import type { RouteRegistrar } from '../http/routes';
import { parseBody } from '../http/validate';
import { toEnvelopes } from '../shared/command-handler';
import { commandContext } from '../shared/idempotency';
import { uuidFromName } from '../shared/ids';
import { recentExports } from './export-logs.queries';
import { EXPORT_CONTENT_TYPES, exportFileName, openCandidateExport } from './export-writer';
import { fieldPolicyOf } from './field-policy';
import type { DirectorySearch } from './search/directory-search';

type SearchScope = Extract<ExportRequest, { search: unknown }>['search'];
const [ExportSelection, ExportSearch] = ExportRequest.options;

/** A user's exports, one stream per user: the account page's history and the money-back rule read it. */
export const exportsStream = (userId: string) => streamName('exports', userId);

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

/**
 * Streams the file; `record` runs once every row has been handed to the response and before it
 * ends, so a client that has the whole file can already see the export in its history.
 */
async function sendExport(
  req: Request,
  res: Response,
  parts: AsyncGenerator<Buffer>,
  record: () => Promise<void>,
) {
  async function* thenRecord() {
    yield* parts;
    await record();
  }
  try {
    await pipeline(Readable.from(thenRecord(), { objectMode: false, highWaterMark: 64 * 1024 }), res);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' && req.socket.destroyed) {
      req.log.info('export abandoned by the client; not recorded');
      return;
    }
    throw error;
  }
}

type ExportScope = z.infer<typeof CandidatesExported>['data']['scope'];
export type CandidateExport = {
  ids: readonly string[];
  format: ExportRequest['format'];
  fileName?: string | undefined;
  scope: ExportScope;
};

/**
 * Streams the file of these candidates (in this order) and logs the export in the user's exports
 * stream once every row is out. The one export path: a selection, a whole search, a list.
 */
export async function sendCandidateExport(
  { pool, store }: Pick<ApiDependencies, 'pool' | 'store'>,
  req: Request,
  res: Response,
  { ids, format, fileName: askedName, scope }: CandidateExport,
): Promise<void> {
  const context = commandContext(req);
  const userId = context.userId as UserId;
  const file = await openCandidateExport(pool, ids, format, fieldPolicyOf(req.accessProfile));
  if (!file) throw new HttpProblem(404, 'Nothing to export', 'No data was returned from the export function');
  const fileName = exportFileName(format, askedName);
  // From the command id: a retry with the same Idempotency-Key is the same export, logged once.
  const exportId = uuidFromName(`export/${context.commandId}`);
  res.status(200).set({
    'Content-Type': EXPORT_CONTENT_TYPES[format],
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'X-Export-Id': exportId,
  });
  await sendExport(req, res, file.parts, async () => {
    const exported: z.infer<typeof CandidatesExported> = {
      type: 'CandidatesExported',
      data: { userId, exportId, format, count: file.progress.rows, scope, fileName },
    };
    const stream = exportsStream(userId);
    await store.append(stream, toEnvelopes(stream, [exported], context), { expectedVersion: 'any' });
    // A file is not replayed from the idempotency store: a retry with the key downloads it again.
    await req.releaseIdempotencyKey?.();
  });
}

/** CSV or Excel export of chosen candidates or of a whole search (premium, recruiter-directory §6). */
export function exportRoutes(routes: RouteRegistrar, deps: ApiDependencies, search: DirectorySearch) {
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
}

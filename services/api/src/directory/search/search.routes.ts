import { SearchLimits, SearchRequest, type SearchResponse } from '@healthtal/contracts';
import type pg from 'pg';
import { HttpProblem } from '../../http/problem';
import type { RouteRegistrar } from '../../http/routes';
import { parseBody } from '../../http/validate';
import { cardsBySeq } from '../cards';
import type { DirectorySearch } from './directory-search';
import { runQuery } from './search-query';
import { complexityOf, toIndexQuery } from './search-request';

export const SUBSCRIPTION_REQUIRED = 'Subscription required';

/**
 * `POST /api/v1/search`: the spec's filter object in, its optimized-search answer out. Counts are
 * exact (the index counts every match), so `countIsEstimate` is false. Callers without the basic
 * capability get the count and no rows (the paywall); Select All needs premium.
 */
export function searchRoutes(routes: RouteRegistrar, deps: { pool: pg.Pool; search: DirectorySearch }) {
  routes.route('POST /api/v1/search', async (req, res) => {
    const started = performance.now();
    const request = parseBody(SearchRequest, req);
    const capabilities = req.principal?.kind === 'user' ? req.principal.capabilities : new Set();
    if (request.selectAll && !capabilities.has('premium')) {
      throw new HttpProblem(403, 'Subscription Required', 'Select All needs the Annual plan.');
    }
    if (!deps.search.ready) {
      res.set('Retry-After', '5');
      throw new HttpProblem(
        503,
        'Search is starting',
        'The directory is loading; try again in a few seconds.',
      );
    }
    await deps.search.sync();
    const index = deps.search.index;
    const paid = capabilities.has('basic');
    const limit = request.selectAll ? SearchLimits.selectAllCap : request.limit;
    const offset = request.selectAll ? 0 : (request.page - 1) * request.limit;
    const result = runQuery(index, toIndexQuery(request, { offset, limit: paid ? limit : 0 }));
    const body: SearchResponse = {
      success: true,
      data:
        paid && !request.selectAll
          ? await cardsBySeq(
              deps.pool,
              result.docs.map((doc) => index.seqOf(doc)),
            )
          : [],
      count: result.count,
      countIsEstimate: false,
      totalPages: Math.ceil(result.count / request.limit),
      page: request.page,
      limit: request.limit,
      complexity: complexityOf(request),
      tookMs: Math.round((performance.now() - started) * 10) / 10,
      message: paid ? null : SUBSCRIPTION_REQUIRED,
      ...(request.selectAll
        ? { ids: result.docs.map((doc) => index.idOf(doc)), capped: result.count > SearchLimits.selectAllCap }
        : {}),
    };
    res.json(body);
  });
}

import { type LatLon, SearchLimits, SearchRequest, type SearchResponse } from '@healthtal/contracts';
import type { EventStore } from '@healthtal/eventstore';
import type { Tracer } from '@opentelemetry/api';
import type { Request } from 'express';
import type pg from 'pg';
import type { ApiMetrics } from '../../http/metrics';
import type { RouteRegistrar } from '../../http/routes';
import { inSpan } from '../../http/tracing';
import { parseBody } from '../../http/validate';
import { HttpProblem, invalidFields } from '../../shared/problem';
import { cardsBySeq } from '../cards';
import { fieldPolicyOf, withVisibleFields } from '../field-policy';
import {
  classifySearchError,
  isSlowSearch,
  recordSearchFailure,
  type SearchFailureInput,
  searchRequestContext,
  slowSearchFailure,
} from '../search-errors';
import type { DirectorySearch } from './directory-search';
import { matchReasons, type ReasonCheck, reasonChecksOf } from './match-reasons';
import type { SearchMetrics } from './search-metrics';
import { checkNear, complexityOf } from './search-request';
import type { Hit } from './search-shard';

export const SUBSCRIPTION_REQUIRED = 'Subscription required';

/**
 * `POST /api/v1/search`: the spec's filter object in, its optimized-search answer out. Counts are
 * exact (the index counts every match), so `countIsEstimate` is false. Callers without the basic
 * capability get the count and no rows (the paywall); Select All needs premium.
 */
export function searchRoutes(
  routes: RouteRegistrar,
  deps: {
    pool: pg.Pool;
    store: EventStore;
    search: DirectorySearch;
    metrics?: SearchMetrics;
    apiMetrics?: Pick<ApiMetrics, 'recordSearch'>;
    tracer?: Tracer;
  },
) {
  routes.route('POST /api/v1/search', async (req, res) => {
    const started = performance.now();
    const request = parseBody(SearchRequest, req);
    const near = checkNear(request);
    if ('errors' in near) throw invalidFields(near.errors);
    try {
      const body = await search(req, request, started, near.point);
      // Slow answers are logged for the admin's Search Error Logs, after the user has them.
      res.json(body);
      deps.metrics?.record(body.tookMs, false);
      deps.apiMetrics?.recordSearch(body.complexity, body.tookMs);
      if (isSlowSearch(body.tookMs)) void record(req, request, slowSearchFailure(body.tookMs));
    } catch (error) {
      if (!(error instanceof HttpProblem)) {
        deps.metrics?.record(performance.now() - started, true);
        await record(req, request, {
          ...classifySearchError(error),
          responseTimeMs: performance.now() - started,
        });
      }
      throw error;
    }
  });

  const record = (
    req: Request,
    request: SearchRequest,
    failure: Pick<SearchFailureInput, 'errorType' | 'errorCode' | 'errorMessage' | 'responseTimeMs'>,
  ) =>
    recordSearchFailure(
      deps.store,
      {
        ...searchRequestContext(req),
        ...failure,
        searchQuery: request.query ?? null,
        searchFilters: request,
      },
      { logger: req.log, correlationId: String(req.id) },
    );

  async function search(
    req: Request,
    request: SearchRequest,
    started: number,
    near: LatLon | null,
  ): Promise<SearchResponse> {
    const capabilities = req.principal?.kind === 'user' ? req.principal.capabilities : new Set();
    if (request.selectAll && !capabilities.has('premium')) {
      throw new HttpProblem(403, 'Subscription Required', 'Select All needs the Annual plan.');
    }
    if (!deps.search.ready) {
      req.res?.set('Retry-After', '5');
      throw new HttpProblem(
        503,
        'Search is starting',
        'The directory is loading; try again in a few seconds.',
      );
    }
    const paid = capabilities.has('basic');
    const limit = request.selectAll ? SearchLimits.selectAllCap : request.limit;
    const offset = request.selectAll ? 0 : (request.page - 1) * request.limit;
    const cards = paid && !request.selectAll;
    const checks = cards ? reasonChecksOf(request) : [];
    const complexity = complexityOf(request);
    const result = await inSpan(
      deps.tracer,
      'search',
      () =>
        deps.search.find(request, {
          offset,
          limit: paid ? limit : 0,
          ...(cards ? { reasons: checks.map((check) => check.alternatives) } : {}),
        }),
      { 'healthtal.search.complexity': complexity },
    );
    const body: SearchResponse = {
      success: true,
      data: cards ? await cardsWithReasons(req, request, checks, result.hits, near) : [],
      count: result.count,
      countIsEstimate: false,
      totalPages: Math.ceil(result.count / request.limit),
      page: request.page,
      limit: request.limit,
      complexity,
      tookMs: Math.round((performance.now() - started) * 10) / 10,
      message: paid ? null : SUBSCRIPTION_REQUIRED,
      ...(request.selectAll
        ? { ids: result.hits.map((hit) => hit.id), capped: result.count > SearchLimits.selectAllCap }
        : {}),
    };
    return body;
  }

  /** A page's cards, each with why it matched (issue 35), as the caller may see them. */
  async function cardsWithReasons(
    req: Request,
    request: SearchRequest,
    checks: readonly ReasonCheck[],
    hits: readonly Hit[],
    near: LatLon | null,
  ) {
    const cards = await cardsBySeq(
      deps.pool,
      hits.map((hit) => hit.seq),
      near,
    );
    const held = new Map(hits.map((hit) => [hit.id, hit.held]));
    const policy = fieldPolicyOf(req.accessProfile);
    return cards.map((card) => {
      const visible = withVisibleFields(card, policy);
      const found = held.get(card.id);
      return found ? { ...visible, matched: matchReasons(request, checks, found) } : visible;
    });
  }
}

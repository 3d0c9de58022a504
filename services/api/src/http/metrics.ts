import { timingSafeEqual } from 'node:crypto';
import type { EventStore } from '@healthtal/eventstore';
import type { RequestHandler } from 'express';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ReadModels } from '../ops/read-models';
import type { PrincipalResolver } from '../policy';
import { HttpProblem } from '../shared/problem';
import type { RouteRegistrar } from './routes';

/** Latency buckets in seconds: searches answer in tens of milliseconds, exports take seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's Prometheus metrics: one registry per API (tests run several in one process).
 * Request latency per route of the policy table, search latency per complexity class, events
 * appended, the database pool, and — collected when scraped — each read model's lag and parked
 * events and the relay's lag.
 */
export class ApiMetrics {
  readonly registry = new Registry();
  private readonly httpDuration = new Histogram({
    name: 'healthtal_http_request_duration_seconds',
    help: 'HTTP request latency by route (the policy table key) and status class.',
    labelNames: ['route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly searchDuration = new Histogram({
    name: 'healthtal_search_duration_seconds',
    help: 'Directory search latency by complexity class, as the search measured it.',
    labelNames: ['complexity'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  /** 429s apart from other 4xx: on the reveal route they are the daily reveal quota (alert-rules.yml). */
  private readonly tooMany = new Counter({
    name: 'healthtal_http_too_many_requests_total',
    help: 'Requests answered 429 (a rate limit or the reveal quota) by route (the policy table key).',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });
  private readonly appended = new Counter({
    name: 'healthtal_events_appended_total',
    help: 'Events this process appended to the event store.',
    registers: [this.registry],
  });

  constructor(sources: {
    pool: pg.Pool;
    readModels?: ReadModels;
    relayLag?: () => Promise<number | null>;
  }) {
    collectDefaultMetrics({ register: this.registry, prefix: 'healthtal_' });
    const { pool, readModels, relayLag } = sources;
    new Gauge({
      name: 'healthtal_db_pool_connections',
      help: 'Database pool connections by state; waiting counts requests queued for one (saturation).',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    if (readModels) {
      // The three gauges are collected together on each scrape: one status query serves them all.
      let inFlight: ReturnType<ReadModels['status']> | null = null;
      const states = () => {
        inFlight ??= readModels.status().finally(() => {
          inFlight = null;
        });
        return inFlight;
      };
      new Gauge({
        name: 'healthtal_read_model_lag_events',
        help: 'Events of its types the read model has not applied yet (counted up to a limit).',
        labelNames: ['read_model'] as const,
        registers: [this.registry],
        async collect() {
          for (const row of await states()) this.set({ read_model: row.id }, row.lagEvents);
        },
      });
      new Gauge({
        name: 'healthtal_read_model_lag_seconds',
        help: 'Age of the oldest event the read model has not applied yet.',
        labelNames: ['read_model'] as const,
        registers: [this.registry],
        async collect() {
          for (const row of await states()) this.set({ read_model: row.id }, row.lagSeconds);
        },
      });
      new Gauge({
        name: 'healthtal_read_model_parked_events',
        help: 'Events the read model parked after they kept failing (docs/adr/0018).',
        labelNames: ['read_model'] as const,
        registers: [this.registry],
        async collect() {
          for (const row of await states()) this.set({ read_model: row.id }, row.parked);
        },
      });
    }
    if (relayLag) {
      new Gauge({
        name: 'healthtal_relay_lag_events',
        help: 'Events in the store the Kafka relay has not published yet (absent without a relay).',
        registers: [this.registry],
        async collect() {
          const lag = await relayLag();
          if (lag !== null) this.set(lag);
        },
      });
    }
  }

  /** Times every request; the label is the policy route that answered it, or `unmatched`. */
  readonly timeRequests: RequestHandler = (_req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = (res.locals.route as string | undefined) ?? 'unmatched';
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.httpDuration.observe({ route, status: `${Math.floor(res.statusCode / 100)}xx` }, seconds);
      if (res.statusCode === 429) this.tooMany.inc({ route });
    });
    next();
  };

  recordSearch(complexity: string, tookMs: number): void {
    this.searchDuration.observe({ complexity }, tookMs / 1000);
  }

  /** The store the API writes through, counting what it appends. */
  countAppends(store: EventStore): EventStore {
    const appended = this.appended;
    return new Proxy(store, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property === 'append')
          return async (...args: Parameters<EventStore['append']>) => {
            const result = await target.append(...args);
            if (result.appended) appended.inc(args[1].length);
            return result;
          };
        if (property === 'appendToStreams')
          return async (...args: Parameters<EventStore['appendToStreams']>) => {
            const result = await target.appendToStreams(...args);
            if (result.appended) appended.inc(args[0].reduce((n, a) => n + a.events.length, 0));
            return result;
          };
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}

/**
 * `GET /metrics` on the API port: Prometheus text for a scraper holding `METRICS_TOKEN` as its
 * bearer token, or for an admin. The policy table lists it as public because the token is not an
 * account; the check is here.
 */
export function metricsRoute(
  routes: RouteRegistrar,
  metrics: ApiMetrics,
  { token, resolvePrincipal }: { token: string | null; resolvePrincipal: PrincipalResolver },
) {
  routes.route('GET /metrics', async (req, res) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!(token && sameSecret(bearer, token))) {
      const principal = await resolvePrincipal(req);
      if (principal.kind === 'anonymous')
        throw new HttpProblem(
          401,
          'Metrics token required',
          'Send the metrics token or an admin’s access token.',
        );
      if (!principal.capabilities.has('admin'))
        throw new HttpProblem(
          403,
          'Metrics are for admins',
          'Send the metrics token or an admin’s access token.',
        );
    }
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(await metrics.registry.metrics());
  });
}

const sameSecret = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

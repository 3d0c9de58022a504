import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isBulkImport, REQUEST_BODY_LIMIT_BYTES } from '@healthtal/contracts';
import compression from 'compression';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import { accessRoutes } from './access/access.routes';
import { billingRoutes } from './billing/billing.routes';
import type { ApiDependencies, StaticApp } from './dependencies';
import { candidateRoutes } from './directory/candidates.routes';
import { exportRoutes } from './directory/export.routes';
import { fromPostingRoutes } from './directory/job-match/from-posting.routes';
import { DirectorySearch } from './directory/search/directory-search';
import { searchRoutes } from './directory/search/search.routes';
import { SearchMetrics } from './directory/search/search-metrics';
import { suggestionRoutes } from './directory/search/suggestions.routes';
import { searchErrorLogRoutes } from './directory/search-error-logs.routes';
import { specialtyRoutes } from './directory/specialties.routes';
import { apiDocsRoutes } from './http/api-docs';
import { adminConsoleRedirects } from './http/console-redirects';
import { notFoundHandler, problemHandler, refuseUnknownContentEncoding } from './http/errors';
import { healthRoutes, isLocalCaller } from './http/health';
import { ApiMetrics, metricsRoute } from './http/metrics';
import { precompressed } from './http/precompressed';
import { RouteRegistrar } from './http/routes';
import { noStoreByDefault, securityHeaders } from './http/security-headers';
import { inSpan, requestTracing } from './http/tracing';
import { authRoutes } from './identity/auth.routes';
import { createIdentity, type Identity } from './identity/identity';
import { meRoutes } from './identity/me.routes';
import { bearerPrincipal } from './identity/principal';
import { adminUserRoutes } from './identity/users.routes';
import { contactMessageRoutes } from './intake/contact-messages.routes';
import { removalRequestRoutes } from './intake/removal-requests.routes';
import { resumeSubmissionBody } from './intake/resume-files';
import { resumeSubmissionRoutes } from './intake/resume-submissions.routes';
import { mailOutboxRoutes } from './mail/mail-outbox.routes';
import { OutboxMailer } from './mail/mailer';
import { dashboardRoutes } from './ops/dashboard.routes';
import { readModelRoutes } from './ops/read-models.routes';
import { outreachRoutes } from './outreach/email.routes';
import { InboundMail } from './outreach/sequences/inbound-mail';
import { sequenceContactRoutes } from './outreach/sequences/sequence-contacts.routes';
import { SequenceDelivery } from './outreach/sequences/sequence-delivery';
import { sequenceRoutes } from './outreach/sequences/sequences.routes';
import { deliverySettings } from './outreach/sequences/step-sender';
import { unsubscribeRoutes } from './outreach/sequences/unsubscribe.routes';
import { sequenceSettingsOf } from './settings';
import { systemClock } from './shared/clock';
import { idempotency } from './shared/idempotency';
import { InstanceLiveness } from './shared/instance-liveness';
import { RateLimiter } from './shared/rate-limit';
import { readYourWrites, trackWrites } from './shared/read-your-writes';
import { siteSettingsRoutes } from './site/site-settings.routes';
import { workspaceRoutes } from './workspace/workspace.routes';

export type Api = {
  app: Express;
  routes: RouteRegistrar;
  identity: Identity;
  search: DirectorySearch;
  /** Sends sequences' due steps (started by the caller: it is async); null with the scheduler off. */
  sequenceDelivery: SequenceDelivery | null;
  /** Takes replies and bounces by SMTP (started by the caller); null unless INBOUND_SMTP_PORT is set. */
  inboundMail: InboundMail | null;
  beginShutdown(): void;
  /** After the last request: lets go of what the API holds open (search workers, its liveness connection). */
  close(): Promise<void>;
};

const REQUEST_ID = /^[\w.:-]{1,128}$/;
/**
 * The caller's X-Request-Id when it is a plain token, else a new one. It becomes the correlation id
 * of what the request appends, so it may not pass for a bulk import's (isBulkImport): a command's
 * changes are always ones a search waits for (ADR 0032).
 */
const requestId = (req: IncomingMessage) => {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) && !isBulkImport({ correlationId: given })
    ? given
    : randomUUID();
};

export function createApi(given: ApiDependencies): Api {
  const metrics = new ApiMetrics({
    pool: given.pool,
    ...(given.readModels ? { readModels: given.readModels } : {}),
    ...(given.relayLag ? { relayLag: given.relayLag } : {}),
  });
  const counted = metrics.countAppends(given.store);
  const clock = given.clock ?? systemClock;
  const deps = {
    ...given,
    store: given.awaitProjections ? trackWrites(counted) : counted,
    rateLimiter: new RateLimiter(given.pool, clock, given.logger),
  };
  const app = express();
  let shuttingDown = false;
  app.disable('x-powered-by');
  // Only configured proxies may name the client: otherwise anyone picks a fresh per-IP rate-limit
  // bucket per request with X-Forwarded-For.
  app.set('trust proxy', deps.settings.trustProxy ?? false);
  app.set('query parser', 'simple');
  app.use(metrics.timeRequests);
  const tracing = deps.tracer ? requestTracing(deps.tracer) : null;
  if (tracing) app.use(tracing.start);

  app.use(
    pinoHttp({
      ...(tracing ? { customProps: tracing.logIds } : {}),
      logger: deps.logger,
      genReqId: (req, res) => {
        const id = requestId(req);
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );
  app.use(securityHeaders(deps.settings.publicUrl));
  app.use('/api', noStoreByDefault);
  app.use(refuseUnknownContentEncoding);
  app.use(compression({ filter: compressible }));
  // Stripe signs the exact bytes it sends: the webhook keeps its raw body (and express.json then
  // skips the already-read request).
  app.use('/api/v1/billing/webhook', express.raw({ type: 'application/json', limit: '1mb' }));
  // A resume may carry its file (up to 5 MB, in base64): that route alone takes a larger body.
  app.use('/api/v1/resume-submissions', resumeSubmissionBody());
  app.use(express.json({ limit: REQUEST_BODY_LIMIT_BYTES, strict: true }));
  // After the body parsers, so the request's async context is the one its handler runs in.
  if (tracing) app.use(tracing.activate);
  if (deps.awaitProjections) app.use('/api', readYourWrites(deps.awaitProjections));

  const mailer = deps.mailer ?? new OutboxMailer(deps.pool);
  const identity = createIdentity(
    {
      store: deps.store,
      pool: deps.pool,
      settings: deps.settings,
      mailer,
      rateLimiter: deps.rateLimiter,
      clock,
    },
    deps.identityKeys,
  );
  const api = express.Router();
  const liveness = new InstanceLiveness(deps.pool);
  const resolvePrincipal = deps.resolvePrincipal ?? bearerPrincipal(identity);
  const principalOf: typeof resolvePrincipal = (req) =>
    inSpan(deps.tracer, 'authenticate', () => resolvePrincipal(req));
  const routes = new RouteRegistrar(api, principalOf, [idempotency(deps.pool, liveness)]);
  const search = new DirectorySearch(deps.pool, deps.logger, {
    workers: deps.searchWorkers ?? 0,
    snapshotDir: deps.searchSnapshotDir ?? null,
  });
  const searchMetrics = new SearchMetrics();
  search.start().catch((error) => deps.logger.error({ err: error }, 'search index failed to load'));
  const readiness = {
    ...deps.readinessChecks,
    search: async () =>
      search.ready
        ? { ready: true, detail: 'ok' }
        : {
            ready: false,
            detail: `loading (${search.loadedDocs})`,
            reason: `the index is loading: ${search.loadedDocs.toLocaleString('en-US')} candidates so far`,
          },
  };
  healthRoutes(
    routes,
    deps.pool,
    readiness,
    () => shuttingDown,
    async (req) => {
      if (isLocalCaller(req)) return true;
      const principal = await principalOf(req);
      return principal.kind === 'user' && principal.capabilities.has('admin');
    },
  );
  metricsRoute(routes, metrics, {
    token: deps.settings.metricsToken ?? null,
    resolvePrincipal: principalOf,
  });
  authRoutes(routes, identity);
  meRoutes(routes, identity);
  contactMessageRoutes(routes, deps);
  resumeSubmissionRoutes(routes, deps);
  removalRequestRoutes(routes, deps);
  billingRoutes(routes, deps);
  accessRoutes(routes, deps, identity);
  adminUserRoutes(routes, deps, identity);
  mailOutboxRoutes(routes, { pool: deps.pool, mailer });
  siteSettingsRoutes(routes, deps);
  outreachRoutes(routes, deps);
  const sequences = sequenceSettingsOf(deps.settings);
  const sequenceDelivery = sequences.scheduler
    ? new SequenceDelivery(
        {
          pool: deps.pool,
          store: deps.store,
          mailer,
          logger: deps.logger,
          clock,
          settings: deliverySettings(deps.settings),
        },
        { pollingIntervalSeconds: sequences.pollingIntervalSeconds },
      )
    : null;
  sequenceContactRoutes(routes, deps);
  sequenceRoutes(routes, {
    ...deps,
    clock,
    kick: () => void sequenceDelivery?.dispatchDue().catch(() => undefined),
  });
  unsubscribeRoutes(routes, { ...deps, clock });
  const inboundMail = deps.settings.inboundSmtp
    ? new InboundMail(
        {
          pool: deps.pool,
          store: deps.store,
          clock,
          logger: deps.logger.child({ component: 'inbound-mail' }),
          host: new URL(deps.settings.publicUrl).hostname,
        },
        deps.settings.inboundSmtp,
      )
    : null;
  specialtyRoutes(routes, deps);
  candidateRoutes(routes, deps);
  exportRoutes(routes, deps, search);
  searchErrorLogRoutes(routes, deps);
  searchRoutes(routes, {
    pool: deps.pool,
    store: deps.store,
    search,
    metrics: searchMetrics,
    apiMetrics: metrics,
    ...(deps.tracer ? { tracer: deps.tracer } : {}),
  });
  suggestionRoutes(routes, { search });
  fromPostingRoutes(routes, deps);
  dashboardRoutes(routes, deps, searchMetrics);
  readModelRoutes(routes, deps);
  workspaceRoutes(routes, deps, search);
  apiDocsRoutes(routes, deps.settings);
  app.use(api);

  app.use(['/api', '/healthz', '/readyz'], notFoundHandler);
  adminConsoleRedirects(app);
  for (const web of deps.staticApps ?? []) app.use(web.path, staticApp(web));
  app.use(notFoundHandler);
  app.use(problemHandler);

  return {
    app,
    routes,
    identity,
    search,
    sequenceDelivery,
    inboundMail,
    beginShutdown: () => {
      shuttingDown = true;
    },
    close: async () => {
      await inboundMail?.stop();
      await sequenceDelivery?.stop();
      await search.stop();
      await liveness.close();
    },
  };
}

/**
 * Answers are compressed (brotli or gzip, as the client accepts) above 1 kB, except exports: they
 * stream large files as they are read and must not wait in a compressor's buffer.
 */
const compressible: compression.CompressionFilter = (req, res) =>
  !/^(text\/csv|application\/vnd\.openxmlformats|text\/event-stream)/.test(
    String(res.getHeader('Content-Type') ?? ''),
  ) && compression.filter(req, res);

/**
 * A single-page app: files when they exist, index.html for every other GET under its path, with a
 * 404 when the path is not one of the app's pages (the app still renders its Not Found page). The
 * content-hashed chunks under assets/ never change, so browsers keep them; index.html and the other
 * files are revalidated, so a new release's index never points at chunks that are gone.
 */
function staticApp({ dir, isAppPath }: StaticApp): express.Router {
  const router = express.Router();
  router.use(precompressed(dir));
  router.use(
    express.static(dir, {
      index: 'index.html',
      setHeaders: (res, file) =>
        res.setHeader(
          'Cache-Control',
          /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    }),
  );
  router.get('/{*rest}', (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    if (isAppPath && !isAppPath(req.path)) res.status(404);
    res.sendFile('index.html', { root: dir, cacheControl: false });
  });
  return router;
}

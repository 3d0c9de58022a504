import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  type ApiSettings,
  apiMigrations,
  type Clock,
  createApi,
  type InboundMail,
  loadIdentityKeys,
  type PrincipalResolver,
  type RunningServer,
  type SequenceDelivery,
  startHttpServer,
} from '@healthtal/api';
import { isAppRoute } from '@healthtal/contracts';
import { importMigrations } from '@healthtal/directory-import';
import {
  DATABASE_CONNECT_TIMEOUT_MS,
  dropInterruptedIndexRebuilds,
  type EventStore,
  eventStoreMigrations,
  isAfter,
  type Migration,
  PersonalDataKeys,
  reportConnectionErrors,
  runMigrations,
  START,
} from '@healthtal/eventstore';
import { Projector, projectionMigrations, projections, readCheckpoint } from '@healthtal/projections';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from './config';
import { embeddedPostgresDir, REPO_ROOT } from './data-dir';
import { createDevAccounts, DEV_DEMO_EMAIL, type DevAccounts } from './dev-accounts';
import {
  assertPortFree,
  type EmbeddedDatabase,
  ensureDatabase,
  freePort,
  loadEmbeddedPostgres,
  startEmbeddedPostgres,
} from './embedded-postgres';
import { endPool } from './end-pool';
import { createEventStore } from './event-store';
import { type BackgroundSeed, seedInBackground } from './import/seed';
import { startEventRelay, startKafkaProjectors } from './kafka-transport';
import { createMailer, mailSettings } from './mail';
import { awaitProjections } from './projection-waits';
import { projectorLag } from './projector-lag';
import { createProjectorThread, type RunningProjector } from './projector-thread';
import { createReadModels } from './read-models';
import { relayLag } from './relay-lag';
import { traceQueries } from './traced-queries';
import { createTracing } from './tracing';

export { REPO_ROOT };

export type StartOptions = {
  config: Config;
  logger: Logger;
  /** Who is calling, instead of the bearer token: tests that call routes as a given principal. */
  resolvePrincipal?: PrincipalResolver;
  /**
   * The time rate limits, access tokens and read-model lag count in: tests pass one they move (the
   * system's by default).
   */
  clock?: Clock;
};

export type HealthTal = {
  url: string;
  /** Embedded mode only: the dev accounts this start created (none when they existed already). */
  devAccounts: DevAccounts | null;
  databaseUrl: string;
  pool: pg.Pool;
  store: EventStore;
  projectors: RunningProjector[];
  /** The sequence scheduler of this process; null with SEQUENCE_SCHEDULER=off. */
  sequenceDelivery: SequenceDelivery | null;
  /**
   * Resolves once every read model of this process tails the store and the sequence scheduler runs:
   * the server answers before (ADR 0071). Rejects when stopped first.
   */
  started: Promise<void>;
  /** The inbound SMTP endpoint for replies and bounces; null without INBOUND_SMTP_PORT. */
  inboundMail: InboundMail | null;
  stop(): Promise<void>;
};

/** The search index's snapshots: where asked, else beside the embedded database's data. */
function searchSnapshotDir(config: Config, embedded: boolean): { searchSnapshotDir?: string } {
  if (config.SEARCH_SNAPSHOT_DIR)
    return { searchSnapshotDir: path.resolve(REPO_ROOT, config.SEARCH_SNAPSHOT_DIR) };
  return embedded ? { searchSnapshotDir: path.resolve(REPO_ROOT, config.DATA_DIR, 'search-index') } : {};
}

/** Database, migrations, projectors, API, web apps: the whole product in one process. */
export async function startHealthTal({
  config,
  logger,
  resolvePrincipal,
  clock,
}: StartOptions): Promise<HealthTal> {
  const stack: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stack.reverse())
      await step().catch((error) => logger.error({ err: error }, 'stop step failed'));
  };
  try {
    // Off unless an OTLP endpoint is set; its shutdown is the last step, sending what is buffered.
    const tracing = createTracing(config);
    stack.push(() => tracing.shutdown());
    const mail = mailSettings(config); // a contradictory SMTP setting stops the start before anything runs
    // With the direct transport the projectors run on a thread of their own, which loads its
    // modules while the database starts and migrates (ADR 0034).
    const projectorThread =
      config.WORKERS === 'all' && config.TRANSPORT === 'direct' ? createProjectorThread(logger) : null;
    // Ends it when the start fails before it runs (stop is idempotent; it stops again in order below).
    if (projectorThread) stack.push(() => projectorThread.stop());
    // A busy port is one clear line before the database starts, not a stack trace after it.
    if (config.PORT !== 0) await assertPortFree(config.HOST, config.PORT);
    const { databaseUrl, embedded } = await connectDatabase(config, logger);
    if (embedded) stack.push(() => embedded.stop());

    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: config.DATABASE_POOL_SIZE,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    });
    reportConnectionErrors(pool, (error) => logger.warn({ err: error }, 'database connection failed'));
    if (tracing.tracer) traceQueries(pool, tracing.tracer);
    stack.push(() => endPool(pool));
    await migrate(pool);
    // An index rebuild the last run's seed did not finish (bulk-load.ts) leaves a copy to drop.
    if (config.EVENT_STORE !== 'esdb') await dropInterruptedIndexRebuilds(pool);

    const personalData = new PersonalDataKeys(pool);
    const store = createEventStore(pool, personalData, config, tracing.tracer);
    stack.push(() => store.close());
    const inThisThread = () =>
      projections.map((projection) => new Projector({ pool, store, projection, logger }));
    let projectors: RunningProjector[];
    // Erasing a person drops their key from every cache that holds it: this thread's, and the
    // projectors' thread's when they run on one.
    let forgetErased = async (_subject: string): Promise<void> => undefined;
    // Resolves once every read model tails the store. On their own thread the projectors install
    // what they must (a directory of millions after a seed takes minutes) behind a server that
    // already answers: /healthz at once, /readyz 503 saying what they catch up on (ADR 0071).
    let projectorsStarted: Promise<unknown> = Promise.resolve();
    if (projectorThread) {
      // Directly from the store, on a thread of their own (ADR 0034).
      stack.push(() => projectorThread.stop());
      projectors = projectorThread.projectors;
      forgetErased = projectorThread.forget;
      const start = () => projectorThread.start({ pool, eventStore: config });
      // An install writes as an import does: in the embedded database's bulk-load window (ADR 0071).
      projectorsStarted =
        embedded && (await installReplays(pool, store)) ? embedded.bulkLoad(start) : start();
      // Its failure is `started`'s below, or moot when this start fails before and stops the thread.
      projectorsStarted.catch(() => undefined);
    } else if (config.WORKERS === 'none') {
      // The relay and projectors run as processes of their own (docker-compose.yml); readiness still
      // reports their lag from the checkpoints they write.
      projectors = inThisThread();
    } else {
      // The relay publishes `$all` to Kafka; each projector consumes it as a consumer group of its own.
      const transport = { config, pool, store, personalData, logger, tracer: tracing.tracer };
      const relay = await startEventRelay(transport);
      stack.push(() => relay.stop());
      const local = inThisThread();
      const fed = await startKafkaProjectors(transport, local);
      stack.push(async () => void (await Promise.all(fed.map((projector) => projector.stop()))));
      projectors = local;
    }

    // Links in emails need the real port, so a port of 0 is chosen here rather than by listen().
    const port = config.PORT === 0 ? await freePort() : config.PORT;
    const settings = apiSettings({ ...config, PORT: port }, embedded !== null);
    const api = createApi({
      pool,
      store,
      logger,
      settings,
      identityKeys: await loadIdentityKeys(pool, settings),
      // Erased through the store's own keys, so the projectors stop decrypting at once.
      erasePersonalData: async (subject) => {
        await personalData.erase(subject);
        await forgetErased(subject);
      },
      mailer: createMailer(mail, pool, logger, { inTerminal: embedded !== null }),
      ...(resolvePrincipal ? { resolvePrincipal } : {}),
      ...(clock ? { clock } : {}),
      awaitProjections: awaitProjections(pool, projectors, { timeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS }),
      readinessChecks: {
        projections: () =>
          projectorLag(pool, store, projectors, {
            maxLagSeconds: config.PROJECTION_MAX_LAG_SECONDS,
            ...(projectorThread ? { thread: projectorThread.state, starting: projectorThread.starting } : {}),
            ...(clock ? { clock } : {}),
          }),
      },
      readModels: createReadModels(pool, store, projections, {
        maxLagSeconds: config.PROJECTION_MAX_LAG_SECONDS,
        ...(clock ? { clock } : {}),
      }),
      relayLag: () => relayLag(pool, store),
      staticApps: webApps(),
      searchWorkers: config.SEARCH_WORKERS,
      ...(tracing.tracer ? { tracer: tracing.tracer } : {}),
      ...searchSnapshotDir(config, embedded !== null),
    });
    const devAccounts = embedded ? await createDevAccounts(api.identity, config) : null;
    const server: RunningServer = await startHttpServer(api, {
      host: config.HOST,
      port,
      shutdownDelayMs: config.SHUTDOWN_DELAY_MS,
    });
    stack.push(() => server.close());
    // What reads the read models starts once they are there: the sequence scheduler (stopped with the
    // API, api.close) and the synthetic directory, which fills in behind a server that already
    // answers, in a process of its own; Ctrl-C stops it and the next start resumes it.
    let seeding: BackgroundSeed | null = null;
    let stopping = false;
    stack.push(async () => {
      stopping = true;
      await seeding?.stop();
    });
    const started = projectorsStarted.then(async () => {
      if (stopping) return;
      await api.sequenceDelivery?.start();
      // Replies and bounces come in once what they are matched against is there (ADR 0068); a mail
      // server retries a refused connection, so nothing is lost while it is not.
      await api.inboundMail?.start();
      logger.info('read models ready');
      if (embedded && config.SEED_SIZE > 0 && !stopping)
        seeding = seedInBackground({
          pool,
          size: config.SEED_SIZE,
          logger,
          eventStore: config,
          databaseIsLocal: true,
          bulkLoad: embedded.bulkLoad,
        });
    });
    // A start stopped first is no failure; anything else is the operator's to see.
    started.catch((error: unknown) => {
      if (!stopping) logger.error({ err: error }, 'the read models or the sequence scheduler did not start');
    });
    return {
      url: server.url,
      databaseUrl,
      pool,
      store,
      projectors,
      devAccounts,
      sequenceDelivery: api.sequenceDelivery,
      started,
      inboundMail: api.inboundMail,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** What the API needs from the configuration. */
export function apiSettings(config: Config, embedded: boolean): ApiSettings {
  const publicUrl =
    config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
  return {
    publicUrl,
    adminEmails: config.ADMIN_EMAILS,
    demoAccountEmail:
      (config.DEMO_ACCOUNT_EMAIL ?? (embedded ? DEV_DEMO_EMAIL : null))?.toLowerCase() ?? null,
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: config.TRUST_PROXY,
    revealQuotas: { basic: config.REVEAL_QUOTA_BASIC, premium: config.REVEAL_QUOTA_PREMIUM },
    // Embedded (no DATABASE_URL) is development: `npm start` on a laptop keeps its simulator.
    billingSimulator: config.BILLING_SIMULATOR ? config.BILLING_SIMULATOR === 'on' : embedded,
    ...(config.JWT_SECRET ? { jwtSecret: config.JWT_SECRET } : {}),
    ...(config.STRIPE_SECRET_KEY
      ? {
          stripe: {
            secretKey: config.STRIPE_SECRET_KEY,
            // The config requires these with the key.
            webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
            prices: {
              price_monthly: config.STRIPE_PRICE_MONTHLY!,
              price_annual: config.STRIPE_PRICE_ANNUAL!,
            },
            ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
          },
        }
      : {}),
    ...(config.OPENAI_API_KEY
      ? {
          openai: {
            apiKey: config.OPENAI_API_KEY,
            model: config.OPENAI_MODEL ?? 'gpt-4o-mini',
            timeoutMs: config.OPENAI_TIMEOUT_MS,
            ...(config.OPENAI_BASE_URL ? { baseUrl: config.OPENAI_BASE_URL } : {}),
          },
        }
      : {}),
    ...(config.S3_BUCKET ? { s3: s3Settings(config, config.S3_BUCKET) } : {}),
    ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
    ...(config.CLAMD_URL ? { clamd: clamdSettings(config.CLAMD_URL, config.CLAMD_TIMEOUT_MS) } : {}),
    sequences: {
      contactCapPerWeek: config.SEQUENCE_CONTACT_CAP,
      dailySendsPerRecruiter: config.SEQUENCE_DAILY_LIMIT,
      scheduler: config.SEQUENCE_SCHEDULER === 'on',
      pollingIntervalSeconds: config.SEQUENCE_POLL_SECONDS,
      ...(config.SENDER_POSTAL_ADDRESS ? { postalAddress: config.SENDER_POSTAL_ADDRESS } : {}),
    },
    ...(config.INBOUND_SMTP_PORT !== undefined
      ? { inboundSmtp: { port: config.INBOUND_SMTP_PORT, host: config.HOST } }
      : {}),
  };
}

/** tcp://host:port → clamd's address (an IPv6 host loses its brackets). */
function clamdSettings(url: string, timeoutMs: number): NonNullable<ApiSettings['clamd']> {
  const { hostname, port } = new URL(url);
  return { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port), timeoutMs };
}

/** Site images in a bucket (the config checks the keys come in pairs). */
function s3Settings(config: Config, bucket: string): NonNullable<ApiSettings['s3']> {
  return {
    bucket,
    region: config.S3_REGION ?? 'us-east-1',
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? {
          credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
        }
      : {}),
  };
}

/** What `migrate` applies, by owner, in order: a backup records the level it reached (backup/). */
export const MIGRATIONS: readonly (readonly [owner: string, migrations: readonly Migration[]])[] = [
  ['eventstore', eventStoreMigrations],
  ['projections', projectionMigrations],
  ['api', apiMigrations],
  ['cli', importMigrations],
];

export async function migrate(pool: pg.Pool): Promise<void> {
  for (const [owner, migrations] of MIGRATIONS) await runMigrations(pool, owner, migrations);
}

async function connectDatabase(
  config: Config,
  logger: Logger,
): Promise<{ databaseUrl: string; embedded: EmbeddedDatabase | null }> {
  if (config.DATABASE_URL) return { databaseUrl: config.DATABASE_URL, embedded: null };
  // A production install has no embedded database: say so before making a data directory for one.
  await loadEmbeddedPostgres();
  const dataDir = await embeddedPostgresDir(config);
  logger.info({ dataDir }, 'starting embedded PostgreSQL');
  const pgLogger = logger.child({ component: 'postgres' });
  const embedded = await startEmbeddedPostgres({
    dataDir,
    usedBy: '`healthtal start`',
    onLog: (line) => pgLogger.debug(line),
    onWarning: (line) => pgLogger.warn(line),
  });
  return { databaseUrl: await ensureDatabase(embedded.adminUrl, 'healthtal'), embedded };
}

/** Whether a read model has no checkpoint at its version while there are events for it to replay. */
async function installReplays(pool: pg.Pool, store: EventStore): Promise<boolean> {
  if (!isAfter(await store.headPosition(), START)) return false;
  for (const { name, version } of projections)
    if ((await readCheckpoint(pool, name))?.version !== version) return true;
  return false;
}

/** The built web apps, when they are there: the console under /admin, the recruiter app at the root. */
function webApps(): { path: string; dir: string; isAppPath?: (pathname: string) => boolean }[] {
  const apps = [
    { path: '/admin', dir: path.join(REPO_ROOT, 'web-admin/dist') },
    // The recruiter app's pages are contracts' route table: any other path is a 404 (issue 17).
    { path: '/', dir: path.join(REPO_ROOT, 'web-recruiter/dist'), isAppPath: isAppRoute },
  ];
  return apps.filter((app) => existsSync(path.join(app.dir, 'index.html')));
}

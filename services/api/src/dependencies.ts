import type { EventStore } from '@healthtal/eventstore';
import type { Tracer } from '@opentelemetry/api';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { ReadinessCheck } from './http/health';
import type { IdentityKeys } from './identity/identity';
import type { Mailer } from './mail/mailer';
import type { ReadModels } from './ops/read-models';
import type { EmailWriter } from './outreach/email-writer';
import type { PrincipalResolver } from './policy';
import type { ApiSettings } from './settings';
import type { Clock } from './shared/clock';
import type { RateLimiter } from './shared/rate-limit';
import type { AwaitProjections } from './shared/read-your-writes';
import type { SiteAssetStorage } from './site/site-assets';

/**
 * What the API is assembled from (createApi). Route groups do not take all of it: each declares the
 * part it uses as a Pick of this type, so a route's signature says what it touches.
 */
export type ApiDependencies = {
  pool: pg.Pool;
  store: EventStore;
  logger: Logger;
  settings: ApiSettings;
  /** Signing and lookup keys (see loadIdentityKeys). */
  identityKeys: IdentityKeys;
  /** Defaults to the outbox. */
  mailer?: Mailer;
  /** Who is calling; the identity context provides it. Defaults to everyone being anonymous. */
  resolvePrincipal?: PrincipalResolver;
  /**
   * Commands answer once the read models have applied what they appended (read-your-writes); without
   * it they answer as soon as the events are stored.
   */
  awaitProjections?: AwaitProjections;
  /** Extra readiness checks (projectors caught up, …) reported by /readyz. */
  readinessChecks?: Record<string, ReadinessCheck>;
  /** Events the Kafka relay has not published yet, for /metrics; null when no relay runs. */
  relayLag?: () => Promise<number | null>;
  /** The read models' state, parked events and retry, for the console (from `healthtal start`). */
  readModels?: ReadModels;
  /**
   * Deletes a person's personal-data key, so their encrypted fields read as null everywhere. Pass the
   * event store's own keys (its cache must forget the key too); the default deletes the key's row.
   */
  erasePersonalData?: (subject: string) => Promise<void>;
  /** Writes outreach emails; defaults to the configured model, or the built-in template writer. */
  emailWriter?: EmailWriter;
  /**
   * Worker threads the search index is split across (0, the default: it runs on the API's own thread).
   * See directory-search.ts.
   */
  searchWorkers?: number;
  /**
   * Where the search index is saved and loaded from at start, so a restart need not rebuild it from
   * the read model; none (the default): it is always rebuilt.
   */
  searchSnapshotDir?: string;
  /**
   * The time rate limits and access tokens count in and the pauses limits make; defaults to the
   * system's (tests move one).
   */
  clock?: Clock;
  /** Where uploaded site images are kept; defaults to a PostgreSQL table. */
  siteAssets?: SiteAssetStorage;
  /**
   * Static front ends mounted after the API: path prefix → built app directory, and which paths
   * are the app's pages (any other path gets the app with a 404; without it every path is a page).
   */
  staticApps?: StaticApp[];
  /**
   * Spans of each request, its authentication and its search (http/tracing.ts); none by default,
   * and then nothing is traced at no cost. Never a global provider: several APIs share a process.
   */
  tracer?: Tracer;
};

/** What createApi builds once from the dependencies and shares between the route groups that use it. */
export type ApiServices = {
  /** One per process, so a ceiling it reaches is logged once. */
  rateLimiter: RateLimiter;
};

export type StaticApp = { path: string; dir: string; isAppPath?: (pathname: string) => boolean };

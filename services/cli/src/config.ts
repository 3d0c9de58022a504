import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DatabaseParts, databaseIsNamedOnce, withComposedDatabaseUrl } from './database-config';

const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * Every setting HealthTal reads from the environment, parsed once at start. A bad value stops the
 * start with a message naming the variable. Later contexts add their settings here.
 */
export const Config = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback by default: exposing the product is a deliberate choice. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Where the embedded PostgreSQL keeps its data (unused with DATABASE_URL). */
  DATA_DIR: z.string().min(1).default('.data'),
  /** Use this PostgreSQL instead of the embedded one. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  /** Or that PostgreSQL in parts (DATABASE_HOST, …, DATABASE_PASSWORD): see database-config.ts. */
  ...DatabaseParts,
  LOG_LEVEL: LogLevel.default('info'),
  /**
   * Connections of the API's pool, which projectors in this process share (Kafka transport,
   * WORKERS=none). With the direct transport the projectors' thread opens a pool of this size of its
   * own (projector-thread.ts), and each search worker keeps 2 connections of its own.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  /** Where people reach the app (links in emails, Stripe return URLs). Defaults to http://HOST:PORT. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /**
   * Which proxies in front of the app may say who the client is (X-Forwarded-For): none by default, a
   * hop count (`1`), or comma-separated addresses, CIDRs and `loopback`/`linklocal`/`uniquelocal`.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, ctx): false | number | string[] => {
      if (value === 'false' || value === 'none' || value === '0') return false;
      if (/^\d{1,2}$/.test(value)) return Number(value);
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (entries.length > 0 && entries.every(isTrustedProxyEntry)) return entries;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be a hop count, or comma-separated addresses, CIDRs, loopback, linklocal or uniquelocal',
      });
      return z.NEVER;
    })
    .default(false),
  /**
   * The local billing simulator without Stripe keys: on by default only in embedded development (no
   * DATABASE_URL), since its Complete button activates a paid plan for free.
   */
  BILLING_SIMULATOR: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  /** Comma-separated addresses that are admins by configuration. */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be a comma-separated list of email addresses' }))),
  /** Contact reveals a Monthly (basic) subscriber may make per UTC day; a contact revealed again that day is free. */
  REVEAL_QUOTA_BASIC: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** The same for premium (Annual) subscribers and admins. Demo grants count their own max uses instead. */
  REVEAL_QUOTA_PREMIUM: z.coerce.number().int().min(0).max(1_000_000).default(500),
  /** Sequence emails one clinician receives from all HealthTal customers together in any 7 days. */
  SEQUENCE_CONTACT_CAP: z.coerce.number().int().min(1).max(100).default(3),
  /** Sequence emails one recruiter sends per UTC day. */
  SEQUENCE_DAILY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(200),
  /** The postal address every sequence email's footer gives (CAN-SPAM). */
  SENDER_POSTAL_ADDRESS: z.string().trim().min(1).max(300).optional(),
  /** `off`: this process answers requests but sends no sequence steps (another process does). */
  SEQUENCE_SCHEDULER: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /** How often an idle sequence worker asks the queue for due steps, in seconds. */
  SEQUENCE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /**
   * The inbound SMTP endpoint for replies and bounces (on HOST): off unless set. The MX of the
   * sequence emails' reply domain (PUBLIC_URL's host) and of MAIL_FROM's points here (ADR 0068).
   */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The designated demo account. In embedded mode it defaults to demo@healthtal.test. */
  DEMO_ACCOUNT_EMAIL: z.email().optional(),
  /** Signs access tokens; generated and kept in the database when not set. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Worker threads the search index is split across, each holding a part and answering in parallel:
   * by default one per core but one, which the API thread keeps. 0 runs search on the API's own thread.
   */
  SEARCH_WORKERS: z.coerce
    .number()
    .int()
    .min(0)
    .max(32)
    .default(Math.max(1, availableParallelism() - 1)),
  /**
   * Where the search index is saved, so a restart loads it instead of rebuilding it from the read
   * model. Defaults to DATA_DIR/search-index with the embedded database; with DATABASE_URL, unset: off.
   */
  SEARCH_SNAPSHOT_DIR: z.string().min(1).optional(),
  /** Synthetic candidates the embedded start seeds into an empty directory, in the background; 0 disables. */
  SEED_SIZE: z.coerce.number().int().min(0).max(5_000_000).default(20_000),
  /** Password of the dev accounts created on the first embedded start; generated and printed when not set. */
  DEV_ACCOUNTS_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  /** Mail goes through this server: smtp://user:pass@host:587 (STARTTLS) or smtps://… (TLS). */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** Or the server in parts (see services/cli/src/mail.ts for which go together). */
  SMTP_HOST: z.string().trim().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** `true`: TLS from the first byte (usually port 465); `false`: STARTTLS when the server offers it. */
  SMTP_SECURE: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((flag) => flag === 'true' || flag === '1')
    .optional(),
  /** The From of every mail; `HealthTal <no-reply@healthtal.test>` when not set. */
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
      error: 'must be an address, or Name <address>',
    })
    .optional(),
  /** Stripe billing; without a secret key, checkout and the portal run on the local billing simulator. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  /** Signing secret of the webhook endpoint (/api/v1/billing/webhook). Needed with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** Stripe price ids of the Monthly and Annual plans. Needed with STRIPE_SECRET_KEY. */
  STRIPE_PRICE_MONTHLY: z.string().startsWith('price_', 'must be a Stripe price id (price_…)').optional(),
  STRIPE_PRICE_ANNUAL: z.string().startsWith('price_', 'must be a Stripe price id (price_…)').optional(),
  /** Talk to this Stripe API instead of api.stripe.com (a local fake in tests, stripe-mock). */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Where the events live: PostgreSQL (the default) or EventStoreDB/KurrentDB at ESDB_URL. */
  EVENT_STORE: z.enum(['postgres', 'esdb'], { error: 'must be postgres or esdb' }).default('postgres'),
  /**
   * `all`: `start` also runs the projectors (and, with TRANSPORT=kafka, the relay). `none`: it serves
   * the API and web apps only, for deployments that run `healthtal relay` and `healthtal projectors`
   * as processes of their own (docker-compose.yml): two relays would fence each other.
   */
  WORKERS: z.enum(['all', 'none'], { error: 'must be all or none' }).default('all'),
  /** KurrentDB/EventStoreDB connection string, e.g. kurrentdb://kurrentdb:2113?tls=false. Needed with EVENT_STORE=esdb. */
  ESDB_URL: z
    .string()
    .regex(/^(kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\/\S+$/, {
      error: 'must be a kurrentdb:// or esdb:// connection string',
    })
    .optional(),
  /** The AI email generator's key; without it a built-in template writer answers (and says so). */
  OPENAI_API_KEY: z.string().trim().min(1).optional(),
  /** Any OpenAI-compatible Chat Completions server (…/v1); OpenAI's own when not set. */
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** The model that writes outreach emails and reads pasted job postings (gpt-4o-mini when not set); it must support structured output. */
  OPENAI_MODEL: z.string().trim().min(1).optional(),
  /** The whole AI call's budget, its one retry included; past it the recruiter gets a 504 (20 s). */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** Keep uploaded site images in this S3 bucket instead of the database. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  /** An S3-compatible server (MinIO, R2, …); AWS when not set. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z.string().trim().min(1).optional(),
  /** Both or neither; without them the AWS SDK's default credential chain is used. */
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * How long a command waits for the read models to apply what it appended before it answers
   * (read-your-writes); 0 answers as soon as the events are stored.
   */
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /**
   * `/readyz` answers 503 while a read model's oldest unapplied event is older than this (and
   * whenever one has parked events); see docs/adr/0018-projector-dead-letters.md.
   */
  PROJECTION_MAX_LAG_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * A ClamAV daemon that scans resume files before they are kept (tcp://host:3310, its INSTREAM
   * command); unset, every file of the right type is taken (ADR 0070).
   */
  CLAMD_URL: z
    .url({ protocol: /^tcp$/, error: 'must be a tcp://host:port URL' })
    .refine((url) => new URL(url).port !== '', 'must name the port (tcp://host:3310)')
    .optional(),
  /** How long clamd may take over one file before the submission is refused as unscanned (503). */
  CLAMD_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** A Prometheus scraper's bearer token for GET /metrics; without it only admins read the metrics. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * Where OpenTelemetry traces go, over OTLP/HTTP (JSON): the collector's base URL, to which
   * `/v1/traces` is added. Unset (and no OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): nothing is traced.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /** The traces endpoint in full (used as it is), over OTEL_EXPORTER_OTLP_ENDPOINT. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /** The `service.name` the spans carry. */
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('healthtal'),
  /**
   * On SIGTERM `/readyz` answers 503 at once; the listener keeps accepting for this long, so a load
   * balancer sees it and stops sending, then closes while requests in flight finish.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  /** How events reach the projectors: tailing the store (`direct`), or a relay and Kafka (`kafka`). */
  TRANSPORT: z.enum(['direct', 'kafka'], { error: 'must be direct or kafka' }).default('direct'),
  /** Comma-separated host:port of the Kafka brokers. Needed with TRANSPORT=kafka and `healthtal relay`. */
  KAFKA_BROKERS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((broker) => broker.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[^\s:/]+:\d{1,5}$/, 'must be a comma-separated list of host:port'))),
  /** The topic the relay publishes `$all` to (one partition: see services/relay/README.md). */
  KAFKA_TOPIC: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,249}$/, 'must be a Kafka topic name')
    .default('healthtal.events.v1'),
  /** How long a projector's consumer group waits for a silent member before handing its partition on. */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
});
export type Config = z.infer<typeof Config>;

/** Stripe is all or nothing: a key without the webhook secret or prices would take payments it never records. */
const stripeIsComplete = (config: Config, ctx: z.RefinementCtx) => {
  if (!config.STRIPE_SECRET_KEY) return;
  for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL'] as const) {
    if (!config[name])
      ctx.addIssue({ code: 'custom', path: [name], message: 'is required with STRIPE_SECRET_KEY' });
  }
};

/** EVENT_STORE=esdb without a server to talk to would fail on the first append instead of at start. */
const esdbIsConfigured = (config: Config, ctx: z.RefinementCtx) => {
  if (config.EVENT_STORE === 'esdb' && !config.ESDB_URL)
    ctx.addIssue({ code: 'custom', path: ['ESDB_URL'], message: 'is required with EVENT_STORE=esdb' });
};

/** The Kafka transport without brokers would stall every read model instead of failing at start. */
const kafkaIsConfigured = (config: Config, ctx: z.RefinementCtx) => {
  if (config.TRANSPORT === 'kafka' && config.KAFKA_BROKERS.length === 0)
    ctx.addIssue({ code: 'custom', path: ['KAFKA_BROKERS'], message: 'is required with TRANSPORT=kafka' });
};

/**
 * A model or server named without a key would quietly fall back to the template writer: say so at
 * start instead. A local server that needs no key takes any non-empty one.
 */
const openAiHasKey = (config: Config, ctx: z.RefinementCtx) => {
  for (const name of ['OPENAI_BASE_URL', 'OPENAI_MODEL'] as const) {
    if (config[name] && !config.OPENAI_API_KEY)
      ctx.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: `is required with ${name}` });
  }
};

/** S3 settings without a bucket, or half a key pair, would fail on the first upload instead of at start. */
const s3IsComplete = (config: Config, ctx: z.RefinementCtx) => {
  const others = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  for (const name of others) {
    if (config[name] && !config.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is required with ${name}` });
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    const missing = config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'S3 keys go together' });
  }
};

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** An entry of TRUST_PROXY: a named range, an address, or an address/prefix. */
function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export class ConfigError extends Error {}

/**
 * Settings that hold a secret. Each can instead be read from a file named by `<NAME>_FILE` (Docker and
 * Kubernetes secrets), so it never shows in the environment, `docker inspect` or a process listing.
 */
export const SECRET_SETTINGS = [
  'DATABASE_URL',
  'DATABASE_PASSWORD',
  'ESDB_URL',
  'JWT_SECRET',
  'DEV_ACCOUNTS_PASSWORD',
  'SMTP_URL',
  'SMTP_PASSWORD',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'OPENAI_API_KEY',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
] as const;

/** The environment with every `<SECRET>_FILE` read into `<SECRET>` (one trailing newline dropped). */
function withSecretFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const resolved = { ...env };
  const problems: string[] = [];
  for (const name of SECRET_SETTINGS) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) {
      problems.push(`  ${name}_FILE: set ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      resolved[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(
        `  ${name}_FILE=${JSON.stringify(file)}: cannot be read (${(error as NodeJS.ErrnoException).code})`,
      );
    }
  }
  if (problems.length > 0)
    throw new ConfigError(`HealthTal cannot start: fix these settings:\n${problems.join('\n')}`);
  return resolved;
}

export function loadConfig(given: NodeJS.ProcessEnv = process.env): Config {
  const env = withSecretFiles(given);
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = Config.superRefine(stripeIsComplete)
    .superRefine(esdbIsConfigured)
    .superRefine(kafkaIsConfigured)
    .superRefine(s3IsComplete)
    .superRefine(openAiHasKey)
    .superRefine(databaseIsNamedOnce)
    .safeParse(present);
  if (result.success) return withComposedDatabaseUrl(result.data);
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `  ${name}=${JSON.stringify(shown(name, env[name] ?? ''))}: ${issue.message}`;
  });
  throw new ConfigError(`HealthTal cannot start: fix these settings:\n${lines.join('\n')}`);
}

/** Values printed in a config error: secrets masked, and passwords inside URLs too. */
function shown(name: string, value: string): string {
  if (/SECRET|PASSWORD|TOKEN|_KEY$/.test(name)) return value ? '***' : '';
  return value.replace(/(\/\/[^:/@\s]*:)[^@/\s]*@/, '$1***@');
}

import { randomUUID } from 'node:crypto';
import type { Clock } from '@healthtal/api';
import { type HealthTal, loadConfig, startHealthTal } from '@healthtal/cli';
import type { AuthSession } from '@healthtal/contracts';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { type Logger, pino } from 'pino';

/** The roles tests sign in as; each is a real account made through the real sign-up flow. */
export type Role = 'free' | 'basic' | 'premium' | 'demo' | 'demo-full' | 'admin';
export const ROLES: readonly Role[] = ['free', 'basic', 'premium', 'demo', 'demo-full', 'admin'];

export const PASSWORD = 'correct horse battery';
export const ADMIN_EMAIL = 'admin@harness.test';
export const DEMO_EMAIL = 'demo@harness.test';

export type SignedIn = { userId: string; email: string; accessToken: string; refreshCookie: string };
type RequestOptions = RequestInit & { as?: Role | SignedIn; json?: unknown; ip?: string };

export type TestApp = HealthTal & {
  database: TestDatabase;
  request(path: string, init?: RequestOptions): Promise<Response>;
  /** Signs up, verifies through the emailed link, and signs in. */
  signUp(email?: string, options?: { ip?: string }): Promise<SignedIn>;
  /** Activates a plan for the user (as the billing webhook would). */
  subscribe(user: SignedIn, priceId: 'price_monthly' | 'price_annual'): Promise<void>;
  /** A signed-in user of this role, created on first use and reused after. */
  as(role: Role): Promise<SignedIn>;
  /** The newest mail to this address, from the outbox. */
  lastMail(to: string, kind?: string): Promise<{ subject: string; text: string } | null>;
  tokenFromMail(to: string, kind: string): Promise<string>;
  eventCount(): Promise<number>;
  caughtUp(): Promise<void>;
  close(): Promise<void>;
};

/** Distinct client addresses (a documentation range), so per-IP rate limits do not pool test users. */
let ipCounter = 0;
export const nextIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

/**
 * The whole product on a fresh database, over real HTTP on a free loopback port. `env` goes over the
 * defaults; an empty value unsets one (`TRUST_PROXY: ''` is the production default). `logger` gets
 * the product's log (silent by default); `clock` is the time rate limits count in (@healthtal/testkit/test-clock).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  { logger = pino({ level: 'silent' }), clock }: { logger?: Logger; clock?: Clock } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig(testEnv(database.url, env));
  const app = await startHealthTal({ config, logger, ...(clock ? { clock } : {}) });
  // Tests begin with every read model tailing the store (the server answers before, ADR 0071).
  await app.started;
  return withHelpers(app, database);
}

/** The harness's settings for a product on this database, with `env` over them. */
const testEnv = (databaseUrl: string, env: Record<string, string>) => ({
  DATABASE_URL: databaseUrl,
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_POOL_SIZE: '10',
  ADMIN_EMAILS: ADMIN_EMAIL,
  DEMO_ACCOUNT_EMAIL: DEMO_EMAIL,
  // Requests come from this process on loopback, and `ip` gives each test user its own address in
  // X-Forwarded-For: trust the loopback peer to say so, as a proxy in front would.
  TRUST_PROXY: 'loopback',
  // Search on the API's own thread unless a test asks for workers (search-workers.http.int.test.ts).
  SEARCH_WORKERS: '0',
  // No proxy to drain in front of a test app: stopping it need not wait the production 5 s
  // (production-build.process.int.test.ts sets its own delay to check the drain).
  SHUTDOWN_DELAY_MS: '0',
  ...env,
});

/**
 * A second process of the product on the same database (another API instance behind the same load
 * balancer): its own port, projectors and sequence scheduler. Stop it before the first one's close.
 */
export async function startAnotherInstance(
  first: TestApp,
  env: Record<string, string> = {},
  { logger = pino({ level: 'silent' }), clock }: { logger?: Logger; clock?: Clock } = {},
): Promise<HealthTal> {
  const config = loadConfig(testEnv(first.databaseUrl, env));
  const app = await startHealthTal({ config, logger, ...(clock ? { clock } : {}) });
  await app.started;
  return app;
}

function withHelpers(app: HealthTal, database: TestDatabase): TestApp {
  const roles = new Map<Role, Promise<SignedIn>>();

  const request = (path: string, { as, json, headers, ip, ...init }: RequestOptions = {}) =>
    (async () => {
      const who = typeof as === 'string' ? await asRole(as) : as;
      return fetch(`${app.url}${path}`, {
        ...init,
        headers: {
          ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(who ? { authorization: `Bearer ${who.accessToken}` } : {}),
          ...(ip ? { 'x-forwarded-for': ip } : {}),
          ...(headers as Record<string, string>),
        },
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
    })();

  // Removal requests are mailed after the answer, by a background job (removal-request-jobs.ts):
  // a row stays in the table until its mail is in the outbox.
  const removalRequestsHandled = async () => {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      const { rows } = await database.pool.query('select count(*)::int as n from removal_request_jobs');
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('removal requests still waiting after 10 s');
  };
  const lastMail = async (to: string, kind?: string) => {
    await removalRequestsHandled();
    const { rows } = await database.pool.query(
      `select subject, body_text as text from mail_outbox where recipient = $1 and ($2::text is null or kind = $2)
       order by id desc limit 1`,
      [to, kind ?? null],
    );
    return rows[0] ?? null;
  };
  const tokenFromMail = async (to: string, kind: string) => {
    const mail = await lastMail(to, kind);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`No ${kind} link mailed to ${to}`);
    return token;
  };

  const signUp = async (email = `user-${randomUUID()}@harness.test`, { ip = nextIp() } = {}) => {
    const form = {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      phone: '555-010-2030',
      acceptTerms: true,
    };
    const signup = await request('/api/v1/auth/signup', { method: 'POST', json: form, ip });
    if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
    const token = await tokenFromMail(email, 'verify-email');
    const verified = await request('/api/v1/auth/verify-email', { method: 'POST', json: { token }, ip });
    if (verified.status !== 200)
      throw new Error(`verification failed: ${verified.status} ${await verified.text()}`);
    const login = await request('/api/v1/auth/login', {
      method: 'POST',
      json: { email, password: PASSWORD },
      ip,
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const session = (await login.json()) as AuthSession;
    const refreshCookie = /ht_refresh=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
    return { userId: session.user.id, email, accessToken: session.accessToken, refreshCookie };
  };

  const subscribe = async (user: SignedIn, priceId: 'price_monthly' | 'price_annual') => {
    const subscriptionId = `sub_${randomUUID()}`;
    await app.store.append(`subscription-${user.userId}`, [
      {
        type: 'SubscriptionActivated',
        data: {
          userId: user.userId,
          subscriptionId,
          sourceEventId: `evt_${randomUUID()}`,
          customerId: `cus_${randomUUID()}`,
          priceId,
          tier: priceId === 'price_annual' ? 'premium' : 'basic',
          currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          simulated: true,
        },
        metadata: testMetadata(),
      },
    ]);
  };

  const grantFullAccess = async (user: SignedIn) => {
    await app.store.append(`demo-${user.userId}`, [
      {
        type: 'DemoAccessGranted',
        data: {
          userId: user.userId,
          grantId: randomUUID(),
          featureType: 'full_access',
          expiresAt: null,
          maxUses: null,
          notes: 'harness',
          grantedBy: 'harness',
        },
        metadata: testMetadata(),
      },
    ]);
  };

  const createRole = async (role: Role): Promise<SignedIn> => {
    const email = role === 'admin' ? ADMIN_EMAIL : role === 'demo' ? DEMO_EMAIL : undefined;
    const user = await signUp(email);
    if (role === 'basic') await subscribe(user, 'price_monthly');
    if (role === 'premium') await subscribe(user, 'price_annual');
    if (role === 'demo-full') await grantFullAccess(user);
    await caughtUp();
    return user;
  };
  const asRole = (role: Role) => {
    if (!roles.has(role)) roles.set(role, createRole(role));
    return roles.get(role)!;
  };

  const caughtUp = async () => {
    for (const projector of app.projectors) await projector.caughtUp();
  };

  return {
    ...app,
    database,
    request,
    signUp,
    subscribe,
    as: asRole,
    lastMail,
    tokenFromMail,
    eventCount: async () =>
      Number((await database.pool.query('select count(*) as n from eventstore.events')).rows[0].n),
    caughtUp,
    close: async () => {
      await app.stop();
      await database.drop();
    },
  };
}

export const testMetadata = () => ({
  eventId: randomUUID(),
  occurredAt: new Date().toISOString(),
  correlationId: 'harness',
  causationId: 'harness',
});

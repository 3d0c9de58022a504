import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RATE_RULES } from '@healthtal/api';
import { csvSource, importCandidates } from '@healthtal/directory-import';
import type { EventStore } from '@healthtal/eventstore';
import type pg from 'pg';
import type { ChaosClient, Exchange } from './client';
import { describeExchange, type Violation } from './invariants';
import { CHAOS_ADMIN_EMAIL, type ProductProcess } from './product';

export const PASSWORD = 'chaos horse battery';

export type Session = { userId: string; email: string; token: string; refreshCookie: string };
export type Candidate = { id: string; email: string; phone: string; lastName: string; erased: boolean };

/** Everything a run's commands touch for real. */
export type World = {
  product: ProductProcess;
  client: ChaosClient;
  pool: pg.Pool;
  store: EventStore;
  admin: Session;
  violations: Violation[];
  counts: { commands: number; interleavings: number };
  /**
   * Attempts per rate-limit bucket the model counts (per email, and the ceilings): past a limit a
   * 429, or for a mail cap no mail, is a legitimate answer. Per-client limits never bind: every
   * request comes from an address of its own (client.ts).
   */
  attempts: Map<string, number>;
  kills: boolean;
};

export const fail = (world: World, invariant: string, detail: string) =>
  world.violations.push({ invariant, detail });

/** A 409 of a retried request whose first attempt died with the process: its key is never released. */
export const stuckKey = (e: Exchange) =>
  e.status === 409 && e.retries > 0 && e.title === 'Request in progress';

/**
 * Every request of the run has a key of its own, sent again only with the same body: a 422 for reuse
 * means the product took a retry of one request for another (its key is bound to the request, ADR 0004).
 */
export const retryRefusedAsAnother = (e: Exchange) =>
  e.status === 422 && e.title === 'Idempotency-Key reused';

/**
 * Checks each answer against what the model allows. No answer at all (the product was killed and the
 * retries ran out) is an unknown outcome, never a pass of something else; a stuck Idempotency-Key
 * after a crash is reported on its own.
 */
export function expectAnswers(
  world: World,
  what: string,
  exchanges: readonly Exchange[],
  allowed: (e: Exchange) => boolean,
): { known: Exchange[]; unknown: number } {
  const known: Exchange[] = [];
  let unknown = 0;
  for (const e of exchanges) {
    if (stuckKey(e)) {
      fail(world, 'a retry after a crash gets an answer (Idempotency-Key released)', describeExchange(e));
      unknown++;
    } else if (retryRefusedAsAnother(e)) {
      fail(world, 'a retry is never refused as another request (Idempotency-Key)', describeExchange(e));
      unknown++;
    } else if (e.status === 0) {
      if (!world.kills) fail(world, 'every request is answered', describeExchange(e));
      unknown++;
    } else {
      if (e.status < 500 && !allowed(e)) fail(world, `legitimate answer: ${what}`, describeExchange(e));
      known.push(e);
    }
  }
  return { known, unknown };
}

export const count = (exchanges: readonly Exchange[], status: number) =>
  exchanges.filter((e) => e.status === status).length;

/**
 * The attempts these requests made on a rate-limited route: each once, and each retry after a crash
 * once more (a retry reaches the limiter again, whether or not the first attempt did).
 */
export const attemptsOf = (exchanges: readonly Exchange[]) =>
  exchanges.reduce((n, exchange) => n + 1 + exchange.retries, 0);

/**
 * Counts attempts against a rate-limited bucket; true once the limit is passed. The limits are the
 * product's own (RATE_RULES), so the model follows them when they change.
 */
export function overLimit(world: World, bucket: string, limit: number, attempts = 1): boolean {
  const n = (world.attempts.get(bucket) ?? 0) + attempts;
  world.attempts.set(bucket, n);
  return n > limit;
}

/**
 * Counts requests against a cap on mails to one address (answered `accepted` either way) and says
 * how many of them surely mailed: each answered one without a retry is counted once, while the
 * rest, and what earlier steps counted, are upper bounds, so this is a lower bound.
 */
export function mailsAtLeast(
  world: World,
  bucket: string,
  limit: number,
  exchanges: readonly Exchange[],
  accepted: number,
): number {
  const before = world.attempts.get(bucket) ?? 0;
  overLimit(world, bucket, limit, attemptsOf(exchanges));
  const clean = exchanges.filter((e) => e.status === accepted && e.retries === 0);
  const others = attemptsOf(exchanges.filter((e) => !clean.includes(e)));
  return Math.max(0, Math.min(clean.length, limit - before - others));
}

/** The outbox's newest id: a later `tokenFromMail(…, after)` waits for a mail sent after it. */
export async function mailMark(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ id: string | null }>('select max(id) as id from mail_outbox');
  return Number(rows[0]?.id ?? 0);
}

/** How long a mail may take: some are sent after the answer (removal requests run as jobs). */
const MAIL_WAIT_MS = 15_000;

/**
 * The link of the newest mail of this kind to the address, sent after `after` (the outbox is the
 * mail transport here); null when none comes within the bound.
 */
export async function tokenFromMail(
  pool: pg.Pool,
  to: string,
  kind: string,
  after = 0,
): Promise<string | null> {
  return (await tokensFromMail(pool, to, kind, after, 1)).at(-1) ?? null;
}

/**
 * The links of the mails of this kind to the address sent after `after`, oldest first, once at least
 * `atLeast` have come (or the bound has passed: then those that came).
 */
export async function tokensFromMail(
  pool: pg.Pool,
  to: string,
  kind: string,
  after: number,
  atLeast: number,
): Promise<string[]> {
  let tokens: string[] = [];
  for (let waited = 0; waited <= MAIL_WAIT_MS; waited += 100) {
    const { rows } = await pool.query<{ text: string }>(
      `select body_text as text from mail_outbox where lower(recipient) = lower($1) and kind = $2 and id > $3
       order by id`,
      [to, kind, after],
    );
    tokens = rows.flatMap((row) => /token=([A-Za-z0-9_-]+)/.exec(row.text)?.[1] ?? []);
    if (tokens.length >= atLeast) return tokens;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return tokens;
}

export const signupForm = (email: string, password = PASSWORD) => ({
  email,
  password,
  confirmPassword: password,
  phone: '555-010-2030',
  acceptTerms: true,
});

/** Signs in; `sessionOf` turns a 200 into a session. */
export const login = (client: ChaosClient, email: string, password = PASSWORD) =>
  client.call('login', 'POST', '/api/v1/auth/login', { json: { email, password } });

export function sessionOf(e: Exchange, refreshCookie = ''): Session | null {
  if (e.status !== 200) return null;
  const body = e.body as { accessToken: string; user: { id: string; email: string } };
  return { userId: body.user.id, email: body.user.email, token: body.accessToken, refreshCookie };
}

/** Sign-up, the mailed verification link, sign-in: a setup step that must succeed. */
export async function signUpVerified(world: World, email: string): Promise<Session> {
  const { client, pool } = world;
  overLimit(world, 'signup:all', RATE_RULES.signupCeiling.limit);
  const mark = await mailMark(pool);
  const signup = await client.call('signup', 'POST', '/api/v1/auth/signup', { json: signupForm(email) });
  if (signup.status !== 201) throw new Error(`setup sign-up failed: ${describeExchange(signup)}`);
  const token = await tokenFromMail(pool, email, 'verify-email', mark);
  const verified = await client.call('verify', 'POST', '/api/v1/auth/verify-email', { json: { token } });
  if (verified.status !== 200) throw new Error(`setup verification failed: ${describeExchange(verified)}`);
  const signedIn = sessionOf(await login(client, email));
  if (!signedIn) throw new Error(`setup sign-in of ${email} failed`);
  return signedIn;
}

/** The admin of ADMIN_EMAILS: signed up once per product, signed in again by each run. */
export async function adminSession(world: Omit<World, 'admin'>, known: boolean): Promise<Session> {
  if (!known) return signUpVerified(world as World, CHAOS_ADMIN_EMAIL);
  const signedIn = sessionOf(await login(world.client, CHAOS_ADMIN_EMAIL));
  if (!signedIn) throw new Error('the admin could not sign in again');
  return signedIn;
}

/** Checkout in the billing simulator and its completion: a premium recruiter. */
export async function subscribe(world: World, session: Session): Promise<void> {
  const checkout = await world.client.call('checkout', 'POST', '/api/v1/billing/checkout', {
    token: session.token,
    json: { priceId: 'price_annual' },
  });
  if (checkout.status !== 200) throw new Error(`setup checkout failed: ${describeExchange(checkout)}`);
  const { url } = checkout.body as { url: string };
  const done = await world.client.call('checkout-complete', 'POST', `${url}/complete`);
  if (done.status !== 303) throw new Error(`setup checkout completion failed: ${describeExchange(done)}`);
}

/** A small directory, through `healthtal import`'s own CSV path: unique people the run can find again. */
export async function importDirectory(world: World, tag: string, size: number): Promise<Candidate[]> {
  const people = Array.from({ length: size }, (_, i) => ({
    first: 'Chaos',
    last: `Zed${tag}x${i}q`,
    email: `cand-${tag}-${i}@chaos-directory.test`,
    phone: `555${String(1_000_000 + Math.floor(Math.random() * 8_999_999)).slice(0, 7)}`,
  }));
  const header =
    'Contactfirstname,Contactlastname,Contacttitle,specialty,Companyname,Contactcity,Contactstate,Personalemail,Contactphone';
  const lines = people.map(
    (p) =>
      `${p.first},${p.last},Registered Nurse,Registered Nurse,Chaos General,Austin,TX,${p.email},${p.phone}`,
  );
  const dir = await mkdtemp(path.join(tmpdir(), 'healthtal-chaos-'));
  try {
    const file = path.join(dir, `chaos-${tag}-${randomUUID()}.csv`);
    await writeFile(file, `${header}\n${lines.join('\n')}\n`);
    await importCandidates({ pool: world.pool, store: world.store, source: await csvSource(file) });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const emails = people.map((p) => p.email);
  for (let waited = 0; waited < 30_000; waited += 100) {
    const { rows } = await world.pool.query<{ id: string; email: string }>(
      'select candidate_id as id, personal_email as email from directory_contacts where personal_email = any($1)',
      [emails],
    );
    if (rows.length === size) {
      const byEmail = new Map(rows.map((r) => [r.email, r.id]));
      return people.map((p) => ({
        id: byEmail.get(p.email)!,
        email: p.email,
        phone: p.phone,
        lastName: p.last,
        erased: false,
      }));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the imported directory never reached the read model');
}

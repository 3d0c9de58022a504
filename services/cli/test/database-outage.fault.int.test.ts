/**
 * Issue 32, findings 12 and 13: PostgreSQL goes away under load and comes back.
 * - 13: while it is away every API call answers 503 with Retry-After (never a 500), and quickly.
 * - 12: once it is back, the projectors carry on by themselves (no restart of the product): every
 *   read model is caught up within 10 s, and every write that was acknowledged (2xx) is in the
 *   events and in its read model.
 * The product runs as `npm start` runs it (`healthtal start` in a process of its own), on an embedded
 * PostgreSQL of the test's own, which is SIGKILLed (no flush, crash recovery on return) in one case
 * and shut down (sessions end with 57P01) in the other. The figures are printed.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type EventStore, isAfter } from '@healthtal/eventstore';
import { projections, readCheckpoint } from '@healthtal/projections';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase } from '../src/embedded-postgres';
import { createEventStore } from '../src/event-store';
import { ChaosClient } from './chaos/client';
import { ProductProcess } from './chaos/product';
import { signUpVerified, subscribe, type World } from './chaos/world';
import { type Outage, RestartablePostgres } from './support/restartable-postgres';

/** No answer may take longer than this while the database is away (a hang is a failure). */
const ANSWER_BOUND_MS = 5_000;
const CATCH_UP_BOUND_MS = 10_000;
const WORKERS = 4;
/** Each worker's pause between requests: enough load, far below the hourly sign-up and contact caps. */
const PACE_MS = 60;

type Kind = 'contact' | 'signup' | 'list-create' | 'lists-read';
type Sent = {
  kind: Kind;
  requestId: string;
  status: number;
  /** When it was sent (performance.now()) and how long its answer took. */
  at: number;
  ms: number;
  retryAfter: string | null;
  id?: string;
};
/** The event a 2xx of each writing kind appended, and the read-model row it must show as. */
const WRITES: Record<Exclude<Kind, 'lists-read'>, { event: string; table: string }> = {
  contact: { event: 'ContactMessageReceived', table: 'contact_messages' },
  signup: { event: 'UserRegistered', table: 'users' },
  'list-create': { event: 'ListCreated', table: 'lists' },
};

let postgres: RestartablePostgres;
let product: ProductProcess;
let pool: pg.Pool;
let store: EventStore;
let recruiterToken = '';
let databaseUrl = '';

beforeAll(async () => {
  postgres = await RestartablePostgres.start();
  databaseUrl = await ensureDatabase(postgres.adminUrl, 'healthtal');
  product = await ProductProcess.start(databaseUrl, { DATABASE_POOL_SIZE: '8' });
  pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // The outages end this pool's idle connections too.
  pool.on('error', () => undefined);
  store = createEventStore(pool);
  const client = new ChaosClient(product);
  const world = { product, client, pool, store, attempts: new Map() } as unknown as World;
  const recruiter = await signUpVerified(world, `recruiter-${randomUUID()}@outage.test`);
  await subscribe(world, recruiter);
  recruiterToken = recruiter.token;
}, 120_000);
afterAll(async () => {
  await product?.stop();
  await store?.close();
  await pool?.end();
  await postgres?.stop();
});

let ip = 0;
async function send(kind: Kind): Promise<Sent> {
  const requestId = `outage-${randomUUID()}`;
  const n = ip++;
  const headers: Record<string, string> = {
    'x-request-id': requestId,
    'x-forwarded-for': `10.32.${(n >> 8) & 255}.${n & 255}`,
    'content-type': 'application/json',
  };
  const [method, path, body] =
    kind === 'contact'
      ? ['POST', '/api/v1/contact-messages', contactMessage()]
      : kind === 'signup'
        ? ['POST', '/api/v1/auth/signup', signup()]
        : kind === 'list-create'
          ? ['POST', '/api/v1/lists', { name: `Outage ${requestId.slice(7, 15)}` }]
          : ['GET', '/api/v1/lists', undefined];
  if (kind === 'list-create' || kind === 'lists-read') headers.authorization = `Bearer ${recruiterToken}`;
  const began = performance.now();
  try {
    const response = await fetch(`${product.url}${path}`, {
      method,
      headers,
      signal: AbortSignal.timeout(ANSWER_BOUND_MS * 3),
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await response.json().catch(() => null)) as {
      id?: string;
      user?: { id: string };
      list?: { id: string };
    } | null;
    const id = answer?.id ?? answer?.user?.id ?? answer?.list?.id;
    return {
      kind,
      requestId,
      status: response.status,
      at: began,
      ms: performance.now() - began,
      retryAfter: response.headers.get('retry-after'),
      ...(id ? { id } : {}),
    };
  } catch {
    return { kind, requestId, status: 0, at: began, ms: performance.now() - began, retryAfter: null };
  }
}

const contactMessage = () => ({
  name: 'Dana Whitfield',
  email: `dana-${randomUUID().slice(0, 8)}@example.org`,
  phone: '5550102030',
  subject: 'Team plans',
  message: 'Do you offer plans for a team of twelve?',
});
const signup = () => ({
  email: `signup-${randomUUID()}@outage.test`,
  password: 'outage horse battery',
  confirmPassword: 'outage horse battery',
  phone: '555-010-2030',
  acceptTerms: true,
});

/** WORKERS callers sending a mix of writes and reads until stopped; every answer is kept. */
function startLoad() {
  const sent: Sent[] = [];
  let running = true;
  const kinds: Kind[] = ['contact', 'signup', 'list-create', 'lists-read'];
  const workers = Array.from({ length: WORKERS }, async (_, w) => {
    for (let i = w; running; i++) {
      sent.push(await send(kinds[i % kinds.length]!));
      await sleep(PACE_MS);
    }
  });
  return {
    sent,
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return sent;
    },
  };
}

/** A probe's status; 0 when nothing answers. */
const statusOf = (path: string) =>
  fetch(`${product.url}${path}`).then(
    (r) => r.status,
    () => 0,
  );

/** Every read model's checkpoint at the store's head for the types it reads, and /readyz 200. */
async function caughtUp(): Promise<string[]> {
  const behind: string[] = [];
  for (const projection of projections) {
    const head = await store.headPosition({ types: projection.handles });
    const checkpoint = await readCheckpoint(pool, projection.name);
    if (!checkpoint || isAfter(head, checkpoint.position)) behind.push(projection.name);
  }
  const ready = await statusOf('/readyz');
  return ready === 200 ? behind : [...behind, `/readyz ${ready}`];
}

/** The acknowledged writes whose event or read-model row is missing. */
async function missingWrites(sent: readonly Sent[]): Promise<string[]> {
  const missing: string[] = [];
  for (const [kind, { event, table }] of Object.entries(WRITES)) {
    const acknowledged = sent.filter((s) => s.kind === kind && s.status >= 200 && s.status < 300);
    const events = await pool.query<{ correlation: string }>(
      `select metadata->>'correlationId' as correlation from eventstore.events
       where type = $1 and metadata->>'correlationId' = any($2::text[])`,
      [event, acknowledged.map((s) => s.requestId)],
    );
    const rows = await pool.query<{ id: string }>(
      `select id::text from ${table} where id = any($1::uuid[])`,
      [acknowledged.map((s) => s.id)],
    );
    const withEvents = new Set(events.rows.map((r) => r.correlation));
    const withRows = new Set(rows.rows.map((r) => r.id));
    for (const s of acknowledged) {
      if (!withEvents.has(s.requestId)) missing.push(`${kind} ${s.requestId}: no ${event}`);
      if (!s.id || !withRows.has(s.id)) missing.push(`${kind} ${s.id}: not in ${table}`);
    }
  }
  return missing;
}

/** Waits until `done` holds, polling; fails naming `what` after `timeoutMs`. */
async function until(done: () => boolean, what: string, timeoutMs: number) {
  for (const deadline = performance.now() + timeoutMs; !done(); await sleep(20))
    if (performance.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
}

/** Every kind of write was acknowledged at least once among the answers to requests sent after `since`. */
const everyWriteAcknowledged = (sent: readonly Sent[], since: number) =>
  Object.keys(WRITES).every((kind) =>
    sent.some((s) => s.kind === kind && s.at > since && s.status >= 200 && s.status < 300),
  );

/**
 * The load runs until every kind of write has succeeded, the database goes away until every caller
 * has been answered 503 twice (an answer that hangs fails here), and it comes back until every kind
 * of write has succeeded again: phases end on what the callers see, not after fixed times.
 */
async function outageUnderLoad(how: Outage) {
  const load = startLoad();
  await until(() => everyWriteAcknowledged(load.sent, 0), 'every kind of write acknowledged', 20_000);
  const down = performance.now();
  const fromDown = load.sent.length;
  await postgres.takeDown(how);
  const answered503 = () => load.sent.slice(fromDown).filter((s) => s.status === 503 && s.at > down).length;
  await until(() => answered503() >= 2 * WORKERS, 'two 503s for each caller', ANSWER_BOUND_MS * 2);
  // What the probes answer while it is away: not ready, but alive (restarting would not help).
  const probes = { readyz: await statusOf('/readyz'), healthz: await statusOf('/healthz') };
  const whileDown = load.sent.slice(fromDown);
  await postgres.bringBack();
  const back = performance.now();
  await until(
    () => everyWriteAcknowledged(load.sent, back),
    'every kind of write acknowledged again',
    20_000,
  );
  const sent = await load.stop();
  let behind = await caughtUp();
  let missing = await missingWrites(sent);
  while ((behind.length > 0 || missing.length > 0) && performance.now() - back < 30_000) {
    await sleep(100);
    behind = await caughtUp();
    missing = await missingWrites(sent);
  }
  const catchUpMs = performance.now() - back;
  const count = (test: (s: Sent) => boolean) => sent.filter(test).length;
  const figures = {
    requests: sent.length,
    '2xx': count((s) => s.status >= 200 && s.status < 300),
    '503': count((s) => s.status === 503),
    other: count((s) => (s.status < 200 || s.status >= 300) && s.status !== 503),
    'sent while down': whileDown.length,
    'slowest while down (ms)': Math.round(Math.max(0, ...whileDown.map((s) => s.ms))),
    'outage (ms)': Math.round(back - down),
    'caught up after return (ms)': Math.round(catchUpMs),
  };
  console.log(`PostgreSQL ${how} under load: ${JSON.stringify(figures)}`);
  return { sent, whileDown, probes, behind, missing, catchUpMs };
}

const describeSent = (s: Sent) => `${s.kind} → ${s.status} in ${Math.round(s.ms)} ms [${s.requestId}]`;

describe('a PostgreSQL outage under load', () => {
  for (const how of ['SIGKILL', 'shutdown'] as const) {
    it(`PostgreSQL ${how === 'SIGKILL' ? 'killed' : 'shut down'}: 503 + Retry-After while it is away, every read model caught up within 10 s of its return, every acknowledged write kept`, {
      timeout: 60_000,
    }, async () => {
      const { sent, whileDown, probes, behind, missing, catchUpMs } = await outageUnderLoad(how);
      const output = product.recentOutput();
      expect(
        sent.filter((s) => (s.status < 200 || s.status >= 300) && s.status !== 503).map(describeSent),
        output,
      ).toEqual([]);
      expect(whileDown.filter((s) => s.status === 503).length).toBeGreaterThan(0);
      expect(
        sent.filter((s) => s.status === 503 && !/^\d+$/.test(s.retryAfter ?? '')).map(describeSent),
      ).toEqual([]);
      expect(whileDown.filter((s) => s.ms > ANSWER_BOUND_MS).map(describeSent)).toEqual([]);
      expect(probes, output).toEqual({ readyz: 503, healthz: 200 });
      expect(behind, output).toEqual([]);
      expect(missing).toEqual([]);
      expect(catchUpMs).toBeLessThan(CATCH_UP_BOUND_MS);
    });
  }

  it('a command the outage cut off answers 503, and its retry with the same Idempotency-Key is carried out once PostgreSQL is back', async () => {
    // Holds the command between its Idempotency-Key's claim and its append while the database goes.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    blocker.on('error', () => undefined);
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table eventstore.events in exclusive mode');
    const body = JSON.stringify(contactMessage());
    const key = randomUUID();
    const send = () =>
      fetch(`${product.url}/api/v1/contact-messages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': key,
          'x-forwarded-for': '10.32.255.2',
        },
        body,
      });
    const cutOff = send();
    await expect
      .poll(async () => {
        const { rows } = await pool.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        );
        return rows[0]!.n;
      })
      .toBeGreaterThan(0);
    await postgres.takeDown('SIGKILL');
    const first = await cutOff;
    expect({ status: first.status, retryAfter: first.headers.get('retry-after') }).toEqual({
      status: 503,
      retryAfter: '5',
    });

    await postgres.bringBack();
    const retried = await send();
    expect(retried.status, await retried.clone().text()).toBe(201);
    const { id } = (await retried.json()) as { id: string };
    await expect
      .poll(async () => (await pool.query('select 1 from contact_messages where id = $1', [id])).rowCount, {
        timeout: CATCH_UP_BOUND_MS,
      })
      .toBe(1);
  }, 60_000);
});

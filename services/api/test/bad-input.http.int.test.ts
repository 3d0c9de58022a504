import type { Problem } from '@healthtal/contracts';
import {
  ADMIN_LISTS,
  type Expectation,
  type Fixtures,
  HTML_PAGES,
  PAGED,
  type PolicyRoute,
  PROBE_SEQUENCE,
  RANGE_QUERIES,
  type Requirement,
  type Valid,
  validBodies,
} from '@healthtal/testkit/bad-input-routes';
import { nextIp, type Role, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import {
  asJson,
  asPlainText,
  hostileAdminListQueries,
  hostilePagingQueries,
  hostileSegments,
  hostileValuesFor,
  ignorableQuery,
  malformedJson,
  nobody,
  notAnObject,
  type RawBody,
} from '@healthtal/testkit/hostile-inputs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows, type Capability, policy } from '../src/policy';

/**
 * The Definition of Done's input rule, for the whole API: every route of the policy table is fed
 * garbage (bodies, path segments, query parameters) and must answer 4xx problem+json, with field
 * errors when a body or query failed its contract, never a 5xx, and without appending an event.
 */

type Probe = {
  what: string;
  method: string;
  path: string;
  as?: Role;
  body?: RawBody;
  headers?: Record<string, string>;
  expect: Expectation;
};

/** Capabilities of the roles the probes call as (the policy test checks /me promises these). */
const capabilitiesOf: Partial<Record<Role, Capability[]>> = {
  premium: ['signed-in', 'not-demo', 'basic', 'premium', 'contacts'],
  admin: ['signed-in', 'not-demo', 'basic', 'premium', 'contacts', 'admin'],
};
/** Public routes are called anonymously; the rest as the first role the table lets through. */
function callerOf(requirement: Requirement): Role | undefined {
  if (allows({ kind: 'anonymous' }, requirement)) return undefined;
  const role = (['premium', 'admin'] as const).find((r) =>
    allows({ kind: 'user', userId: r, capabilities: new Set(capabilitiesOf[r]) }, requirement),
  );
  if (!role) throw new Error(`No test role passes ${String(requirement)}`);
  return role;
}

const routes = Object.entries(policy) as [PolicyRoute, Requirement][];
const methodOf = (route: PolicyRoute) => route.split(' ')[0]!;
const patternOf = (route: PolicyRoute) => route.split(' ')[1]!;
const hasParams = (route: PolicyRoute) => patternOf(route).includes('/:');
/** Path params filled from `params`, the rest with ids of nothing, in a shape the route takes. */
const pathOf = (route: PolicyRoute, params: Record<string, string> = {}) =>
  patternOf(route).replace(
    /:([a-zA-Z]+)/g,
    (_match: string, name: string) => params[name] ?? placeholder(name),
  );
function placeholder(name: string) {
  if (name === 'key') return 'site_logo_url';
  if (name === 'file') return `${'0'.repeat(64)}.png`;
  return nobody();
}

/** Garbage bodies for a route with a contract: each must be a 400-ish with field errors. */
function bodyProbes(route: PolicyRoute, valid: Valid): Probe[] {
  const base = { method: methodOf(route), path: pathOf(route, valid.params), as: callerOf(policy[route]) };
  const probes: Probe[] = notAnObject.map(([what, body]) => ({
    ...base,
    what,
    body,
    expect: { kind: 'invalid' },
  }));
  probes.push(
    { ...base, what: 'an empty object', body: asJson({}), expect: valid.emptyBody ?? { kind: 'invalid' } },
    { ...base, what: 'JSON sent as text/plain', body: asPlainText(valid.body), expect: { kind: 'refused' } },
  );
  if (route !== 'PUT /api/admin/site-settings/:key')
    probes.push({
      ...base,
      what: 'an unknown extra field',
      body: asJson({ ...valid.body, isAdmin: true }),
      expect: { kind: 'invalid', field: 'isAdmin' },
    });
  for (const [field, value] of Object.entries(valid.body))
    for (const [what, hostile] of hostileValuesFor(value))
      probes.push({
        ...base,
        what: `${field} as ${what}`,
        body: asJson({ ...valid.body, [field]: hostile }),
        expect: { kind: 'invalid', field },
      });
  return probes;
}

/**
 * A command route without a body ignores whatever is sent, like a GET ignores a body: the answer is
 * the one it gives with no body at all (except JSON that does not parse, refused before the route).
 */
function bodylessProbes(route: PolicyRoute, withoutBody: number): Probe[] {
  const base = { method: methodOf(route), path: pathOf(route), as: callerOf(policy[route]) };
  const same: Expectation = { kind: 'status', status: withoutBody, page: HTML_PAGES.has(route) };
  const rawBody = route === 'POST /api/v1/billing/webhook';
  return [
    { ...base, what: 'malformed JSON', body: malformedJson, expect: rawBody ? same : { kind: 'invalid' } },
    { ...base, what: 'a JSON array', body: asJson([1]), expect: same },
    {
      ...base,
      what: 'an object of unknown fields',
      body: asJson({ $where: 1, isAdmin: true }),
      expect: same,
    },
  ];
}

/** Stripe's webhook takes raw bytes and trusts only its signature: a forged one is a 400. */
const forgedWebhooks: Probe[] = [
  [
    'a Stripe event',
    asJson({ id: 'evt_forged', type: 'customer.subscription.deleted', data: { object: {} } }),
  ],
  ['malformed JSON', malformedJson],
].map(([what, body]) => ({
  what: `${what as string} under a forged signature`,
  method: 'POST',
  path: '/api/v1/billing/webhook',
  body: body as RawBody,
  headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
  expect: { kind: 'status', status: 400 },
}));

/** Credentials and keys from headers: forged or oversized, each is a 4xx, never a lookup that fails. */
const headerProbes: Probe[] = [
  ...[
    ['a forged token', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.'],
    ['a 10 kB token', `Bearer ${'a'.repeat(10_000)}`],
    ['another scheme', 'Basic YWRtaW46YWRtaW4='],
    ['a bare word', 'Bearer'],
  ].map(([what, authorization]) => ({
    what: `an Authorization header with ${what}`,
    method: 'GET',
    path: '/api/v1/me',
    headers: { authorization: authorization! },
    expect: { kind: 'status', status: 401 } as const,
  })),
  ...[
    ['a forged token', 'ht_refresh=forged-refresh-token-that-is-long-enough'],
    ['a 10 kB token', `ht_refresh=${'a'.repeat(10_000)}`],
    ['SQL', "ht_refresh=' or 1=1 --"],
  ].map(([what, cookie]) => ({
    what: `a refresh cookie with ${what}`,
    method: 'POST',
    path: '/api/v1/auth/refresh',
    headers: { cookie: cookie! },
    expect: { kind: 'status', status: 401 } as const,
  })),
  ...['k'.repeat(256), 'key with spaces'].map((key) => ({
    what: `an Idempotency-Key of ${key.length} characters`,
    method: 'POST',
    path: '/api/v1/contact-messages',
    body: asJson({}),
    headers: { 'idempotency-key': key },
    expect: { kind: 'invalid', field: 'Idempotency-Key' } as const,
  })),
];

function paramProbes(route: PolicyRoute, valid: Valid | undefined): Probe[] {
  return hostileSegments.map(([what, segment]) => ({
    what: `a path param that is ${what}`,
    method: methodOf(route),
    path: patternOf(route).replace(/:[a-zA-Z]+/g, segment),
    as: callerOf(policy[route]),
    ...(valid ? { body: asJson(valid.body) } : {}),
    expect: { kind: 'refused', page: HTML_PAGES.has(route) },
  }));
}

function queryProbes(route: PolicyRoute, fixtures: Fixtures): Probe[] {
  const path = pathOf(route, route.startsWith('GET /api/v1/lists/:id') ? { id: fixtures.listId } : {});
  const base = { method: 'GET', as: callerOf(policy[route]) };
  const invalid = (queries: [string, string][]): Probe[] =>
    queries.map(([what, query]) => ({
      ...base,
      what,
      path: `${path}?${query}`,
      expect: { kind: 'invalid' },
    }));
  const read: Probe = {
    ...base,
    what: 'ignorable hostile query parameters',
    path: `${path}?${ignorableQuery}`,
    expect: HTML_PAGES.has(route) ? { kind: 'status', status: 404, page: true } : { kind: 'read' },
  };
  if (ADMIN_LISTS.has(route)) return [...invalid(hostileAdminListQueries), read];
  if (PAGED.has(route))
    return invalid([...hostilePagingQueries, ['a NUL in the search text', 'q=%00&kind=%00']]);
  if (RANGE_QUERIES.has(route))
    return invalid([
      ['a range that is not one of the choices', 'range=forever'],
      ['a range that is JSON', 'range=[-1,1e12]'],
      ['a repeated range', 'range=7d&range=30d'],
    ]);
  return [read];
}

let app: TestApp;
let fixtures: Fixtures;

async function call(probe: Probe): Promise<{ status: number; type: string; body: unknown }> {
  const response = await app.request(probe.path, {
    method: probe.method,
    ...(probe.as ? { as: probe.as } : { ip: nextIp() }),
    ...(probe.body ? { body: probe.body.text } : {}),
    headers: { ...(probe.body ? { 'content-type': probe.body.type } : {}), ...probe.headers },
    redirect: 'manual',
  });
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  return { status: response.status, type, body: type.includes('json') && text ? JSON.parse(text) : text };
}

/** What is wrong with the answer to a probe, or null when it is what the rule demands. */
function complaint(probe: Probe, answer: { status: number; type: string; body: unknown }): string | null {
  const { status, type } = answer;
  const problem = answer.body as Partial<Problem> & { errors?: Record<string, string> };
  const isProblem = type.startsWith('application/problem+json') && typeof problem.title === 'string';
  const expectation = probe.expect;
  if (status >= 500) return `${status} ${problem.title ?? ''} ${problem.detail ?? ''}`;
  if (expectation.kind === 'read') return status < 300 || (status < 500 && isProblem) ? null : `${status}`;
  if (expectation.kind === 'status') {
    if (status !== expectation.status) return `expected ${expectation.status}, got ${status}`;
    if (status < 400) return null;
    return (expectation.page ? type.startsWith('text/html') : isProblem) ? null : `not a problem: ${type}`;
  }
  if (status < 400) return `accepted with ${status}`;
  if (expectation.kind === 'refused' && expectation.page && type.startsWith('text/html')) return null;
  if (!isProblem) return `${status} is not problem+json with a title (${type})`;
  if (expectation.kind === 'refused') return null;
  const fields = Object.keys(problem.errors ?? {});
  if (fields.length === 0) return `${status} ${problem.title} without field errors`;
  const { field } = expectation;
  if (field && !fields.some((f) => f === field || f.startsWith(`${field}.`)))
    return `${status} errors name ${fields.join(', ')}, not ${field}`;
  return null;
}

/** Runs the probes a few at a time (two cores are shared), collecting every complaint. */
async function runAll(probes: Probe[]): Promise<string[]> {
  const complaints: string[] = [];
  for (let i = 0; i < probes.length; i += 8) {
    const group = probes.slice(i, i + 8);
    const answers = await Promise.all(group.map(call));
    group.forEach((probe, j) => {
      const wrong = complaint(probe, answers[j]!);
      if (wrong) complaints.push(`${probe.method} ${probe.path.slice(0, 80)} with ${probe.what}: ${wrong}`);
    });
  }
  return complaints;
}

async function created(path: string, json: unknown): Promise<string> {
  const response = await app.request(path, { method: 'POST', as: 'premium', json });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { id?: string; list?: { id: string } };
  return body.list?.id ?? body.id!;
}

beforeAll(async () => {
  // Stripe configured (at an address nothing listens on: no probe may get that far), so the webhook
  // checks signatures instead of answering that billing runs on the simulator.
  app = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_51BadInputProbe',
    STRIPE_WEBHOOK_SECRET: 'whsec_bad_input_probe',
    STRIPE_API_BASE: 'http://127.0.0.1:9',
    STRIPE_PRICE_MONTHLY: 'price_1MonthlyProbe',
    STRIPE_PRICE_ANNUAL: 'price_1AnnualProbe',
  });
  await Promise.all((['premium', 'admin'] as const).map((role) => app.as(role)));
  // The premium caller has asked for its refund already: a valid request of the probes is a 409.
  const refund = await app.request('/api/v1/billing/refund-requests', {
    method: 'POST',
    as: 'premium',
    json: {},
  });
  if (refund.status !== 201) throw new Error(`refund request setup: ${refund.status} ${await refund.text()}`);
  fixtures = {
    listId: await created('/api/v1/lists', { name: 'Probe target' }),
    savedSearchId: await created('/api/v1/saved-searches', { name: 'Probe', searchParams: { query: 'x' } }),
    sequenceId: await created('/api/v1/sequences', PROBE_SEQUENCE),
    freeUserId: (await app.as('free')).userId,
  };
  await app.caughtUp();
});
afterAll(() => app?.close());

describe('every input from outside, refused cleanly', () => {
  it('refuses garbage in bodies, path params and query params on every route, appending nothing', async () => {
    const valid = validBodies(fixtures);
    const before = await app.eventCount();
    const probes: Probe[] = [];
    const bodyless: PolicyRoute[] = [];
    for (const [route] of routes) {
      const method = methodOf(route);
      if (valid[route]) probes.push(...bodyProbes(route, valid[route]));
      else if (method !== 'GET') bodyless.push(route);
      if (hasParams(route)) probes.push(...paramProbes(route, valid[route]));
      if (method === 'GET') probes.push(...queryProbes(route, fixtures));
    }
    // What each body-less command answers with no body; the same call with garbage must match it.
    const withoutBody = await Promise.all(
      bodyless.map(async (route) => {
        const answer = await call({
          what: 'no body',
          method: methodOf(route),
          path: pathOf(route),
          as: callerOf(policy[route]),
          expect: { kind: 'read' },
        });
        expect(answer.status, `${route} without a body`).toBeLessThan(500);
        return bodylessProbes(route, answer.status);
      }),
    );
    probes.push(...withoutBody.flat(), ...forgedWebhooks, ...headerProbes);

    const complaints = await runAll(probes);
    expect(complaints).toEqual([]);
    expect(probes.length).toBeGreaterThan(800);
    await app.caughtUp();
    expect(await app.eventCount(), 'events appended by refused requests').toBe(before);
  }, 60_000);

  it('takes a whole record back on a site setting, as react-admin saves it, keeping only the value', async () => {
    const response = await app.request('/api/admin/site-settings/seo_title', {
      method: 'PUT',
      as: 'admin',
      json: { id: 'seo_title', value: 'HealthTal', group: 'seo', isAdmin: true },
    });
    expect(response.status).toBe(200);
    const row = (await response.json()) as Record<string, unknown>;
    expect(row).toMatchObject({ id: 'seo_title', value: 'HealthTal' });
    expect(row).not.toHaveProperty('isAdmin');
  });
});

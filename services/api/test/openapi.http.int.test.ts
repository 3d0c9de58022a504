import { randomUUID } from 'node:crypto';
import {
  ADMIN_RESOURCE_NAMES,
  type AuthSession,
  adminResource,
  type CreateListResponse,
  type DemoGrantRow,
  type EmailTemplate,
  type MailOutboxRow,
  type ReadModelRow,
  type RedirectResponse,
  type ResumeSubmissionAccepted,
  type SavedSearchView,
  type SequenceView,
  type SiteSettingRow,
} from '@healthtal/contracts';
import { deliverWebhook, stripeEvent } from '@healthtal/testkit/billing';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import {
  nextIp,
  PASSWORD,
  ROLES,
  type Role,
  type SignedIn,
  startTestApp,
  type TestApp,
} from '@healthtal/testkit/harness';
import { type OpenApi, OpenApiValidator } from '@healthtal/testkit/openapi-validator';
import { VALID_RESUME } from '@healthtal/testkit/resumes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSearchFailure } from '../src/directory/search-errors';
import { unsubscribeToken } from '../src/outreach/sequences/unsubscribe-token';
import { policy } from '../src/policy';

let app: TestApp;
let doc: OpenApi;
let validator: OpenApiValidator;

/** Every answer of this file, held against the document. */
const failures: string[] = [];
const validated2xx = new Set<string>();

type Call = Parameters<TestApp['request']>[1] & { method?: string };

/** A real request; its answer is checked against the document and kept for the coverage count. */
async function call(path: string, init: Call = {}) {
  const method = init.method ?? 'GET';
  const response = await app.request(path, { redirect: 'manual', ...init, method });
  const body = await response.text();
  const checked = validator.check(method, path, { status: response.status, headers: response.headers, body });
  if (checked.problems.length > 0)
    failures.push(
      `${method} ${path} → ${response.status}: ${checked.problems.join('; ')} ${body.slice(0, 300)}`,
    );
  // A documented redirect (the billing simulator's forms) is the route's success too.
  else if (response.status < 400 && checked.operation) validated2xx.add(checked.operation);
  return {
    status: response.status,
    headers: response.headers,
    body,
    json: <T>() => JSON.parse(body) as T,
  };
}

/** A call whose success the scenario relies on. */
async function ok(path: string, init: Call = {}, status = 200) {
  const answer = await call(path, init);
  if (init.json !== undefined && answer.status === status) {
    const refused = validator.checkRequest(init.method ?? 'GET', path, init.json);
    if (refused.length > 0) failures.push(`${init.method} ${path}: accepted, but ${refused.join('; ')}`);
  }
  if (answer.status !== status)
    throw new Error(
      `${init.method ?? 'GET'} ${path}: expected ${status}, got ${answer.status} ${answer.body.slice(0, 500)}`,
    );
  return answer;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const nurses = ['ada', 'bo', 'cy', 'di'].map((key) => candidate(`openapi-${key}`));
const [ada, bo, cy] = nurses.map((n) => n.candidateId) as [string, string, string];

beforeAll(async () => {
  app = await startTestApp({ BILLING_SIMULATOR: 'on', OPENAI_API_KEY: '' });
  await Promise.all(ROLES.map((role) => app.as(role)));
  await importCandidates(app, nurses);
  doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as OpenApi;
  validator = new OpenApiValidator(doc);
}, 120_000);
afterAll(() => app?.close());

const operationKeys = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
const keyOf = (route: string) => {
  const [method, path] = route.split(' ') as [string, string];
  return `${method} ${path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
};

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and has an operation for every route of the policy table, and no other', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(operationKeys().sort()).toEqual(Object.keys(policy).map(keyOf).sort());
    const me = doc.paths['/api/v1/me']!.get! as unknown as { security: unknown };
    expect(me.security).toEqual([{ bearer: [] }]);
    const plans = doc.paths['/api/v1/billing/plans']!.get! as unknown as { security: unknown };
    expect(plans.security).toEqual([]);
    // Every operation: a unique id, each path template parameter declared, a problem+json default.
    const ids = new Set<string>();
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods)) {
        const operation = op as unknown as {
          operationId: string;
          parameters?: { name: string; in: string }[];
          responses: Record<string, { content?: Record<string, unknown> }>;
        };
        expect(ids.has(operation.operationId), operation.operationId).toBe(false);
        ids.add(operation.operationId);
        const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect(declared, `${method} ${path}`).toEqual(templated);
        expect(Object.keys(operation.responses.default?.content ?? {}), `${method} ${path}`).toContain(
          'application/problem+json',
        );
      }
    // The validator itself: a body that is not the contract's is caught.
    const json = new Headers({ 'content-type': 'application/json; charset=utf-8' });
    const wrong = validator.check('GET', '/api/v1/me', { status: 200, headers: json, body: '{"user":{}}' });
    expect(wrong.operation).toBe('GET /api/v1/me');
    expect(wrong.problems).not.toEqual([]);
    const html = new Headers({ 'content-type': 'text/html' });
    expect(
      validator.check('GET', '/api/v1/me', { status: 401, headers: html, body: '' }).problems,
    ).not.toEqual([]);
    expect(validator.checkRequest('POST', '/api/v1/lists', { name: 5 })).not.toEqual([]);
    expect(validator.checkRequest('POST', '/api/v1/lists', { name: 'Nurses' })).toEqual([]);
    expect(validator.templateOf('GET', '/api/admin/resume-submissions/counts')).toBe(
      '/api/admin/resume-submissions/counts',
    );
  });

  it('serves the interactive reference with same-origin scripts only, and Swagger UI’s files', async () => {
    const page = await fetch(`${app.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(inline!.trim(), 'no inline script').toBe('');
      expect(attributes).toMatch(/src="\/api\/docs\/[\w.-]+\.js"/);
    }
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const csp = page.headers.get('content-security-policy') ?? '';
    if (csp) expect(csp).toMatch(/script-src 'self'/);
    const bundle = await fetch(`${app.url}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const init = await fetch(`${app.url}/api/docs/init.js`);
    expect(await init.text()).toContain("url: '/api/openapi.json'");
    expect((await fetch(`${app.url}/api/docs/swagger-ui.css`)).status).toBe(200);
    expect((await fetch(`${app.url}/api/docs/`)).status).toBe(200);
    expect((await fetch(`${app.url}/api/docs/package.json`)).status).toBe(404);
    // Names of an object's own properties are no file either (the hostile sweep found a 500 here).
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect((await fetch(`${app.url}/api/docs/${name}`)).status, name).toBe(404);
  });

  it('answers an unknown /api path with 404 problem+json, not the web app', async () => {
    for (const path of ['/api/nope', '/api/v1/nope', '/api/docs/nope/deeper']) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/problem\+json/);
      expect(((await response.json()) as { status: number }).status).toBe(404);
    }
  });
});

describe('real answers validate against the document', () => {
  it('walks the product: every answer of the scenario matches its documented response', async () => {
    await publicRoutes();
    await identity();
    const basic = await app.as('basic');
    const premium = await app.as('premium');
    await directory();
    await workspace(premium);
    await outreach();
    await sequences();
    await intake();
    await adminConsole();
    await billing(basic);
    await everyAdminResource();
    expect(failures).toEqual([]);
  }, 120_000);

  it('walks the policy table for every role: refusals and other answers match the document too', async () => {
    const routes = Object.keys(policy).sort(
      (a, b) => Number(a.includes('logout')) - Number(b.includes('logout')),
    );
    for (const role of ['anonymous', ...ROLES] as const) {
      for (const key of routes) {
        const [method, pattern] = key.split(' ') as [string, string];
        await call(pattern.replace(/:[a-zA-Z]+/g, randomUUID()), {
          method,
          ...(role === 'anonymous' ? {} : { as: role }),
          ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
        });
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

describe('Stripe’s webhook answers as documented', () => {
  const secret = 'whsec_openapi_test_secret';
  let stripeApp: TestApp;
  beforeAll(async () => {
    // Nothing is asked of Stripe's API here: the event is one the product does not act on.
    stripeApp = await startTestApp({
      STRIPE_SECRET_KEY: 'sk_test_openapi',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_BASE: 'http://127.0.0.1:9',
      STRIPE_PRICE_MONTHLY: 'price_1Monthly',
      STRIPE_PRICE_ANNUAL: 'price_1Annual',
    });
  }, 120_000);
  afterAll(() => stripeApp?.close());

  it('acknowledges a signed event and refuses an unsigned one', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_openapi', object: 'customer' });
    for (const [signature, status] of [
      [undefined, 200],
      [null, 400],
    ] as const) {
      const response = await deliverWebhook(stripeApp, event, { secret, signature });
      const body = await response.text();
      const checked = validator.check('POST', '/api/v1/billing/webhook', {
        status: response.status,
        headers: response.headers,
        body,
      });
      expect(response.status, body).toBe(status);
      expect(checked.problems).toEqual([]);
      if (status === 200) validated2xx.add(checked.operation!);
    }
  });
});

describe('coverage', () => {
  it('reports how many operations a successful answer was validated for', () => {
    const all = operationKeys();
    const missing = all.filter((key) => !validated2xx.has(key)).sort();
    console.log(
      `[openapi] ${validated2xx.size} of ${all.length} operations have a validated success (2xx, or a documented 303) answer; without one: ${missing.length ? `\n  ${missing.join('\n  ')}` : 'none'}`,
    );
    // A new route may land before its scenario step does; most must be covered all the same.
    expect(validated2xx.size).toBeGreaterThan(all.length * 0.95);
  });
});

async function publicRoutes() {
  for (const path of [
    '/healthz',
    '/readyz',
    '/api/v1/billing/plans',
    '/api/v1/specialties',
    '/api/v1/site-settings',
    '/api/openapi.json',
    '/api/docs',
    '/api/docs/init.js',
    '/api/docs/swagger-ui.css',
  ])
    await call(path);
  await ok('/metrics', { as: 'admin' });
}

async function identity() {
  const ip = nextIp();
  const email = `openapi-${randomUUID()}@harness.test`;
  await ok(
    '/api/v1/auth/signup',
    {
      method: 'POST',
      ip,
      json: {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        phone: '555-010-2030',
        acceptTerms: true,
      },
    },
    201,
  );
  await ok('/api/v1/auth/resend-verification', { method: 'POST', ip, json: { email } }, 202);
  const token = await app.tokenFromMail(email, 'verify-email');
  await ok('/api/v1/auth/verify-email', { method: 'POST', ip, json: { token } });
  const login = await ok('/api/v1/auth/login', { method: 'POST', ip, json: { email, password: PASSWORD } });
  const cookie = /ht_refresh=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
  const refreshed = await ok('/api/v1/auth/refresh', { method: 'POST', ip, headers: { cookie } });
  const session = refreshed.json<AuthSession>();
  const user: SignedIn = {
    userId: session.user.id,
    email,
    accessToken: session.accessToken,
    refreshCookie: '',
  };
  await ok('/api/v1/me', { as: user });
  await ok('/api/v1/me/profile', {
    method: 'PUT',
    as: user,
    json: { name: 'Ada Recruiter', bio: 'Nurses.' },
  });
  await ok('/api/v1/me/notifications', {
    method: 'PUT',
    as: user,
    json: { marketing: false, newFeatures: true, securityAlerts: true },
  });
  await ok('/api/v1/billing/refund-eligibility', { as: user });
  await ok('/api/v1/auth/forgot-password', { method: 'POST', ip, json: { email } }, 202);
  const reset = await app.tokenFromMail(email, 'reset-password');
  await ok('/api/v1/auth/reset-password', {
    method: 'POST',
    ip,
    json: { token: reset, password: 'another horse battery', confirmPassword: 'another horse battery' },
  });
  await ok('/api/v1/auth/logout', { method: 'POST', ip, headers: { cookie } }, 204);
  for (const role of ROLES) await ok('/api/v1/me', { as: role });
}

async function directory() {
  await ok('/api/v1/search', { method: 'POST', as: 'basic', json: { query: 'nurse' } });
  await ok('/api/v1/search', { method: 'POST', as: 'free', json: { state: ['TX'] } });
  await ok('/api/v1/search', { method: 'POST', as: 'premium', json: { selectAll: true } });
  await ok('/api/v1/specialty-counts', { as: 'basic' });
  await ok('/api/v1/search/suggestions?field=skills&prefix=b', { as: 'free' });
  await ok('/api/v1/search/from-posting', {
    method: 'POST',
    as: 'free',
    json: { text: 'Travel ICU RN, 13-week contract in Phoenix, AZ 85006. Nights. BLS and ACLS.' },
  });
  await ok(`/api/v1/candidates/${ada}`, { as: 'basic' });
  await ok(`/api/v1/candidates/${ada}`, { as: 'demo' });
  await ok(`/api/v1/candidates/${ada}/reveal`, { method: 'POST', as: 'basic' });
  await ok(`/api/v1/candidates/${bo}/reveal`, { method: 'POST', as: 'demo-full' });
  await ok('/api/v1/exports', { method: 'POST', as: 'premium', json: { candidateIds: [ada, bo] } });
  await ok('/api/v1/exports', {
    method: 'POST',
    as: 'premium',
    json: { search: { query: 'nurse' }, format: 'xlsx' },
  });
  await ok('/api/v1/me/exports', { as: 'premium' });
  await ok('/api/v1/me/activity', { as: 'basic' });
  await ok('/api/v1/me/activity', { as: 'premium' });
}

async function workspace(premium: SignedIn) {
  const created = await ok(
    '/api/v1/lists',
    { method: 'POST', as: premium, json: { name: 'ICU nurses', candidateIds: [ada] } },
    201,
  );
  const list = created.json<CreateListResponse>().list.id;
  await ok('/api/v1/lists', { as: premium });
  await ok(`/api/v1/lists/${list}`, { as: premium });
  await ok(`/api/v1/lists/${list}`, { method: 'PATCH', as: premium, json: { description: 'Austin' } });
  await ok(`/api/v1/lists/${list}/members`, {
    method: 'POST',
    as: premium,
    json: { candidateIds: [bo, cy] },
  });
  await ok(`/api/v1/lists/${list}/members?q=Alex&limit=10`, { as: premium });
  await ok(`/api/v1/lists/${list}/members?selectAll=true`, { as: premium });
  await ok(`/api/v1/lists/${list}/members`, { method: 'DELETE', as: premium, json: { candidateIds: [cy] } });
  await ok(`/api/v1/lists/${list}/export`, { method: 'POST', as: premium, json: {} });
  await ok(`/api/v1/lists/${list}/export`, { method: 'POST', as: premium, json: { format: 'xlsx' } });
  await ok(`/api/v1/lists/${list}`, { method: 'DELETE', as: premium });

  const saved = await ok(
    '/api/v1/saved-searches',
    { method: 'POST', as: premium, json: { name: 'Texas', searchParams: { state: ['TX'] } } },
    201,
  );
  const search = saved.json<SavedSearchView>().id;
  await ok('/api/v1/saved-searches', { as: premium });
  await ok(`/api/v1/saved-searches/${search}`, { as: premium });
  await ok(`/api/v1/saved-searches/${search}/opened`, { method: 'POST', as: premium });
  await ok(`/api/v1/saved-searches/${search}`, { method: 'PATCH', as: premium, json: { name: 'TX' } });
  await ok(`/api/v1/saved-searches/${search}`, { method: 'DELETE', as: premium });
}

async function outreach() {
  const form = { jobTitle: 'ICU Nurse', jobDescription: 'Nights, Austin.' };
  await ok('/api/v1/email/generate', { method: 'POST', as: 'basic', json: form });
  await ok('/api/v1/email/generate', { method: 'POST', as: 'demo', json: form });
  const saved = await ok(
    '/api/v1/email/templates',
    {
      method: 'POST',
      as: 'basic',
      json: { jobTitle: 'ICU Nurse', subject: 'Hi', body: 'Hello {{first_name}}' },
    },
    201,
  );
  const template = saved.json<EmailTemplate>().id;
  await ok('/api/v1/email/templates', { as: 'basic' });
  await ok(`/api/v1/email/templates/${template}`, { as: 'basic' });
  await ok(`/api/v1/email/templates/${template}`, { method: 'DELETE', as: 'basic' }, 204);
}

/** Sequences as the basic recruiter who revealed Ada (directory()), and her unsubscribe link. */
async function sequences() {
  const form = {
    name: 'ICU nurses',
    steps: [{ subject: 'Hi {{first_name}}', body: 'A role.', waitBusinessDays: 0 }],
  };
  const made = await ok('/api/v1/sequences', { method: 'POST', as: 'basic', json: form }, 201);
  const sequence = made.json<SequenceView>().id;
  await ok('/api/v1/sequences', { as: 'basic' });
  await ok(`/api/v1/sequences/${sequence}`, { as: 'basic' });
  await ok(`/api/v1/sequences/${sequence}`, { method: 'PUT', as: 'basic', json: { ...form, name: 'ICU' } });
  await ok(`/api/v1/sequences/${sequence}/enrolments`, {
    method: 'POST',
    as: 'basic',
    json: { candidateIds: [ada] },
  });
  await ok(`/api/v1/sequences/${sequence}/enrolments`, { as: 'basic' });
  await ok(`/api/v1/candidates/${ada}/sequences`, { as: 'basic' });
  await ok('/api/v1/sequences/replies?page=1&limit=10', { as: 'basic' });
  await ok(`/api/v1/sequences/${sequence}/pause`, { method: 'POST', as: 'basic' });
  await ok(`/api/v1/sequences/${sequence}/resume`, { method: 'POST', as: 'basic' });
  await ok(`/api/v1/sequences/${sequence}/enrolments`, {
    method: 'DELETE',
    as: 'basic',
    json: { candidateIds: [ada] },
  });
  const { rows } = await app.pool.query<{ value: Buffer }>(
    `select value from server_secrets where name = 'unsubscribe-key'`,
  );
  const token = encodeURIComponent(unsubscribeToken(rows[0]!.value, ada));
  await ok(`/api/v1/unsubscribe?token=${token}`);
  await ok(`/api/v1/unsubscribe?token=${token}`, { method: 'POST' });
  await ok(`/api/v1/sequences/contacted?candidateIds=${ada}`, { as: 'basic' });
}

async function intake() {
  const ip = nextIp();
  const message = {
    name: 'Pat Doe',
    email: 'pat@example.org',
    phone: '5125550147',
    subject: 'A question',
    message: 'How do I subscribe?',
  };
  await ok('/api/v1/contact-messages', { method: 'POST', ip, json: message }, 201);
  const submit = async (n: number) =>
    (
      await ok(
        '/api/v1/resume-submissions',
        {
          method: 'POST',
          ip: nextIp(),
          json: { ...VALID_RESUME, email: `resume-${n}-${randomUUID()}@example.org` },
        },
        201,
      )
    ).json<ResumeSubmissionAccepted>().id;
  const [first, second, third, fourth] = [await submit(1), await submit(2), await submit(3), await submit(4)];
  await ok('/api/admin/resume-submissions', { as: 'admin' });
  await ok(
    '/api/admin/resume-submissions?filter={"status":"pending"}&range=[0,9]&sort=["submittedAt","DESC"]',
    {
      as: 'admin',
    },
  );
  await ok('/api/admin/resume-submissions/counts', { as: 'admin' });
  await ok(`/api/admin/resume-submissions/${first}`, { as: 'admin' });
  await ok(`/api/admin/resume-submissions/${first}/approve`, { method: 'POST', as: 'admin' });
  await ok(`/api/admin/resume-submissions/${second}/reject`, { method: 'POST', as: 'admin' });
  await ok('/api/admin/resume-submissions/bulk-approve', {
    method: 'POST',
    as: 'admin',
    json: { ids: [third] },
  });
  await ok('/api/admin/resume-submissions/bulk-reject', {
    method: 'POST',
    as: 'admin',
    json: { ids: [fourth] },
  });

  const removed = nurses[3]!.personalEmail!;
  await ok('/api/v1/removal-requests', { method: 'POST', ip, json: { email: removed } }, 202);
  const token = await app.tokenFromMail(removed, 'removal-confirmation');
  await ok('/api/v1/removal-requests/opt-out', { method: 'POST', ip, json: { token } });
  await ok('/api/v1/removal-requests/confirm', { method: 'POST', ip, json: { token } });
  const requests = await ok('/api/admin/removal-requests', { as: 'admin' });
  const [request] = requests.json<{ id: string }[]>();
  await ok(`/api/admin/removal-requests/${request!.id}`, { as: 'admin' });
  const messages = await ok('/api/admin/contact-messages', { as: 'admin' });
  await ok(`/api/admin/contact-messages/${messages.json<{ id: string }[]>()[0]!.id}`, { as: 'admin' });
}

async function adminConsole() {
  const admin: Role = 'admin';
  const someone = await app.signUp();
  await ok('/api/admin/users', { as: admin });
  await ok('/api/admin/users?filter={"q":"harness"}&range=[0,4]&sort=["email","ASC"]', { as: admin });
  await ok(`/api/admin/users/${someone.userId}`, { as: admin });
  await ok(`/api/admin/users/${someone.userId}/history`, { as: admin });
  await ok('/api/admin/user-stats', { as: admin });
  await ok(`/api/admin/users/${someone.userId}/admin-role`, { method: 'POST', as: admin });
  await ok(`/api/admin/users/${someone.userId}/admin-role`, { method: 'DELETE', as: admin });
  await ok(`/api/admin/users/${someone.userId}/password-reset-email`, {
    method: 'POST',
    as: admin,
    json: {},
  });
  const unverified = `unverified-${randomUUID()}@harness.test`;
  const signup = await ok(
    '/api/v1/auth/signup',
    {
      method: 'POST',
      ip: nextIp(),
      json: {
        email: unverified,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        phone: '555-010-2030',
        acceptTerms: true,
      },
    },
    201,
  );
  const unverifiedId = signup.json<{ user: { id: string } }>().user.id;
  await ok(`/api/admin/users/${unverifiedId}/verification-email`, { method: 'POST', as: admin, json: {} });
  await app.subscribe(someone, 'price_monthly');
  await ok(`/api/admin/users/${someone.userId}/plan`, {
    method: 'POST',
    as: admin,
    json: { priceId: 'price_annual', from: 'price_monthly', reason: 'Upgrade agreed by phone' },
  });
  const grant = (
    await ok(
      '/api/admin/demo-grants',
      { method: 'POST', as: admin, json: { userId: someone.userId, duration: '1d' } },
      201,
    )
  ).json<DemoGrantRow>();
  await ok('/api/admin/demo-grants', { as: admin });
  await app.caughtUp();
  await ok(`/api/admin/demo-grants/${grant.id}`, { as: admin });
  await ok(`/api/admin/demo-grants/${grant.id}`, { method: 'DELETE', as: admin });
  await ok(`/api/admin/users/${someone.userId}/demo-grants`, { method: 'DELETE', as: admin });
  await ok(`/api/admin/users/${someone.userId}`, { method: 'DELETE', as: admin });

  const mails = (await ok('/api/admin/mail-outbox', { as: admin })).json<MailOutboxRow[]>();
  await ok(`/api/admin/mail-outbox/${mails[0]!.id}`, { as: admin });
  await ok('/api/admin/outbox?filter={"kind":"verify-email"}', { as: admin });
  await ok(`/api/admin/outbox/${mails[0]!.id}`, { as: admin });

  await ok('/api/admin/dashboard?range=7d', { as: admin });
  const models = (await ok('/api/admin/read-models', { as: admin })).json<ReadModelRow[]>();
  await ok('/api/admin/parked-events', { as: admin });
  await ok(`/api/admin/read-models/${models[0]!.id}`, { as: admin });
  await ok(`/api/admin/read-models/${models[0]!.id}/retry`, { method: 'POST', as: admin });

  const settings = (await ok('/api/admin/site-settings', { as: admin })).json<SiteSettingRow[]>();
  const text = settings.find((row) => row.kind === 'text')!;
  // The logo takes a PNG (the favicon keys may want an icon).
  const image = settings.find((row) => row.key === 'site_logo_url')!;
  await ok(`/api/admin/site-settings/${text.key}`, { as: admin });
  await ok(`/api/admin/site-settings/${text.key}`, {
    method: 'PUT',
    as: admin,
    json: { value: 'HealthTal' },
  });
  const uploaded = await ok(
    `/api/admin/site-settings/${image.key}/image`,
    { method: 'POST', as: admin, headers: { 'content-type': 'image/png' }, body: PNG },
    201,
  );
  await ok(new URL(uploaded.json<SiteSettingRow>().value).pathname);
  await ok(`/api/admin/site-settings/${image.key}/image`, { method: 'DELETE', as: admin });

  const logId = await recordSearchFailure(app.store, { errorMessage: 'openapi test', searchQuery: 'nurse' });
  await app.caughtUp();
  await ok('/api/admin/search-error-logs', { as: admin });
  await ok(`/api/admin/search-error-logs/${logId}`, { as: admin });
  await ok('/api/admin/search-error-stats?range=7d', { as: admin });
  await ok(`/api/admin/search-error-logs/${logId}`, { method: 'DELETE', as: admin });
}

/** Each console resource of the registry (aliases too): its list, and the record of its first row. */
async function everyAdminResource() {
  for (const name of ADMIN_RESOURCE_NAMES)
    for (const path of adminResource(name).paths) {
      const [first] = (await ok(`/api/admin/${path}`, { as: 'admin' })).json<{ id: string | number }[]>();
      if (first) await ok(`/api/admin/${path}/${encodeURIComponent(first.id)}`, { as: 'admin' });
    }
}

async function billing(basic: SignedIn) {
  await ok('/api/v1/billing/refund-eligibility', { as: basic });
  const buyer = await app.signUp();
  const checkout = await ok('/api/v1/billing/checkout', {
    method: 'POST',
    as: buyer,
    json: { priceId: 'price_monthly' },
  });
  const page = checkout.json<RedirectResponse>().url;
  await ok(page);
  await ok(`${page}/complete`, { method: 'POST' }, 303);
  const portal = await ok('/api/v1/billing/portal', { method: 'POST', as: buyer });
  const portalPage = portal.json<RedirectResponse>().url;
  await ok(portalPage);
  await ok(`${portalPage}/cancel`, { method: 'POST' }, 303);

  const quitter = await app.signUp();
  const second = await ok('/api/v1/billing/checkout', {
    method: 'POST',
    as: quitter,
    json: { priceId: 'price_annual' },
  });
  await ok(`${second.json<RedirectResponse>().url}/cancel`, { method: 'POST' }, 303);
  await call(second.json<RedirectResponse>().url);
}

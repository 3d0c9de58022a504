import { randomUUID } from 'node:crypto';
import type { ContactDetails, CreateListResponse, SignupResponse } from '@healthtal/contracts';
import { everyone, importCandidates, james, maria } from '@healthtal/testkit/candidates';
import { ADMIN_EMAIL, nextIp, PASSWORD, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { TestClock } from '@healthtal/testkit/test-clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 32, findings 1, 3 and 9: an Idempotency-Key belongs to one request — its caller, its method
 * and actual path, its body — and is never handed to another, not after a dropped connection and not
 * after its 24 hours (docs/adr/0004-commands-idempotency.md). Real HTTP and PostgreSQL.
 */

let app: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  app = await startTestApp({}, { clock });
  await importCandidates(app, everyone);
});
afterAll(() => app?.close());

const signupForm = (email: string) => ({
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  phone: '555-010-2030',
  acceptTerms: true,
});
const signUpWithKey = (key: string, email: string, ip: string, signal?: AbortSignal) =>
  app.request('/api/v1/auth/signup', {
    method: 'POST',
    json: signupForm(email),
    headers: { 'idempotency-key': key },
    ip,
    ...(signal ? { signal } : {}),
  });
const login = (email: string, ip: string) =>
  app.request('/api/v1/auth/login', { method: 'POST', json: { email, password: PASSWORD }, ip });
const waitFor = async <T>(what: string, probe: () => Promise<T | null>): Promise<T> => {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const found = await probe();
    if (found !== null) return found;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${what}: still not there after 10 s`);
};

describe('an Idempotency-Key on sign-up cannot take over an account (finding 1)', () => {
  it('refuses the key for another address after the first sign-up was cut off, and mails the attacker nothing', async () => {
    const ip = nextIp();
    const key = `signup-${randomUUID()}`;
    const attacker = `attacker-${randomUUID()}@evil.example`;
    // The admin address, with no account yet: sign up for it and hang up once the server has the
    // request (the key claimed, the sign-up running: tens of milliseconds in).
    const hangUp = new AbortController();
    const cutOff = signUpWithKey(key, ADMIN_EMAIL, ip, hangUp.signal).catch(() => undefined);
    await waitFor('the claim of the key', async () => {
      const { rowCount } = await app.database.pool.query('select 1 from idempotency_keys where key = $1', [
        key,
      ]);
      return rowCount ? true : null;
    });
    hangUp.abort();
    await cutOff;
    // The server finishes the cut-off sign-up: its verification mail goes to the admin address.
    await waitFor('the first sign-up', () => app.lastMail(ADMIN_EMAIL, 'verify-email'));

    const takeover = await signUpWithKey(key, attacker, ip);
    expect(takeover.status, await takeover.clone().text()).toBe(422);
    expect(await app.lastMail(attacker)).toBeNull();
    // The attacker, who chose the password, still cannot sign in to the unverified admin account.
    expect((await login(ADMIN_EMAIL, nextIp())).status).toBe(403);

    // The cut-off request's own retry gets its answer.
    const retry = await signUpWithKey(key, ADMIN_EMAIL, ip);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    // Anonymous callers no longer share one scope: from another address the key is another key.
    const elsewhere = await signUpWithKey(key, ADMIN_EMAIL, nextIp());
    expect(elsewhere.headers.get('idempotent-replayed')).toBeNull();
    expect(elsewhere.status).toBe(409);
  });

  it('after the key has expired, the same key with another address is a sign-up of that address only', async () => {
    const ip = nextIp();
    const key = `signup-${randomUUID()}`;
    const victim = `victim-${randomUUID()}@harness.test`;
    const attacker = `attacker-${randomUUID()}@evil.example`;
    const first = await signUpWithKey(key, victim, ip);
    expect(first.status).toBe(201);
    const victimId = ((await first.json()) as SignupResponse).user.id;
    // 25 hours on: the key's stored answer has expired.
    await app.database.pool.query(
      `update idempotency_keys set created_at = created_at - interval '25 hours' where key = $1`,
      [key],
    );

    const later = await signUpWithKey(key, attacker, ip);
    expect(later.status).toBe(201);
    const body = (await later.json()) as SignupResponse;
    expect(body.user.id).not.toBe(victimId);
    expect(body.user.email).toBe(attacker);
    const token = await app.tokenFromMail(attacker, 'verify-email');
    const verified = await app.request('/api/v1/auth/verify-email', { method: 'POST', json: { token }, ip });
    expect(await verified.json()).toMatchObject({ verified: true, email: attacker });
    expect((await login(victim, nextIp())).status, 'the victim address stays unverified').toBe(403);
    expect((await login(attacker, nextIp())).status).toBe(200);
  });
});

describe('one Idempotency-Key over exports of different searches (finding 3)', () => {
  it('hands out only the first file and refuses the key for the others, so every file handed out is logged', async () => {
    const user = await app.as('premium');
    const key = { 'idempotency-key': `export-${randomUUID()}` };
    const searches = [
      { specialty: ['Registered Nurse'] },
      { specialty: ['Cardiology'] },
      { query: 'Delgado' },
      { query: 'Okafor' },
    ];
    const statuses: number[] = [];
    for (const search of searches) {
      const response = await app.request('/api/v1/exports', {
        method: 'POST',
        as: 'premium',
        json: { search },
        headers: key,
      });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses).toEqual([200, 422, 422, 422]);
    const logged = await app.store.readStream(`exports-${user.userId}`);
    expect(logged.filter((event) => event.type === 'CandidatesExported')).toHaveLength(1);
  });
});

describe("the Idempotency-Key's scope holds the path's ids (finding 9)", () => {
  it('deletes list B with the key that deleted list A, instead of replaying A', async () => {
    const user = await app.signUp();
    await app.subscribe(user, 'price_monthly');
    await app.caughtUp();
    const create = async (name: string) => {
      const response = await app.request('/api/v1/lists', { method: 'POST', as: user, json: { name } });
      return ((await response.json()) as CreateListResponse).list.id;
    };
    const [a, b] = [await create('List A'), await create('List B')];
    const key = { 'idempotency-key': `delete-${randomUUID()}` };
    const remove = (id: string) =>
      app.request(`/api/v1/lists/${id}`, { method: 'DELETE', as: user, headers: key });

    expect((await remove(a)).status).toBe(200);
    const second = await remove(b);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(await second.json()).toMatchObject({ id: b });
    expect((await app.request(`/api/v1/lists/${b}`, { as: user })).status).toBe(404);
  });

  it("reveals the second candidate's contacts, not the first's again, with one key", async () => {
    const key = { 'idempotency-key': `reveal-${randomUUID()}` };
    const reveal = async (id: string) => {
      const response = await app.request(`/api/v1/candidates/${id}/reveal`, {
        method: 'POST',
        as: 'premium',
        headers: key,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as ContactDetails;
    };
    expect((await reveal(maria.candidateId)).personalEmail).toBe(maria.personalEmail);
    const second = await reveal(james.candidateId);
    expect(second.workEmail).toBe(james.workEmail);
    expect(second.personalEmail).toBe(james.personalEmail);
  });
});

describe('a refusal for the moment is not the answer a key keeps', () => {
  it('runs a request refused by a rate limit again when it is retried with its key after Retry-After', async () => {
    const ip = nextIp();
    const message = (n: number) => ({
      name: 'Dana Whitfield',
      email: 'dana@example.org',
      phone: '(555) 010-2030',
      subject: `Team plans ${n}`,
      message: 'We have twelve recruiters; do you offer team plans?',
    });
    const send = (n: number, key: string) =>
      app.request('/api/v1/contact-messages', {
        method: 'POST',
        json: message(n),
        headers: { 'idempotency-key': key },
        ip,
      });
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) statuses.push((await send(n, `contact-${randomUUID()}`)).status);
    expect(statuses.every((status) => status === 201)).toBe(true);
    const key = `contact-${randomUUID()}`;
    const refused = await send(10, key);
    expect(refused.status).toBe(429);

    clock.advance(Number(refused.headers.get('retry-after')) * 1000);
    const retried = await send(10, key);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(retried.status).toBe(201);
    const replayed = await send(10, key);
    expect([replayed.status, replayed.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
  });
});

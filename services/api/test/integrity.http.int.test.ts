import { randomUUID } from 'node:crypto';
import type { CreateListResponse, ListMembersPage } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { nextIp, PASSWORD, type SignedIn, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Bursts of requests that race each other (issue: integrity under concurrency). Each ends with
// every read model caught up: a race must neither break an invariant nor stall a projector.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 60_000);
afterAll(() => app?.close());

const signupForm = (email: string) => ({
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  phone: '(555) 010-2030',
  acceptTerms: true,
});
const signUpOnce = (email: string) =>
  app.request('/api/v1/auth/signup', { method: 'POST', json: signupForm(email), ip: nextIp() });

/** Every read model has applied every event: the readiness check says so within a bound. */
async function everyReadModelCaughtUp() {
  await Promise.race([
    app.caughtUp(),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('read models did not catch up in 10 s')), 10_000),
    ),
  ]);
  const ready = await app.request('/readyz');
  const body = await ready.json();
  expect(ready.status, JSON.stringify(body)).toBe(200);
}

describe('sign-ups racing for one address', () => {
  it('five at once: one account (201), four refusals (409), it signs in, every read model caught up', async () => {
    const email = `race-${randomUUID()}@harness.test`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => signUpOnce(email)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);

    const token = await app.tokenFromMail(email, 'verify-email');
    expect(
      (await app.request('/api/v1/auth/verify-email', { method: 'POST', json: { token }, ip: nextIp() }))
        .status,
    ).toBe(200);
    const login = await app.request('/api/v1/auth/login', {
      method: 'POST',
      json: { email, password: PASSWORD },
      ip: nextIp(),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const me = await app.request('/api/v1/me', { headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(200);

    await everyReadModelCaughtUp();
    const { rows } = await app.database.pool.query('select id from users where lower(email) = lower($1)', [
      email,
    ]);
    expect(rows).toHaveLength(1);
    const claims = await app.database.pool.query(
      "select count(*)::int as n from eventstore.events where type = 'EmailClaimed' and stream_id in (select stream_id from eventstore.events where type = 'EmailClaimed' and data->>'userId' = $1)",
      [rows[0].id],
    );
    expect(claims.rows[0].n).toBe(1);
  });

  it('many addresses, several sign-ups each, all at once: one account per address, later accounts still work', async () => {
    const emails = Array.from({ length: 6 }, () => `burst-${randomUUID()}@harness.test`);
    const answers = await Promise.all(emails.flatMap((email) => [1, 2, 3].map(() => signUpOnce(email))));
    const created = answers.filter((r) => r.status === 201).length;
    expect(created).toBe(emails.length);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(emails.length * 2);
    await everyReadModelCaughtUp();
    const { rows } = await app.database.pool.query(
      'select lower(email) as email, count(*)::int as n from users where lower(email) = any($1) group by 1',
      [emails.map((e) => e.toLowerCase())],
    );
    expect(rows.map((r) => r.n)).toEqual(emails.map(() => 1));
    // The users read model is not stalled: a new account reads its own /me.
    const later = await app.signUp();
    const me = await app.request('/api/v1/me', { as: later });
    expect(me.status).toBe(200);
  });

  it('an account deleted by an admin frees its address in the same write: it can sign up again', async () => {
    const user = await app.signUp();
    const deleted = await app.request(`/api/admin/users/${user.userId}`, { method: 'DELETE', as: 'admin' });
    expect(deleted.status).toBeLessThan(300);
    const again = await Promise.all([signUpOnce(user.email), signUpOnce(user.email)]);
    expect(again.map((r) => r.status).sort()).toEqual([201, 409]);
    await everyReadModelCaughtUp();
  });
});

describe('list members added and removed at once', () => {
  let owner: SignedIn;
  const people = Array.from({ length: 50 }, (_, i) => candidate(`integrity-${i}`, { lastName: `Burst${i}` }));
  beforeAll(async () => {
    owner = await app.signUp();
    await app.subscribe(owner, 'price_annual');
    await importCandidates(app, people);
    await app.caughtUp();
  }, 60_000);

  const newList = async () => {
    const created = await app.request('/api/v1/lists', {
      method: 'POST',
      as: owner,
      json: { name: 'Burst' },
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as CreateListResponse).list.id;
  };
  const memberCount = async (listId: string) => {
    const page = await app.request(`/api/v1/lists/${listId}/members?limit=100`, { as: owner });
    const body = (await page.json()) as ListMembersPage;
    return { members: body.count, counted: body.list.memberCount };
  };

  it('fifty parallel adds to one list all succeed, and the list holds all fifty', async () => {
    const listId = await newList();
    const answers = await Promise.all(
      people.map(({ candidateId }) =>
        app.request(`/api/v1/lists/${listId}/members`, {
          method: 'POST',
          as: owner,
          json: { candidateIds: [candidateId] },
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(people.map(() => 200));
    await everyReadModelCaughtUp();
    expect(await memberCount(listId)).toEqual({ members: 50, counted: 50 });
    const { rows } = await app.database.pool.query(
      'select count(*)::int as n from list_members where list_id = $1',
      [listId],
    );
    expect(rows[0].n).toBe(50);
  });

  it('adds and removes interleaved on one list all succeed and end in the state they commute to', async () => {
    const listId = await newList();
    const [kept, dropped] = [people.slice(0, 20), people.slice(20, 30)];
    const add = (ids: string[]) =>
      app.request(`/api/v1/lists/${listId}/members`, {
        method: 'POST',
        as: owner,
        json: { candidateIds: ids },
      });
    const remove = (ids: string[]) =>
      app.request(`/api/v1/lists/${listId}/members`, {
        method: 'DELETE',
        as: owner,
        json: { candidateIds: ids },
      });
    expect((await add(dropped.map((p) => p.candidateId))).status).toBe(200);
    const answers = await Promise.all([
      ...kept.map((p) => add([p.candidateId])),
      ...dropped.map((p) => remove([p.candidateId])),
    ]);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    await everyReadModelCaughtUp();
    expect(await memberCount(listId)).toEqual({ members: 20, counted: 20 });
  });
});

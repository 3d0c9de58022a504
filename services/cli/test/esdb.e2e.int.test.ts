import {
  type CreateListResponse,
  type ListMembersPage,
  RemovalMessages,
  type SearchResponse,
} from '@healthtal/contracts';
import { KurrentDBDouble } from '@healthtal/eventstore/testing';
import { importCsv } from '@healthtal/testkit/directory-import';
import { nextIp, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The product as production runs it on EventStoreDB (`EVENT_STORE=esdb`), its events written to and
 * read from a KurrentDB over the real gRPC wire (the double of docs/adr/0020), while the read
 * models, personal data keys and checkpoints stay in PostgreSQL.
 */
let double: KurrentDBDouble;
let app: TestApp;

beforeAll(async () => {
  double = await KurrentDBDouble.start({ statsEveryMs: 500 });
  app = await startTestApp({ EVENT_STORE: 'esdb', ESDB_URL: double.connectionString });
});
afterAll(async () => {
  await app?.close();
  await double?.stop();
});

const post = (path: string, json: unknown, as?: 'premium') =>
  app.request(path, { method: 'POST', json, ip: nextIp(), ...(as ? { as } : {}) });

const searchIds = async (query: string) => {
  const response = await app.request('/api/v1/search', { method: 'POST', json: { query }, as: 'premium' });
  expect(response.status).toBe(200);
  return ((await response.json()) as SearchResponse).data.map((card) => card.id);
};

describe('HealthTal on EventStoreDB', () => {
  it('signs up, imports, searches, keeps a list and removes a professional, all through KurrentDB', {
    timeout: 120_000,
  }, async () => {
    // Sign up (and verify, and sign in) a recruiter; the premium role is a real sign-up too.
    const recruiter = await app.signUp();
    expect(recruiter.accessToken).toBeTruthy();
    await app.as('premium');

    const summary = await importCsv(app, [
      {
        firstName: 'Ines',
        lastName: 'Okoro',
        specialty: 'Nurse Practitioner',
        city: 'Tucson',
        state: 'AZ',
        personalEmail: 'ines.okoro@mail.example',
      },
      {
        firstName: 'Paul',
        lastName: 'Okoro',
        specialty: 'Nurse Practitioner',
        city: 'Tucson',
        state: 'AZ',
        personalEmail: 'paul.okoro@mail.example',
      },
    ]);
    expect(summary).toMatchObject({ imported: 2 });
    await app.caughtUp();
    const found = await searchIds('Okoro');
    expect(found).toHaveLength(2);

    const created = await post('/api/v1/lists', { name: 'Tucson NPs', candidateIds: found }, 'premium');
    expect(created.status).toBe(201);
    const listId = ((await created.json()) as CreateListResponse).list.id;
    await app.caughtUp();
    const members = await app.request(`/api/v1/lists/${listId}/members`, { as: 'premium' });
    expect(((await members.json()) as ListMembersPage).data.map((card) => card.id).sort()).toEqual(
      found.sort(),
    );

    const requested = await post('/api/v1/removal-requests', { email: 'ines.okoro@mail.example' });
    expect(requested.status).toBe(202);
    const token = await app.tokenFromMail('ines.okoro@mail.example', 'removal-confirmation');
    const confirmed = await post('/api/v1/removal-requests/confirm', { token });
    expect(await confirmed.json()).toEqual({ removed: true, message: RemovalMessages.removed });
    await app.caughtUp();
    expect(await searchIds('Ines')).toEqual([]);
    expect(await searchIds('Okoro')).toHaveLength(1);

    // Every event went to KurrentDB: none in PostgreSQL's events table, all of them in the double's log.
    expect(await app.eventCount()).toBe(0);
    const streams = new Set(double.log.records.map((record) => record.streamId));
    expect(streams).toContain(`user-${recruiter.userId}`);
    expect(streams).toContain(`list-${listId}`);
    expect([...streams].some((stream) => stream.startsWith('candidate-'))).toBe(true);
  });
});

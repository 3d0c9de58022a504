import { randomUUID } from 'node:crypto';
import { eventDefinitions } from '@healthtal/contracts';
import {
  EventRegistry,
  eventStoreMigrations,
  type NewEvent,
  PersonalDataKeys,
  PostgresEventStore,
  runMigrations,
} from '@healthtal/eventstore';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityProjection, emailTemplatesProjection, workspaceProjection } from '../src';
import { type Projection, Projector, projectionMigrations, replayIntoSchema } from '../src/runtime';

let database: TestDatabase;
let keys: PersonalDataKeys;
let store: PostgresEventStore;
beforeAll(async () => {
  database = await createTestDatabase();
  await runMigrations(database.pool, 'eventstore', eventStoreMigrations);
  await runMigrations(database.pool, 'projections', projectionMigrations);
  keys = new PersonalDataKeys(database.pool);
  store = new PostgresEventStore({
    pool: database.pool,
    registry: new EventRegistry(eventDefinitions),
    personalData: keys,
    pollIntervalMs: 50,
  });
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  type,
  data,
  metadata: {
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    correlationId: 'forgotten-test',
    causationId: randomUUID(),
  },
});
const template = (ownerId: string) =>
  event('EmailTemplateSaved', {
    templateId: randomUUID(),
    ownerId,
    name: 'RN outreach',
    subject: 'A role for you',
    body: 'Hello from Dana',
    tone: 'professional',
    length: 'short',
    positionType: 'full-time',
  });

/** The read model's rows, every table, as text: what a rebuild must equal. */
const rows = async (projection: Projection, schema = 'public') => {
  const all: string[] = [];
  for (const table of projection.tables) {
    const { rows } = await database.pool.query<{ t: string }>(
      `select t::text as t from "${schema}"."${table}" t`,
    );
    all.push(...rows.map((r) => `${table}: ${r.t}`));
  }
  return all.sort();
};

describe("a write that raced its user's deletion or its candidate's erasure", () => {
  it('adds no row, keeps nothing personal in the log, and a rebuild equals the live read models', async () => {
    const [user, candidate, other] = [randomUUID(), randomUUID(), randomUUID()];
    const listId = randomUUID();
    await store.append(`template-${randomUUID()}`, [template(user)]);
    await store.append(`reveals-${user}`, [
      event('ContactRevealed', { userId: other, candidateId: candidate, viaDemoGrant: false }),
    ]);
    // The admin deletes the user (and erases their data); a candidate asks to be removed.
    await store.append(`user-${user}`, [
      event('UserDeleted', { userId: user, deletedBy: 'admin' }),
      event('PersonalDataErased', { subjectId: user }),
    ]);
    await keys.erase(user);
    await store.append(`candidate-${candidate}`, [event('PersonalDataErased', { subjectId: candidate })]);
    await keys.erase(candidate);
    // Requests that passed their checks a moment before land now.
    const late = template(user);
    await store.append(`template-${randomUUID()}`, [late]);
    await store.append(`list-${listId}`, [
      event('ListCreated', { listId, ownerId: user, name: 'Night shift', description: null }),
    ]);
    const otherList = randomUUID();
    await store.append(`list-${otherList}`, [
      event('ListCreated', { listId: otherList, ownerId: other, name: 'ICU', description: null }),
      event('CandidatesAddedToList', { listId: otherList, candidateIds: [candidate] }),
    ]);
    await store.append(`reveals-${other}`, [
      event('ContactRevealed', { userId: other, candidateId: candidate, viaDemoGrant: false }),
    ]);
    await store.append(`reveals-${user}`, [
      event('ContactRevealed', { userId: user, candidateId: candidate, viaDemoGrant: false }),
    ]);

    // The late template's text was never stored: the erased user has no key to encrypt it with.
    const raw = await database.pool.query<{ data: string }>(
      `select data::text as data from eventstore.events where event_id = $1`,
      [late.metadata.eventId],
    );
    expect(raw.rows[0]!.data).not.toContain('Hello from Dana');
    expect(raw.rows[0]!.data).not.toMatch(/pd[12]:/);

    for (const projection of [emailTemplatesProjection, workspaceProjection, activityProjection]) {
      const projector = new Projector({ pool: database.pool, store, projection });
      await projector.start();
      await projector.caughtUp();
      await projector.stop();
      const live = await rows(projection);
      const forgotten = `${projection.name}_forgotten`;
      for (const row of live.filter((r) => !r.startsWith(forgotten))) {
        expect(row, projection.name).not.toContain(user);
        expect(row, projection.name).not.toContain(candidate);
      }
      const schema = `rebuild_${projection.name}`;
      await replayIntoSchema(database.pool, store, projection, schema);
      expect(await rows(projection, schema), projection.name).toEqual(live);
    }
    // The other user's list stays, without the erased candidate; their reveals stay, without whom.
    const lists = await database.pool.query('select id from lists');
    expect(lists.rows.map((r) => r.id)).toEqual([otherList]);
    expect((await database.pool.query('select 1 from list_members')).rowCount).toBe(0);
    const activity = await database.pool.query('select user_id, candidate_id from user_activity');
    expect(activity.rows).toEqual([
      { user_id: other, candidate_id: null },
      { user_id: other, candidate_id: null },
    ]);
  });
});

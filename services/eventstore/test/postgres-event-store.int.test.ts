import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractDefinitions } from '../src/contract/contract-support';
import { contractRegistry, eventStoreContract, incremented } from '../src/contract/event-store.contract';
import type { RecordedEvent } from '../src/event-store';
import { START } from '../src/event-store';
import { runMigrations } from '../src/migrations';
import { PersonalDataKeys } from '../src/personal-data';
import { compactIndexesAfterBulkLoad } from '../src/postgres/bulk-load';
import { PostgresEventStore } from '../src/postgres/postgres-event-store';
import { eventStoreMigrations } from '../src/postgres/schema';
import { LISTENING_POLL_MS } from '../src/postgres/subscription';
import { EventRegistry } from '../src/registry';
import { createTestDatabase, type TestDatabase } from '../src/testing';

eventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase();
  await runMigrations(database.pool, 'eventstore', eventStoreMigrations);
  const keys = new PersonalDataKeys(database.pool);
  const store = new PostgresEventStore({
    pool: database.pool,
    registry: contractRegistry,
    pollIntervalMs: 50,
    personalData: keys,
  });
  return {
    store,
    storeWith: (registry) => new PostgresEventStore({ pool: database.pool, registry, personalData: keys }),
    erasePersonalData: async (subject) => void (await keys.erase(subject)),
    teardown: async () => {
      await store.close();
      await database.drop();
    },
  };
});

/** A fresh database with the event store migrated, and a store over it that seals personal data. */
async function storeWithPersonalData() {
  const database = await createTestDatabase();
  await runMigrations(database.pool, 'eventstore', eventStoreMigrations);
  const store = new PostgresEventStore({
    pool: database.pool,
    registry: contractRegistry,
    personalData: new PersonalDataKeys(database.pool),
  });
  return { database, store };
}

describe('PostgreSQL personal data at rest', () => {
  it('stores personal fields encrypted, so the table never holds them in the clear', async () => {
    const { database, store } = await storeWithPersonalData();
    try {
      await store.append('person-p1', [
        {
          type: 'PersonRegistered',
          data: { personId: 'p1', email: 'grace@example.org', name: 'Grace Hopper', plan: 'monthly' },
          metadata: incremented().metadata,
        },
      ]);
      const { rows } = await database.pool.query('select data::text as data from eventstore.events');
      expect(rows[0].data).not.toContain('grace@example.org');
      expect(rows[0].data).not.toContain('Grace Hopper');
      expect(rows[0].data).toContain('monthly');
    } finally {
      await store.close();
      await database.drop();
    }
  });
});

describe('PostgreSQL erasure of fields an older version kept in the clear', () => {
  it('reads them as null once the person is erased, and removes them from the row', async () => {
    const { database, store } = await storeWithPersonalData();
    // The same type as an earlier version of the product declared it: only the email was sealed.
    const person = contractDefinitions.PersonRegistered;
    const before = new PostgresEventStore({
      pool: database.pool,
      registry: new EventRegistry({
        PersonRegistered: { ...person, personalData: { ...person.personalData, fields: ['email'] } },
      }),
      personalData: new PersonalDataKeys(database.pool),
    });
    const registered = (personId: string, name: string) => ({
      type: 'PersonRegistered',
      data: { personId, email: `${personId}@example.org`, name, plan: 'monthly' },
      metadata: incremented().metadata,
    });
    const stored = async (stream: string) =>
      (
        await database.pool.query<{ data: string }>(
          'select data::text as data from eventstore.events where stream_id = $1',
          [stream],
        )
      ).rows[0]!.data;
    try {
      await before.append('person-grace', [registered('grace', 'Grace Hopper')]);
      await before.append('person-ada', [registered('ada', 'Ada Lovelace')]);
      expect(await stored('person-grace')).toContain('Grace Hopper');
      const keys = new PersonalDataKeys(database.pool);
      await keys.erase('grace');

      expect((await store.readStream('person-grace'))[0]!.data).toEqual({
        personId: 'grace',
        email: null,
        name: null,
        plan: 'monthly',
      });
      expect(await store.purgeErasedPersonalData('person-grace')).toBe(1);
      expect(await stored('person-grace')).not.toContain('Grace Hopper');
      // What was sealed stays as it was: without the key it is nothing.
      expect(JSON.parse(await stored('person-grace'))).toEqual({
        personId: 'grace',
        name: null,
        plan: 'monthly',
        _pd: expect.stringMatching(/^pd2:/),
      });
      expect((await store.readStream('person-grace'))[0]!.data).toMatchObject({ email: null, name: null });
      // Done once; an event sealed whole is never rewritten; someone not erased keeps every value.
      expect(await store.purgeErasedPersonalData('person-grace')).toBe(0);
      await store.append('person-grace', [registered('grace', 'Grace Again')]);
      expect(await store.purgeErasedPersonalData('person-grace')).toBe(0);
      expect(await store.purgeErasedPersonalData('person-ada')).toBe(0);
      expect((await store.readStream('person-ada'))[0]!.data).toMatchObject({
        email: 'ada@example.org',
        name: 'Ada Lovelace',
      });
    } finally {
      await before.close();
      await store.close();
      await database.drop();
    }
  });
});

describe('PostgreSQL personal data keys cached by another thread', () => {
  it("keeps reading an erased person until that thread's cache forgets the key", async () => {
    const { database, store: writer } = await storeWithPersonalData();
    // The projectors' thread: its own store and key cache over the same database.
    const projectorKeys = new PersonalDataKeys(database.pool);
    const projectorStore = new PostgresEventStore({
      pool: database.pool,
      registry: contractRegistry,
      personalData: projectorKeys,
    });
    const apiKeys = new PersonalDataKeys(database.pool);
    try {
      const personId = randomUUID();
      await writer.append(`person-${personId}`, [
        {
          type: 'PersonRegistered',
          data: { personId, email: 'grace@example.org', name: 'Grace Hopper', plan: 'monthly' },
          metadata: incremented().metadata,
        },
      ]);
      const read = async () => (await projectorStore.readStream(`person-${personId}`))[0]!.data;
      expect(await read()).toMatchObject({ email: 'grace@example.org' });
      expect(await apiKeys.erase(personId)).toBe(true);
      // Its key is still in the other thread's cache: why an erasure tells that thread (forget).
      expect(await read()).toMatchObject({ email: 'grace@example.org' });
      projectorKeys.forget(personId);
      expect(await read()).toEqual({ personId, email: null, name: null, plan: 'monthly' });
    } finally {
      await projectorStore.close();
      await writer.close();
      await database.drop();
    }
  });
});

describe('PostgreSQL metadata at rest', () => {
  it('leaves out the event id, a causation equal to it and version 1, and reads every field back', async () => {
    const database = await createTestDatabase();
    await runMigrations(database.pool, 'eventstore', eventStoreMigrations);
    const store = new PostgresEventStore({ pool: database.pool, registry: contractRegistry });
    try {
      const own = incremented(1);
      own.metadata.causationId = own.metadata.eventId;
      const caused = incremented(2, { causationId: 'command-7', userId: 'u-1' });
      const legacy = incremented(3);
      await store.append('counter-m1', [own, caused, legacy]);
      // A row written before the compact form: every field stored.
      await database.pool.query(`update eventstore.events set metadata = $2::jsonb where event_id = $1`, [
        legacy.metadata.eventId,
        JSON.stringify({ ...legacy.metadata, schemaVersion: 1, correlationId: 'old' }),
      ]);
      const { rows } = await database.pool.query<{ metadata: Record<string, unknown> }>(
        'select metadata from eventstore.events order by stream_position',
      );
      expect(rows[0]!.metadata).toEqual({ occurredAt: own.metadata.occurredAt, correlationId: 'contract' });
      expect(rows[1]!.metadata).toEqual({
        occurredAt: caused.metadata.occurredAt,
        correlationId: 'contract',
        causationId: 'command-7',
        userId: 'u-1',
      });
      const read = await store.readStream('counter-m1');
      expect(read.map((event) => event.metadata)).toEqual([
        { ...own.metadata, schemaVersion: 1 },
        { ...caused.metadata, schemaVersion: 1 },
        { ...legacy.metadata, schemaVersion: 1, correlationId: 'old' },
      ]);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});

describe('PostgreSQL $all readers and late commits', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    await runMigrations(database.pool, 'eventstore', eventStoreMigrations);
    store = new PostgresEventStore({ pool: database.pool, registry: contractRegistry, pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('never skips an event whose transaction started earlier but committed later', async () => {
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe({
      fromPosition: START,
      onEvents: async (events) => void seen.push(...events),
    });

    // A slow writer takes its position first and holds its transaction open…
    const slow = await database.pool.connect();
    const slowStream = `counter-slow-${randomUUID()}`;
    await slow.query('begin');
    await slow.query('select * from eventstore.append_events($1, -2, $2)', [
      slowStream,
      JSON.stringify([
        { id: randomUUID(), type: 'CounterIncremented', data: { by: 1 }, metadata: incremented().metadata },
      ]),
    ]);

    // …while fast writers commit events with later global positions.
    const fastStreams = Array.from({ length: 5 }, () => `counter-fast-${randomUUID()}`);
    for (const stream of fastStreams) await store.append(stream, [incremented(2)]);

    // Readers may not move past the open transaction: none of the fast events is visible yet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toHaveLength(0);
    expect(await store.readAll({ fromPosition: START })).toHaveLength(0);

    await slow.query('commit');
    slow.release();

    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(6);
    await subscription.stop();
    expect(seen[0]!.streamId).toBe(slowStream);
    expect(seen.slice(1).map((e) => e.streamId)).toEqual(fastStreams);
    // A reader that starts over sees the same order.
    expect((await store.readAll({ fromPosition: START })).map((e) => e.streamId)).toEqual(
      seen.map((e) => e.streamId),
    );
  });

  it('caughtUp() covers an event committed before the call, even while an older transaction is open', async () => {
    const from = await store.headPosition();
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe({
      fromPosition: from,
      onEvents: async (events) => void seen.push(...events),
    });
    const older = await database.pool.connect();
    try {
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      const stream = `counter-settle-${randomUUID()}`;
      await store.append(stream, [incremented(7)]);
      const caughtUp = subscription.caughtUp();
      setTimeout(() => void older.query('commit'), 200);
      await caughtUp;
      expect(seen.map((e) => e.streamId)).toContain(stream);
    } finally {
      older.release();
      await subscription.stop();
    }
  });

  it('a reader that saw the fast events first still gets the late one (position order would skip it)', async () => {
    const head = await store.headPosition();
    const slow = await database.pool.connect();
    const fast = await database.pool.connect();
    try {
      // The fast transaction gets its transaction id first, the slow one takes the lower global position.
      await fast.query('begin');
      await fast.query('select pg_current_xact_id()');
      await slow.query('begin');
      await slow.query('select pg_current_xact_id()');
      const append = (client: typeof slow, stream: string) =>
        client.query('select * from eventstore.append_events($1, -2, $2)', [
          stream,
          JSON.stringify([
            {
              id: randomUUID(),
              type: 'CounterIncremented',
              data: { by: 1 },
              metadata: incremented().metadata,
            },
          ]),
        ]);
      const slowStream = `counter-late-${randomUUID()}`;
      const fastStream = `counter-early-${randomUUID()}`;
      await append(slow, slowStream);
      await append(fast, fastStream);
      await fast.query('commit');
      const firstRead = await store.readAll({ fromPosition: head });
      expect(firstRead.map((e) => e.streamId)).toEqual([fastStream]);
      await slow.query('commit');
      const secondRead = await store.readAll({ fromPosition: firstRead[0]!.position });
      expect(secondRead.map((e) => e.streamId)).toEqual([slowStream]);
      expect(secondRead[0]!.position.prepare).toBeLessThan(firstRead[0]!.position.prepare);
    } finally {
      slow.release();
      fast.release();
    }
  });

  it('reads an event held back by an older transaction that appends nothing soon after it ends (no notification comes then)', async () => {
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe({
      fromPosition: await store.headPosition(),
      onEvents: async (events) => void seen.push(...events),
    });
    const older = await database.pool.connect();
    try {
      // Caught up and pausing for as long as notifications allow (LISTENING_POLL_MS).
      await subscription.caughtUp();
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      const stream = `counter-held-${randomUUID()}`;
      await store.append(stream, [incremented(3)]);
      // Notified, but not readable while the older transaction is open.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seen).toHaveLength(0);
      const ended = performance.now();
      await older.query('commit');
      await expect.poll(() => seen.map((e) => e.streamId), { timeout: 4000, interval: 20 }).toEqual([stream]);
      // The notifier's look at the head woke it, not its own 5-second poll.
      expect(performance.now() - ended).toBeLessThan(LISTENING_POLL_MS / 2);
    } finally {
      older.release();
      await subscription.stop();
    }
  });
});

describe('PostgreSQL indexes after a bulk load', () => {
  it('rebuilds the key-ordered indexes in place, dropping a rebuild left invalid, and reads as before', async () => {
    const { database, store } = await storeWithPersonalData();
    const indexes = async () =>
      (
        await database.pool.query<{ name: string; valid: boolean }>(
          `select c.relname as name, i.indisvalid as valid from pg_index i
             join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'eventstore' order by 1`,
        )
      ).rows;
    try {
      await store.createStreams(
        Array.from({ length: 300 }, (_, i) => ({
          streamId: `person-${String(i).padStart(4, '0')}`,
          events: [
            {
              type: 'PersonRegistered',
              data: { personId: `p${i}`, email: `p${i}@example.org`, name: 'P', plan: 'monthly' },
              metadata: incremented().metadata,
            },
          ],
        })),
      );
      // What a rebuild killed midway leaves: an invalid copy beside the index.
      await database.pool.query('create index events_by_type_ccnew on eventstore.events (type)');
      await database.pool.query(
        `update pg_index set indisvalid = false where indexrelid = 'eventstore.events_by_type_ccnew'::regclass`,
      );
      const before = await indexes();
      expect(before).toContainEqual({ name: 'events_by_type_ccnew', valid: false });

      await compactIndexesAfterBulkLoad(database.pool);

      const after = await indexes();
      expect(after.every((index) => index.valid)).toBe(true);
      expect(after.map((index) => index.name)).toEqual(
        before.map((index) => index.name).filter((name) => name !== 'events_by_type_ccnew'),
      );
      const read = await store.readAll({ fromPosition: START, limit: 1000 });
      expect(read).toHaveLength(300);
      expect(await store.readStream('person-0299')).toHaveLength(1);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});

describe('migrations', () => {
  it('refuse a list that uses an id twice, before touching the database', async () => {
    const database = await createTestDatabase();
    try {
      const twice = [
        { id: '042-a', sql: 'create table migration_a (id int)' },
        { id: '042-a', sql: 'create table migration_b (id int)' },
      ];
      await expect(runMigrations(database.pool, 'test', twice)).rejects.toThrow(
        'test migrations: the id 042-a is used twice',
      );
      const made = await database.pool.query("select to_regclass('migration_a') as a");
      expect(made.rows[0].a).toBeNull();
    } finally {
      await database.drop();
    }
  });
});

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { EventStore, NewEvent, PersonalDataKeys, RecordedEvent } from '@healthtal/eventstore';
import { PersonalDataKeys as Keys } from '@healthtal/eventstore';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { Projector, usersProjection } from '@healthtal/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config';
import { createEventStore } from '../src/event-store';
import { parseReplayArgs, printEvents, replayReadModel } from '../src/replay';
import { migrate } from '../src/start';

// The auditor's replay: events as they were recorded up to a moment, and a read model rebuilt as it
// stood then, in a schema of its own. A person erased since stays erased in both.

let database: TestDatabase;
let store: EventStore;
let keys: PersonalDataKeys;

/** Users registered before `cut`, one after; the first one was erased later on. */
const early = { kept: randomUUID(), erased: randomUUID() };
const late = randomUUID();
let cut: Date;

const metadata = () => ({
  eventId: randomUUID(),
  occurredAt: new Date().toISOString(),
  correlationId: 'replay-test',
  causationId: 'replay-test',
});
const registered = (userId: string): NewEvent => ({
  type: 'UserRegistered',
  data: {
    userId,
    email: `${userId.slice(0, 8)}@example.org`,
    passwordHash: 'x',
    phone: '+15555550100',
    termsAcceptedAt: new Date().toISOString(),
  },
  metadata: metadata(),
});
const verified = (userId: string): NewEvent => ({
  type: 'EmailVerified',
  data: { userId },
  metadata: metadata(),
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.pool);
  keys = new Keys(database.pool);
  store = createEventStore(database.pool, keys);
  await store.append(`user-${early.kept}`, [registered(early.kept), verified(early.kept)]);
  await store.append(`user-${early.erased}`, [registered(early.erased)]);
  // recorded_at comes from the database clock; leave a clear gap on both sides of the cut.
  await pause(50);
  cut = new Date();
  await pause(50);
  await store.append(`user-${late}`, [registered(late)]);
  await store.append(`user-${early.kept}`, [
    {
      type: 'ProfileUpdated',
      data: { userId: early.kept, name: 'Later Name', bio: '' },
      metadata: metadata(),
    },
  ]);
  await keys.erase(early.erased);
});

afterAll(async () => {
  await store?.close();
  await database?.drop();
});

const printed = async (args: string[]) => {
  const lines: string[] = [];
  const request = parseReplayArgs(args);
  if (request.kind !== 'events') throw new Error('expected an events request');
  await printEvents(store, request, (line) => lines.push(line));
  return lines.map((line) => JSON.parse(line) as RecordedEvent & { recordedAt: string });
};

describe('healthtal replay: events up to a moment', () => {
  it('prints every event recorded up to the moment, in $all order, and none after', async () => {
    const events = await printed(['--until', cut.toISOString()]);
    expect(events.map((e) => [e.streamId, e.type])).toEqual([
      [`user-${early.kept}`, 'UserRegistered'],
      [`user-${early.kept}`, 'EmailVerified'],
      [`user-${early.erased}`, 'UserRegistered'],
    ]);
    expect(events.every((e) => new Date(e.recordedAt) <= cut)).toBe(true);
    const later = await printed(['--until', new Date(Date.now() + 60_000).toISOString()]);
    expect(later).toHaveLength(5);
  });

  it('filters by stream and by type', async () => {
    const stream = await printed(['--until', cut.toISOString(), '--stream', `user-${early.kept}`]);
    expect(stream.map((e) => [e.streamPosition, e.type])).toEqual([
      [0, 'UserRegistered'],
      [1, 'EmailVerified'],
    ]);
    const typed = await printed([
      '--until',
      new Date(Date.now() + 60_000).toISOString(),
      '--type',
      'UserRegistered',
    ]);
    expect(typed.map((e) => e.streamId)).toEqual([
      `user-${early.kept}`,
      `user-${early.erased}`,
      `user-${late}`,
    ]);
    const both = await printed([
      '--until',
      cut.toISOString(),
      '--stream',
      `user-${late}`,
      '--type',
      'UserRegistered',
    ]);
    expect(both).toEqual([]);
  });

  it('shows personal fields decrypted, and an erased person’s as null', async () => {
    const events = await printed(['--until', cut.toISOString(), '--type', 'UserRegistered']);
    const kept = events.find((e) => e.streamId === `user-${early.kept}`)!;
    const erased = events.find((e) => e.streamId === `user-${early.erased}`)!;
    expect(kept.data).toMatchObject({
      email: `${early.kept.slice(0, 8)}@example.org`,
      phone: '+15555550100',
    });
    expect(erased.data).toMatchObject({ userId: early.erased, email: null, phone: null, passwordHash: null });
  });
});

describe('healthtal replay: a read model as it stood', () => {
  it('builds the users read model as of the moment into its own schema, leaving the live one alone', async () => {
    const request = parseReplayArgs([
      '--until',
      cut.toISOString(),
      '--projection',
      'users',
      '--schema',
      'replay_audit1',
    ]);
    if (request.kind !== 'readModel') throw new Error('expected a read model request');
    const { tables } = await replayReadModel(database.pool, store, request);
    expect(tables).toEqual(['replay_audit1.users']);
    const { rows } = await database.pool.query(
      'select id, email, email_verified, name from replay_audit1.users order by email nulls last',
    );
    expect(rows).toEqual([
      { id: early.kept, email: `${early.kept.slice(0, 8)}@example.org`, email_verified: true, name: '' },
      // Registered before the moment, erased since: the row is there, the person is not.
      { id: early.erased, email: null, email_verified: false, name: '' },
    ]);
    // The live read model, tailing as usual, holds everyone and is untouched by the replay.
    const projector = new Projector({ pool: database.pool, store, projection: usersProjection });
    await projector.start();
    await projector.caughtUp();
    await projector.stop();
    expect((await database.pool.query('select count(*)::int as n from public.users')).rows[0].n).toBe(3);
  });

  it('replaces an earlier replay into the same schema', async () => {
    const request = parseReplayArgs([
      '--until',
      new Date(Date.now() + 60_000).toISOString(),
      '--projection',
      'users',
      '--schema',
      'replay_audit1',
    ]);
    if (request.kind !== 'readModel') throw new Error('expected a read model request');
    await replayReadModel(database.pool, store, request);
    const { rows } = await database.pool.query('select name from replay_audit1.users where id = $1', [
      early.kept,
    ]);
    expect(rows).toEqual([{ name: 'Later Name' }]);
    expect((await database.pool.query('select count(*)::int as n from replay_audit1.users')).rows[0].n).toBe(
      3,
    );
  });
});

describe('healthtal replay: the command line', () => {
  it('refuses a moment without a zone, a schema outside replay_, and an unknown read model', () => {
    expect(() => parseReplayArgs(['--until', '2026-03-01 12:00'])).toThrow(ConfigError);
    expect(() => parseReplayArgs([])).toThrow(/--until/);
    expect(() =>
      parseReplayArgs(['--until', '2026-03-01', '--projection', 'users', '--schema', 'public']),
    ).toThrow(/--schema must be replay_/);
    expect(() => parseReplayArgs(['--until', '2026-03-01', '--projection', 'nope'])).toThrow(
      /one of: .*users/,
    );
    expect(parseReplayArgs(['--until', '2026-03-01'])).toMatchObject({
      kind: 'events',
      until: new Date('2026-03-01T00:00:00Z'),
    });
    expect(parseReplayArgs(['--until', '2026-03-01T12:00:00+02:00', '--projection', 'users'])).toMatchObject({
      kind: 'readModel',
      schema: 'replay_users',
      until: new Date('2026-03-01T10:00:00Z'),
    });
  });

  it('prints JSON lines from `healthtal replay` against DATABASE_URL', async () => {
    const main = path.resolve(import.meta.dirname, '../src/main.ts');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', main, 'replay', '--until', cut.toISOString(), '--type', 'EmailVerified'],
      { env: { ...process.env, DATABASE_URL: database.url, EVENT_STORE: 'postgres' } },
    );
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      expect.objectContaining({
        streamId: `user-${early.kept}`,
        type: 'EmailVerified',
        data: { userId: early.kept },
      }),
    ]);
  });
});

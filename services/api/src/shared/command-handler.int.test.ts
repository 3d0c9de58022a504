import { randomUUID } from 'node:crypto';
import { eventDefinitions } from '@healthtal/contracts';
import {
  EventRegistry,
  type EventStore,
  eventStoreMigrations,
  PostgresEventStore,
  runMigrations,
  WrongExpectedVersion,
} from '@healthtal/eventstore';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDecider } from '../workspace/list.decider';
import { CONFLICT_RETRY, type CommandContext, handleCommand, toEnvelopes } from './command-handler';

let database: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  database = await createTestDatabase();
  await runMigrations(database.pool, 'eventstore', eventStoreMigrations);
  store = new PostgresEventStore({ pool: database.pool, registry: new EventRegistry(eventDefinitions) });
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

const owner = randomUUID();
const context = (): CommandContext => ({
  commandId: randomUUID(),
  correlationId: 'command-handler-test',
  userId: owner,
  now: new Date(),
});

/**
 * A writer in another process: it appends to the stream between our read and our append, `times`
 * times, which is what a version conflict looks like from here.
 */
function withRivalWrites(times: number, rivalEvents: () => Parameters<EventStore['append']>[1]): EventStore {
  let left = times;
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'append') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<EventStore['append']>) => {
        if (left-- > 0) await target.append(args[0], rivalEvents());
        return target.append(...args);
      };
    },
  });
}

async function newList() {
  const listId = randomUUID();
  await handleCommand(
    store,
    `list-${listId}`,
    listDecider,
    {
      type: 'CreateList',
      listId,
      ownerId: owner,
      name: 'Night shift',
      description: null,
      candidateIds: [],
    } as never,
    context(),
  );
  return listId;
}
const addCommand = (listId: string, ids: string[]) =>
  ({ type: 'AddCandidatesToList', listId, userId: owner, candidateIds: ids }) as never;
const rivalAdd = (listId: string) => () =>
  toEnvelopes(
    `list-${listId}`,
    [{ type: 'CandidatesAddedToList', data: { listId, candidateIds: [randomUUID()] } } as never],
    context(),
  );

describe('handleCommand under version conflicts from another process', () => {
  it('decides again on the new state and succeeds when the commands commute', async () => {
    const listId = await newList();
    const contested = withRivalWrites(3, rivalAdd(listId));
    const mine = randomUUID();
    await handleCommand(contested, `list-${listId}`, listDecider, addCommand(listId, [mine]), context());
    const history = await store.readStream(`list-${listId}`);
    expect(history).toHaveLength(1 + 3 + 1);
    expect(JSON.stringify(history.at(-1)!.data)).toContain(mine);
  });

  it('gives up with the conflict after its bounded attempts', async () => {
    const listId = await newList();
    const contested = withRivalWrites(CONFLICT_RETRY.attempts, rivalAdd(listId));
    await expect(
      handleCommand(contested, `list-${listId}`, listDecider, addCommand(listId, [randomUUID()]), context()),
    ).rejects.toBeInstanceOf(WrongExpectedVersion);
  });
});

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { type EventStore, isAfter, PersonalDataKeys } from '@healthtal/eventstore';
import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import {
  contactMessagesProjection,
  directoryProjection,
  type Projection,
  readCheckpoint,
  rebuildProjection,
} from '@healthtal/projections';
import { type MockCluster, startMockCluster } from '@healthtal/relay/testing';
import { candidate } from '@healthtal/testkit/directory-fixture';
import { testMetadata } from '@healthtal/testkit/harness';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createEventStore } from '../src/event-store';
import { migrate, REPO_ROOT } from '../src/start';
import { contactMessage } from './support/kafka-fixture';

let database: TestDatabase;
let store: EventStore;
let personalData: PersonalDataKeys;
let cluster: MockCluster;
const children: ChildProcessWithoutNullStreams[] = [];

beforeEach(async () => {
  [database, cluster] = await Promise.all([createTestDatabase(), startMockCluster()]);
  // Dropping the database ends connections the pool is still closing; that is not a failure.
  database.pool.on('error', () => undefined);
  await migrate(database.pool);
  personalData = new PersonalDataKeys(database.pool);
  store = createEventStore(database.pool, personalData);
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await store.close();
  await cluster.stop();
  await database.drop();
});

/** `healthtal <command>` in a process of its own, resolved once it logged `ready`. */
async function startCli(args: string[], ready: string): Promise<ChildProcessWithoutNullStreams> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'services/cli/src/main.ts'), ...args],
    {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        KAFKA_BROKERS: cluster.brokers.join(','),
        KAFKA_SESSION_TIMEOUT_MS: '3000',
        LOG_LEVEL: 'info',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += String(chunk);
  });
  for await (const line of createInterface({ input: child.stdout })) {
    output += `${line}\n`;
    if (line.includes(`"msg":"${ready}"`)) return child;
  }
  throw new Error(`healthtal ${args.join(' ')} exited before "${ready}":\n${output}`);
}

const kill = async (child: ChildProcessWithoutNullStreams) => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
};

/**
 * What the product writes, in rounds: candidates imported, contact messages, and people erased
 * (PersonalDataErased, then their key deleted) while the pipeline is still carrying their import.
 */
async function writeRounds(rounds: number, from = 0): Promise<void> {
  for (let round = from; round < from + rounds; round++) {
    const imported = Array.from({ length: 40 }, (_, i) => candidate(`r${round}-${i}`));
    await store.createStreams(
      imported.map((data) => ({
        streamId: `candidate-${data.candidateId}`,
        events: [{ type: 'CandidateImported', data, metadata: testMetadata() }],
      })),
    );
    for (let i = 0; i < 15; i++) await store.append(`contact-r${round}`, [contactMessage(i)]);
    for (const erased of imported.slice(0, 2)) {
      const subjectId = erased.candidateId;
      await store.append(`candidate-${subjectId}`, [
        { type: 'PersonalDataErased', data: { subjectId }, metadata: testMetadata() },
      ]);
      await personalData.erase(subjectId);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const count = async (table: string) =>
  Number((await database.pool.query(`select count(*) as n from ${table}`)).rows[0].n);

async function caughtUp(projection: Projection): Promise<boolean> {
  const head = await store.headPosition({ settle: true, types: projection.handles });
  const checkpoint = await readCheckpoint(database.pool, projection.name);
  return checkpoint !== null && !isAfter(head, checkpoint.position);
}

/** Every row of the read model in a stable order, leaving out the batch cursors (see below). */
async function rowsOf(projection: Projection) {
  const queries: Record<string, string[]> = {
    contact_messages: ['select * from contact_messages order by id'],
    // Left out: the search index's change feed. `seq` and `revision` count identity values and
    // batches, so they depend on how events were batched (and on rolled-back identity values); a
    // `directory_removed` tombstone exists only if the live model showed the candidate before their
    // erasure (a rebuild never does: the erased import reads back without names). In direct mode too.
    directory: [
      'select * from directory_candidates order by id',
      'select * from directory_contacts order by candidate_id',
      'select * from specialty_counts order by specialty',
    ],
  };
  const tables = [];
  for (const sql of queries[projection.name]!) {
    const { rows } = await database.pool.query(sql);
    tables.push(rows.map(({ seq: _seq, revision: _revision, ...row }) => row));
  }
  return tables;
}

/** The rows that differ, as JSON, table by table: readable where a deep-equal diff of thousands is not. */
function differences(rebuilt: object[][], live: object[][]) {
  return rebuilt.flatMap((rows, table) => {
    const json = (list: object[]) => list.map((row) => JSON.stringify(row));
    const [left, right] = [json(rows), json(live[table]!)];
    const onlyRebuilt = left.filter((row) => !right.includes(row)).map((row) => `rebuild only: ${row}`);
    const onlyLive = right.filter((row) => !left.includes(row)).map((row) => `live only: ${row}`);
    return [...onlyRebuilt, ...onlyLive].slice(0, 6);
  });
}

it('after the relay and a projector are killed mid-stream and restarted, read models equal a rebuild', async () => {
  const projections = [directoryProjection, contactMessagesProjection];
  const names = projections.map((p) => p.name);
  let [relay, projectors] = await Promise.all([
    startCli(['relay'], 'relay running'),
    startCli(['projectors', ...names], 'projectors running'),
  ]);

  const writing = writeRounds(30);
  await expect
    .poll(() => count('directory_candidates'), { timeout: 30_000, interval: 25 })
    .toBeGreaterThan(150);
  await Promise.all([kill(relay), kill(projectors)]);
  const atKill = await count('directory_candidates');
  await writing;
  await writeRounds(5, 30);
  expect(atKill).toBeLessThan(35 * 38);

  [relay, projectors] = await Promise.all([
    startCli(['relay'], 'relay running'),
    startCli(['projectors', ...names], 'projectors running'),
  ]);
  for (const projection of projections)
    await expect.poll(() => caughtUp(projection), { timeout: 40_000, interval: 100 }).toBe(true);
  expect(await count('directory_candidates')).toBe(35 * 38);
  expect(await count('contact_messages')).toBe(35 * 15);
  expect(await count('directory_contacts where personal_email is not null')).toBe(35 * 38);

  await Promise.all([kill(relay), kill(projectors)]);
  for (const projection of projections) {
    const live = await rowsOf(projection);
    await rebuildProjection(database.pool, store, projection);
    expect(differences(await rowsOf(projection), live)).toEqual([]);
  }
}, 120_000);

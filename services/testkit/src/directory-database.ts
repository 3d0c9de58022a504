import { createEventStore, migrate } from '@healthtal/cli';
import { createTestDatabase } from '@healthtal/eventstore/testing';
import { directoryProjection, Projector } from '@healthtal/projections';

/**
 * A fresh, migrated database per test (imports share tables, progress and suppression, on purpose),
 * with the product's event store over it and the directory read model's projector running: what
 * `healthtal import` and the background seed write into, without a server.
 */
export async function freshDirectory() {
  const database = await createTestDatabase();
  await migrate(database.pool);
  const store = createEventStore(database.pool);
  const projector = new Projector({ pool: database.pool, store, projection: directoryProjection });
  await projector.start();
  const pool = database.pool;
  const scalar = async (sql: string, params: unknown[] = []) =>
    Number(Object.values((await pool.query(sql, params)).rows[0] as object)[0]);
  return {
    pool,
    store,
    projector,
    scalar,
    candidateStreams: () =>
      scalar(`select count(*) from eventstore.streams where stream_id like 'candidate-%'`),
    importEvents: () => scalar(`select count(*) from eventstore.events where type = 'CandidateImported'`),
    distinctEventIds: () =>
      scalar(`select count(distinct event_id) from eventstore.events where type = 'CandidateImported'`),
    async close() {
      await projector.stop();
      await store.close();
      await database.drop();
    },
  };
}

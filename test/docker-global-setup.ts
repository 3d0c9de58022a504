import { GenericContainer, type StartedTestContainer, Wait } from 'testcontainers';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A KurrentDB server (insecure, single node) for the EventStoreDB adapter's suites. */
    kurrentdbUrl: string;
  }
}

/** Override to try another server version, e.g. an EventStoreDB 24.10 image. */
const KURRENTDB_IMAGE = process.env.KURRENTDB_IMAGE ?? 'kurrentplatform/kurrentdb:25.1';
const POSTGRES_IMAGE = process.env.POSTGRES_IMAGE ?? 'postgres:17-alpine';

/**
 * The Docker suites (`npm run test:docker`, vitest.docker.config.ts): real PostgreSQL and KurrentDB
 * in containers instead of the embedded PostgreSQL of the default suite.
 */
export default async function setup(project: TestProject) {
  const [postgres, kurrentdb] = await Promise.all([startPostgres(), startKurrentDB()]);
  project.provide(
    'adminDatabaseUrl',
    `postgres://postgres:postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`,
  );
  project.provide(
    'kurrentdbUrl',
    `kurrentdb://${kurrentdb.getHost()}:${kurrentdb.getMappedPort(2113)}?tls=false`,
  );
  return async () => {
    await Promise.all([postgres.stop(), kurrentdb.stop()]);
  };
}

function startPostgres(): Promise<StartedTestContainer> {
  return (
    new GenericContainer(POSTGRES_IMAGE)
      .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
      .withExposedPorts(5432)
      .withTmpFs({ '/var/lib/postgresql/data': 'rw' })
      // The server starts twice (init, then for real); the second message means it is ready.
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start()
  );
}

function startKurrentDB(): Promise<StartedTestContainer> {
  return new GenericContainer(KURRENTDB_IMAGE)
    .withEnvironment(
      serverSettings({
        INSECURE: 'true',
        CLUSTER_SIZE: '1',
        MEM_DB: 'true',
        RUN_PROJECTIONS: 'None',
        TELEMETRY_OPTOUT: 'true',
      }),
    )
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204).withStartupTimeout(120_000))
    .start();
}

/** EventStoreDB images (before the rename to KurrentDB) read the same settings under another prefix. */
function serverSettings(settings: Record<string, string>): Record<string, string> {
  const prefix = KURRENTDB_IMAGE.includes('eventstore') ? 'EVENTSTORE_' : 'KURRENTDB_';
  return Object.fromEntries(Object.entries(settings).map(([name, value]) => [prefix + name, value]));
}

import { defineConfig } from 'vitest/config';

/**
 * The suites that need a Docker engine (`npm run test:docker`): real PostgreSQL and KurrentDB started
 * by testcontainers. Not part of `npm test`, which runs everywhere (embedded PostgreSQL, no Docker).
 * Their files end in `.docker.ts`, so the default config never picks them up; `createTestDatabase()`
 * works the same, on the container's PostgreSQL.
 */
export default defineConfig({
  test: {
    include: [
      '{contracts,services,projections,test}/**/*.docker.ts',
      // The PostgreSQL adapter's contract suite again, against a stock PostgreSQL server in a container.
      'services/eventstore/test/postgres-event-store.int.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['test/docker-global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});

import { defineConfig } from 'vitest/config';

/**
 * The suites that need a Docker engine (`npm run test:docker`): real PostgreSQL and KurrentDB started
 * by testcontainers. Not part of `npm test`, which runs everywhere (embedded PostgreSQL, no Docker).
 * Their files end in `.docker.ts`, so the default config never picks them up.
 */
export default defineConfig({
  test: {
    include: ['{contracts,services,projections,test}/**/*.docker.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['test/docker-global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});

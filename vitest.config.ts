import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{contracts,services,projections,test}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // CI asks for a JSON summary beside the usual output (.ci/run prints its closing line).
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    ...(process.env.VITEST_JSON ? { outputFile: { json: process.env.VITEST_JSON } } : {}),
  },
});

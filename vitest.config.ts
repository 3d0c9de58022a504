import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The web apps' and web-shared's unit tests (pure view logic, node environment) run here too; their
    // browser behaviour is in test/browser.
    include: ['{contracts,services,projections,test,web-shared,web-recruiter,web-admin}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Test files share one worker's module graph instead of loading the product again per file
    // (~2–4 s each, ~146 files): the suite took 1,633 s isolated and 814 s not (docs/adr/0029).
    // Nothing in the tests mocks modules or keeps global state; each file starts its own app.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // CI asks for a JSON summary beside the usual output (.ci/run prints its closing line).
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    ...(process.env.VITEST_JSON ? { outputFile: { json: process.env.VITEST_JSON } } : {}),
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{contracts,services,projections,test}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

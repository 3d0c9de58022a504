import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../services/cli/src/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server the tests may create databases on. */
    adminDatabaseUrl: string;
  }
}

/** One PostgreSQL for the whole run: DATABASE_URL when given, otherwise an embedded one in a temp dir. */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'healthtal-test-pg-'));
  const { chmod } = await import('node:fs/promises');
  await chmod(dir, 0o777);
  // Nothing here outlives a crash of this server: commits need not wait for the disk.
  const database = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), fastCommits: true });
  project.provide('adminDatabaseUrl', database.adminUrl);
  return async () => {
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  };
}

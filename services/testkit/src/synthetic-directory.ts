import { DEFAULT_SEED, importCandidates, syntheticSource } from '@healthtal/directory-import';
import type { TestApp } from './harness';

/** What a first start seeds (config SEED_SIZE's default). */
export const DEFAULT_SEED_SIZE = 20_000;

/**
 * The default synthetic directory a first start seeds, imported into a test app; waits for the read
 * model and until the search index answers for every row.
 */
export async function seedSyntheticDirectory(app: TestApp, size = DEFAULT_SEED_SIZE): Promise<void> {
  await importCandidates({ pool: app.pool, store: app.store, source: syntheticSource(size, DEFAULT_SEED) });
  await app.caughtUp();
  const { rows } = await app.pool.query<{ n: number }>('select count(*)::int as n from directory_candidates');
  const user = await app.as('basic');
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const response = await app.request('/api/v1/search', { method: 'POST', json: { limit: 1 }, as: user });
    if (response.status === 200 && ((await response.json()) as { count: number }).count === rows[0]!.n)
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the search index did not catch up with the seeded directory within 60 s');
}

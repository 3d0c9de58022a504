import type { EventStore } from '@healthtal/eventstore';
import type pg from 'pg';
import type { Logger } from 'pino';
import { importCandidates, syntheticSource } from './import';
import { anyImportRan, readImportProgress } from './import-progress';
import { describeTick } from './progress-bar';
import { DEFAULT_SEED } from './synthetic';

/**
 * Whether a start should seed the synthetic directory: yes while the default seed's import is
 * short of `size` (a first start, or one stopped halfway), never over a directory someone filled
 * by other means.
 */
export async function directoryNeedsSeed(pool: pg.Pool, size: number, seed = DEFAULT_SEED): Promise<boolean> {
  if (size <= 0) return false;
  const progress = await readImportProgress(pool, syntheticSource(size, seed).key);
  if (progress) return progress.rowsDone < size;
  if (await anyImportRan(pool)) return false;
  const { rows } = await pool.query<{ filled: boolean }>(
    'select exists (select 1 from directory_candidates) as filled',
  );
  return !rows[0]!.filled;
}

export type BackgroundSeed = { done: Promise<void>; stop(): Promise<void> };

/**
 * Seeds `size` synthetic candidates behind a running server, logging progress every few seconds.
 * `stop` ends it after the batches in flight; the next start resumes where it stopped.
 */
export function seedInBackground(options: {
  pool: pg.Pool;
  store: EventStore;
  size: number;
  logger: Logger;
  seed?: number;
}): BackgroundSeed {
  const { pool, store, size, logger, seed = DEFAULT_SEED } = options;
  const abort = new AbortController();
  let lastLog = 0;
  const done = (async () => {
    if (!(await directoryNeedsSeed(pool, size, seed))) return;
    logger.info({ size, seed }, 'seeding the synthetic directory in the background');
    const summary = await importCandidates({
      pool,
      store,
      source: syntheticSource(size, seed),
      signal: abort.signal,
      onProgress: (tick) => {
        if (performance.now() - lastLog < 3000) return;
        lastLog = performance.now();
        logger.info({ rows: tick.rows }, `seeding the directory: ${describeTick(tick).line}`);
      },
    });
    if (summary.complete) {
      logger.info(
        { imported: summary.imported, seconds: Math.round(summary.elapsedMs / 100) / 10 },
        'synthetic directory seeded',
      );
    }
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) logger.error({ err: error }, 'seeding the synthetic directory failed');
  });
  return {
    done,
    async stop() {
      abort.abort();
      await done;
    },
  };
}

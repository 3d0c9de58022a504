import { type ConnectionOptions, connectionOf, startWorkerProcess } from '@healthtal/api';
import {
  anyImportRan,
  DEFAULT_SEED,
  describeTick,
  type ImportSummary,
  type ImportTick,
  readImportProgress,
  syntheticSource,
} from '@healthtal/directory-import';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { BulkLoad } from '../embedded-postgres';
import type { EventStoreSettings } from '../event-store';

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

/** What the seed's process (seed-worker.ts) starts from: the first message it receives. */
export type SeedWorkerData = {
  connection: ConnectionOptions;
  size: number;
  seed: number;
  eventStore: EventStoreSettings;
  /** The database server runs on this machine (embedded): its processes writing the seed are given a lower priority too. */
  databaseIsLocal: boolean;
};
/** What it sends back: progress, then its summary or its failure (null when stopped). */
export type SeedWorkerMessage = { tick: ImportTick } | { summary: ImportSummary } | { error: string | null };

export type BackgroundSeed = {
  done: Promise<void>;
  stop(): Promise<void>;
  /** The seed's process while it runs. */
  pid(): number | null;
};

/**
 * Seeds `size` synthetic candidates behind a running server, in a process of its own
 * (seed-worker.ts; ADR 0036), logging progress every few seconds. `stop` ends it after the batches
 * in flight; the next start resumes where it stopped. Its memory is not the API's, and its failing
 * (out of memory, say) is logged, not the server's end.
 */
export function seedInBackground(options: {
  pool: pg.Pool;
  size: number;
  logger: Logger;
  eventStore: EventStoreSettings;
  databaseIsLocal?: boolean;
  seed?: number;
  /** The embedded database's bulk-load window, which the seed's writing runs in (ADR 0071). */
  bulkLoad?: BulkLoad;
}): BackgroundSeed {
  const {
    pool,
    size,
    logger,
    eventStore,
    databaseIsLocal = false,
    seed = DEFAULT_SEED,
    bulkLoad = (load) => load(),
  } = options;
  let stopped = false;
  let worker: ReturnType<typeof startWorkerProcess> | null = null;
  let lastLog = 0;
  /** The seed's process, from its start to its end. */
  const runSeedProcess = async () => {
    logger.info({ size, seed }, 'seeding the synthetic directory in the background');
    const data: SeedWorkerData = { connection: connectionOf(pool), size, seed, eventStore, databaseIsLocal };
    // A young generation of 96 MB (semi-spaces of 32): a batch's rows and events live across its
    // awaits, and with the default the collector promoted and re-scanned them (86 → 74 µs per row).
    const child = startWorkerProcess(import.meta.url, 'seed-worker', ['--max-semi-space-size=32']);
    worker = child;
    child.send(data);
    child.on('message', (message: SeedWorkerMessage) => {
      if ('tick' in message) {
        if (performance.now() - lastLog < 3000) return;
        lastLog = performance.now();
        logger.info({ rows: message.tick.rows }, `seeding the directory: ${describeTick(message.tick).line}`);
      } else if ('summary' in message) {
        const { summary } = message;
        if (summary.complete)
          logger.info(
            { imported: summary.imported, seconds: Math.round(summary.elapsedMs / 100) / 10 },
            'synthetic directory seeded',
          );
      } else if (message.error !== null) {
        logger.error({ err: message.error }, 'seeding the synthetic directory failed');
      }
    });
    await new Promise<void>((resolve) => {
      child.once('error', (error) => {
        logger.error({ err: error }, 'seeding the synthetic directory failed');
        resolve();
      });
      child.once('exit', (code, signal) => {
        if (code !== 0 && !stopped)
          logger.error(
            { code, signal },
            'the seed process ended abnormally; the next start resumes the seed',
          );
        resolve();
      });
    });
  };
  const done = (async () => {
    if (!(await directoryNeedsSeed(pool, size, seed)) || stopped) return;
    await bulkLoad(runSeedProcess);
  })().catch((error: unknown) => {
    if (!stopped) logger.error({ err: error }, 'seeding the synthetic directory failed');
  });
  return {
    done,
    async stop() {
      stopped = true;
      if (worker?.connected) worker.send('stop');
      await done;
    },
    pid: () =>
      worker && worker.exitCode === null && worker.signalCode === null ? (worker.pid ?? null) : null,
  };
}

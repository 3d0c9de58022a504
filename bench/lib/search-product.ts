import { type Config, createLogger, type HealthTal, loadConfig, startHealthTal } from '@healthtal/cli';
import { onTeardown } from './database';

/**
 * The settings the search benches start the product with, on the bench database: no shutdown delay
 * (no load balancer to warn), errors-only logs. `searchWorkers` is SEARCH_WORKERS (0: search on the
 * API's thread; N: N worker threads); a build that does not know the setting ignores it. With
 * `snapshotDir` the search index is saved there and restarts load it (SEARCH_SNAPSHOT_DIR).
 */
export function searchBenchConfig(databaseUrl: string, searchWorkers?: string, snapshotDir?: string) {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    SHUTDOWN_DELAY_MS: '0',
    ...(searchWorkers === undefined ? {} : { SEARCH_WORKERS: searchWorkers }),
    ...(snapshotDir === undefined ? {} : { SEARCH_SNAPSHOT_DIR: snapshotDir }),
  });
}

/**
 * The whole product in this process (as `healthtal start`, with its own logger), stopped at teardown
 * unless stopped before. `pollsWhileStarting`: the request log's lines for 503 answers are dropped,
 * since polling a starting product expects them (the logger writes every 5xx as an error).
 */
export async function startProduct(config: Config, { pollsWhileStarting = false } = {}): Promise<HealthTal> {
  const destination = pollsWhileStarting
    ? {
        write: (line: string) => {
          if (!line.includes('"statusCode":503')) process.stdout.write(line);
        },
      }
    : undefined;
  const app = await startHealthTal({ config, logger: createLogger(config, destination) });
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= app.stop();
    return stopping;
  };
  onTeardown('stop HealthTal', stop);
  return { ...app, stop };
}

/** SEARCH_WORKERS as the configuration parsed it; undefined in a build that does not know it (unknown settings are dropped). */
export const searchWorkersOf = (config: Config): number | undefined =>
  (config as { SEARCH_WORKERS?: number }).SEARCH_WORKERS;

/** Polls GET /readyz until it answers 200 (the search index is loaded and every read model caught up). */
export async function untilReady(
  url: string,
  { everyMs = 200, timeoutMs = 30 * 60_000 } = {},
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    // A poll that reuses a kept-alive connection the server has just closed fails on the way
    // (ECONNRESET): the next poll asks again.
    const answer = await fetch(`${url}/readyz`).then(
      async (response) => ({ status: response.status, body: await response.text() }),
      (error: unknown) => ({ status: 0, body: String(error) }),
    );
    if (answer.status === 200) return;
    if (performance.now() > deadline)
      throw new Error(`not ready after ${timeoutMs / 1000} s: ${answer.status} ${answer.body.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type pg from 'pg';

/**
 * Starts the module `name` beside `here` (the caller's `import.meta.url`) as a worker thread. The
 * development sources run through tsx (ADR 0002), whose loader a worker does not inherit on Node 20:
 * `name.ts` is then started through ts-worker.mjs. The production bundle (scripts/build-server.mjs)
 * has each worker as `name.js` beside the server's own file, which is `here` there.
 */
export function startWorkerThread(
  here: string,
  name: string,
  workerData: object,
  resourceLimits?: ResourceLimits,
): Worker {
  const limits = resourceLimits ? { resourceLimits } : {};
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here), { workerData, ...limits });
  const entry = new URL(`./${name}.ts`, here).href;
  return new Worker(new URL('./ts-worker.mjs', import.meta.url), {
    workerData: { ...workerData, entry },
    ...limits,
  });
}

/**
 * Starts the module `name` beside `here` as a process of its own, with an IPC channel (structured
 * clone), the same way: `name.ts` through ts-worker.mjs in development, `name.js` in the bundle.
 * `nodeOptions` are extra flags for its Node (V8's heap sizes, say).
 */
export function startWorkerProcess(here: string, name: string, nodeOptions: string[] = []): ChildProcess {
  if (!here.endsWith('.ts'))
    return fork(fileURLToPath(new URL(`./${name}.js`, here)), [], {
      serialization: 'advanced',
      execArgv: [...process.execArgv, ...nodeOptions],
    });
  // Not the parent's flags: under tsx or a test runner they name loaders of their own.
  const entry = new URL(`./${name}.ts`, here).href;
  return fork(fileURLToPath(new URL('./ts-worker.mjs', import.meta.url)), [entry], {
    serialization: 'advanced',
    execArgv: nodeOptions,
  });
}

/** How a worker thread reaches the database: a pool's settings, without what cannot cross threads. */
export type ConnectionOptions = Pick<
  pg.PoolConfig,
  'connectionString' | 'host' | 'port' | 'user' | 'database' | 'password' | 'ssl'
>;

/** The connection settings of a pool, without what cannot cross to another thread. */
export function connectionOf(pool: pg.Pool): ConnectionOptions {
  const { connectionString, host, port, user, database, password, ssl } = pool.options;
  return Object.fromEntries(
    Object.entries({ connectionString, host, port, user, database, password, ssl }).filter(
      ([, value]) => value !== undefined && typeof value !== 'function',
    ),
  );
}

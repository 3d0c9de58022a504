import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '@healthtal/cli';
import { onTeardown } from './database';
import type { LoadReport } from './search-load-client';

export type { LoadReport };

const running = new Set<ChildProcess>();
let registered = false;

/**
 * Runs `lib/search-load-client.ts` in its own Node process (so the load does not share the
 * product's event loop) against `url`, and returns what it measured.
 */
export async function runSearchLoad(options: {
  url: string;
  token: string;
  clients: number;
  seconds: number;
  warmupSeconds: number;
  queriesFile: string;
  /** A pause between one client's answer and its next search (none by default: closed loop). */
  thinkMs?: number;
}): Promise<LoadReport> {
  if (!registered) {
    registered = true;
    onTeardown('stop the load client', async () => {
      for (const child of running) child.kill('SIGTERM');
    });
  }
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'search-load-client.ts'),
      '--url',
      options.url,
      '--clients',
      String(options.clients),
      '--seconds',
      String(options.seconds),
      '--warmup',
      String(options.warmupSeconds),
      '--queries',
      options.queriesFile,
      '--think-ms',
      String(options.thinkMs ?? 0),
    ],
    {
      cwd: REPO_ROOT,
      // Not on the command line, where a process listing would show it.
      env: { ...process.env, HEALTHTAL_BENCH_TOKEN: options.token },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += String(chunk);
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('close', (...ended) => resolve(ended)),
  );
  running.delete(child);
  if (code !== 0)
    throw new Error(`the load client ended with ${signal ?? `exit code ${code}`}: ${output.slice(0, 500)}`);
  return JSON.parse(output) as LoadReport;
}

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../src/start';

const main = path.join(REPO_ROOT, 'services/cli/src/main.ts');

export type RunningCommand = {
  child: ChildProcess;
  /** Standard output and error so far, in the order they came. */
  output(): string;
  /** Resolves once the output matches (with the match), rejects when the command ends first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Resolves with the exit code once the command has ended. */
  exited: Promise<number | null>;
};

/**
 * `healthtal <args>` as a user runs it on the embedded database of `dataDir`: a process of its own,
 * in a process group of its own as a terminal gives it, no DATABASE_URL. `argv0` names the process
 * as a launcher or a single-executable build would (`node` otherwise).
 */
export function healthtal(
  args: string[],
  dataDir: string,
  { env = {}, argv0 }: { env?: Record<string, string>; argv0?: string } = {},
): RunningCommand {
  const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
    env: { ...process.env, DATABASE_URL: '', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    ...(argv0 ? { argv0 } : {}),
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += String(chunk);
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (!match) return;
        done();
        resolve(match);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} within ${timeoutMs} ms: ${output}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      void exited.then((code) => {
        if (!listeners.has(check)) return;
        done();
        reject(new Error(`exited with ${code} before ${pattern}: ${output}`));
      });
      check();
    });
  return { child, output: () => output, waitFor, exited };
}

/** Signals the command's whole process group, as Ctrl-C in its terminal does; resolves with its exit code. */
export async function ctrlC(command: RunningCommand): Promise<number | null> {
  process.kill(-command.child.pid!, 'SIGINT');
  return command.exited;
}

/** The server in a PostgreSQL data directory's lock file: its pid, port, and whether it runs. */
export function postmaster(postgresDir: string): { pid: number; port: number; running: boolean } | null {
  const lockFile = path.join(postgresDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return null;
  const lines = readFileSync(lockFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  return { pid, port: Number(lines[3]), running: existsSync(`/proc/${pid}`) };
}

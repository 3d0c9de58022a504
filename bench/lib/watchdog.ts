import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Runs in a detached process: once the benchmark's process is gone, stops the embedded PostgreSQL
 * it left running (if any) and, for a temp server, removes its directory. A normal end or a handled
 * Ctrl-C has already done both; this covers the benchmark being killed before its cleanup could run
 * (tsx SIGKILLs a child that does not acknowledge Ctrl-C within ~60 ms, which a busy run can miss).
 * Arguments: the owner's pid, the server's data directory, the directory to remove ('' for none),
 * the postmaster's pid when known at start ('' to read it from postmaster.pid at the end).
 */
const SCRIPT = `
const fs = require('node:fs');
const path = require('node:path');
const [owner, dataDir, removeDir, knownPostmaster] = process.argv.slice(1);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
(async () => {
  while (alive(Number(owner))) await sleep(500);
  try {
    const postmaster =
      Number(knownPostmaster) || Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\\n')[0]);
    if (postmaster > 0 && alive(postmaster)) {
      process.kill(postmaster, 'SIGINT');
      for (let i = 0; i < 60 && alive(postmaster); i++) await sleep(250);
    }
  } catch {}
  if (removeDir) fs.rmSync(removeDir, { recursive: true, force: true });
})();
`;

const watch = (dataDir: string, removeDir: string, postmaster: string) => {
  const child = spawn(process.execPath, ['-e', SCRIPT, String(process.pid), dataDir, removeDir, postmaster], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
};

/** A temp server in `dir/data`: stopped, and `dir` removed, once this process is gone. */
export function cleanUpAfterExit(dir: string): void {
  watch(path.join(dir, 'data'), dir, '');
}

/**
 * A kept server (its data is reused by the next run), already running from `dataDir`: stopped once
 * this process is gone, its directory left in place. Its pid is read now, so a later run's server
 * in the same directory is never the one stopped.
 */
export function stopServerAfterExit(dataDir: string): void {
  const postmaster = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]!;
  watch(dataDir, '', postmaster);
}

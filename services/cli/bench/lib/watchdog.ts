import { spawn } from 'node:child_process';

/**
 * Runs in a detached process: once the benchmark's process is gone, stops the embedded PostgreSQL
 * it left running (if any) and removes its temp directory. A normal end or a handled Ctrl-C has
 * already done both; this covers the benchmark being killed before its cleanup could run (tsx
 * SIGKILLs a child that does not acknowledge Ctrl-C within ~60 ms, which a busy run can miss).
 */
const SCRIPT = `
const fs = require('node:fs');
const path = require('node:path');
const [owner, dir] = process.argv.slice(1);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
(async () => {
  while (alive(Number(owner))) await sleep(500);
  try {
    const postmaster = Number(fs.readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\\n')[0]);
    if (postmaster > 0 && alive(postmaster)) {
      process.kill(postmaster, 'SIGINT');
      for (let i = 0; i < 60 && alive(postmaster); i++) await sleep(250);
    }
  } catch {}
  fs.rmSync(dir, { recursive: true, force: true });
})();
`;

export function cleanUpAfterExit(dir: string): void {
  const child = spawn(process.execPath, ['-e', SCRIPT, String(process.pid), dir], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError } from './config';

/**
 * Who started an embedded server: its environment carries the starting process's pid, start time
 * and command (`inProcessGroupOfItsOwn` sets it), so another run on the same data directory can
 * tell a server still in use (`healthtal import` running while `healthtal start` starts) from one a
 * run that has ended left behind. The server's parent is no guide: out of our process group, a
 * server whose run was killed is adopted by init or by any subreaper, whatever its name.
 */
export const OWNER_VARIABLE = 'HEALTHTAL_DATABASE_OWNER';

type Owner = { pid: number; started: string; usedBy: string };

/** This process as the owner of the server it starts; `usedBy` names it in the others' message. */
export async function ownerMark(usedBy: string): Promise<string> {
  const owner: Owner = { pid: process.pid, started: await startTimeOf(process.pid), usedBy };
  return JSON.stringify(owner);
}

/** A file of /proc/<pid>, or '' when the process is gone (or there is no /proc). */
const procText = (pid: number, file: 'cmdline' | 'stat' | 'environ') =>
  readFile(`/proc/${pid}/${file}`, 'utf8').catch(() => '');

/**
 * When a process started (clock ticks since boot, the 22nd field of /proc/<pid>/stat), '' when it is
 * gone: a pid the system gave to another process since is not the owner's.
 */
async function startTimeOf(pid: number): Promise<string> {
  const stat = await procText(pid, 'stat');
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, the fields after it do not.
  return stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[19] ?? '';
}

async function ownerOf(serverPid: number): Promise<Owner | null> {
  const entry = (await procText(serverPid, 'environ'))
    .split('\0')
    .find((variable) => variable.startsWith(`${OWNER_VARIABLE}=`));
  try {
    const owner = JSON.parse(entry?.slice(OWNER_VARIABLE.length + 1) ?? 'null') as Owner | null;
    return owner && Number.isInteger(owner.pid) && typeof owner.usedBy === 'string' ? owner : null;
  } catch {
    return null;
  }
}

/** A server an earlier version started carries no mark: in use while its parent is a live node process. */
async function unmarkedServerInUse(serverPid: number): Promise<boolean> {
  const ppid = Number((await procText(serverPid, 'stat')).split(') ')[1]?.split(' ')[1]);
  const parent = ppid > 1 ? path.basename((await procText(ppid, 'cmdline')).split('\0')[0] ?? '') : '';
  return parent.startsWith('node');
}

/**
 * Makes way for this run on `dataDir`. No server on it: nothing to do. A server whose run is still
 * alive: a ConfigError that names the command holding it (rather than PostgreSQL's lock error). A
 * server whose run has ended (SIGKILLed, or died before it could stop it): shut down (a fast
 * shutdown, as `stop()` does) with a warning, and this run starts on the freed directory. Linux only
 * (/proc); elsewhere PostgreSQL's lock error says the directory is taken.
 */
export async function claimDataDir(dataDir: string, warn: (line: string) => void): Promise<void> {
  const pid = Number.parseInt(
    await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => ''),
    10,
  );
  if (!(pid > 0)) return;
  const [command, dashD, serverDir] = (await procText(pid, 'cmdline')).split('\0');
  // A stale lock file: PostgreSQL sees for itself that its pid is gone.
  if (!command || path.basename(command) !== 'postgres' || dashD !== '-D' || serverDir !== dataDir) return;
  const owner = await ownerOf(pid);
  const inUse = owner ? (await startTimeOf(owner.pid)) === owner.started : await unmarkedServerInUse(pid);
  if (inUse) {
    const who = owner ? `${owner.usedBy} (pid ${owner.pid})` : `another process (the server's pid is ${pid})`;
    throw new ConfigError(
      `The embedded database in ${dataDir} is in use by ${who}. Let it finish or stop it first, ` +
        'or run both against one PostgreSQL with DATABASE_URL.',
    );
  }
  warn(`stopping the PostgreSQL server (pid ${pid}) that a previous run left running on ${dataDir}`);
  process.kill(pid, 'SIGINT');
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    if ((await procText(pid, 'stat')) === '') return;
    await sleep(100);
  }
  throw new Error(`the PostgreSQL server (pid ${pid}) a previous run left on ${dataDir} did not stop`);
}

import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

/** Kernel clock ticks per second for /proc/<pid>/stat times (100 on Linux x86-64). */
const TICK_MS = 10;

/** utime, stime, cutime, cstime of a process, in ms; null when it is gone. */
function times(pid: number): { own: number; children: number; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return {
      ppid: fields[1]!,
      own: (fields[11]! + fields[12]!) * TICK_MS,
      children: (fields[13]! + fields[14]!) * TICK_MS,
    };
  } catch {
    return null;
  }
}

/**
 * CPU used by a local PostgreSQL server: the postmaster, its live children, and (through the
 * postmaster's reaped-children times) the backends that already exited.
 */
export class ServerCpu {
  private constructor(private readonly postmaster: number) {}

  /** Only meaningful when the server runs on this machine (the embedded one). */
  static async locate(pool: pg.Pool): Promise<ServerCpu | null> {
    const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
    const backend = times(rows[0]!.pid);
    return backend ? new ServerCpu(backend.ppid) : null;
  }

  /** Total CPU ms so far. */
  read(): number {
    const root = times(this.postmaster);
    if (!root) return 0;
    let total = root.own + root.children;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const child = times(Number(entry));
      if (child?.ppid === this.postmaster) total += child.own + child.children;
    }
    return total;
  }
}

export type CpuSplit = { clientMs: number; serverMs: number | null };

/** Runs `work`, returning its result with the CPU the Node client and the local server spent on it. */
export async function measureCpu<T>(server: ServerCpu | null, work: () => Promise<T>): Promise<T & CpuSplit> {
  const client = process.cpuUsage();
  const serverBefore = server?.read() ?? 0;
  const result = await work();
  const used = process.cpuUsage(client);
  return {
    ...result,
    clientMs: (used.user + used.system) / 1000,
    serverMs: server ? server.read() - serverBefore : null,
  };
}

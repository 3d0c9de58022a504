import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/embedded-postgres';

/** How a database outage begins: the server killed outright, or told to shut down (fast mode). */
export type Outage = 'SIGKILL' | 'shutdown';

/**
 * An embedded PostgreSQL of its own (the one `npm start` runs, same settings) that a fault test can
 * take away and bring back on the same data directory and port, so the product's DATABASE_URL keeps
 * pointing at it. SIGKILL kills the server's whole process group (postmaster and backends, as an OOM
 * kill of the container would): nothing is flushed, the next start runs crash recovery. A shutdown
 * is PostgreSQL's fast shutdown: sessions end with 57P01 admin_shutdown.
 */
export class RestartablePostgres {
  private database: EmbeddedDatabase | null = null;
  private constructor(
    /** Its data directory is `dir/data`; the whole of `dir` goes at `stop`. */
    readonly dir: string,
    readonly port: number,
    readonly adminUrl: string,
  ) {}

  static async start(): Promise<RestartablePostgres> {
    const dir = await mkdtemp(path.join(tmpdir(), 'healthtal-outage-pg-'));
    // As root, PostgreSQL runs as the `postgres` user, which must reach the data directory.
    await chmod(dir, 0o777);
    const database = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data') });
    const restartable = new RestartablePostgres(dir, database.port, database.adminUrl);
    restartable.database = database;
    return restartable;
  }

  get running(): boolean {
    return this.database !== null;
  }

  /** Ends the server the way `how` says and resolves once none of its processes is left. */
  async takeDown(how: Outage): Promise<void> {
    const database = this.database;
    if (!database) return;
    this.database = null;
    if (how === 'shutdown') return database.stop();
    const pid = this.postmasterPid();
    if (pid === null) throw new Error('no postmaster.pid: the server is not running');
    // The server runs in a process group of its own (embedded-postgres.ts): its pid is the group's.
    process.kill(-pid, 'SIGKILL');
    while (existsSync(`/proc/${pid}`)) await sleep(10);
  }

  /** Starts the server again on the same data directory and port (after crash recovery, if any). */
  async bringBack(): Promise<void> {
    if (this.database) return;
    this.database = await startEmbeddedPostgres({ dataDir: path.join(this.dir, 'data'), port: this.port });
  }

  async stop(): Promise<void> {
    await this.database?.stop();
    this.database = null;
    await rm(this.dir, { recursive: true, force: true });
  }

  private postmasterPid(): number | null {
    const lockFile = path.join(this.dir, 'data', 'postmaster.pid');
    if (!existsSync(lockFile)) return null;
    const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
    return pid > 0 ? pid : null;
  }
}

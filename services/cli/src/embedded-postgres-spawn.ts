import type { ChildProcess, SpawnOptions, spawn } from 'node:child_process';
import { chownSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { OWNER_VARIABLE } from './embedded-postgres-owner';

type Spawn = { command: string; args: readonly string[]; options: SpawnOptions };

/**
 * Runs `work` with the builtin's `spawn` passed through `adjust` for the one command it picks (it
 * returns null for any other), and returns that command's process. embedded-postgres has no spawn
 * options and imports `spawn` as an ES module, so the function is swapped (with
 * `syncBuiltinESMExports`) for the length of one call and put back before this returns. An upgrade
 * of the package that stops importing it so makes this throw ("did not spawn"), never silently lose
 * what `adjust` does.
 */
async function whileSpawning(
  what: string,
  adjust: (call: Spawn) => Spawn | null,
  work: () => Promise<void>,
): Promise<ChildProcess> {
  const childProcess = createRequire(import.meta.url)('node:child_process') as { spawn: typeof spawn };
  const original = childProcess.spawn;
  let picked: ChildProcess | undefined;
  childProcess.spawn = ((command: string, args: readonly string[], options: SpawnOptions) => {
    const adjusted = adjust({ command, args, options });
    if (!adjusted) return original(command, args, options);
    picked = original(adjusted.command, adjusted.args, adjusted.options);
    return picked;
  }) as typeof spawn;
  syncBuiltinESMExports();
  try {
    await work();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
  }
  if (!picked) throw new Error(`embedded-postgres did not spawn ${what}`);
  return picked;
}

/**
 * Runs `start` with the PostgreSQL server it spawns in a process group of its own, and returns that
 * server's process. Ctrl-C in a terminal signals the whole foreground process group: in ours the
 * server would take it as a fast shutdown and drop every connection while `healthtal start` still
 * drains its requests (a screen of connection errors, requests in flight failing). In its own group
 * only `stop()` stops it, last (ADR 0037). Its environment carries `owner`, this run's mark
 * (embedded-postgres-owner.ts).
 */
export function inProcessGroupOfItsOwn(
  dataDir: string,
  owner: string,
  start: () => Promise<void>,
): Promise<ChildProcess> {
  return whileSpawning(
    `the server of ${dataDir}`,
    ({ command, args, options }) =>
      args[0] === '-D' && args[1] === dataDir
        ? {
            command,
            args,
            options: {
              ...options,
              env: { ...(options.env ?? process.env), [OWNER_VARIABLE]: owner },
              detached: true,
            },
          }
        : null,
    start,
  );
}

/**
 * Runs `initialise` with initdb reading the cluster's password from `passwordFile` (kept 0600)
 * instead of the file embedded-postgres writes for it: that one is written to the temporary
 * directory with the process's umask (0644 under the usual 022), where any local user could read it
 * while initdb runs; what it holds is a decoy, never a password of the cluster. initdb takes the
 * last `--pwfile` it is given. As root initdb runs as the `postgres` user, which cannot read our
 * file: it gets a copy of its own (0600, its owner), removed once initdb is done.
 */
export async function withPasswordFromFile(
  passwordFile: string,
  password: string,
  initialise: () => Promise<void>,
): Promise<void> {
  const copy = `${passwordFile}.initdb`;
  try {
    await whileSpawning(
      'initdb',
      ({ command, args, options }) => {
        if (path.basename(command) !== 'initdb') return null;
        const uid = (options as { uid?: number }).uid;
        const gid = (options as { gid?: number }).gid;
        let file = passwordFile;
        if (uid !== undefined && uid !== process.getuid?.()) {
          writeFileSync(copy, `${password}\n`, { mode: 0o600 });
          chownSync(copy, uid, gid ?? -1);
          file = copy;
        }
        return { command, args: [...args, `--pwfile=${file}`], options };
      },
      initialise,
    );
  } finally {
    rmSync(copy, { force: true });
  }
}

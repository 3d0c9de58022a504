/**
 * Issue 38: `npm start` after `healthtal seed --size 7000000` installed the directory read model for
 * 494 s before it listened, with no `/healthz` answer (an orchestrator's health check would have killed
 * it); and the seed left the data directory with gigabytes of WAL (`max_wal_size` 8 GB all the time).
 * Now the server listens first: `/healthz` answers at once, `/readyz` is 503 saying what it catches
 * up on until the directory is installed and searchable, and what needs the directory meanwhile is a
 * 503 with Retry-After (ADR 0071). The seed's end puts the steady WAL size back and checkpoints.
 */
import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuthSession, SearchResponse } from '@healthtal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/embedded-postgres';
import { STEADY_MAX_WAL_SIZE } from '../src/embedded-wal';
import { ctrlC, healthtal } from './support/healthtal-command';

/** Enough candidates that installing the directory takes seconds. */
const SIZE = 25_000;
const PASSWORD = 'catching-up-password';
const SEGMENT = 16 * 1024 ** 2;

let dir = '';
let dataDir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'healthtal-catching-up-'));
  // As root PostgreSQL runs as the `postgres` user, which must reach the data directory inside.
  await chmod(dir, 0o755);
  dataDir = path.join(dir, 'data');
  const seed = healthtal(['seed', '--size', String(SIZE)], dataDir);
  expect(await seed.exited, seed.output()).toBe(0);
}, 300_000);
afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

describe('after `healthtal seed` on an empty data directory', () => {
  it('the database is left with its steady WAL size, and its WAL within it', async () => {
    const postgresDir = path.join(dataDir, 'postgres');
    const autoConf = await readFile(path.join(postgresDir, 'postgresql.auto.conf'), 'utf8');
    expect(autoConf).toMatch(new RegExp(`^max_wal_size = '${STEADY_MAX_WAL_SIZE}'$`, 'm'));
    const walDir = path.join(postgresDir, 'pg_wal');
    let bytes = 0;
    for (const name of await readdir(walDir)) {
      const file = await stat(path.join(walDir, name));
      if (file.isFile()) bytes += file.size;
    }
    console.log(`pg_wal after a seed of ${SIZE}: ${(bytes / 1024 ** 2).toFixed(0)} MB`);
    expect(bytes).toBeLessThanOrEqual(1024 ** 3 + 3 * SEGMENT);
  });

  it('`healthtal start` answers /healthz before the directory is installed, /readyz says what it catches up on, and the directory answers 503 with Retry-After until it is there', async () => {
    const port = await freePort();
    const start = healthtal(['start'], dataDir, {
      env: {
        SEED_SIZE: '0',
        DEV_ACCOUNTS_PASSWORD: PASSWORD,
        SHUTDOWN_DELAY_MS: '0',
        PORT: String(port),
      },
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      // It answers as soon as it listens, whatever it still has to install; it says it is running
      // (and shows its dev accounts) once its read models are there.
      let healthz: Response | null = null;
      for (const deadline = Date.now() + 120_000; !healthz; ) {
        healthz = await fetch(`${url}/healthz`).catch(() => null);
        expect(Date.now(), start.output()).toBeLessThan(deadline);
        if (!healthz) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(healthz.status).toBe(200);
      expect(await healthz.json()).toEqual({ status: 'ok' });
      expect(start.output()).not.toMatch(/running at/);

      // Still installing the directory: not ready, and saying so (to a caller on this machine).
      const readyz = await fetch(`${url}/readyz`);
      const first = (await readyz.json()) as { status: string; reasons: string[] };
      expect(readyz.status, JSON.stringify(first)).toBe(503);
      expect(first.status).toBe('unavailable');
      expect(first.reasons.join('; ')).toMatch(/directory/);

      // The public home page's specialties read the directory: a 503 to try again, never a 500.
      const specialties = await fetch(`${url}/api/v1/specialties`);
      expect(specialties.status).toBe(503);
      expect(specialties.headers.get('retry-after')).toBe('5');
      expect(specialties.headers.get('cache-control')).toBe('no-store');
      expect(await specialties.json()).toMatchObject({
        status: 503,
        title: 'Still starting',
        detail:
          'HealthTal has just started and is still loading its data. Please try again in a few seconds.',
      });

      // Signing in reads no read model.
      const login = await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'premium@healthtal.test', password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as AuthSession;
      const search = () =>
        fetch(`${url}/api/v1/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: '{}',
        });

      // What /readyz says until it is ready: the directory's install as it goes (the other read
      // models are installed before it), then the index loading.
      const said: string[] = [];
      const installing =
        /installing the read model directory: [\d,]+ events replayed, \d+ % of the event log/;
      let searchedWhileInstalling = false;
      for (const deadline = Date.now() + 180_000; ; ) {
        const answer = await fetch(`${url}/readyz`);
        if (answer.status === 200) break;
        const { reasons } = (await answer.json()) as { reasons: string[] };
        said.push(...reasons);
        if (!searchedWhileInstalling && installing.test(reasons.join('; '))) {
          searchedWhileInstalling = true;
          // A search waits for its index, which waits for the directory.
          const early = await search();
          expect(early.status).toBe(503);
          expect(early.headers.get('retry-after')).toBe('5');
          expect(await early.json()).toMatchObject({ status: 503, title: 'Search is starting' });
        }
        expect(Date.now(), said.join('\n')).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(searchedWhileInstalling, said.join('\n')).toBe(true);
      expect(said.join('\n')).toMatch(/search: the index is loading: [\d,]+ candidates so far/);

      await start.waitFor(/running at http/);
      const ready = await search();
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as SearchResponse).count).toBe(SIZE);
      expect((await fetch(`${url}/api/v1/specialties`)).status).toBe(200);
    } finally {
      expect(await ctrlC(start), start.output()).toBe(0);
    }
  }, 300_000);
});

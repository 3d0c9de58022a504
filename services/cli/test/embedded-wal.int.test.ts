/**
 * Issue 38: the data directory right after the default seed held 6.3 GB of WAL, as `max_wal_size`
 * was 8 GB all the time: a checkpoint keeps that much for reuse. The embedded database now has the
 * bulk size only while a bulk load runs; when the last one ends, the steady size is put back and a
 * checkpoint removes the WAL past it (ADR 0071).
 */
import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/embedded-postgres';
import { BULK_MAX_WAL_SIZE } from '../src/embedded-wal';

const MB = 1024 ** 2;
/** Small, so that a test writes more WAL than it keeps (the product's is PostgreSQL's default, 1 GB). */
const STEADY = '128MB';

describe('the embedded database between bulk loads', () => {
  let dir = '';
  let database: EmbeddedDatabase;
  let client: pg.Client;
  const walDir = () => path.join(dir, 'data', 'pg_wal');
  const walBytes = async () => {
    let bytes = 0;
    for (const name of await readdir(walDir())) {
      const file = await stat(path.join(walDir(), name));
      if (file.isFile()) bytes += file.size;
    }
    return bytes;
  };
  /** As a new connection sees it. */
  const maxWalSize = async () => {
    const reader = new pg.Client({ connectionString: database.adminUrl });
    await reader.connect();
    try {
      return (await reader.query<{ size: string }>(`select current_setting('max_wal_size') as size`)).rows[0]!
        .size;
    } finally {
      await reader.end();
    }
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'healthtal-wal-'));
    // As root PostgreSQL runs as the `postgres` user, which must reach the data directory inside.
    await chmod(dir, 0o755);
    database = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), steadyMaxWalSize: STEADY });
    client = new pg.Client({ connectionString: database.adminUrl });
    await client.connect();
  }, 60_000);
  afterAll(async () => {
    await client?.end();
    await database?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps the WAL a bulk load writes while it runs, and no more than the steady size once it ends', async () => {
    expect(await maxWalSize()).toBe(STEADY);
    let during = 0;
    await database.bulkLoad(async () => {
      expect(await maxWalSize()).toBe(BULK_MAX_WAL_SIZE);
      // About 300 MB of rows, every byte of them through the WAL.
      await client.query(
        `create table filler as select g, repeat(md5(g::text), 4) as pad from generate_series(1, 1800000) g`,
      );
      during = await walBytes();
    });
    const after = await walBytes();
    console.log(`pg_wal: ${Math.round(during / MB)} MB during the load, ${Math.round(after / MB)} MB after`);
    expect(during).toBeGreaterThan(256 * MB);
    expect(await maxWalSize()).toBe(STEADY);
    // The steady size, the segment being written, and one more PostgreSQL may have made ready.
    expect(after).toBeLessThanOrEqual(128 * MB + 2 * 16 * MB);
  }, 120_000);

  it('keeps the bulk size while any of several loads runs', async () => {
    let releaseFirst: () => void = () => undefined;
    const first = database.bulkLoad(
      () =>
        new Promise<void>((resolve) => {
          releaseFirst = () => resolve();
        }),
    );
    await expect.poll(maxWalSize).toBe(BULK_MAX_WAL_SIZE);
    await database.bulkLoad(async () => undefined);
    // The second ended; the first still runs.
    expect(await maxWalSize()).toBe(BULK_MAX_WAL_SIZE);
    releaseFirst();
    await first;
    expect(await maxWalSize()).toBe(STEADY);
  });
});

import { importCandidates, readImportProgress, syntheticSource } from '@healthtal/directory-import';
import { freshDirectory } from '@healthtal/testkit/directory-database';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { directoryNeedsSeed, seedInBackground } from '../src/import/seed';

// The first embedded start's background seed (SEED_SIZE, docs/adr/0036): whether a start seeds, and
// the seed's own process stopped or killed midway. The import it runs is
// services/directory-import/src/import.int.test.ts's.
describe('the background seed of healthtal start', () => {
  it('seeds an empty directory once, in the background, and not one filled by an import', async () => {
    const db = await freshDirectory();
    try {
      expect(await directoryNeedsSeed(db.pool, 300)).toBe(true);
      const seeding = seedInBackground({
        pool: db.pool,
        size: 300,
        logger: pino({ level: 'silent' }),
        eventStore: { EVENT_STORE: 'postgres' },
      });
      await seeding.done;
      await db.projector.caughtUp();
      expect(await db.scalar('select count(*) from directory_candidates')).toBe(300);
      expect(await directoryNeedsSeed(db.pool, 300)).toBe(false);
      // A bigger SEED_SIZE later tops the same directory up.
      expect(await directoryNeedsSeed(db.pool, 500)).toBe(true);
      expect(await directoryNeedsSeed(db.pool, 0)).toBe(false);

      await db.pool.query('truncate import_progress');
      await importCandidates({ pool: db.pool, store: db.store, source: syntheticSource(10, 99) });
      expect(await directoryNeedsSeed(db.pool, 300)).toBe(false);
    } finally {
      await db.close();
    }
  });

  it('seeds in a process of its own: stopped midway it keeps what it wrote, and the next start finishes it', async () => {
    const db = await freshDirectory();
    const size = 20_000; // five of the seed's batches: the stop comes with at most three written or in flight
    const seedAgain = () =>
      seedInBackground({
        pool: db.pool,
        size,
        logger: pino({ level: 'silent' }),
        eventStore: { EVENT_STORE: 'postgres' },
      });
    try {
      const first = seedAgain();
      // Stopped once its first batches are written, as Ctrl-C would.
      const rowsDone = async () =>
        (await readImportProgress(db.pool, syntheticSource(size).key))?.rowsDone ?? 0;
      while ((await rowsDone()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const seedPid = first.pid();
      expect(seedPid).toEqual(expect.any(Number));
      expect(seedPid).not.toBe(process.pid);
      await first.stop();
      expect(first.pid()).toBeNull();
      expect(() => process.kill(seedPid!, 0)).toThrow(); // the process is gone
      const written = await db.importEvents();
      expect(written).toBeGreaterThan(0);
      expect(written).toBeLessThan(size);
      // Nothing more is written once stop() has returned: the process has ended.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await db.importEvents()).toBe(written);
      expect(await directoryNeedsSeed(db.pool, size)).toBe(true);

      await seedAgain().done;
      expect(await db.importEvents()).toBe(size);
      expect(await db.distinctEventIds()).toBe(size);
      await db.projector.caughtUp();
      expect(await db.scalar('select count(*) from directory_candidates')).toBe(size);
      expect(await directoryNeedsSeed(db.pool, size)).toBe(false);
    } finally {
      await db.close();
    }
  });

  it('survives its seed process being killed: the failure is logged, and the next start resumes the seed', async () => {
    const db = await freshDirectory();
    const size = 20_000;
    const errors: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => errors.push(JSON.parse(line).msg) });
    const seedWith = (log: typeof logger) =>
      seedInBackground({ pool: db.pool, size, logger: log, eventStore: { EVENT_STORE: 'postgres' } });
    try {
      const first = seedWith(logger);
      const rowsDone = async () =>
        (await readImportProgress(db.pool, syntheticSource(size).key))?.rowsDone ?? 0;
      while ((await rowsDone()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      process.kill(first.pid()!, 'SIGKILL'); // as the kernel's OOM killer would
      await first.done;
      expect(errors).toEqual(['the seed process ended abnormally; the next start resumes the seed']);
      expect(await directoryNeedsSeed(db.pool, size)).toBe(true);

      await seedWith(pino({ level: 'silent' })).done;
      expect(await db.importEvents()).toBe(size);
      expect(await db.distinctEventIds()).toBe(size);
    } finally {
      await db.close();
    }
  });
});

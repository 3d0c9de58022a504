import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SearchRequest } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectorySearch } from './directory-search';

/**
 * The search index is saved beside the data and a restart starts from it: it applies what changed
 * in the read model since, and answers exactly as an index rebuilt from the read model.
 */
let app: TestApp;
let dir = '';
const CITIES = ['Austin', 'Denver', 'San José', 'Miami'];
const SKILLS = ['BLS', 'ACLS', 'Telemetry', 'Cardiac Care'];
const person = (i: number) =>
  candidate(`snapshot-${i}`, {
    firstName: ['Ana', 'Ben', 'Cy', 'Dee', 'Eli'][i % 5]!,
    lastName: `Person${i % 37}`,
    city: CITIES[i % 4]!,
    skills: SKILLS.filter((_, s) => (i >> s) & 1).join(', '),
    title: i % 3 === 0 ? 'ICU Nurse' : 'Charge Nurse',
  });

beforeAll(async () => {
  app = await startTestApp();
  await importCandidates(
    app,
    Array.from({ length: 60 }, (_, i) => person(i)),
  );
  dir = await mkdtemp(path.join(tmpdir(), 'healthtal-search-index-'));
  await chmod(dir, 0o755);
}, 60_000);
afterAll(async () => {
  await app?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A directory search with its log lines, started and loaded. */
async function started(options: { workers?: number; snapshotDir?: string | null }) {
  const lines: string[] = [];
  const log = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  // Workers log to standard output themselves: only this thread's lines are read.
  const level = options.workers ? 'warn' : 'info';
  const search = new DirectorySearch(app.pool, pino({ level }, log), options);
  await search.start();
  for (const deadline = Date.now() + 20_000; !search.ready; ) {
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { search, logged: (message: string) => lines.some((line) => line.includes(`"msg":"${message}"`)) };
}

const REQUESTS = [
  {},
  { query: 'ana' },
  { query: 'per', sortKey: 'name' },
  { city: ['san jose', 'Denver'], sortKey: 'location', sortDirection: 'desc' },
  { skills: ['BLS'], title: ['icu nurse'], sortKey: 'verified' },
  { query: 'nurse', page: 2, limit: 10 },
].map((body) => SearchRequest.parse(body));

async function answers(search: DirectorySearch) {
  return Promise.all(
    REQUESTS.map(async (request) => ({
      page: await search.find(request, { offset: (request.page - 1) * request.limit, limit: request.limit }),
      suggestions: await search.suggest('skills', 'c', 5),
    })),
  );
}

const waitForFiles = async (count: number) => {
  for (const deadline = Date.now() + 20_000; ; ) {
    const files = (await readdir(dir)).filter((file) => file.endsWith('.idx'));
    if (files.length >= count) return files.sort();
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('search index snapshots', () => {
  it('saves the index after loading it, and a restart loads the snapshot and catches up', async () => {
    const first = await started({ snapshotDir: dir });
    expect(first.logged('search index loaded')).toBe(true);
    expect(await waitForFiles(1)).toEqual(['directory-1-of-1.idx']);
    await first.search.stop();

    // The read model moves on while the search is down: new candidates arrive.
    await importCandidates(
      app,
      Array.from({ length: 15 }, (_, i) => person(100 + i)),
    );
    const second = await started({ snapshotDir: dir });
    expect(second.logged('search index loaded from its snapshot')).toBe(true);
    expect(second.logged('search index loaded')).toBe(false);
    const rebuilt = await started({ snapshotDir: null });
    const expected = await answers(rebuilt.search);
    expect(expected[0]!.page.count).toBe(75);
    expect(await answers(second.search)).toEqual(expected);
    await Promise.all([second.search.stop(), rebuilt.search.stop()]);
  });

  it('loads from the read model when the snapshot is unreadable, and saves a good one', async () => {
    await writeFile(path.join(dir, 'directory-1-of-1.idx'), 'HTSI and then nothing useful');
    const search = await started({ snapshotDir: dir });
    expect(search.logged('search index loaded')).toBe(true);
    expect(search.logged('search index loaded from its snapshot')).toBe(false);
    const rebuilt = await started({ snapshotDir: null });
    expect(await answers(search.search)).toEqual(await answers(rebuilt.search));
    await Promise.all([search.search.stop(), rebuilt.search.stop()]);
  });

  it('keeps one snapshot per part when search runs in workers, and restarts from them', async () => {
    const first = await started({ workers: 2, snapshotDir: dir });
    const files = await waitForFiles(3);
    expect(files).toEqual(['directory-1-of-1.idx', 'directory-1-of-2.idx', 'directory-2-of-2.idx']);
    await first.search.stop();
    const modified = (await readdir(dir)).length;
    const second = await started({ workers: 2, snapshotDir: dir });
    const rebuilt = await started({ snapshotDir: null });
    expect(await answers(second.search)).toEqual(await answers(rebuilt.search));
    expect(existsSync(path.join(dir, 'directory-2-of-2.idx'))).toBe(true);
    expect((await readdir(dir)).length).toBe(modified);
    await Promise.all([second.search.stop(), rebuilt.search.stop()]);
  });

  it('starts a search worker that died again, and answers as before once it has reloaded', async () => {
    const { search } = await started({ workers: 2, snapshotDir: dir });
    const before = await answers(search);
    // As if the thread crashed: the shard sees its worker exit without being asked to stop.
    const shard = (search as unknown as { shards: { worker: { terminate(): Promise<number> } }[] })
      .shards[1]!;
    await shard.worker.terminate();
    expect(search.ready).toBe(false);
    for (const deadline = Date.now() + 20_000; !search.ready; ) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await answers(search)).toEqual(before);
    await search.stop();
  });
});

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SuggestedField } from '@healthtal/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { searchWorld } from '../../../test/support/search-world';
import { SearchIndex } from './search-index';
import { runQuery } from './search-query';
import { toIndexQuery } from './search-request';
import { readSnapshot, SNAPSHOT_FORMAT, writeSnapshot } from './search-snapshot';

/** A snapshot read back is the same index: every search, suggestion and prefix answers alike. */
const world = searchWorld(23);
const original = new SearchIndex();
world.fill(() => [original], { sorted: 2000, tail: 2300, removed: 90 });
const meta = { part: 0, of: 1, revision: 41, oid: '16384', maxSeq: 2300 };
const dir = await mkdtemp(path.join(tmpdir(), 'healthtal-snapshot-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

function expectSameAnswers(a: SearchIndex, b: SearchIndex, queries: number) {
  for (let i = 0; i < queries; i++) {
    const request = world.randomRequest();
    const query = toIndexQuery(request);
    const [one, other] = [runQuery(a, query), runQuery(b, query)];
    expect(other.count, JSON.stringify(request)).toBe(one.count);
    expect(other.docs.map((doc) => b.idOf(doc))).toEqual(one.docs.map((doc) => a.idOf(doc)));
  }
  const cases: [SuggestedField, string][] = [
    ['city', 'san'],
    ['title', ''],
    ['skills', 'car'],
  ];
  for (const [field, prefix] of cases)
    expect(b.suggest(field, prefix, 8)).toEqual(a.suggest(field, prefix, 8));
  expect(b.wordsStartingWith('car', 50)).toEqual(a.wordsStartingWith('car', 50));
  expect(b.firstDocFromSeq(1500)).toBe(a.firstDocFromSeq(1500));
}

describe('search index snapshots', () => {
  it('reads back what was written: the same matches, order, suggestions and what it reflects', async () => {
    const file = path.join(dir, 'whole.idx');
    const bytes = await writeSnapshot(file, meta, original);
    expect(bytes).toBeGreaterThan(100_000);
    const restored = await readSnapshot(file);
    expect(restored?.meta).toEqual(meta);
    expectSameAnswers(original, restored!.index, 300);
  });

  it('goes on from a snapshot as from the original: new documents, removals, a re-sort', async () => {
    const file = path.join(dir, 'grows.idx');
    const copy = new SearchIndex();
    world.fill(() => [copy], { sorted: 2000, tail: 2300, removed: 0 });
    await writeSnapshot(file, meta, copy);
    const restored = (await readSnapshot(file))!.index;
    // Both grow past the snapshot's exact-size arrays, lose documents and are re-sorted.
    for (let seq = 2301; seq <= 4000; seq++) {
      const candidate = world.candidate(seq);
      copy.add(candidate);
      restored.add(candidate);
    }
    for (const seq of [3, 2500, 3999]) expect(restored.removeSeq(seq)).toBe(copy.removeSeq(seq));
    expectSameAnswers(copy, restored, 100);
    copy.reorder();
    restored.reorder();
    expectSameAnswers(copy, restored, 100);
  });

  it('is ignored when missing, of another format or not a snapshot', async () => {
    expect(await readSnapshot(path.join(dir, 'none.idx'))).toBeNull();
    const garbage = path.join(dir, 'garbage.idx');
    await writeFile(garbage, 'not an index');
    expect(await readSnapshot(garbage)).toBeNull();
    const older = path.join(dir, 'older.idx');
    await writeSnapshot(older, meta, original);
    const bytes = await readFile(older);
    const headerLength = bytes.readUInt32LE(4);
    const header = bytes.toString('utf8', 8, 8 + headerLength);
    const changed = header.replace(`"format":${SNAPSHOT_FORMAT}`, `"format":${SNAPSHOT_FORMAT + 100}`);
    expect(changed.length).toBe(
      header.length + String(SNAPSHOT_FORMAT + 100).length - String(SNAPSHOT_FORMAT).length,
    );
    const rewritten = Buffer.concat([bytes.subarray(0, 4), Buffer.alloc(4), Buffer.from(changed)]);
    rewritten.writeUInt32LE(Buffer.byteLength(changed), 4);
    await writeFile(older, rewritten);
    expect(await readSnapshot(older)).toBeNull();
  });
});

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CANDIDATE_FIELDS,
  type CandidateFieldDefinition,
  SEARCH_FIELDS,
  type SuggestedField,
  type TermRule,
} from '@healthtal/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { searchWorld } from '../../../test/support/search-world';
import { mostFrequent, SearchIndex } from './search-index';
import { runQuery } from './search-query';
import { toIndexQuery } from './search-request';
import { readSnapshot, writeSnapshot } from './search-snapshot';
import { TEXT_FIELDS } from './search-terms';
import { SNAPSHOT_FORMAT, SNAPSHOT_LAYOUT, snapshotFormatOf } from './snapshot-format';

/** A snapshot read back is the same index: every search, suggestion and prefix answers alike. */
const world = searchWorld(23);
const original = new SearchIndex();
world.fill(() => [original], { sorted: 2000, tail: 2300, removed: 90 });
const meta = { part: 0, of: 1, revision: 41, oid: '16384', maxSeq: 2300 };
const dir = await mkdtemp(path.join(tmpdir(), 'healthtal-snapshot-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

/**
 * `words`: how `b`'s prefix words compare with `a`'s. `live` for a snapshot of `a` with removed
 * documents: the snapshot leaves them out, so its words are ranked by their live holders, which
 * `a`'s own ranking (by every holder it indexed) is not; `skip` once both went on removing.
 */
function expectSameAnswers(
  a: SearchIndex,
  b: SearchIndex,
  queries: number,
  words: 'same' | 'live' | 'skip' = 'same',
) {
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
  if (words === 'same') expect(b.wordsStartingWith('car', 50)).toEqual(a.wordsStartingWith('car', 50));
  if (words === 'live') expect(b.wordsStartingWith('car', 50)).toEqual(liveWordsStartingWith(a, 'car', 50));
  expect(firstLiveSeqFrom(b, 1500)).toBe(firstLiveSeqFrom(a, 1500));
}

/** wordsStartingWith as an index of `index`'s live documents only answers it. */
function liveWordsStartingWith(index: SearchIndex, prefix: string, max: number): string[] {
  const live = (term: string) =>
    Array.from(index.postingsOf(term)?.toArray() ?? []).filter((doc) => index.alive.has(doc)).length;
  const found = index
    .wordFrequencies(prefix)
    .map(({ word }) => ({
      word,
      n: Object.keys(TEXT_FIELDS).reduce((n, field) => n + live(`${field}:${word}`), 0),
    }))
    .filter(({ n }) => n > 0);
  return found.length <= max ? found.map(({ word }) => word) : mostFrequent(found, max);
}

/** The seq of the first live document from `seq` on (a snapshot leaves the removed ones out). */
function firstLiveSeqFrom(index: SearchIndex, seq: number): number | null {
  for (let doc = index.firstDocFromSeq(seq); doc < index.size; doc++)
    if (index.alive.has(doc)) return index.seqOf(doc);
  return null;
}

describe('search index snapshots', () => {
  it('reads back what was written: the same matches, order, suggestions and what it reflects', async () => {
    const file = path.join(dir, 'whole.idx');
    const bytes = await writeSnapshot(file, meta, original);
    expect(bytes).toBeGreaterThan(100_000);
    const restored = await readSnapshot(file);
    expect(restored?.meta).toEqual(meta);
    expectSameAnswers(original, restored!.index, 300, 'live');
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

  it('leaves removed candidates out: none of their words, keys or values is in the file', async () => {
    const file = path.join(dir, 'removed.idx');
    const index = new SearchIndex();
    const kept = new SearchIndex();
    world.fill(() => [index, kept], { sorted: 1500, tail: 1700, removed: 0 });
    const removed = {
      ...world.candidate(1701),
      firstName: 'Ysolde',
      lastName: 'Thackeridge',
      title: 'Hyperbaric Specialist',
      companyName: 'Brackwater Clinic',
      city: 'Hood River',
      skills: ['Lymphedema Bandaging'],
      education: [{ school: 'Ostrander School of Nursing', degree: 'BSN' }],
    };
    index.add(removed);
    for (let seq = 1702; seq <= 1800; seq++) {
      const candidate = world.candidate(seq);
      index.add(candidate);
      kept.add(candidate);
    }
    // A re-sort after she arrived, and a tail after it: she is in the sorted orders.
    index.reorder();
    kept.reorder();
    const last = world.candidate(1801);
    index.add(last);
    kept.add(last);
    expect(index.removeSeq(1701)).toBe(true);
    for (const seq of [7, 1750]) expect(index.removeSeq(seq)).toBe(kept.removeSeq(seq));

    await writeSnapshot(file, meta, index);
    const text = (await readFile(file)).toString('latin1').toLowerCase();
    for (const value of [
      'ysolde',
      'thackeridge',
      'hyperbaric',
      'brackwater',
      'hood river',
      'lymphedema',
      'ostrander',
    ])
      expect(text, value).not.toContain(value);
    const restored = (await readSnapshot(file))!.index;
    expect(restored.size).toBe(index.alive.count());
    expectSameAnswers(index, restored, 200, 'live');
    expectSameAnswers(kept, restored, 200, 'live');
    // And it goes on as the index it was written from.
    for (let seq = 1802; seq <= 2200; seq++) {
      const candidate = world.candidate(seq);
      index.add(candidate);
      restored.add(candidate);
    }
    for (const seq of [20, 1900]) expect(restored.removeSeq(seq)).toBe(index.removeSeq(seq));
    expectSameAnswers(index, restored, 100, 'skip');
    index.reorder();
    restored.reorder();
    expectSameAnswers(index, restored, 100, 'skip');
  });

  it('is ignored when missing, of another format or not a snapshot', async () => {
    expect(await readSnapshot(path.join(dir, 'none.idx'))).toBeNull();
    const garbage = path.join(dir, 'garbage.idx');
    await writeFile(garbage, 'not an index');
    expect(await readSnapshot(garbage)).toBeNull();
    const older = path.join(dir, 'older.idx');
    await writeSnapshot(older, meta, original);
    await rewriteFormat(older, `${SNAPSHOT_LAYOUT + 1}.${SNAPSHOT_FORMAT.split('.')[1]}`);
    expect(await readSnapshot(older)).toBeNull();
  });
});

/** Rewrites the format a snapshot file says it is of. */
async function rewriteFormat(file: string, format: string) {
  const bytes = await readFile(file);
  const headerLength = bytes.readUInt32LE(4);
  const header = bytes.subarray(8, 8 + headerLength).toString('utf8');
  expect(header).toContain(`"format":"${SNAPSHOT_FORMAT}"`);
  const changed = Buffer.from(header.replace(`"format":"${SNAPSHOT_FORMAT}"`, `"format":"${format}"`));
  // The sections follow the header, padded to 8 bytes.
  const padding = (length: number) => Buffer.alloc((8 - (length % 8)) % 8);
  const sections = bytes.subarray(8 + headerLength + padding(headerLength).length);
  const prefix = Buffer.from(bytes.subarray(0, 8));
  prefix.writeUInt32LE(changed.length, 4);
  await writeFile(file, Buffer.concat([prefix, changed, padding(changed.length), sections]));
}

type Fields = Record<string, CandidateFieldDefinition>;
const FIELDS = CANDIDATE_FIELDS as Fields;
const INDEXED = Object.keys(FIELDS).filter((field) => FIELDS[field]!.search !== undefined);
const withField = (field: string, definition: CandidateFieldDefinition): Fields => ({
  ...FIELDS,
  [field]: definition,
});

describe('the snapshot format follows the candidate field definition', () => {
  it('is the fingerprint of the fields the product defines: a snapshot says which definition built it', async () => {
    expect(SNAPSHOT_FORMAT).toBe(snapshotFormatOf(CANDIDATE_FIELDS, SEARCH_FIELDS));
    const file = path.join(dir, 'format.idx');
    await writeSnapshot(file, meta, original);
    const bytes = await readFile(file);
    const header = JSON.parse(bytes.subarray(8, 8 + bytes.readUInt32LE(4)).toString('utf8'));
    expect(header.meta.format).toBe(snapshotFormatOf());
  });

  it('changes with anything a field says the index does with it', () => {
    expect(INDEXED.length).toBeGreaterThan(10);
    const formats = new Set([SNAPSHOT_FORMAT]);
    const expectNew = (fields: Fields, what: string) => {
      const format = snapshotFormatOf(fields);
      expect(formats.has(format), what).toBe(false);
      formats.add(format);
    };
    for (const field of INDEXED) {
      const definition = FIELDS[field]!;
      const search = definition.search!;
      const { search: _, ...unsearched } = definition;
      expectNew(withField(field, unsearched), `${field} out of the index`);
      expectNew(
        withField(field, { ...definition, search: { ...search, text: search.text === 'e' ? 'n' : 'e' } }),
        `${field}'s text field`,
      );
      expectNew(
        withField(field, {
          ...definition,
          search: { ...search, filter: search.filter === 'city' ? 'state' : 'city' },
        }),
        `${field}'s filter`,
      );
      expectNew(
        withField(field, { ...definition, column: { ...definition.column!, name: `${field}_renamed` } }),
        `${field}'s column`,
      );
    }
    // A field the index did not read, now searchable: a snapshot from before lacks its terms.
    const unindexed = Object.keys(FIELDS).find((field) => !INDEXED.includes(field) && FIELDS[field]!.column)!;
    expectNew(withField(unindexed, { ...FIELDS[unindexed]!, search: { text: 't' } }), `${unindexed} indexed`);
    // A filter's rule: its prefix, or how its values are normalised.
    const city = (rule: Partial<TermRule>) =>
      snapshotFormatOf(FIELDS, {
        ...SEARCH_FIELDS,
        city: {
          ...SEARCH_FIELDS.city,
          terms: { city: { ...SEARCH_FIELDS.city.terms.city, ...rule } as TermRule },
        },
      });
    expect(city({})).toBe(SNAPSHOT_FORMAT);
    expect(city({ prefix: 'cy' })).not.toBe(SNAPSHOT_FORMAT);
    expect(city({ form: 'as is' })).not.toBe(SNAPSHOT_FORMAT);
  });

  it('keeps a snapshot of another definition from loading', async () => {
    const file = path.join(dir, 'other-definition.idx');
    await writeSnapshot(file, meta, original);
    // Rewritten as it was, it loads: only the format keeps the other one out.
    await rewriteFormat(file, SNAPSHOT_FORMAT);
    expect(await readSnapshot(file)).not.toBeNull();
    const title = FIELDS.title!;
    await rewriteFormat(file, snapshotFormatOf(withField('title', { ...title, search: { text: 't' } })));
    expect(await readSnapshot(file)).toBeNull();
  });
});

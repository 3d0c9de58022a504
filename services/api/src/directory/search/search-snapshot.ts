import { chmod, type FileHandle, mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { FilterVocabulary, type VocabularySnapshot } from './filter-vocabulary';
import { type IndexContent, SearchIndex, SORT_ORDERS } from './search-index';
import { liveContent } from './search-snapshot-live';
import { SNAPSHOT_FORMAT } from './snapshot-format';
import { Bits, Postings, packPostings, unpackPostings } from './text';

const MAGIC = 'HTSI';

/** What a snapshot reflects: a part of the directory, at a revision of a read-model table. */
export type SnapshotMeta = { part: number; of: number; revision: number; oid: string; maxSeq: number };
/** `count`: how many strings a text section holds. */
type Section = {
  name: string;
  type: keyof typeof TYPES | 'text';
  offset: number;
  bytes: number;
  count?: number;
};
type Header = {
  meta: SnapshotMeta & { format: string };
  sections: Section[];
  json: IndexJson;
};

const TYPES = { Float64Array, Float32Array, Uint32Array, Uint8Array } as const;
const typeOf = (array: SnapshotArray): keyof typeof TYPES =>
  array instanceof Float64Array
    ? 'Float64Array'
    : array instanceof Float32Array
      ? 'Float32Array'
      : array instanceof Uint32Array
        ? 'Uint32Array'
        : 'Uint8Array';
const padding = (bytes: number) => Buffer.alloc((8 - (bytes % 8)) % 8);
/** Sort keys never hold a NUL (search-index keys are folded text and \u0001, \u0002, \uffff). */
const TEXT_SEPARATOR = '\u0000';

/**
 * Writes the index to `file`: "HTSI", the header's length, the header (JSON: what it reflects, the
 * short strings, where each section is), then the sections, each 8-byte aligned: the typed arrays
 * as they are in memory, and the per-document key lists as NUL-separated UTF-8 (much faster to read
 * than JSON). Written to a temporary file and renamed: a reader sees the old snapshot or the new one.
 */
export async function writeSnapshot(file: string, meta: SnapshotMeta, index: SearchIndex): Promise<number> {
  const { json, arrays, texts } = toSnapshot(index);
  const sections: Section[] = [];
  const bodies: Uint8Array[] = [];
  let offset = 0;
  const add = (name: string, type: Section['type'], bytes: Uint8Array, count?: number) => {
    sections.push({ name, type, offset, bytes: bytes.byteLength, ...(count === undefined ? {} : { count }) });
    const pad = padding(bytes.byteLength);
    bodies.push(bytes, pad);
    offset += bytes.byteLength + pad.length;
  };
  for (const [name, array] of Object.entries(arrays))
    add(name, typeOf(array), new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  for (const [name, list] of Object.entries(texts))
    add(name, 'text', Buffer.from(list.join(TEXT_SEPARATOR)), list.length);
  const header = Buffer.from(JSON.stringify({ meta: { ...meta, format: SNAPSHOT_FORMAT }, sections, json }));
  const prefix = Buffer.alloc(8);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(header.length, 4);
  // The directory's people, readable by the product's user alone (issue 32).
  await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
  const temporary = `${file}.${process.pid}-${threadId}.tmp`;
  try {
    await writeFile(temporary, [prefix, header, padding(header.length), ...bodies], { mode: PRIVATE_FILE });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return prefix.length + header.length + offset;
}

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Makes the snapshot directory and the snapshots in it readable by the product's user alone, as
 * `writeSnapshot` makes new ones: those an earlier version wrote were world-readable until rewritten.
 */
export async function keepSnapshotsPrivate(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  await chmod(dir, PRIVATE_DIR);
  for (const entry of await readdir(dir, { withFileTypes: true }))
    if (entry.isFile() && /\.(idx|tmp)$/.test(entry.name))
      await chmod(path.join(dir, entry.name), PRIVATE_FILE);
}

type SnapshotArray = Float64Array | Float32Array | Uint32Array | Uint8Array;
/** The strings of an index snapshot (its numbers are typed arrays beside it). */
type IndexJson = {
  size: number;
  orderedUpTo: number;
  version: number;
  removed: number;
  terms: string[];
  vocabulary: string[];
  filterValues: VocabularySnapshot;
};
/** The long string lists of a snapshot (one per document), kept as text rather than JSON. */
type SnapshotTexts = { name: string[]; specialty: string[]; location: string[] };

/**
 * An index as JSON (strings), typed arrays and per-document texts, its removed documents left out.
 * Sparse lists are packed one after the other; dense lists are their bits, each as many words as
 * the documents need.
 */
function toSnapshot(index: SearchIndex): {
  json: IndexJson;
  arrays: Record<string, SnapshotArray>;
  texts: SnapshotTexts;
} {
  // Removed documents are left out: the file must not keep what was removed (ADR 0044).
  const content = liveContent(index.content());
  const n = content.size;
  const terms = [...content.postings.keys()];
  const lists = terms.map((term) => content.postings.get(term)!);
  const dense = lists.flatMap((list, i) => (list.dense ? [i] : []));
  const words = (n >>> 5) + 1;
  const denseBits = new Uint32Array(dense.length * words);
  for (const [k, i] of dense.entries()) denseBits.set(lists[i]!.dense!.subarray(0, words), k * words);
  const postings = packPostings(lists.filter((list) => !list.dense));
  const vocabulary = content.filterValues.toSnapshot();
  const values = packPostings(vocabulary.lists);
  const { keys } = content;
  return {
    json: {
      size: n,
      orderedUpTo: content.orderedUpTo,
      version: content.version,
      removed: content.removed,
      terms,
      vocabulary: content.vocabulary,
      filterValues: vocabulary.json,
    },
    arrays: {
      seqs: content.seqs.subarray(0, n),
      uuids: content.uuids.subarray(0, n * 16),
      alive: content.alive.words.subarray(0, words),
      verifiedKey: content.verifiedKey.subarray(0, n),
      identifiers: content.identifiers.subarray(0, n),
      latitudes: content.latitudes.subarray(0, n),
      longitudes: content.longitudes.subarray(0, n),
      ...Object.fromEntries(
        SORT_ORDERS.flatMap((sort) => [
          [`rank.${sort}`, content.rank[sort].subarray(0, n)],
          [`order.${sort}`, content.order[sort]],
        ]),
      ),
      postingLengths: Uint32Array.from(lists, (list) => list.length),
      postingDocs: postings.docs,
      denseTerms: Uint32Array.from(dense),
      denseBits,
      valueLengths: values.lengths,
      valueDocs: values.docs,
    },
    texts: {
      name: keys.name.slice(0, n),
      specialty: keys.specialty.slice(0, n),
      location: keys.location.slice(0, n),
    },
  };
}

/** The index toSnapshot wrote. */
function fromSnapshot(
  json: IndexJson,
  arrays: Record<string, SnapshotArray>,
  texts: SnapshotTexts,
): SearchIndex {
  const n = json.size;
  const array = <T extends SnapshotArray>(name: string, type: new (...args: never[]) => T): T => {
    const found = arrays[name];
    if (!(found instanceof type)) throw new Error(`index snapshot: ${name} is missing`);
    return found;
  };
  const lengths = array('postingLengths', Uint32Array);
  const denseTerms = array('denseTerms', Uint32Array);
  const denseBits = array('denseBits', Uint32Array);
  const words = (n >>> 5) + 1;
  if (lengths.length !== json.terms.length || denseBits.length !== denseTerms.length * words)
    throw new Error('index snapshot: postings do not match the terms');
  const denseAt = new Map(Array.from(denseTerms, (term, k) => [term, k]));
  const sparse = unpackPostings(
    lengths.filter((_, i) => !denseAt.has(i)),
    array('postingDocs', Uint32Array),
  );
  let nextSparse = 0;
  const postings = new Map<string, Postings>();
  for (const [i, term] of json.terms.entries()) {
    const k = denseAt.get(i);
    if (k === undefined) {
      postings.set(term, sparse[nextSparse++]!);
      continue;
    }
    const list = new Postings();
    list.length = lengths[i]!;
    list.dense = denseBits.subarray(k * words, (k + 1) * words);
    list.docs = new Uint32Array(0);
    postings.set(term, list);
  }
  if ([texts.name, texts.specialty, texts.location].some((keys) => keys.length !== n))
    throw new Error('index snapshot: sort keys do not match the documents');
  // Equal keys are one string (as an index built row by row holds them).
  const shared = new Map<string, string>();
  const intern = (key: string) => {
    const known = shared.get(key);
    if (known !== undefined) return known;
    shared.set(key, key);
    return key;
  };
  const byOrder = <T>(make: (sort: (typeof SORT_ORDERS)[number]) => T) =>
    Object.fromEntries(SORT_ORDERS.map((sort) => [sort, make(sort)])) as Record<
      (typeof SORT_ORDERS)[number],
      T
    >;
  const content: IndexContent = {
    size: n,
    orderedUpTo: json.orderedUpTo,
    version: json.version,
    removed: json.removed,
    seqs: array('seqs', Float64Array),
    uuids: array('uuids', Uint8Array),
    alive: new Bits(n, array('alive', Uint32Array)),
    verifiedKey: array('verifiedKey', Float64Array),
    identifiers: array('identifiers', Float64Array),
    latitudes: array('latitudes', Float32Array),
    longitudes: array('longitudes', Float32Array),
    rank: byOrder((sort) => array(`rank.${sort}`, Float64Array)),
    order: byOrder((sort) => array(`order.${sort}`, Uint32Array)),
    postings,
    keys: { name: texts.name, specialty: texts.specialty.map(intern), location: texts.location.map(intern) },
    vocabulary: json.vocabulary,
    filterValues: FilterVocabulary.fromSnapshot(
      json.filterValues,
      unpackPostings(array('valueLengths', Uint32Array), array('valueDocs', Uint32Array)),
    ),
  };
  return SearchIndex.fromContent(content);
}

/** Reads `into.byteLength` bytes at `position`, however many reads it takes. */
async function readFully(handle: FileHandle, into: Uint8Array, position: number): Promise<void> {
  for (let done = 0; done < into.byteLength; ) {
    const { bytesRead } = await handle.read(into, done, into.byteLength - done, position + done);
    if (bytesRead === 0) throw new Error('index snapshot: the file is cut short');
    done += bytesRead;
  }
}

/**
 * The snapshot in `file`, or null when there is none or it is of another format. Each section is
 * read straight into its own array: no copy of the whole file is held.
 */
export async function readSnapshot(file: string): Promise<{ meta: SnapshotMeta; index: SearchIndex } | null> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const prefix = Buffer.alloc(8);
    const { bytesRead } = await handle.read(prefix, 0, 8, 0);
    if (bytesRead < 8 || prefix.toString('latin1', 0, 4) !== MAGIC) return null;
    const headerBytes = Buffer.alloc(prefix.readUInt32LE(4));
    await readFully(handle, headerBytes, 8);
    const header = JSON.parse(headerBytes.toString('utf8')) as Header;
    if (header.meta.format !== SNAPSHOT_FORMAT) return null;
    const data = 8 + headerBytes.length + padding(headerBytes.length).length;
    const arrays: Record<string, SnapshotArray> = {};
    const texts: Record<string, string[]> = {};
    for (const { name, type, offset, bytes, count } of header.sections) {
      if (type === 'text') {
        const text = Buffer.allocUnsafe(bytes);
        await readFully(handle, text, data + offset);
        texts[name] = count === 0 ? [] : text.toString('utf8').split(TEXT_SEPARATOR);
        continue;
      }
      const Type = TYPES[type];
      const array = new Type(bytes / Type.BYTES_PER_ELEMENT);
      await readFully(handle, new Uint8Array(array.buffer), data + offset);
      arrays[name] = array;
    }
    const { format: _, ...meta } = header.meta;
    const { name = [], specialty = [], location = [] } = texts;
    return { meta, index: fromSnapshot(header.json, arrays, { name, specialty, location }) };
  } finally {
    await handle.close();
  }
}

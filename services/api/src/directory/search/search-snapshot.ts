import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { SearchIndex, type SnapshotArray } from './search-index';

/**
 * Bump when what the index holds or how it is built from a row changes (terms, folding, sort keys):
 * snapshots of an older format are ignored, and the index is loaded from the read model and saved anew.
 */
export const SNAPSHOT_FORMAT = 1;
const MAGIC = 'HTSI';

/** What a snapshot reflects: a part of the directory, at a revision of a read-model table. */
export type SnapshotMeta = { part: number; of: number; revision: number; oid: string; maxSeq: number };
type Header = {
  meta: SnapshotMeta & { format: number };
  sections: { name: string; type: keyof typeof TYPES; offset: number; length: number }[];
  json: Parameters<typeof SearchIndex.fromSnapshot>[0];
};

const TYPES = { Float64Array, Uint32Array, Uint8Array } as const;
const typeOf = (array: SnapshotArray): keyof typeof TYPES =>
  array instanceof Float64Array
    ? 'Float64Array'
    : array instanceof Uint32Array
      ? 'Uint32Array'
      : 'Uint8Array';
const padding = (bytes: number) => Buffer.alloc((8 - (bytes % 8)) % 8);

/**
 * Writes the index to `file`: "HTSI", the header's length, the header (JSON: what it reflects, the
 * strings, where each array is), then the typed arrays, each 8-byte aligned. Written to a temporary
 * file and renamed, so a reader sees the old snapshot or the new one, never half of one.
 */
export async function writeSnapshot(file: string, meta: SnapshotMeta, index: SearchIndex): Promise<number> {
  const { json, arrays } = index.toSnapshot();
  const sections: Header['sections'] = [];
  const bodies: Buffer[] = [];
  let offset = 0;
  for (const [name, array] of Object.entries(arrays)) {
    sections.push({ name, type: typeOf(array), offset, length: array.length });
    const pad = padding(array.byteLength);
    bodies.push(Buffer.from(array.buffer, array.byteOffset, array.byteLength), pad);
    offset += array.byteLength + pad.length;
  }
  const header = Buffer.from(JSON.stringify({ meta: { ...meta, format: SNAPSHOT_FORMAT }, sections, json }));
  const prefix = Buffer.alloc(8);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(header.length, 4);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}-${threadId}.tmp`;
  try {
    await writeFile(temporary, [prefix, header, padding(header.length), ...bodies]);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return prefix.length + header.length + offset;
}

/** The snapshot in `file`, or null when there is none or it is of another format. */
export async function readSnapshot(file: string): Promise<{ meta: SnapshotMeta; index: SearchIndex } | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
  if (bytes.length < 8 || bytes.toString('latin1', 0, 4) !== MAGIC) return null;
  const headerLength = bytes.readUInt32LE(4);
  const header = JSON.parse(bytes.toString('utf8', 8, 8 + headerLength)) as Header;
  if (header.meta.format !== SNAPSHOT_FORMAT) return null;
  const data = bytes.byteOffset + 8 + headerLength + padding(headerLength).length;
  const arrays: Record<string, SnapshotArray> = {};
  for (const { name, type, offset, length } of header.sections) {
    const Type = TYPES[type];
    const start = data + offset;
    // A copy: the file's buffer (and its JSON) is let go once the index is built.
    arrays[name] = new Type(
      (bytes.buffer as ArrayBuffer).slice(start, start + length * Type.BYTES_PER_ELEMENT),
    );
  }
  const { format: _, ...meta } = header.meta;
  return { meta, index: SearchIndex.fromSnapshot(header.json, arrays) };
}

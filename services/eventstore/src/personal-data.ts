import { createCipheriv, createDecipheriv, randomBytes, randomFillSync } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type pg from 'pg';
import type { Migration } from './migrations';

export const personalDataMigrations: readonly Migration[] = [
  {
    id: '002-personal-data-keys',
    sql: `create table eventstore.personal_data_keys (
      subject text primary key,
      key bytea not null,
      created_at timestamptz not null default now()
    )`,
  },
  {
    // An erased subject keeps its row without a key: nothing can give it a new key afterwards.
    id: '002b-personal-data-erasures',
    sql: `alter table eventstore.personal_data_keys alter column key drop not null;
      alter table eventstore.personal_data_keys add column erased_at timestamptz`,
  },
];

/**
 * Two stored formats, both AES-256-GCM with the subject's key (iv | tag | ciphertext, base64):
 * - pd2 (written now): one envelope per event under `_pd`, `pd2:<mask>:<sealed>`. The mask (base 36)
 *   says which of the event type's personal fields it holds, by their position in the spec's list
 *   (so those lists are append-only); the plaintext is the JSON array of their values, deflated
 *   with a preset dictionary of what personal values repeat (e-mail domains, LinkedIn URLs). One
 *   cipher and one key name per event instead of one per field: ~half the bytes and less CPU.
 * - pd1 (read only, events written before pd2): each field's value `pd1:<sealed JSON>` in place.
 */
const PD1 = 'pd1:';
const PD2 = 'pd2:';
/** Where a pd2 envelope sits in an event's stored data; no event schema has this field. */
export const SEALED_FIELD = '_pd';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const CACHE_LIMIT = 100_000;
/** Never change: every pd2 envelope is inflated with it. Another dictionary is another format. */
const DICTIONARY = Buffer.from(
  '@aol.com@msn.com@comcast.net@icloud.com@hotmail.com@outlook.com@yahoo.com@gmail.com' +
    '","+1https://www.linkedin.com/in/',
);
// A small window and state: the plaintext is a few hundred bytes, and the allocation is the cost.
// So is Node's 16 KB output chunk per call: a chunk of a few hundred bytes takes 17.5 → 13.6 µs to
// deflate and 8.1 → 5.2 µs to inflate a candidate's fields (the same bytes out). Since every field
// of a candidate is sealed (ADR 0044) the plaintext is ~650 bytes: memLevel 4 buffers 1,024 symbols,
// so it is one deflate block (at memLevel 1, 128 symbols, it was five, each with its own Huffman
// trees): 43 → 29 µs, and 464 → 396 bytes out. One output chunk each way.
const FORMAT = { windowBits: 9, dictionary: DICTIONARY } as const;
const DEFLATE = { ...FORMAT, level: 6, memLevel: 4, chunkSize: 512 } as const;
const INFLATE = { ...FORMAT, chunkSize: 1024 } as const;
/** The mask is a number: bits past 2^53 would not be exact. */
const MAX_FIELDS = 53;

export const isEncrypted = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(PD1);

/** IVs come from a pooled random buffer: one system call per 4,096 IVs instead of one each (imports). */
const ivPool = Buffer.alloc(IV_BYTES * 4096);
let ivOffset = ivPool.length;
function nextIv(): Buffer {
  if (ivOffset === ivPool.length) {
    randomFillSync(ivPool);
    ivOffset = 0;
  }
  // A view, not a copy: seal copies it into its output before the pool is refilled.
  const iv = ivPool.subarray(ivOffset, ivOffset + IV_BYTES);
  ivOffset += IV_BYTES;
  return iv;
}

/** iv | tag | ciphertext, base64. */
function seal(key: Buffer, plaintext: Buffer): string {
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  let body = cipher.update(plaintext);
  const tail = cipher.final(); // empty for GCM (a stream mode); it computes the tag
  if (tail.length > 0) body = Buffer.concat([body, tail]);
  const out = Buffer.allocUnsafe(IV_BYTES + TAG_BYTES + body.length);
  iv.copy(out, 0);
  cipher.getAuthTag().copy(out, IV_BYTES);
  body.copy(out, IV_BYTES + TAG_BYTES);
  return out.toString('base64');
}

function open(key: Buffer, sealed: string): Buffer {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const body = decipher.update(raw.subarray(IV_BYTES + TAG_BYTES));
  const tail = decipher.final(); // empty for GCM; it checks the tag
  return tail.length > 0 ? Buffer.concat([body, tail]) : body;
}

/** One field in the pd1 format. Only events written before pd2 hold these; tests write them. */
export function encryptValue(key: Buffer, value: unknown): string {
  return PD1 + seal(key, Buffer.from(JSON.stringify(value), 'utf8'));
}

export function decryptValue(key: Buffer, value: string): unknown {
  return JSON.parse(open(key, value.slice(PD1.length)).toString('utf8'));
}

/**
 * The event's data with its personal fields (those holding a value) moved into one pd2 envelope.
 * Null and absent fields stay as they are: they hold nothing of the person, and an update's
 * "absent" (unchanged) and "null" (cleared) must both survive.
 */
export function sealFields(
  key: Buffer,
  data: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): Record<string, unknown> {
  if (fields.length > MAX_FIELDS) throw new Error(`At most ${MAX_FIELDS} personal fields per event type`);
  const out = { ...data };
  const values: unknown[] = [];
  let mask = 0;
  // Arithmetic, not bitwise: a mask past 31 fields does not fit a 32-bit integer.
  for (let index = 0, bit = 1; index < fields.length; index++, bit *= 2) {
    const value = data[fields[index]!];
    if (value === undefined || value === null) continue;
    mask += bit;
    values.push(value);
    delete out[fields[index]!];
  }
  if (mask === 0) return out;
  const plaintext = deflateRawSync(Buffer.from(JSON.stringify(values), 'utf8'), DEFLATE);
  out[SEALED_FIELD] = `${PD2}${mask.toString(36)}:${seal(key, plaintext)}`;
  return out;
}

/**
 * The event's data as it was written: pd2 envelopes and pd1 fields opened with the subject's key.
 * Without a key (the subject was erased) every sealed field reads as null.
 */
export function unsealFields(
  key: Buffer | undefined,
  data: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): Record<string, unknown> {
  const out = { ...data };
  for (const field of fields) {
    const value = out[field];
    if (isEncrypted(value)) out[field] = key ? decryptValue(key, value) : null;
  }
  const envelope = out[SEALED_FIELD];
  if (typeof envelope !== 'string' || !envelope.startsWith(PD2)) return out;
  delete out[SEALED_FIELD];
  const colon = envelope.indexOf(':', PD2.length);
  const mask = Number.parseInt(envelope.slice(PD2.length, colon), 36);
  const values = key
    ? (JSON.parse(
        inflateRawSync(open(key, envelope.slice(colon + 1)), INFLATE).toString('utf8'),
      ) as unknown[])
    : undefined;
  let next = 0;
  for (let index = 0, bit = 1; index < fields.length; index++, bit *= 2)
    if (Math.floor(mask / bit) % 2 === 1) out[fields[index]!] = values ? values[next++] : null;
  return out;
}

/**
 * The event's data as an erased subject's reads: every personal field that holds something is null,
 * sealed or kept in the clear (a field its type made personal after the event was written: ADR 0044).
 */
export function erasedFields(data: Readonly<Record<string, unknown>>, fields: readonly string[]) {
  const out = unsealFields(undefined, data, fields);
  for (const field of fields) if (out[field] !== undefined && out[field] !== null) out[field] = null;
  return out;
}

/**
 * One AES-256 key per data subject, in its own table. Deleting a key is how a person is erased from
 * an immutable log: their encrypted fields can no longer be read by anyone. The subject's row stays
 * as a tombstone (no key, `erased_at`): an event about them appended afterwards (a request that
 * raced the erasure) is never given a fresh key, so its personal fields are stored as null.
 *
 * Keys are cached in this thread. `erase` clears the local cache; another process that cached
 * the key keeps reading it until it restarts, so erasure is run where the projectors run (their
 * thread's cache is told with `forget`).
 */
export class PersonalDataKeys {
  /** Keys, and null for erased subjects: a tombstone is for good, so it is cached like a key. */
  private readonly cache = new Map<string, Buffer | null>();

  constructor(private readonly pool: pg.Pool) {}

  /** Keys for these subjects, created for those that have none and were never erased. */
  async keysFor(subjects: readonly string[]): Promise<Map<string, Buffer>> {
    // Cached keys first; the others are offered a new key straight away (one round trip for an
    // import's new subjects): a subject that has a key, or was erased, keeps its row, read below.
    const found = new Map<string, Buffer>();
    const missing: string[] = [];
    for (const subject of new Set(subjects)) {
      const key = this.cache.get(subject);
      if (key) found.set(subject, key);
      else if (key === undefined) missing.push(subject);
    }
    if (missing.length === 0) return found;
    // One call to the random source for the whole batch (an import asks for thousands of keys).
    const random = randomBytes(32 * missing.length);
    const candidates = missing.map((_, i) => random.subarray(32 * i, 32 * (i + 1)));
    const { rows } = await this.pool.query<{ subject: string }>(
      `insert into eventstore.personal_data_keys (subject, key)
       select * from unnest($1::text[], $2::bytea[]) on conflict (subject) do nothing returning subject`,
      [missing, candidates],
    );
    const inserted = new Set(rows.map((row) => row.subject));
    const lost: string[] = [];
    missing.forEach((subject, i) => {
      if (!inserted.has(subject)) lost.push(subject);
      else {
        // Its own copy: the cache must not pin the batch's whole random buffer.
        const key = Buffer.from(candidates[i]!);
        this.remember(subject, key);
        found.set(subject, key);
      }
    });
    // Keys made before, by a concurrent writer, or erased subjects: read back what the table holds.
    if (lost.length > 0) for (const [subject, key] of await this.load(lost)) if (key) found.set(subject, key);
    return found;
  }

  /**
   * Keys that exist, and null for an erased subject (its tombstone); a subject that never had a key
   * is absent from the map.
   */
  async existing(subjects: readonly string[]): Promise<Map<string, Buffer | null>> {
    const result = new Map<string, Buffer | null>();
    const toLoad: string[] = [];
    for (const subject of new Set(subjects)) {
      const key = this.cache.get(subject);
      if (key === undefined) toLoad.push(subject);
      else result.set(subject, key);
    }
    if (toLoad.length > 0) for (const [subject, key] of await this.load(toLoad)) result.set(subject, key);
    return result;
  }

  /**
   * Which of these subjects were erased, as the table says now (not this thread's cache, which may
   * still hold a key another thread erased): what an erasure rewrites stored events for.
   */
  async erasedAmong(subjects: readonly string[]): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ subject: string }>(
      'select subject from eventstore.personal_data_keys where subject = any($1::text[]) and key is null',
      [[...new Set(subjects)]],
    );
    return new Set(rows.map((row) => row.subject));
  }

  /**
   * Drops the subject's key from this cache only: another thread whose store shares the database
   * (the projectors' thread) calls it after `erase` ran elsewhere, so it stops decrypting at once.
   */
  forget(subject: string): void {
    this.cache.delete(subject);
  }

  /** Destroys the subject's key and leaves its tombstone. Returns false when there was no key. */
  async erase(subject: string): Promise<boolean> {
    this.cache.delete(subject);
    const { rows } = await this.pool.query<{ had_key: boolean }>(
      `insert into eventstore.personal_data_keys as k (subject, key, erased_at) values ($1, null, now())
       on conflict (subject) do update set key = null, erased_at = coalesce(k.erased_at, now())
       returning (select key is not null from eventstore.personal_data_keys where subject = $1) as had_key`,
      [subject],
    );
    this.remember(subject, null);
    return rows[0]?.had_key === true;
  }

  /** The subjects' keys, null for the erased ones; those without a row are left out. */
  private async load(subjects: string[]): Promise<Map<string, Buffer | null>> {
    const { rows } = await this.pool.query<{ subject: string; key: Buffer | null }>(
      'select subject, key from eventstore.personal_data_keys where subject = any($1::text[])',
      [subjects],
    );
    const loaded = new Map<string, Buffer | null>();
    for (const row of rows) {
      this.remember(row.subject, row.key);
      loaded.set(row.subject, row.key);
    }
    return loaded;
  }

  private remember(subject: string, key: Buffer | null): void {
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(subject, key);
  }
}

import { createCipheriv, createDecipheriv, randomBytes, randomFillSync } from 'node:crypto';
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

/** Encrypted values look like `pd1:<base64 of iv | tag | ciphertext>`; the plaintext is JSON. */
const PREFIX = 'pd1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const CACHE_LIMIT = 100_000;

export const isEncrypted = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(PREFIX);

/** IVs come from a pooled random buffer: one system call per 4,096 IVs instead of one each (imports). */
const ivPool = Buffer.alloc(IV_BYTES * 4096);
let ivOffset = ivPool.length;
function nextIv(): Buffer {
  if (ivOffset === ivPool.length) {
    randomFillSync(ivPool);
    ivOffset = 0;
  }
  // A view, not a copy: encryptValue copies it into its output before the pool is refilled.
  const iv = ivPool.subarray(ivOffset, ivOffset + IV_BYTES);
  ivOffset += IV_BYTES;
  return iv;
}

export function encryptValue(key: Buffer, value: unknown): string {
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  let body = cipher.update(JSON.stringify(value), 'utf8');
  const tail = cipher.final(); // empty for GCM (a stream mode); it computes the tag
  if (tail.length > 0) body = Buffer.concat([body, tail]);
  // iv | tag | ciphertext, written once (imports encrypt several fields a row).
  const out = Buffer.allocUnsafe(IV_BYTES + TAG_BYTES + body.length);
  iv.copy(out, 0);
  cipher.getAuthTag().copy(out, IV_BYTES);
  body.copy(out, IV_BYTES + TAG_BYTES);
  return PREFIX + out.toString('base64');
}

export function decryptValue(key: Buffer, value: string): unknown {
  const raw = Buffer.from(value.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const text = Buffer.concat([
    decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(text);
}

/**
 * One AES-256 key per data subject, in its own table. Deleting a key is how a person is erased from
 * an immutable log: their encrypted fields can no longer be read by anyone. The subject's row stays
 * as a tombstone (no key, `erased_at`): an event about them appended afterwards (a request that
 * raced the erasure) is never given a fresh key, so its personal fields are stored as null.
 *
 * Keys are cached in this process. `erase` clears the local cache; another process that cached
 * the key keeps reading it until it restarts, so erasure is run where the projectors run.
 */
export class PersonalDataKeys {
  private readonly cache = new Map<string, Buffer>();

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
      else missing.push(subject);
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
    if (lost.length > 0) for (const [subject, key] of await this.load(lost)) found.set(subject, key);
    return found;
  }

  /** Keys that exist; an erased (or never created) subject is absent from the map. */
  async existing(subjects: readonly string[]): Promise<Map<string, Buffer>> {
    const result = new Map<string, Buffer>();
    const toLoad: string[] = [];
    for (const subject of new Set(subjects)) {
      const key = this.cache.get(subject);
      if (key) result.set(subject, key);
      else toLoad.push(subject);
    }
    if (toLoad.length > 0) for (const [subject, key] of await this.load(toLoad)) result.set(subject, key);
    return result;
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
    return rows[0]?.had_key === true;
  }

  private async load(subjects: string[]): Promise<Map<string, Buffer>> {
    const { rows } = await this.pool.query<{ subject: string; key: Buffer }>(
      'select subject, key from eventstore.personal_data_keys where subject = any($1::text[]) and key is not null',
      [subjects],
    );
    const loaded = new Map<string, Buffer>();
    for (const row of rows) {
      this.remember(row.subject, row.key);
      loaded.set(row.subject, row.key);
    }
    return loaded;
  }

  private remember(subject: string, key: Buffer): void {
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(subject, key);
  }
}

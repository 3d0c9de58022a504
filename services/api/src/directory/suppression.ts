import { createHmac } from 'node:crypto';
import { legacyPhoneDigits, normalisePhone } from '@healthtal/contracts';
import type { Migration } from '@healthtal/eventstore';
import type pg from 'pg';
import { serverSecret } from '../shared/secrets';
import { canonicalEmail, legacyEmailSpellings } from './canonical-email';

/**
 * People who asked to be removed, by keyed hash of their email or phone: imports refuse anyone on
 * the list, and the list itself holds no address or number. Operational state, not a read model:
 * it must survive any rebuild of the directory.
 */
export const suppressionMigrations: readonly Migration[] = [
  {
    id: '020-directory-suppression-list',
    sql: `create table suppression_list (
      kind text not null check (kind in ('email', 'phone')),
      hash text not null,
      added_at timestamptz not null default now(),
      primary key (kind, hash)
    )`,
  },
];

export type SuppressionKind = 'email' | 'phone';

/** The key of the hashes; generated once per installation and kept with the server secrets. */
export const suppressionKey = (pool: pg.Pool): Promise<Buffer> => serverSecret(pool, 'suppression-key');

const hmac = (key: Buffer, value: string) => createHmac('sha256', key).update(value, 'utf8').digest('hex');

/**
 * Emails compare as their mailbox (`canonicalEmail`: case, `+tag`, Gmail's dots); null when there
 * is no address. This is the hash events store.
 */
export function hashEmail(key: Buffer, email: string | null | undefined): string | null {
  const canonical = canonicalEmail(email);
  return canonical ? hmac(key, canonical) : null;
}

/**
 * Every hash an address may be on the suppression list under: its canonical hash (first: `hashEmail`)
 * and the hashes of the spellings earlier versions hashed for it (docs/adr/0040). Removals write them all and lookups
 * ask for them all, as for phones: an entry made before canonical addresses still refuses what it
 * refused, and the address with a `+tag` added.
 */
export function emailHashes(key: Buffer, email: string | null | undefined): string[] {
  const canonical = canonicalEmail(email);
  if (!canonical) return [];
  // Most addresses are their own canonical and legacy spelling: one HMAC, not three.
  return [...new Set([canonical, ...legacyEmailSpellings(email)])].map((spelling) => hmac(key, spelling));
}

/**
 * Phones compare as E.164 ("(213) 555-0147", "+1 213 555 0147" and "213.555.0147" are one number);
 * text that is no phone number falls back to its digits. This is the hash events store.
 */
export function hashPhone(key: Buffer, phone: string | null | undefined): string | null {
  const canonical = normalisePhone(phone) ?? phone?.replace(/\D/g, '');
  return canonical ? hmac(key, canonical) : null;
}

/**
 * Every hash a number may be on the suppression list under: its E.164 hash and the digit-only
 * hashes of earlier versions (docs/adr/0022-phone-normalisation.md). Removals write them all and
 * lookups ask for them all, so an entry made before E.164 still refuses the number in any spelling.
 */
export function phoneHashes(key: Buffer, phone: string | null | undefined): string[] {
  const canonical = hashPhone(key, phone);
  if (!canonical) return [];
  return [...new Set([canonical, ...legacyPhoneDigits(phone).map((digits) => hmac(key, digits))])];
}

export type ContactHash = { kind: SuppressionKind; hash: string };

/** An address's suppression-list entries, as `suppress` and `filterSuppressed` take them. */
export const emailContactHashes = (key: Buffer, email: string | null | undefined): ContactHash[] =>
  emailHashes(key, email).map((hash) => ({ kind: 'email', hash }));

/** A number's suppression-list entries, as `suppress` and `filterSuppressed` take them. */
export const phoneContactHashes = (key: Buffer, phone: string | null | undefined): ContactHash[] =>
  phoneHashes(key, phone).map((hash) => ({ kind: 'phone', hash }));

export async function suppress(pool: pg.Pool | pg.PoolClient, hashes: readonly ContactHash[]): Promise<void> {
  if (hashes.length === 0) return;
  await pool.query(
    `insert into suppression_list (kind, hash) select * from unnest($1::text[], $2::text[])
     on conflict (kind, hash) do nothing`,
    [hashes.map((h) => h.kind), hashes.map((h) => h.hash)],
  );
}

/** Which of these hashes are on the list, as `kind:hash` strings. One query for a whole batch. */
export async function filterSuppressed(
  pool: pg.Pool | pg.PoolClient,
  hashes: readonly ContactHash[],
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const { rows } = await pool.query<{ kind: string; hash: string }>(
    `select s.kind, s.hash from suppression_list s
     join unnest($1::text[], $2::text[]) as h(kind, hash) on s.kind = h.kind and s.hash = h.hash`,
    [hashes.map((h) => h.kind), hashes.map((h) => h.hash)],
  );
  return new Set(rows.map((row) => `${row.kind}:${row.hash}`));
}

export async function isSuppressed(
  pool: pg.Pool | pg.PoolClient,
  hashes: readonly ContactHash[],
): Promise<boolean> {
  return (await filterSuppressed(pool, hashes)).size > 0;
}

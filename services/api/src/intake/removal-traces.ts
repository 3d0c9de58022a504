import type pg from 'pg';
import { type ContactHash, hashEmail, phoneHashes } from '../directory/suppression';

/*
 * What a confirmed removal clears besides the log and the read models: operational state that holds
 * the person. Each step is found again from the removal's own record (its erased subjects and the
 * hashes it suppressed), so a confirmation finished on a retry clears the same.
 */

const emailHashesOf = (suppressed: readonly ContactHash[]) =>
  suppressed.filter((hash) => hash.kind === 'email').map((hash) => hash.hash);

/**
 * The removal requests made for any of the addresses a removal erased (the person asked by their
 * work and their personal address, or twice): each holds the address under a key of its own, which
 * goes too.
 */
export async function removalRequestsFor(
  pool: pg.Pool,
  suppressed: readonly ContactHash[],
): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    'select id from removal_requests where email_hash = any($1::text[])',
    [emailHashesOf(suppressed)],
  );
  return rows.map((row) => row.id);
}

/**
 * Deletes the outbox's mail to any of the person's addresses: the rows hold the address and what
 * was said to it (the confirmation link). Matched by keyed hash, as the suppression list matches
 * them: the directory no longer has the addresses once the erasure is projected.
 */
export async function forgetMailTo(pool: pg.Pool, key: Buffer, suppressed: readonly ContactHash[]) {
  const hashes = new Set(emailHashesOf(suppressed));
  const { rows } = await pool.query<{ recipient: string }>('select distinct recipient from mail_outbox');
  const recipients = rows.map((row) => row.recipient).filter((to) => hashes.has(hashEmail(key, to) ?? ''));
  if (recipients.length > 0)
    await pool.query('delete from mail_outbox where recipient = any($1::text[])', [recipients]);
}

const EMAILS = /[^\s"'<>@]+@[^\s"'<>@]+\.[a-z]{2,}/gi;
const PHONES = /\+?\d[\d ().-]{6,}\d/g;

/**
 * Deletes the answers kept for Idempotency-Key retries that name the person: by an erased record's
 * id (a search page with their card) or by one of their addresses or numbers (a reveal of their
 * contact, which holds no id), matched by keyed hash. A retry within the key's day would otherwise
 * hand them out again. Keys are kept a day, so the table is small.
 */
export async function forgetAnswersAbout(
  pool: pg.Pool,
  key: Buffer,
  removal: { erased: readonly { subjectId: string }[]; suppressed: readonly ContactHash[] },
) {
  const hashes = new Set(removal.suppressed.map(({ kind, hash }) => `${kind}:${hash}`));
  const namesThem = (text: string) =>
    removal.erased.some(({ subjectId }) => text.includes(subjectId)) ||
    (text.match(EMAILS) ?? []).some((email) => hashes.has(`email:${hashEmail(key, email)}`)) ||
    (text.match(PHONES) ?? []).some((phone) => phoneHashes(key, phone).some((h) => hashes.has(`phone:${h}`)));
  const { rows } = await pool.query<{ scope: string; key: string; response: string }>(
    'select scope, key, response::text as response from idempotency_keys where response is not null',
  );
  const named = rows.filter((row) => namesThem(row.response));
  if (named.length === 0) return;
  await pool.query(
    `delete from idempotency_keys k using unnest($1::text[], $2::text[]) as n(scope, key)
     where k.scope = n.scope and k.key = n.key`,
    [named.map((row) => row.scope), named.map((row) => row.key)],
  );
}

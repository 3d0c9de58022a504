import { streamName } from '@healthtal/contracts';
import type pg from 'pg';
import { canonicalEmail } from '../directory/canonical-email';
import { type ContactHash, emailHashes, phoneHashes } from '../directory/suppression';
import { submissionStream } from './resume-decisions';

/** A person's data to erase: its personal-data subject and the stream its `PersonalDataErased` goes on. */
export type ErasedSubject = { subjectId: string; streamId: string };

/** Whose data a removal erases, and which hashes then go on the suppression list. */
export type RemovalSubjects = { erased: ErasedSubject[]; suppressed: ContactHash[] };

/** The same columns of directory_contacts and of resume_submissions, the hashes in hex as events hold them. */
type Contacts = { email_hash: string | null; phone_hash: string | null } & {
  // computed: the record's id (candidate_id for the directory), and its addresses and phones as arrays
  id: string;
  emails: (string | null)[];
  phones: (string | null)[];
};

/**
 * Every directory record with this address (personal or work, by value or by the import's hash,
 * as typed or as its mailbox: canonical-email.ts), and every resume submission with it (pending ones
 * never reached the directory), with every hash of every email and phone they hold: an import or a
 * resume keyed on any of them is refused later. The address's own hashes are always among them.
 *
 * The directory has no index on the addresses, so this scans its contacts: acceptable for a
 * rate-limited public form, and the same work whether or not the address is known.
 */
export async function findRemovalSubjects(
  pool: pg.Pool,
  key: Buffer,
  email: string,
): Promise<RemovalSubjects> {
  // The address as typed and as its mailbox; its hashes are the canonical one and the legacy ones.
  const spellings = [...new Set([email.trim().toLowerCase(), canonicalEmail(email)!])];
  const addressHashes = emailHashes(key, email);
  const [directory, submissions] = await Promise.all([
    pool.query<Contacts>(
      `select candidate_id as id, array[personal_email, work_email] as emails,
         array[phone, direct_phone] as phones, encode(email_hash, 'hex') as email_hash,
         encode(phone_hash, 'hex') as phone_hash
       from directory_contacts
       where email_hash in (select decode(h, 'hex') from unnest($1::text[]) as h)
         or lower(btrim(personal_email)) = any($2) or lower(btrim(work_email)) = any($2)`,
      [addressHashes, spellings],
    ),
    pool.query<Contacts>(
      `select id, array[email] as emails, array[phone] as phones, email_hash, phone_hash
       from resume_submissions where email_hash = any($1) or lower(btrim(email)) = any($2)`,
      [addressHashes, spellings],
    ),
  ]);

  const hashes = new Map<string, ContactHash>();
  const add = (kind: ContactHash['kind'], hash: string | null) => {
    if (hash) hashes.set(`${kind}:${hash}`, { kind, hash });
  };
  for (const hash of addressHashes) add('email', hash);
  for (const row of [...directory.rows, ...submissions.rows]) {
    add('email', row.email_hash);
    for (const address of row.emails) for (const hash of emailHashes(key, address)) add('email', hash);
    add('phone', row.phone_hash);
    for (const phone of row.phones) for (const hash of phoneHashes(key, phone)) add('phone', hash);
  }

  // An approved submission is also the directory record of the same id: one erasure covers both.
  const erased = new Map<string, ErasedSubject>();
  for (const { id } of directory.rows)
    erased.set(id, { subjectId: id, streamId: streamName('candidate', id) });
  for (const { id } of submissions.rows)
    if (!erased.has(id)) erased.set(id, { subjectId: id, streamId: submissionStream(id) });
  return { erased: [...erased.values()], suppressed: [...hashes.values()] };
}

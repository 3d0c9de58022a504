import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click unsubscribe link's token: the clinician's id and an HMAC of it under a server secret
 * (`unsubscribe-key`), so the link needs no login and cannot be made for anyone else. It does not
 * expire: an old email's link must still work (RFC 8058 asks it to for a reasonable time).
 */
export const unsubscribeToken = (key: Buffer, candidateId: string): string =>
  `${candidateId}.${signature(key, candidateId)}`;

/** The clinician the token was made for, or null when it was not made with this key. */
export function candidateOfUnsubscribeToken(key: Buffer, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const candidateId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(key, candidateId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? candidateId : null;
}

const signature = (key: Buffer, candidateId: string) =>
  createHmac('sha256', key).update(`unsubscribe:${candidateId}`).digest('base64url');

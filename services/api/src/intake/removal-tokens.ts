import { createHash, randomBytes } from 'node:crypto';
import { RemovalLimits, type RemovalRequestId } from '@healthtal/contracts';
import { uuidFromName } from '../shared/ids';

/** 32 letters and digits without the look-alikes (i, l, o, u): 5 random bits a character, 130 in all. */
const ALPHABET = 'abcdefghjkmnpqrstvwxyz0123456789';

/** A confirmation token of the spec's "about 26" random characters, safe in a URL as it is. */
export function newRemovalToken(): string {
  const bytes = randomBytes(RemovalLimits.tokenLength);
  let token = '';
  // 256 is a multiple of 32, so masking keeps every character equally likely.
  for (const byte of bytes) token += ALPHABET[byte & 31];
  return token;
}

/** Only this hash is stored: the log and the read models cannot confirm a removal. */
export const removalTokenHash = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The request's id follows from its token, so confirming finds the stream without a lookup table
 * (and without waiting for a projection); the id does not lead back to the token.
 */
export const removalIdOf = (tokenHash: string): RemovalRequestId =>
  uuidFromName(`removal:${tokenHash}`) as RemovalRequestId;

import { createHash } from 'node:crypto';

/**
 * A name-based UUID (version 5 layout, SHA-1): the same name always gives the same id. Used to
 * derive event ids and aggregate ids from a command id, so a retried command appends nothing twice.
 */
export function uuidFromName(name: string): string {
  const bytes = createHash('sha1').update(`healthtal:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

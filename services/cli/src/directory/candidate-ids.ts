import { createHash } from 'node:crypto';

/** Namespace of HealthTal's name-based ids (a random UUID fixed once; changing it renames everyone). */
const NAMESPACE = Buffer.from('3f9d6c2e8b1a4e57a0c4d2b6e1f08a93', 'hex');

/** RFC 9562 version 5 (SHA-1, name-based) UUID of `name`: the same name always gives the same id. */
export function nameBasedUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A source row's candidate and import event take their ids from its `sourceRef`: importing the same
 * row twice (a re-run after a crash, the same file again) names the same stream and the same event,
 * so the store keeps one of each.
 */
export const candidateIdFor = (sourceRef: string) => nameBasedUuid(`candidate:${sourceRef}`);
export const importEventIdFor = (sourceRef: string) => nameBasedUuid(`candidate-imported:${sourceRef}`);
export const candidateStream = (candidateId: string) => `candidate-${candidateId}`;

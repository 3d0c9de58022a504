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

/** A CSV row's candidate: named by its sourceRef, so the same row imported again is the same person. */
export const candidateIdFor = (sourceRef: string) => nameBasedUuid(`candidate:${sourceRef}`);

const fmix32 = (input: number): number => {
  let h = input >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};
const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');

/**
 * Candidate `index` of synthetic seed `seed`, as an RFC 9562 version 8 UUID: a hash of the seed,
 * then the index (40 bits) in order, then hash bits. Deterministic like a name-based id, but a
 * directory's ids sort in import order, so the millions of inserts of a seed append to the end of
 * every index that holds them (streams, events, keys, read model) instead of landing on random
 * pages: at 1.5 million that is the difference between the indexes staying in memory or not.
 */
export function syntheticCandidateId(seed: number, index: number): string {
  const high = Math.floor(index / 2 ** 24) & 0xffff;
  const noise = fmix32(fmix32(seed) ^ fmix32(index + 0x9e3779b9));
  return (
    `${hex(fmix32(seed ^ 0x5eed5eed), 8)}-${hex(high, 4)}-8${hex((index >>> 12) & 0xfff, 3)}-` +
    `8${hex(index & 0xfff, 3)}-${hex(noise, 8)}${hex(fmix32(noise) & 0xffff, 4)}`
  );
}

/**
 * The import event's id follows from the candidate's (its first eight digits flipped by a
 * constant): one candidate, one import event, however often the row is imported. It keeps the
 * candidate id's order, so ordered candidates give ordered event ids.
 */
export function importEventIdFor(candidateId: string): string {
  const flipped = (Number.parseInt(candidateId.slice(0, 8), 16) ^ 0x1e7e1e7e) >>> 0;
  return hex(flipped, 8) + candidateId.slice(8);
}
export const candidateStream = (candidateId: string) => `candidate-${candidateId}`;

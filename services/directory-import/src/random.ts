/**
 * Deterministic randomness for the synthetic directory: candidate `index` of `seed` gets its own
 * mulberry32 stream, so any row can be generated on its own (resumed imports, benchmarks) and comes
 * out the same every time.
 */
export type Random = () => number;

/** murmur3's finaliser: spreads neighbouring seeds and indexes over the whole 32-bit space. */
const fmix32 = (input: number): number => {
  let h = input >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

export function mulberry32(state: number): Random {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const randomFor = (seed: number, index: number): Random =>
  mulberry32(fmix32(fmix32(seed) ^ fmix32(index + 0x9e3779b9) ^ Math.floor(index / 2 ** 32)));

/** A stable 32-bit hash of a string (FNV-1a), for choices that belong to a place rather than a person. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export const chance = (random: Random, probability: number): boolean => random() < probability;
export const between = (random: Random, low: number, high: number): number =>
  low + Math.floor(random() * (high - low + 1));
export const anyOf = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
/** Top-heavy: the first items of a most-common-first list come up far more often than the last. */
export const commonFirst = <T>(random: Random, items: readonly T[], skew = 2): T =>
  items[Math.floor(random() ** skew * items.length)]!;

/** Picks by weight with a binary search over the running totals. */
export class Weighted<T> {
  private readonly totals: Float64Array;
  readonly items: readonly T[];

  constructor(entries: readonly (readonly [T, number])[]) {
    this.items = entries.map(([item]) => item);
    this.totals = new Float64Array(entries.length);
    let total = 0;
    entries.forEach(([, weight], i) => {
      total += weight;
      this.totals[i] = total;
    });
  }

  pick(random: Random): T {
    const target = random() * this.totals[this.totals.length - 1]!;
    let low = 0;
    let high = this.totals.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.totals[mid]! > target) high = mid;
      else low = mid + 1;
    }
    return this.items[low]!;
  }
}

/** `count` distinct items of `pool` in random order (a partial Fisher–Yates on a copy). */
export function sample<T>(random: Random, pool: readonly T[], count: number): T[] {
  const copy = pool.slice();
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

import { foldText, searchWords } from '@healthtal/contracts';

/**
 * Case- and accent-insensitive form of a text, and its words for matching: the search table's own
 * (contracts/src/domain/search-fields.ts), so the index, the query and the filters fold alike.
 */
export const fold = foldText;
export const words = searchWords;

/** A growable list of document numbers, ascending as documents are only ever appended. */
export class Postings {
  docs: Uint32Array = new Uint32Array(4);
  length = 0;

  add(doc: number): void {
    if (this.length > 0 && this.docs[this.length - 1] === doc) return;
    if (this.length === this.docs.length) {
      const grown = new Uint32Array(Math.max(4, this.docs.length * 2));
      grown.set(this.docs);
      this.docs = grown;
    }
    this.docs[this.length++] = doc;
  }
}

/** Lists as two arrays, their lengths and their documents one after the other (index snapshots). */
export function packPostings(lists: readonly Postings[]): { lengths: Uint32Array; docs: Uint32Array } {
  const lengths = Uint32Array.from(lists, (list) => list.length);
  const docs = new Uint32Array(lengths.reduce((total, n) => total + n, 0));
  let at = 0;
  for (const list of lists) {
    docs.set(list.docs.subarray(0, list.length), at);
    at += list.length;
  }
  return { lengths, docs };
}

/** The lists packPostings packed; each is a view of `docs` until it grows. */
export function unpackPostings(lengths: Uint32Array, docs: Uint32Array): Postings[] {
  const lists: Postings[] = [];
  let at = 0;
  for (const n of lengths) {
    const list = new Postings();
    list.docs = docs.subarray(at, at + n);
    list.length = n;
    lists.push(list);
    at += n;
  }
  return lists;
}

/** A set of document numbers as bits. */
export class Bits {
  readonly words: Uint32Array;

  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array((size >>> 5) + 1);
  }

  static of(size: number, lists: Postings[]): Bits {
    const bits = new Bits(size);
    for (const list of lists) bits.addAll(list);
    return bits;
  }

  addAll(list: Postings): void {
    const { docs, length } = list;
    const w = this.words;
    for (let i = 0; i < length; i++) {
      const doc = docs[i]!;
      w[doc >>> 5]! |= 1 << (doc & 31);
    }
  }

  has(doc: number): boolean {
    return (this.words[doc >>> 5]! & (1 << (doc & 31))) !== 0;
  }

  set(doc: number): void {
    this.words[doc >>> 5]! |= 1 << (doc & 31);
  }

  clear(doc: number): void {
    this.words[doc >>> 5]! &= ~(1 << (doc & 31));
  }

  and(other: Bits): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i]! &= b[i] ?? 0;
    return this;
  }

  or(other: Bits): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i]! |= b[i] ?? 0;
    return this;
  }

  copy(): Bits {
    const bits = new Bits(this.size);
    bits.words.set(this.words);
    return bits;
  }

  /** Makes this set equal to `other` (same size), without allocating. */
  assign(other: Bits): this {
    const n = Math.min(this.words.length, other.words.length);
    this.words.set(other.words.subarray(0, n));
    this.words.fill(0, n);
    return this;
  }

  clearAll(): this {
    this.words.fill(0);
    return this;
  }

  /** Removes every document numbered below `doc`. */
  clearBelow(doc: number): this {
    const word = doc >>> 5;
    this.words.fill(0, 0, Math.min(word, this.words.length));
    if (word < this.words.length) this.words[word]! &= ~((1 << (doc & 31)) - 1);
    return this;
  }

  count(): number {
    let total = 0;
    const w = this.words;
    for (let i = 0; i < w.length; i++) {
      let v = w[i]!;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return total;
  }
}

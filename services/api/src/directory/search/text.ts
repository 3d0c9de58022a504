import { foldText, searchWords } from '@healthtal/contracts';

/**
 * Case- and accent-insensitive form of a text, and its words for matching: the search table's own
 * (contracts/src/domain/search-fields.ts), so the index, the query and the filters fold alike.
 */
export const fold = foldText;
export const words = searchWords;

const NONE = new Uint32Array(0);

/**
 * A growable list of document numbers, ascending as documents are only ever appended. A list that
 * holds a large share of the index keeps its documents as bits instead (`dense`, decided by the
 * index: search-index DENSE_SHARE): a query then ORs or ANDs its words rather than visiting every
 * document, and the bits take less memory than the numbers.
 */
export class Postings {
  /** The documents, ascending (the first `length`); empty while the list is dense. */
  docs: Uint32Array = new Uint32Array(4);
  length = 0;
  /** A dense list's documents as bits, with room for every document the index can hold. */
  dense: Uint32Array | null = null;

  add(doc: number): void {
    const dense = this.dense;
    if (dense) {
      const bit = 1 << (doc & 31);
      if ((dense[doc >>> 5]! & bit) === 0) {
        dense[doc >>> 5]! |= bit;
        this.length++;
      }
      return;
    }
    if (this.length > 0 && this.docs[this.length - 1] === doc) return;
    if (this.length === this.docs.length) {
      const grown = new Uint32Array(Math.max(4, this.docs.length * 2));
      grown.set(this.docs);
      this.docs = grown;
    }
    this.docs[this.length++] = doc;
  }

  /** Whether the list holds `doc` (a dense list's bit; else a binary search of its numbers). */
  has(doc: number): boolean {
    const dense = this.dense;
    if (dense) return (dense[doc >>> 5]! & (1 << (doc & 31))) !== 0;
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.docs[mid]! < doc) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.length && this.docs[lo] === doc;
  }

  /** Keeps the documents as bits, in `words` words (enough for every document the index can hold). */
  makeDense(words: number): void {
    if (this.dense) {
      this.growDense(words);
      return;
    }
    const dense = new Uint32Array(words);
    const { docs, length } = this;
    for (let i = 0; i < length; i++) {
      const doc = docs[i]!;
      dense[doc >>> 5]! |= 1 << (doc & 31);
    }
    this.dense = dense;
    this.docs = NONE;
  }

  /** Keeps the documents as numbers again. */
  makeSparse(): void {
    if (!this.dense) return;
    this.docs = this.toArray();
    this.dense = null;
  }

  /** Makes room in `dense` for `words` words (the index grew). */
  growDense(words: number): void {
    if (!this.dense || this.dense.length >= words) return;
    const grown = new Uint32Array(words);
    grown.set(this.dense);
    this.dense = grown;
  }

  /** The documents, ascending (a dense list's read from its bits). */
  toArray(): Uint32Array {
    const { dense } = this;
    if (!dense) return this.docs.subarray(0, this.length);
    const docs = new Uint32Array(this.length);
    let at = 0;
    for (let i = 0; i < dense.length; i++) {
      let word = dense[i]!;
      while (word !== 0) {
        docs[at++] = (i << 5) + (31 - Math.clz32(word & -word));
        word &= word - 1;
      }
    }
    return docs;
  }
}

/** Lists as two arrays, their lengths and their documents one after the other (index snapshots). */
export function packPostings(lists: readonly Postings[]): { lengths: Uint32Array; docs: Uint32Array } {
  const lengths = Uint32Array.from(lists, (list) => list.length);
  const docs = new Uint32Array(lengths.reduce((total, n) => total + n, 0));
  let at = 0;
  for (const list of lists) {
    docs.set(list.toArray(), at);
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

  addAll(list: Postings): void {
    if (list.dense) {
      this.orWords(list.dense);
      return;
    }
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
    return this.andWords(other.words);
  }

  or(other: Bits): this {
    return this.orWords(other.words);
  }

  /** Keeps only the documents whose bit is set in `b` (words beyond its end hold none). */
  andWords(b: Uint32Array): this {
    const a = this.words;
    const n = Math.min(a.length, b.length);
    // An empty word stays empty: after a selective filter most are, and their pair is not read.
    for (let i = 0; i < n; i++) if (a[i] !== 0) a[i]! &= b[i]!;
    if (n < a.length) a.fill(0, n);
    return this;
  }

  /** Drops the documents whose bit is set in `other` (exclusions: "none of"). */
  andNot(other: Bits): this {
    const a = this.words;
    const b = other.words;
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (a[i] !== 0) a[i]! &= ~b[i]!;
    return this;
  }

  orWords(b: Uint32Array): this {
    const a = this.words;
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) a[i]! |= b[i]!;
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
      if (v === 0) continue;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return total;
  }
}

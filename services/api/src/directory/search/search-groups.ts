import type { SearchIndex } from './search-index';
import type { Bits, Postings } from './text';

/**
 * A query's filter groups applied to its matches (search-query runQuery): each group is any of its
 * alternatives, each alternative all of its terms. Set operations over the index's words, in one
 * pass per group where the lists are kept as bits.
 */

/** Groups by how many documents they can hold at most (their lists' lengths added up), fewest first. */
export function bySize(index: SearchIndex): (a: string[][], b: string[][]) => number {
  const sizes = new Map<string[][], number>();
  const sizeOf = (group: string[][]) => {
    let size = sizes.get(group);
    if (size === undefined) {
      size = 0;
      for (const terms of group) {
        let least = Number.POSITIVE_INFINITY;
        for (const term of terms) least = Math.min(least, index.postingsOf(term)?.length ?? 0);
        size += least;
      }
      sizes.set(group, size);
    }
    return size;
  };
  return (a, b) => sizeOf(a) - sizeOf(b);
}

/**
 * Keeps in `matches` only the documents of the group (`keep`), or drops them (an exclusion): any of
 * its alternatives, each of whose terms must all hold (several terms: gathered in `group`, a scratch set).
 */
export function applyGroup(
  index: SearchIndex,
  matches: Bits,
  alternatives: string[][],
  group: Bits,
  keep: boolean,
): void {
  const lists: Postings[] = [];
  let gathered = false;
  for (const terms of alternatives) {
    const found = terms.map((term) => index.postingsOf(term));
    if (found.some((list) => !list)) continue;
    if (found.length === 1) {
      lists.push(found[0]!);
      continue;
    }
    if (!gathered) group.clearAll();
    gathered = true;
    gatherAll(found as Postings[], group);
  }
  applyAny(matches, lists, group, keep, gathered);
}

/**
 * Keeps in `matches` only the documents in any of `lists` (or in `group`, when `gathered`), or
 * drops them. Lists kept as bits (a state's, a credential's, a common word's) are read word by word
 * in the one pass that also applies them, not ORed into a set first, one pass each, and only where
 * `matches` still holds someone; lists of numbers are gathered in `group` first.
 */
export function applyAny(
  matches: Bits,
  lists: readonly Postings[],
  group: Bits,
  keep: boolean,
  gathered = false,
): void {
  const dense: Uint32Array[] = [];
  for (const list of lists) {
    if (list.dense) dense.push(list.dense);
    else {
      if (!gathered) group.clearAll();
      gathered = true;
      group.addAll(list);
    }
  }
  const m = matches.words;
  const n = m.length;
  const g = gathered ? group.words : null;
  const [a, b, c] = dense;
  if (dense.some((bits) => bits.length < n)) {
    // Bits shorter than the index (a list made dense before it grew): one list at a time.
    if (!gathered) group.clearAll();
    for (const bits of dense) group.orWords(bits);
    if (keep) matches.and(group);
    else matches.andNot(group);
    return;
  }
  if (dense.length > 3) {
    const k = dense.length;
    for (let i = 0; i < n; i++) {
      const v = m[i]!;
      if (v === 0) continue;
      let any = g === null ? 0 : g[i]!;
      for (let d = 0; d < k; d++) any |= dense[d]![i]!;
      m[i] = keep ? v & any : v & ~any;
    }
    return;
  }
  if (keep) {
    if (g && a && b && c)
      for (let i = 0; i < n; i++) {
        if (m[i] !== 0) m[i]! &= g[i]! | a[i]! | b[i]! | c[i]!;
      }
    else if (g && a && b)
      for (let i = 0; i < n; i++) {
        if (m[i] !== 0) m[i]! &= g[i]! | a[i]! | b[i]!;
      }
    else if (g && a)
      for (let i = 0; i < n; i++) {
        if (m[i] !== 0) m[i]! &= g[i]! | a[i]!;
      }
    else if (g)
      for (let i = 0; i < n; i++) {
        if (m[i] !== 0) m[i]! &= g[i]!;
      }
    else if (a && b && c)
      for (let i = 0; i < n; i++) {
        if (m[i] !== 0) m[i]! &= a[i]! | b[i]! | c[i]!;
      }
    else if (a && b)
      for (let i = 0; i < n; i++) {
        if (m[i] !== 0) m[i]! &= a[i]! | b[i]!;
      }
    else if (a)
      for (let i = 0; i < n; i++) {
        if (m[i] !== 0) m[i]! &= a[i]!;
      }
    // No alternative names anybody: the group matches nobody.
    else m.fill(0);
    return;
  }
  if (g && a && b && c)
    for (let i = 0; i < n; i++) {
      if (m[i] !== 0) m[i]! &= ~(g[i]! | a[i]! | b[i]! | c[i]!);
    }
  else if (g && a && b)
    for (let i = 0; i < n; i++) {
      if (m[i] !== 0) m[i]! &= ~(g[i]! | a[i]! | b[i]!);
    }
  else if (g && a)
    for (let i = 0; i < n; i++) {
      if (m[i] !== 0) m[i]! &= ~(g[i]! | a[i]!);
    }
  else if (g)
    for (let i = 0; i < n; i++) {
      if (m[i] !== 0) m[i]! &= ~g[i]!;
    }
  else if (a && b && c)
    for (let i = 0; i < n; i++) {
      if (m[i] !== 0) m[i]! &= ~(a[i]! | b[i]! | c[i]!);
    }
  else if (a && b)
    for (let i = 0; i < n; i++) {
      if (m[i] !== 0) m[i]! &= ~(a[i]! | b[i]!);
    }
  else if (a)
    for (let i = 0; i < n; i++) {
      if (m[i] !== 0) m[i]! &= ~a[i]!;
    }
}

/** Adds to `into` the documents in every one of `lists` (the terms of one alternative: a multi-word tag). */
function gatherAll(lists: Postings[], into: Bits): void {
  // Keep the docs of the shortest list that are in all the others.
  const [shortest, ...others] = [...lists].sort((a, b) => a.length - b.length) as Postings[];
  if (shortest!.dense && others.every((list) => list.dense)) {
    andInto(into.words, [shortest!.dense, ...others.map((list) => list.dense!)]);
    return;
  }
  const docs = shortest!.toArray();
  const at = others.map(() => 0);
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    if (others.every((list, l) => holds(list, doc, at, l))) into.set(doc);
  }
}

/** Adds to `into` the documents in every one of the bit sets `all`. */
function andInto(into: Uint32Array, all: Uint32Array[]): void {
  const n = Math.min(into.length, ...all.map((bits) => bits.length));
  for (let i = 0; i < n; i++) {
    let both = all[0]![i]!;
    for (let k = 1; k < all.length && both !== 0; k++) both &= all[k]![i]!;
    into[i]! |= both;
  }
}

/**
 * Whether `list` holds `doc`, for docs asked in ascending order: a dense list's bit, else a search
 * forward from where the last question left off (`at[l]`), in growing steps then halving.
 */
function holds(list: Postings, doc: number, at: number[], l: number): boolean {
  if (list.dense) return (list.dense[doc >>> 5]! & (1 << (doc & 31))) !== 0;
  const { docs, length } = list;
  let lo = at[l]!;
  let step = 1;
  let hi = lo;
  while (hi < length && docs[hi]! < doc) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, length);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (docs[mid]! < doc) lo = mid + 1;
    else hi = mid;
  }
  at[l] = lo;
  return lo < length && docs[lo] === doc;
}

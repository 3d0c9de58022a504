import type { KeywordNode } from '@healthtal/contracts';
import type { SearchIndex } from './search-index';
import { identifierOf, TEXT_FIELDS, type TextField } from './search-terms';
import { Bits, type Postings, words } from './text';

/**
 * A boolean Keywords tree (contracts keyword-query.ts, ADR 0053) as the set of documents it
 * matches. A word is its postings over every text field, as a plain word is (no prefix: a boolean
 * query's words are whole words), and the candidate it identifies when it is an NPI; a term that
 * folds to several words ("rn/bsn") needs them all, as plain text does. A phrase is its words
 * together in ONE text field: the index keeps no word positions, so "charge nurse" also finds a
 * title "Nurse in Charge", never a name "Charge" with a specialty "Nurse". AND, OR and NOT are set
 * algebra; NOT x is every live document but x.
 */
const FIELDS = Object.keys(TEXT_FIELDS) as TextField[];

/**
 * One set of bits per level of the tree, reused by every query (as search-query's Scratch): a
 * search allocates nothing per node. A node at level L writes its answer into the set its parent
 * gave it and uses level L's own for its terms' answers. Each set is as long as the index at hand
 * needs (`forSize`), not as the memory kept for it to grow.
 */
class KeywordScratch {
  private readonly memory: Uint32Array[] = [];
  private levels: Bits[] = [];
  private size = -1;

  constructor(readonly capacity: number) {}

  forSize(size: number): this {
    if (size !== this.size) {
      this.size = size;
      this.levels = [];
    }
    return this;
  }

  at(level: number): Bits {
    while (this.levels.length <= level) {
      const i = this.levels.length;
      this.memory[i] ??= new Uint32Array((this.capacity >>> 5) + 1);
      this.levels.push(new Bits(this.size, this.memory[i]!.subarray(0, (this.size >>> 5) + 1)));
    }
    return this.levels[level]!;
  }
}
let scratch = new KeywordScratch(0);

/**
 * The set operations a tree is evaluated with: over every word of the sets, or only where `within`
 * holds someone (a query whose filters left few documents: the rest of the sets is never read, so
 * what it holds does not matter, and the tree costs a pass over those words only).
 */
type Ops = {
  clear(bits: Bits): void;
  add(bits: Bits, list: Postings): void;
  and(bits: Bits, words: Uint32Array): void;
  andNot(bits: Bits, other: Bits): void;
  or(bits: Bits, other: Bits): void;
  assign(bits: Bits, other: Bits): void;
};
const EVERYWHERE: Ops = {
  clear: (bits) => void bits.clearAll(),
  add: (bits, list) => bits.addAll(list),
  and: (bits, words) => void bits.andWords(words),
  andNot: (bits, other) => void bits.andNot(other),
  or: (bits, other) => void bits.or(other),
  assign: (bits, other) => void bits.assign(other),
};
function onlyWithin(mask: Uint32Array): Ops {
  const n = mask.length;
  return {
    clear(bits) {
      const w = bits.words;
      for (let i = 0; i < n; i++) if (mask[i] !== 0) w[i] = 0;
    },
    add(bits, list) {
      // A list of numbers sets its bits anywhere (cheaper than asking the mask of each).
      if (!list.dense) {
        bits.addAll(list);
        return;
      }
      const w = bits.words;
      const dense = list.dense;
      for (let i = 0; i < n; i++) if (mask[i] !== 0) w[i]! |= dense[i] ?? 0;
    },
    and(bits, words) {
      const w = bits.words;
      for (let i = 0; i < n; i++) if (mask[i] !== 0) w[i]! &= words[i] ?? 0;
    },
    andNot(bits, other) {
      const w = bits.words;
      const o = other.words;
      for (let i = 0; i < n; i++) if (mask[i] !== 0) w[i]! &= ~o[i]!;
    },
    or(bits, other) {
      const w = bits.words;
      const o = other.words;
      for (let i = 0; i < n; i++) if (mask[i] !== 0) w[i]! |= o[i]!;
    },
    assign(bits, other) {
      const w = bits.words;
      const o = other.words;
      for (let i = 0; i < n; i++) if (mask[i] !== 0) w[i] = o[i] ?? 0;
    },
  };
}

/**
 * The documents `tree` matches, in a set reused by the next query (read it before then). With
 * `within`: right only where `within` holds someone (the caller ANDs it with `within` itself).
 */
export function keywordBits(index: SearchIndex, tree: KeywordNode, within?: Bits): Bits {
  if (scratch.capacity < index.size) scratch = new KeywordScratch(Math.ceil(index.size * 1.25));
  const out = scratch.forSize(index.size).at(0);
  evaluate(index, tree, out, 1, within ? onlyWithin(within.words) : EVERYWHERE);
  return out;
}

function evaluate(index: SearchIndex, node: KeywordNode, out: Bits, level: number, ops: Ops): void {
  const terms = scratch.at(level);
  switch (node.kind) {
    case 'word':
      wordsInto(index, words(node.text), out, terms, ops);
      return;
    case 'phrase':
      phraseInto(index, words(node.text), out, terms, ops);
      return;
    case 'not':
      evaluate(index, node.term, terms, level + 1, ops);
      ops.assign(out, index.alive);
      ops.andNot(out, terms);
      return;
    case 'and': {
      const [first, ...rest] = node.terms;
      evaluate(index, first!, out, level + 1, ops);
      for (const term of rest) {
        // x AND NOT y: y taken away, without working out "everyone but y".
        evaluate(index, term.kind === 'not' ? term.term : term, terms, level + 1, ops);
        if (term.kind === 'not') ops.andNot(out, terms);
        else ops.and(out, terms.words);
      }
      return;
    }
    case 'or':
      ops.clear(out);
      for (const term of node.terms) {
        evaluate(index, term, terms, level + 1, ops);
        ops.or(out, terms);
      }
      return;
  }
}

/** A word's postings in every text field, and its NPI's candidate. */
function wordInto(index: SearchIndex, word: string, out: Bits, ops: Ops): void {
  ops.clear(out);
  for (const field of FIELDS) {
    const list = index.postingsOf(`${field}:${word}`);
    if (list) ops.add(out, list);
  }
  const identifier = identifierOf(word);
  const found = identifier === null ? null : index.docsWithIdentifier(identifier);
  if (found) ops.add(out, found);
}

/** Documents with every one of `all` (the words of one term), each anywhere in the text. */
function wordsInto(index: SearchIndex, all: readonly string[], out: Bits, spare: Bits, ops: Ops): void {
  wordInto(index, all[0]!, out, ops);
  for (let i = 1; i < all.length; i++) {
    wordInto(index, all[i]!, spare, ops);
    ops.and(out, spare.words);
  }
}

/** Documents with every word of the phrase in one and the same text field. */
function phraseInto(index: SearchIndex, all: readonly string[], out: Bits, spare: Bits, ops: Ops): void {
  if (all.length === 1) {
    wordsInto(index, all, out, spare, ops);
    return;
  }
  ops.clear(out);
  for (const field of FIELDS) {
    const lists: Postings[] = [];
    for (const word of all) {
      const list = index.postingsOf(`${field}:${word}`);
      if (!list) break;
      lists.push(list);
    }
    if (lists.length === all.length) allInto(lists, out, spare, ops);
  }
}

/**
 * Adds to `out` the documents in every list: those of the shortest list kept as numbers, tested
 * against the others; when all are bits, the bits ANDed.
 */
function allInto(lists: Postings[], out: Bits, spare: Bits, ops: Ops): void {
  lists.sort((a, b) => a.length - b.length);
  const driver = lists.find((list) => !list.dense);
  if (!driver) {
    ops.clear(spare);
    ops.add(spare, lists[0]!);
    for (let l = 1; l < lists.length; l++) ops.and(spare, lists[l]!.dense!);
    ops.or(out, spare);
    return;
  }
  const others = lists.filter((list) => list !== driver);
  // Lists of numbers are ascending: one cursor each, moving forward only.
  const at = others.map(() => 0);
  const { docs, length } = driver;
  for (let i = 0; i < length; i++) {
    const doc = docs[i]!;
    let inAll = true;
    for (let l = 0; l < others.length && inAll; l++) {
      const list = others[l]!;
      if (list.dense) {
        inAll = (list.dense[doc >>> 5]! & (1 << (doc & 31))) !== 0;
        continue;
      }
      let k = at[l]!;
      while (k < list.length && list.docs[k]! < doc) k++;
      at[l] = k;
      inAll = k < list.length && list.docs[k] === doc;
    }
    if (inAll) out.set(doc);
  }
}

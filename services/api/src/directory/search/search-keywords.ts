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

/** The documents `tree` matches, in a set reused by the next query (read it before then). */
export function keywordBits(index: SearchIndex, tree: KeywordNode): Bits {
  if (scratch.capacity < index.size) scratch = new KeywordScratch(Math.ceil(index.size * 1.25));
  const out = scratch.forSize(index.size).at(0);
  evaluate(index, tree, out, 1);
  return out;
}

function evaluate(index: SearchIndex, node: KeywordNode, out: Bits, level: number): void {
  const terms = scratch.at(level);
  switch (node.kind) {
    case 'word':
      wordsInto(index, words(node.text), out, terms);
      return;
    case 'phrase':
      phraseInto(index, words(node.text), out, terms);
      return;
    case 'not':
      evaluate(index, node.term, terms, level + 1);
      out.assign(index.alive).andNot(terms);
      return;
    case 'and': {
      const [first, ...rest] = node.terms;
      evaluate(index, first!, out, level + 1);
      for (const term of rest) {
        // x AND NOT y: y taken away, without working out "everyone but y".
        evaluate(index, term.kind === 'not' ? term.term : term, terms, level + 1);
        if (term.kind === 'not') out.andNot(terms);
        else out.and(terms);
      }
      return;
    }
    case 'or':
      out.clearAll();
      for (const term of node.terms) {
        evaluate(index, term, terms, level + 1);
        out.or(terms);
      }
      return;
  }
}

/** A word's postings in every text field, and its NPI's candidate. */
function wordInto(index: SearchIndex, word: string, out: Bits): void {
  out.clearAll();
  for (const field of FIELDS) {
    const list = index.postingsOf(`${field}:${word}`);
    if (list) out.addAll(list);
  }
  const identifier = identifierOf(word);
  const found = identifier === null ? null : index.docsWithIdentifier(identifier);
  if (found) out.addAll(found);
}

/** Documents with every one of `all` (the words of one term), each anywhere in the text. */
function wordsInto(index: SearchIndex, all: readonly string[], out: Bits, spare: Bits): void {
  wordInto(index, all[0]!, out);
  for (let i = 1; i < all.length; i++) {
    wordInto(index, all[i]!, spare);
    out.and(spare);
  }
}

/** Documents with every word of the phrase in one and the same text field. */
function phraseInto(index: SearchIndex, all: readonly string[], out: Bits, spare: Bits): void {
  if (all.length === 1) {
    wordsInto(index, all, out, spare);
    return;
  }
  out.clearAll();
  for (const field of FIELDS) {
    const lists: Postings[] = [];
    for (const word of all) {
      const list = index.postingsOf(`${field}:${word}`);
      if (!list) break;
      lists.push(list);
    }
    if (lists.length === all.length) allInto(lists, out, spare);
  }
}

/**
 * Adds to `out` the documents in every list: those of the shortest list kept as numbers, tested
 * against the others; when all are bits, the bits ANDed.
 */
function allInto(lists: Postings[], out: Bits, spare: Bits): void {
  lists.sort((a, b) => a.length - b.length);
  const driver = lists.find((list) => !list.dense);
  if (!driver) {
    spare.clearAll().addAll(lists[0]!);
    for (let l = 1; l < lists.length; l++) spare.andWords(lists[l]!.dense!);
    out.or(spare);
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

import { SearchLimits } from './directory';
import { searchWords } from './search-fields';

/**
 * Boolean Keywords as LinkedIn Recruiter takes them (ADR 0053): AND, OR and NOT in capitals,
 * "quoted phrases" and (brackets); two terms side by side are ANDed. Precedence: quotes, brackets,
 * NOT, AND, OR, so `"project manager" OR PM AND budgeting` is `"project manager" OR (PM AND
 * budgeting)`. Lower-case and, or, not are ordinary words. A text with none of these (no capital
 * operator, quote or bracket) is plain text and searched as it always was: this parser never sees it.
 */
export type KeywordNode =
  | { readonly kind: 'word'; readonly text: string }
  | { readonly kind: 'phrase'; readonly text: string }
  | { readonly kind: 'and'; readonly terms: readonly KeywordNode[] }
  | { readonly kind: 'or'; readonly terms: readonly KeywordNode[] }
  | { readonly kind: 'not'; readonly term: KeywordNode };

/** A syntax error: `position` is the 0-based character of the text it is about. */
export type KeywordSyntaxError = { readonly position: number; readonly message: string };
export type KeywordParse = { tree: KeywordNode } | { error: KeywordSyntaxError };

const OPERATORS = ['AND', 'OR', 'NOT'] as const;
type Operator = (typeof OPERATORS)[number];
type Token =
  | { type: 'word' | 'phrase'; text: string; at: number }
  | { type: Operator | '(' | ')'; at: number };

const isOperator = (text: string): text is Operator => (OPERATORS as readonly string[]).includes(text);
/** Straight quotes, and the curly ones a posting or a word processor pastes (“charge nurse”). */
const QUOTES = '"\u201c\u201d';
const isQuote = (c: string) => QUOTES.includes(c);

/** Whether a Keywords text uses the boolean syntax: a capital AND, OR or NOT, a quote or a bracket. */
export function isBooleanKeywords(text: string | null | undefined): boolean {
  if (!text) return false;
  return /["\u201c\u201d()]/.test(text) || text.split(/\s+/).some(isOperator);
}

class SyntaxFailure extends Error {
  constructor(
    readonly position: number,
    message: string,
  ) {
    super(message);
  }
}
/** "Unclosed quote at position 14.", with why after a colon when the what is not enough. */
const fail = (position: number, message: string, why?: string): never => {
  throw new SyntaxFailure(position, `${message} at position ${position}${why ? `: ${why}` : ''}.`);
};

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')') {
      tokens.push({ type: c, at: i++ });
    } else if (isQuote(c)) {
      let end = i + 1;
      while (end < text.length && !isQuote(text[end]!)) end++;
      if (end === text.length) fail(i, 'Unclosed quote');
      tokens.push({ type: 'phrase', text: text.slice(i + 1, end), at: i });
      i = end + 1;
    } else {
      const start = i;
      while (i < text.length && !/[\s"\u201c\u201d()]/.test(text[i]!)) i++;
      const word = text.slice(start, i);
      tokens.push(isOperator(word) ? { type: word, at: start } : { type: 'word', text: word, at: start });
    }
  }
  return tokens;
}

/** Recursive descent over the tokens: or := and (OR and)*; and := unary ([AND] unary)*; unary := NOT unary | primary. */
class Parser {
  private at = 0;
  /** Open brackets and NOTs around the token read: bounded, so no text can exhaust the stack. */
  private nesting = 0;
  /** Where each leaf was written, in written order, for the limits' messages. */
  readonly leaves: number[] = [];

  constructor(
    private readonly tokens: Token[],
    private readonly end: number,
  ) {}

  parse(): KeywordNode {
    const tree = this.or();
    const next = this.peek();
    if (next?.type === ')') fail(next.at, 'Unmatched )');
    return tree;
  }

  private peek = (): Token | undefined => this.tokens[this.at];

  private or(): KeywordNode {
    const terms = [this.and()];
    while (this.peek()?.type === 'OR') terms.push(this.and(this.tokens[this.at++]));
    return terms.length === 1 ? terms[0]! : { kind: 'or', terms };
  }

  /** `after`: the operator before this chain (its message names it when no word follows). */
  private and(after?: Token): KeywordNode {
    const terms = [this.unary(after)];
    for (;;) {
      const next = this.peek();
      if (next?.type === 'AND') {
        this.at++;
        terms.push(this.unary(next));
      } else if (next && next.type !== 'OR' && next.type !== ')') {
        terms.push(this.unary());
      } else break;
    }
    return terms.length === 1 ? terms[0]! : { kind: 'and', terms };
  }

  private unary(after?: Token): KeywordNode {
    const token = this.peek();
    if (!token || token.type === 'AND' || token.type === 'OR' || token.type === ')') {
      if (after) fail(after.at, `Expected a word after ${after.type}`);
      if (token && token.type !== ')') fail(token.at, `Expected a word before ${token.type}`);
      fail(token?.at ?? this.end, token ? 'Unmatched )' : 'Expected a word');
    }
    this.at++;
    if ((token!.type === 'NOT' || token!.type === '(') && ++this.nesting > 2 * SearchLimits.keywordDepthMax)
      fail(
        token!.at,
        'Nested too deeply',
        `AND, OR, NOT and brackets nest at most ${SearchLimits.keywordDepthMax} levels`,
      );
    switch (token!.type) {
      case 'NOT': {
        const term = this.unary(token);
        this.nesting--;
        return { kind: 'not', term };
      }
      case '(': {
        if (this.peek()?.type === ')') fail(token!.at, 'Empty brackets');
        const inner = this.or();
        if (this.peek()?.type !== ')') fail(token!.at, 'Unclosed (');
        this.at++;
        this.nesting--;
        return inner;
      }
      default:
        return this.leaf(token as Token & { type: 'word' | 'phrase' });
    }
  }

  private leaf(token: Token & { type: 'word' | 'phrase' }): KeywordNode {
    if (token.type === 'phrase' && token.text.trim() === '') fail(token.at, 'Empty quotes');
    if (searchWords(token.text).length === 0) {
      const shown = token.type === 'phrase' ? `"${token.text}"` : token.text;
      fail(token.at, `Nothing to search for in ${shown}`, 'a word needs two letters or digits');
    }
    this.leaves.push(token.at);
    return { kind: token.type, text: token.text };
  }
}

/**
 * The tree of a boolean Keywords text, or its first syntax error with the 0-based position and a
 * message a recruiter can act on. Also refuses more than SearchLimits.keywordTermsMax terms or a
 * nesting deeper than SearchLimits.keywordDepthMax.
 */
export function parseKeywords(text: string): KeywordParse {
  try {
    const tokens = tokenize(text);
    if (tokens.length === 0) return { error: { position: 0, message: 'Expected a word at position 0.' } };
    const parser = new Parser(tokens, text.length);
    const tree = parser.parse();
    const { keywordTermsMax, keywordDepthMax } = SearchLimits;
    const extra = parser.leaves[keywordTermsMax];
    if (extra !== undefined)
      fail(extra, 'One term too many', `a boolean search holds at most ${keywordTermsMax} words and phrases`);
    const deep = leafDepths(tree).findIndex((depth) => depth > keywordDepthMax);
    if (deep >= 0)
      fail(
        parser.leaves[deep]!,
        'Nested too deeply',
        `AND, OR, NOT and brackets nest at most ${keywordDepthMax} levels`,
      );
    return { tree };
  } catch (error) {
    if (error instanceof SyntaxFailure)
      return { error: { position: error.position, message: error.message } };
    throw error;
  }
}

/** How many operators stand above each leaf, leaves in written order. */
function leafDepths(node: KeywordNode, above = 0, out: number[] = []): number[] {
  if (node.kind === 'word' || node.kind === 'phrase') out.push(above);
  else if (node.kind === 'not') leafDepths(node.term, above + 1, out);
  else for (const term of node.terms) leafDepths(term, above + 1, out);
  return out;
}

/** How deeply operators nest in a tree (a word: 0). */
export const depthOf = (node: KeywordNode): number => Math.max(...leafDepths(node));

/**
 * The text of a tree: explicit ANDs, brackets only where precedence needs them (an OR under an AND
 * or a NOT, an AND under a NOT, and a chain under the same operator, which the parser keeps apart).
 * parseKeywords(printKeywords(tree)) is the tree again.
 */
export function printKeywords(node: KeywordNode): string {
  switch (node.kind) {
    case 'word':
      return node.text;
    case 'phrase':
      return `"${node.text}"`;
    case 'not':
      return `NOT ${bracketed(node.term, node.term.kind === 'and' || node.term.kind === 'or')}`;
    case 'and':
      return node.terms
        .map((term) => bracketed(term, term.kind === 'and' || term.kind === 'or'))
        .join(' AND ');
    case 'or':
      return node.terms.map((term) => bracketed(term, term.kind === 'or')).join(' OR ');
  }
}
const bracketed = (node: KeywordNode, needed: boolean) =>
  needed ? `(${printKeywords(node)})` : printKeywords(node);

/** The tree's words and phrases, in written order. */
export function keywordTerms(node: KeywordNode): (KeywordNode & { kind: 'word' | 'phrase' })[] {
  if (node.kind === 'word' || node.kind === 'phrase') return [node];
  if (node.kind === 'not') return keywordTerms(node.term);
  return node.terms.flatMap(keywordTerms);
}

/** The searched words of the terms not under a NOT (what relevance scores), each once, in order. */
export function positiveWords(node: KeywordNode): string[] {
  const out = new Set<string>();
  const walk = (n: KeywordNode) => {
    if (n.kind === 'word' || n.kind === 'phrase') for (const word of searchWords(n.text)) out.add(word);
    else if (n.kind === 'and' || n.kind === 'or') n.terms.forEach(walk);
  };
  walk(node);
  return [...out];
}

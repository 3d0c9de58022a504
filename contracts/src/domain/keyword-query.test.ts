import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchRequest } from '../api/directory';
import { SearchLimits } from './directory';
import {
  depthOf,
  isBooleanKeywords,
  type KeywordNode,
  keywordTerms,
  parseKeywords,
  positiveWords,
  printKeywords,
} from './keyword-query';
import { searchWords } from './search-fields';

const treeOf = (text: string): KeywordNode => {
  const parsed = parseKeywords(text);
  if ('error' in parsed) throw new Error(parsed.error.message);
  return parsed.tree;
};
const w = (text: string): KeywordNode => ({ kind: 'word', text });
const p = (text: string): KeywordNode => ({ kind: 'phrase', text });
const and = (...terms: KeywordNode[]): KeywordNode => ({ kind: 'and', terms });
const or = (...terms: KeywordNode[]): KeywordNode => ({ kind: 'or', terms });
const not = (term: KeywordNode): KeywordNode => ({ kind: 'not', term });

describe('boolean keywords as LinkedIn Recruiter documents them', () => {
  it('processes every AND before any OR', () => {
    expect(treeOf('"project manager" OR PM AND budgeting')).toEqual(
      treeOf('"project manager" OR (PM AND budgeting)'),
    );
    expect(treeOf('"project manager" OR PM AND budgeting')).toEqual(
      or(p('project manager'), and(w('PM'), w('budgeting'))),
    );
    expect(treeOf('sales OR marketing OR advertising')).toEqual(
      or(w('sales'), w('marketing'), w('advertising')),
    );
  });

  it('binds NOT to the term after it, before AND, and reads NOT between terms as AND NOT', () => {
    expect(treeOf('programmer NOT manager')).toEqual(and(w('programmer'), not(w('manager'))));
    expect(treeOf('account AND finance NOT (manager OR executive)')).toEqual(
      and(w('account'), w('finance'), not(or(w('manager'), w('executive')))),
    );
    expect(treeOf('NOT nurse OR doctor')).toEqual(or(not(w('nurse')), w('doctor')));
  });

  it('ANDs two terms written side by side, and keeps brackets first', () => {
    expect(treeOf('accountant finance CPA')).toEqual(treeOf('accountant AND finance AND CPA'));
    expect(treeOf('(icu OR er) nurse')).toEqual(and(or(w('icu'), w('er')), w('nurse')));
    expect(treeOf('icu OR er nurse')).toEqual(or(w('icu'), and(w('er'), w('nurse'))));
  });

  it('takes lower-case and, or, not and operators inside quotes as ordinary words', () => {
    expect(isBooleanKeywords('research and development or not')).toBe(false);
    expect(isBooleanKeywords('research AND development')).toBe(true);
    expect(isBooleanKeywords('ANDERSON nurse')).toBe(false);
    expect(treeOf('"research AND development" or')).toEqual(and(p('research AND development'), w('or')));
    expect(positiveWords(treeOf('"research AND development"'))).toEqual(['research', 'and', 'development']);
  });

  it('takes curly quotes, as a pasted posting has them, for straight ones', () => {
    expect(isBooleanKeywords('\u201ccharge nurse\u201d')).toBe(true);
    expect(treeOf('\u201ccharge nurse\u201d OR icu')).toEqual(or(p('charge nurse'), w('icu')));
    expect(printKeywords(treeOf('\u201ccharge nurse"'))).toBe('"charge nurse"');
    expect(parseKeywords('icu \u201ccharge nurse')).toEqual({
      error: { position: 4, message: 'Unclosed quote at position 4.' },
    });
  });

  it('scores only the words that are not under a NOT', () => {
    expect(positiveWords(treeOf('(icu OR "charge nurse") NOT travel'))).toEqual(['icu', 'charge', 'nurse']);
  });
});

describe('syntax errors name the 0-based position of the problem', () => {
  const cases: [string, string][] = [
    ['nurse AND "icu', 'Unclosed quote at position 10.'],
    ['icu AND NOT', 'Expected a word after NOT at position 8.'],
    [') nurse', 'Unmatched ) at position 0.'],
    ['nurse)', 'Unmatched ) at position 5.'],
    ['(icu OR er', 'Unclosed ( at position 0.'],
    ['nurse (icu OR (er)', 'Unclosed ( at position 6.'],
    ['nurse AND', 'Expected a word after AND at position 6.'],
    ['nurse OR', 'Expected a word after OR at position 6.'],
    ['AND nurse', 'Expected a word before AND at position 0.'],
    ['nurse (OR icu)', 'Expected a word before OR at position 7.'],
    ['icu OR AND er', 'Expected a word after OR at position 4.'],
    ['icu (OR)', 'Expected a word before OR at position 5.'],
    ['nurse ()', 'Empty brackets at position 6.'],
    ['nurse ""', 'Empty quotes at position 6.'],
    ['nurse AND -', 'Nothing to search for in - at position 10: a word needs two letters or digits.'],
    ['"x" OR icu', 'Nothing to search for in "x" at position 0: a word needs two letters or digits.'],
    ['NOT', 'Expected a word after NOT at position 0.'],
  ];
  it.each(cases)('%s → %s', (text, message) => {
    const parsed = parseKeywords(text);
    expect(parsed).toEqual({ error: { position: Number(/position (\d+)/.exec(message)![1]), message } });
  });

  it(`refuses more than ${SearchLimits.keywordTermsMax} terms, at the first one too many`, () => {
    const terms = Array.from({ length: SearchLimits.keywordTermsMax + 1 }, (_, i) => `w${i}`);
    expect('tree' in parseKeywords(terms.slice(0, -1).join(' OR '))).toBe(true);
    const text = terms.join(' OR ');
    expect(parseKeywords(text)).toEqual({
      error: {
        position: text.lastIndexOf('w30'),
        message: `One term too many at position ${text.lastIndexOf('w30')}: a boolean search holds at most 30 words and phrases.`,
      },
    });
  });

  it(`refuses nesting deeper than ${SearchLimits.keywordDepthMax}, at the first word too deep`, () => {
    const nested = (levels: number) => 'NOT '.repeat(levels - 1) + '(icu OR er)';
    expect(depthOf(treeOf(nested(SearchLimits.keywordDepthMax)))).toBe(SearchLimits.keywordDepthMax);
    const text = nested(SearchLimits.keywordDepthMax + 1);
    const parsed = parseKeywords(text);
    expect(parsed).toEqual({
      error: {
        position: text.indexOf('icu'),
        message: `Nested too deeply at position ${text.indexOf('icu')}: AND, OR, NOT and brackets nest at most 8 levels.`,
      },
    });
  });
});

const WORDS = [
  'nurse',
  'ICU',
  'rn/bsn',
  'and',
  'or',
  'not',
  "O'Brien",
  'São',
  '24/7',
  'ANDERSON',
  'Pediatric',
];
const PHRASES = ['charge nurse', 'project manager', 'research AND development', '(icu) OR', ' er  nurse '];
const leaf = fc.oneof(
  fc.constantFrom(...WORDS).map(w),
  fc.constantFrom(...PHRASES).map(p),
  fc
    .stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9'.,/-]{1,8}$/)
    .filter((text) => !/^(AND|OR|NOT)$/.test(text) && searchWords(text).length > 0)
    .map(w),
);
const { tree } = fc.letrec<{ tree: KeywordNode }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    tie('tree').map(not),
    fc.array(tie('tree'), { minLength: 2, maxLength: 4 }).map((terms) => and(...terms)),
    fc.array(tie('tree'), { minLength: 2, maxLength: 4 }).map((terms) => or(...terms)),
  ),
}));
const withinLimits = (node: KeywordNode) =>
  depthOf(node) <= SearchLimits.keywordDepthMax && keywordTerms(node).length <= SearchLimits.keywordTermsMax;

describe('a query and its parse print back to the same query', () => {
  it('parses the print of any tree back to that tree', () => {
    fc.assert(
      fc.property(tree.filter(withinLimits), (node) => {
        expect(treeOf(printKeywords(node))).toEqual(node);
      }),
      { numRuns: 500 },
    );
  });

  const piece = fc.constantFrom(
    'nurse',
    'icu',
    'AND',
    'OR',
    'NOT',
    '(',
    ')',
    '"',
    '\u201c',
    '\u201d',
    'er',
    'a',
    '-',
    '"charge nurse"',
  );
  const text = fc
    .array(fc.tuple(piece, fc.constantFrom(' ', '', '  ')), { maxLength: 12 })
    .map((parts) => parts.map(([a, b]) => a + b).join(''));
  it('prints a parsed query stably, and places any error inside the text', () => {
    fc.assert(
      fc.property(text, (query) => {
        const parsed = parseKeywords(query);
        if ('error' in parsed) {
          expect(parsed.error.position).toBeGreaterThanOrEqual(0);
          expect(parsed.error.position).toBeLessThanOrEqual(query.length);
          expect(parsed.error.message).toMatch(/ at position \d+[.:]/);
          return;
        }
        const printed = printKeywords(parsed.tree);
        expect(treeOf(printed)).toEqual(parsed.tree);
        expect(printKeywords(treeOf(printed))).toBe(printed);
      }),
      { numRuns: 1000 },
    );
  });

  it('answers any text with a tree or an error, never a throw', () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (query) => parseKeywords(query) !== undefined));
  });

  it('refuses a text nested past any stack with an error, not a crash', () => {
    const text = `${'('.repeat(100_000)}icu${')'.repeat(100_000)}`;
    expect(parseKeywords(text)).toMatchObject({ error: { position: 16 } });
  });
});

describe('the search request’s Keywords', () => {
  it('refuses a syntax error as the query field’s error, positioned in the text as typed', () => {
    const parsed = SearchRequest.safeParse({ query: '  nurse AND' });
    expect(parsed.error?.issues).toMatchObject([
      { path: ['query'], message: 'Expected a word after AND at position 8.' },
    ]);
    expect(SearchRequest.parse({ query: ' icu OR er ' }).query).toBe('icu OR er');
  });

  it('takes any plain text as before: no operator, quote or bracket, no syntax', () => {
    for (const query of ['a - nurse', 'and or not', 'RN, BSN; ICU!'])
      expect(SearchRequest.parse({ query }).query).toBe(query);
  });
});

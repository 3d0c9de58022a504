/** Finding a vocabulary's phrases in a posting: positions, longest match first, negation. */

export type Mention<T> = { value: T; start: number; end: number; text: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A phrase as a pattern: whole words only, spaces and hyphens alike ("board-certified" is "Board
 * Certified"), any case; an abbreviation of up to five capitals (RN, CT, ACLS) only in capitals, so
 * "ct" or "or" in a sentence is not one.
 */
function phrasePattern(phrase: string): RegExp {
  const body = phrase
    .trim()
    .split(/[\s-]+/)
    .map(escapeRegExp)
    .join('[\\s-]+');
  const abbreviation = /^[A-Z0-9/&-]{2,5}$/.test(phrase);
  return new RegExp(`(?<![A-Za-z0-9])${body}(?![A-Za-z0-9])`, abbreviation ? 'g' : 'gi');
}

/** A vocabulary to find: each spelling with the value it means. */
export class PhraseFinder<T> {
  private readonly patterns: { pattern: RegExp; value: T }[];

  constructor(spellings: Iterable<readonly [string, T]>) {
    this.patterns = [...spellings].map(([spelling, value]) => ({ pattern: phrasePattern(spelling), value }));
  }

  /** Every mention, in order, overlapping ones resolved to the longest ("Epic Willow", not "Epic"). */
  find(text: string): Mention<T>[] {
    const all: Mention<T>[] = [];
    for (const { pattern, value } of this.patterns)
      for (const match of text.matchAll(pattern))
        all.push({ value, start: match.index, end: match.index + match[0].length, text: match[0] });
    all.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
    const kept: Mention<T>[] = [];
    for (const mention of all) {
      const last = kept.at(-1);
      if (last && mention.start < last.end) {
        if (mention.end - mention.start > last.end - last.start) kept[kept.length - 1] = mention;
        continue;
      }
      kept.push(mention);
    }
    return kept;
  }
}

/** "no nights", "without weekends", "not a night shift", "no nights or weekends": ruled out. */
export function isNegated(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 30), at);
  return /\b(no|not|without|never)\b[^.;,\n]*$/i.test(before);
}

/** The first mention of each value, in order of first mention. */
export function firstOfEach<T>(mentions: readonly Mention<T>[]): Mention<T>[] {
  const seen = new Set<T>();
  return mentions.filter((mention) => !seen.has(mention.value) && seen.add(mention.value));
}

export const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

/** The posting's title: its first line with words. */
export function titleOf(text: string): { start: number; end: number } {
  const match = /\S[^\n]*/.exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : { start: 0, end: 0 };
}

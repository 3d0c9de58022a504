import { describe, expect, it } from 'vitest';
import {
  isPhoneNumber,
  legacyPhoneDigits,
  nationalForms,
  normalisePhone,
  parsedNationalForms,
  parsedPhone,
} from './phone';
import { formatPhoneForDisplay } from './phone-display';

describe('normalisePhone', () => {
  it('reads every spelling of one number as the same E.164 number', () => {
    const spellings = ['6265550170', '+1 626 555 0170', '(626) 555-0170', '626.555.0170', '1-626-555-0170'];
    expect(new Set(spellings.map(normalisePhone))).toEqual(new Set(['+16265550170']));
  });

  it('has no number for blanks and for text that cannot be a phone', () => {
    expect(normalisePhone(null)).toBeNull();
    expect(normalisePhone('  ')).toBeNull();
    expect(normalisePhone('12')).toBeNull();
    expect(isPhoneNumber('call me')).toBe(false);
  });

  it('keeps a number with another country code in that country', () => {
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('lists the digit forms earlier versions hashed', () => {
    expect(legacyPhoneDigits('+1 626 555 0170').sort()).toEqual(['16265550170', '6265550170']);
  });

  // The shortcuts for North American numbers against the parser, on many generated spellings: the
  // shortcut's own and their neighbours (a leading 0 or 1, odd separators, unbalanced parentheses).
  const random = seeded(20_251_125);
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const oneOf = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

  it('answers a North American E.164 number without the parser exactly as the parser does', () => {
    for (let i = 0; i < 5000; i++) {
      const number = `+1${digits(10)}`;
      expect(normalisePhone(number), number).toBe(parsedPhone(number));
      if (parsedPhone(number)) expect(nationalForms(number), number).toEqual(parsedNationalForms(number));
    }
  });

  it('reads the usual groupings of a North American number without the parser exactly as the parser does', () => {
    const separators = ['', ' ', '-', '.', '  ', '/', '_'];
    const prefixes = ['', '1', '+1', '1 ', '+1 ', '1-', '+1-', '+1.', '+', '01', '(1)'];
    const parentheses = [
      ['', ''],
      ['(', ')'],
      ['(', ''],
      ['', ')'],
    ] as const;
    for (let i = 0; i < 20_000; i++) {
      const [open, close] = oneOf(parentheses);
      const text = `${oneOf(prefixes)}${open}${digits(3)}${close}${oneOf(separators)}${digits(3)}${oneOf(separators)}${digits(4)}`;
      expect(normalisePhone(text), text).toBe(parsedPhone(text));
    }
  });
});

describe('formatPhoneForDisplay', () => {
  it('shows a North American number in its national format and any other as stored', () => {
    expect(formatPhoneForDisplay('+15550100100')).toBe('(555) 010-0100');
    expect(formatPhoneForDisplay('+442071838750')).toBe('+442071838750');
    expect(formatPhoneForDisplay(null)).toBeNull();
  });
});

/** A small seeded generator (mulberry32): the same spellings on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

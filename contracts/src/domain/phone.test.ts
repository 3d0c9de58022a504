import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { isPhoneNumber, legacyPhoneDigits, normalisePhone } from './phone';
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

  it('answers a North American E.164 number without the parser exactly as the parser does', () => {
    // Any +1 and ten digits, the fast path's and its neighbours (a leading 0 or 1 goes to the parser).
    const e164 = fc.stringMatching(/^\+1\d{10}$/);
    fc.assert(
      fc.property(e164, (number) => {
        const parsed = parsePhoneNumberFromString(number, 'US');
        expect(normalisePhone(number)).toBe(parsed?.isPossible() ? parsed.number : null);
        if (!parsed?.isPossible()) return;
        const digits = number.slice(1);
        expect(legacyPhoneDigits(number).sort()).toEqual(
          [
            ...new Set([
              digits,
              parsed.nationalNumber,
              `${parsed.countryCallingCode}${parsed.nationalNumber}`,
            ]),
          ].sort(),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the usual groupings of a North American number without the parser exactly as the parser does', () => {
    const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
    const separator = fc.constantFrom('', ' ', '-', '.', '  ', '/', '_');
    const spelling = fc
      .record({
        prefix: fc.constantFrom('', '1', '+1', '1 ', '+1 ', '1-', '+1-', '+1.', '+', '01', '(1)'),
        area: digits(3),
        parens: fc.constantFrom('none', 'both', 'open', 'close'),
        exchange: digits(3),
        line: digits(4),
        first: separator,
        second: separator,
      })
      .map(({ prefix, area, parens, exchange, line, first, second }) => {
        const open = parens === 'both' || parens === 'open' ? '(' : '';
        const close = parens === 'both' || parens === 'close' ? ')' : '';
        return `${prefix}${open}${area}${close}${first}${exchange}${second}${line}`;
      });
    fc.assert(
      fc.property(spelling, (text) => {
        const parsed = parsePhoneNumberFromString(text, 'US');
        expect(normalisePhone(text), text).toBe(parsed?.isPossible() ? parsed.number : null);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('formatPhoneForDisplay', () => {
  it('shows a North American number in its national format and any other as stored', () => {
    expect(formatPhoneForDisplay('+15550100100')).toBe('(555) 010-0100');
    expect(formatPhoneForDisplay('+442071838750')).toBe('+442071838750');
    expect(formatPhoneForDisplay(null)).toBeNull();
  });
});

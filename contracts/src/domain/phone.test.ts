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
});

describe('formatPhoneForDisplay', () => {
  it('shows a North American number in its national format and any other as stored', () => {
    expect(formatPhoneForDisplay('+15550100100')).toBe('(555) 010-0100');
    expect(formatPhoneForDisplay('+442071838750')).toBe('+442071838750');
    expect(formatPhoneForDisplay(null)).toBeNull();
  });
});

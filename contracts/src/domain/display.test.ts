import { describe, expect, it } from 'vitest';
import { dollars, EMAIL_STATUS_LABELS, emailRevealable, humanDate, sourceLabel, timeAgo } from './display';
import { EXPORT_COLUMNS, EXPORT_HEADER } from './export-columns';
import { formatPhoneForDisplay } from './phone-display';

describe('dates a recruiter reads', () => {
  it('shows a moment in en-US with a short month, never as ISO text', () => {
    expect(humanDate('2026-11-03T18:00:00.000Z')).toMatch(/^Nov [34], 2026$/);
    expect(humanDate(new Date(2026, 10, 3))).toBe('Nov 3, 2026');
  });

  it('shows a calendar day as that day whatever the time zone', () => {
    expect(humanDate('2024-02-15')).toBe('Feb 15, 2024');
    expect(humanDate('2024-01-01')).toBe('Jan 1, 2024');
  });

  it('shows text that is not a date as given', () => {
    expect(humanDate('since 2019?')).toBe('since 2019?');
  });

  it('says how long ago, in weeks and months', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(timeAgo('2026-10-25T12:00:00Z', now)).toBe('4 weeks ago');
    expect(timeAgo('2026-05-22T12:00:00Z', now)).toBe('6 months ago');
  });
});

describe('how long ago', () => {
  it('says it in days, weeks, months or years', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(timeAgo('2026-11-22T01:00:00Z', now)).toBe('today');
    expect(timeAgo('2026-11-21T01:00:00Z', now)).toBe('1 day ago');
    expect(timeAgo('2026-08-01T00:00:00Z', now)).toBe('3 months ago');
    expect(timeAgo('2024-10-01T00:00:00Z', now)).toBe('2 years ago');
  });
});

describe('where a record came from', () => {
  it.each([
    ['synthetic', 'Sample data'],
    ['NPI registry', 'NPI registry'],
    ['resume', 'Submitted resume'],
    ['csv', 'Imported file'],
    ['acme-2025-q3.csv', 'Imported file'],
    [null, 'Imported file'],
  ])('%s reads as %s', (source, label) => {
    expect(sourceLabel(source)).toBe(label);
  });
});

describe('an invalid email', () => {
  it('is not offered for reveal; every other status is', () => {
    expect(emailRevealable(true, 'invalid')).toBe(false);
    expect(emailRevealable(true, 'valid')).toBe(true);
    expect(emailRevealable(true, 'accept_all')).toBe(true);
    expect(emailRevealable(true, 'unknown')).toBe(true);
    expect(emailRevealable(false, 'valid')).toBe(false);
    expect(EMAIL_STATUS_LABELS.invalid).toBe('Email invalid');
  });
});

describe('phones', () => {
  it('shows every spelling of a North American number in one national format', () => {
    for (const spelling of ['+15125550123', '512.555.0123', '1-512-555-0123', '(512) 555-0123', '5125550123'])
      expect(formatPhoneForDisplay(spelling)).toBe('(512) 555-0123');
  });

  it('leaves other countries and text with words as stored', () => {
    expect(formatPhoneForDisplay('+442071838750')).toBe('+442071838750');
    expect(formatPhoneForDisplay('555-0100 ext. 7')).toBe('555-0100 ext. 7');
    expect(formatPhoneForDisplay('  ')).toBeNull();
  });
});

describe('export headers', () => {
  it('are words a recruiter reads, not the record field names', () => {
    expect(EXPORT_HEADER.slice(0, 4)).toEqual(['ID', 'First name', 'Middle name', 'Last name']);
    expect(EXPORT_HEADER).toContain('Company employees');
    for (const header of EXPORT_HEADER)
      expect(header).toMatch(/^(ID|[A-Z][a-z]*( [A-Za-z]+)*|LinkedIn .+|Office ZIP code)$/);
  });

  it('name each field once', () => {
    expect(new Set(EXPORT_COLUMNS.map((c) => c.field)).size).toBe(EXPORT_COLUMNS.length);
    expect(new Set(EXPORT_HEADER).size).toBe(EXPORT_HEADER.length);
  });
});

describe('dollars', () => {
  it('shows cents as US dollars, with cents or rounded to the dollar', () => {
    expect(dollars(299_500)).toBe('$2,995.00');
    expect(dollars(1_050)).toBe('$10.50');
    expect(dollars(299_500, { wholeDollars: true })).toBe('$2,995');
    expect(dollars(29_549, { wholeDollars: true })).toBe('$295');
    expect(dollars(0)).toBe('$0.00');
  });
});

import { describe, expect, it } from 'vitest';
import {
  candidateName,
  emailProvenance,
  initialsOf,
  isRevealFresh,
  matchSummary,
  specialtyTone,
  visibleSkills,
} from './candidate-card';

describe('candidate cards', () => {
  it('shows the full name, or first name and last initial', () => {
    expect(candidateName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(candidateName('Ada', 'lovelace', false)).toBe('Ada L.');
    expect(candidateName('null', null)).toBe('Unnamed professional');
    expect(initialsOf('ada', 'lovelace')).toBe('AL');
    expect(initialsOf(null, 'undefined')).toBe('?');
  });

  it('colours the specialty badge by keyword', () => {
    expect(specialtyTone('Registered Nurse')).toBe('nursing');
    expect(specialtyTone('Orthopedic Surgery')).toBe('surgery');
    expect(specialtyTone('Clinical Pharmacist')).toBe('pharmacy');
    expect(specialtyTone('Cardiology')).toBe('physician');
    expect(specialtyTone(null)).toBe('other');
  });

  it('shows the first five skills, then +N more', () => {
    expect(visibleSkills(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: null });
    expect(visibleSkills(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual({
      shown: ['a', 'b', 'c', 'd', 'e'],
      more: '+2 more',
    });
  });

  it('says how long ago the email was verified', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(emailProvenance('2026-11-01T12:00:00Z', now)).toBe('email verified 3 weeks ago');
    expect(emailProvenance(null, now)).toBeNull();
  });

  it('labels an invalid email where its button would be, so the card line only says when it was checked', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const fourWeeks = '2026-10-25T12:00:00Z';
    expect(emailProvenance(fourWeeks, now, 'invalid')).toBe('email checked 4 weeks ago');
    expect(emailProvenance(fourWeeks, now, 'valid')).toBe('Valid email · email verified 4 weeks ago');
    expect(emailProvenance(null, now, 'unknown')).toBe('Unverified email');
    expect(emailProvenance(fourWeeks, now, 'valid', false)).toBeNull();
  });

  it('never calls an unverified or accept-all email verified', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const fourWeeks = '2026-10-25T12:00:00Z';
    expect(emailProvenance(fourWeeks, now, 'unknown')).toBe('Unverified email · email checked 4 weeks ago');
    expect(emailProvenance(fourWeeks, now, 'accept_all')).toBe(
      'Accept-all domain · email checked 4 weeks ago',
    );
  });
});

describe('revealed contacts', () => {
  it('keeps a revealed contact for 24 hours', () => {
    expect(isRevealFresh(0, 86_399_999)).toBe(true);
    expect(isRevealFresh(0, 86_400_000)).toBe(false);
  });
});

describe('why this match (issue 35)', () => {
  it('says each filter with the values held, a flag by its label, and where each keyword was found', () => {
    expect(
      matchSummary([
        { field: 'state', label: 'State', values: ['TX', 'OK'] },
        { field: 'compactLicense', label: 'Compact license', values: ['true'] },
        { field: 'emailStatus', label: 'Email status', values: ['valid'] },
        { field: 'yearsInPractice', label: 'Years in practice', values: ['5+ years'] },
        { field: 'query', label: 'charge', values: ['title', 'skills'] },
      ]),
    ).toBe(
      'State: Texas, Oklahoma · Compact license · Email status: Valid email · Years in practice: 5+ years · “charge” in title, skills',
    );
    expect(matchSummary([])).toBeNull();
    expect(matchSummary(undefined)).toBeNull();
  });
});

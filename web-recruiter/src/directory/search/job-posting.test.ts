import { EMPTY_PROPOSAL, type ProposedSearch } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { chipSearches, chipsOf, searchPatchOf, withNumber } from './job-posting';
import { EMPTY_SEARCH, searchParamsOf } from './search-screen';

const proposal: ProposedSearch = {
  ...EMPTY_PROPOSAL,
  specialty: [{ value: 'Nurse', from: 'RN' }],
  credential: [{ value: 'RN', from: 'RN' }],
  licensedIn: [{ value: 'AZ', from: 'Arizona RN license' }],
  state: [{ value: 'AZ', from: 'Phoenix, AZ' }],
  city: { value: 'Phoenix', from: 'Phoenix, AZ' },
  near: { value: { place: 'Phoenix, AZ', miles: 30 }, from: 'within 30 miles of Phoenix, AZ' },
  yearsInPractice: { value: { min: 2, max: null }, from: '2+ years' },
  skills: [
    { value: 'ACLS', from: 'ACLS' },
    { value: 'BLS', from: 'BLS' },
  ],
  positionType: { value: 'contract', from: 'Travel' },
  shift: { value: 'night', from: 'Nights' },
  compactLicense: { value: true, from: 'compact license' },
};

describe('a pasted posting’s proposal on the search screen', () => {
  it('is one chip per value, labelled as the sidebar labels its filters', () => {
    expect(chipsOf(proposal).map((chip) => chip.label)).toEqual([
      'State: Arizona',
      'Licensed in: Arizona',
      'Compact license',
      'City: Phoenix',
      'Within 30 mi of Phoenix, AZ',
      'Credential: RN',
      'Specialty: Nurse',
      'Skills: ACLS',
      'Skills: BLS',
      'Years in practice: 2+',
      'Position type: Contract',
      'Shift: night',
    ]);
  });

  it('searches with the chips left, in the URL the sidebar would write; shift and position type are not filters', () => {
    const chips = chipsOf(proposal).filter((chip) => chip.id !== 'skills:BLS');
    expect(chips.filter((chip) => !chipSearches(chip)).map((c) => c.id)).toEqual(['positionType', 'shift']);
    const edited = chips.map((chip) => (chip.id === 'years' ? withNumber(chip, 'max', '10') : chip));
    // Within 30 miles of Phoenix, the city itself is not a filter (it would keep Phoenix's people only).
    expect(searchParamsOf({ ...EMPTY_SEARCH, ...searchPatchOf(edited) })).toEqual([
      ['state', 'AZ'],
      ['licensedIn', 'AZ'],
      ['compactLicense', 'true'],
      ['credential', 'RN'],
      ['specialty', 'Nurse'],
      ['skills', 'ACLS'],
      ['yearsInPractice', '2-10'],
      ['near', 'Phoenix, AZ'],
      ['miles', '30'],
    ]);
    const withoutRadius = chips.filter((chip) => chip.kind !== 'near');
    expect(searchParamsOf({ ...EMPTY_SEARCH, ...searchPatchOf(withoutRadius) })[0]).toEqual([
      'city',
      'Phoenix',
    ]);
  });

  it('takes a new radius and refuses one that is not a whole number of miles', () => {
    const near = chipsOf(proposal).find((chip) => chip.kind === 'near')!;
    expect(withNumber(near, 'miles', '50').label).toBe('Within 50 mi of Phoenix, AZ');
    expect(withNumber(near, 'miles', 'far')).toBe(near);
  });
});

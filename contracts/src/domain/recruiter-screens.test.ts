import { describe, expect, it } from 'vitest';
import {
  candidateName,
  emailProvenance,
  initialsOf,
  isRevealFresh,
  specialtyTone,
  visibleSkills,
} from './candidate-card';
import { timeAgo } from './display';
import { composeLinks, generationErrorMessage, templateExcerpt } from './outreach';
import {
  addTag,
  EMPTY_SEARCH,
  hasTermOrFilter,
  pageWithin,
  paginationItems,
  removeLastTag,
  SearchMessages,
  searchErrorMessage,
  searchFiltersOf,
  searchParamsOf,
  searchStateFromParams,
  searchStateOfFilters,
} from './search-screen';

const fromQuery = (query: string) => searchStateFromParams(new URLSearchParams(query));

describe('the search URL', () => {
  it('reads every parameter of the spec, multi-value filters comma-separated', () => {
    const state = fromQuery(
      'query=icu&specialty=Cardiology,Family%20Medicine&city=Austin&state=tx&country=United%20States' +
        '&companyIndustry=Education&companySize=5000%2B&title=Nurse&organization=Mayo&education=Harvard' +
        '&companyRevenue=%241B%2B&skills=BLS,ACLS&page=3&sortKey=name&sortDirection=desc&tab=selected&upgraded=true',
    );
    expect(state).toEqual({
      ...EMPTY_SEARCH,
      query: 'icu',
      specialty: ['Cardiology', 'Family Medicine'],
      city: ['Austin'],
      state: 'TX',
      companyIndustry: ['Education'],
      companySize: ['5000+'],
      title: ['Nurse'],
      organization: ['Mayo'],
      education: ['Harvard'],
      companyRevenue: ['$1B+'],
      skills: ['BLS', 'ACLS'],
      page: 3,
      sortKey: 'name',
      sortDirection: 'desc',
      tab: 'selected',
      upgraded: true,
    });
  });

  it('drops what it cannot use instead of sending it to the API', () => {
    const state = fromQuery('state=ZZ&page=-2&sortKey=salary&tab=other&companySize=huge&city=a,b,c,d,e,f');
    expect(state.state).toBeNull();
    expect(state.page).toBe(1);
    expect(state.sortKey).toBe('relevance');
    expect(state.tab).toBe('results');
    expect(state.companySize).toEqual([]);
    expect(state.city).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('omits tab when it is results, defaults, and upgraded; round-trips the rest', () => {
    const state = fromQuery('specialty=Cardiology&state=TX&page=2&tab=results&upgraded=true');
    const query = new URLSearchParams(searchParamsOf(state)).toString();
    expect(query).toBe('specialty=Cardiology&state=TX&page=2');
    expect(searchStateFromParams(new URLSearchParams(query))).toEqual({ ...state, upgraded: false });
    expect(searchParamsOf({ ...state, tab: 'selected' })).toContainEqual(['tab', 'selected']);
  });

  it('turns the state into the search filter object and back (saved searches)', () => {
    const state = fromQuery('query=er&specialty=Cardiology&state=TX&sortKey=name&page=4');
    const filters = searchFiltersOf(state);
    expect(filters).toEqual({
      query: 'er',
      specialty: ['Cardiology'],
      state: ['TX'],
      sortKey: 'name',
      sortDirection: 'asc',
    });
    expect(searchStateOfFilters(filters)).toEqual({ ...state, page: 1 });
  });

  it('lets Save Search through only with a term or a filter', () => {
    expect(hasTermOrFilter(EMPTY_SEARCH)).toBe(false);
    expect(hasTermOrFilter({ ...EMPTY_SEARCH, sortKey: 'name' })).toBe(false);
    expect(hasTermOrFilter({ ...EMPTY_SEARCH, query: '  ' })).toBe(false);
    expect(hasTermOrFilter({ ...EMPTY_SEARCH, query: 'icu' })).toBe(true);
    expect(hasTermOrFilter({ ...EMPTY_SEARCH, state: 'TX' })).toBe(true);
    expect(hasTermOrFilter({ ...EMPTY_SEARCH, skills: ['BLS'] })).toBe(true);
  });
});

describe('tag inputs', () => {
  it('trims, ignores empty values and duplicates, and stops at five', () => {
    expect(addTag([], '  Austin ')).toEqual(['Austin']);
    const tags = ['Austin'];
    expect(addTag(tags, '   ')).toBe(tags);
    expect(addTag(tags, 'austin')).toBe(tags);
    const five = ['a', 'b', 'c', 'd', 'e'];
    expect(addTag(five, 'f')).toBe(five);
  });

  it('removes the last tag on Backspace', () => {
    expect(removeLastTag(['a', 'b'])).toEqual(['a']);
    expect(removeLastTag([])).toEqual([]);
  });
});

describe('pagination', () => {
  it('shows every page when there are five or fewer', () => {
    expect(paginationItems(2, 4)).toEqual([1, 2, 3, 4]);
    expect(paginationItems(1, 0)).toEqual([]);
  });

  it('shows a five-page window with first, last and ellipses', () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
    expect(paginationItems(10, 20)).toEqual([1, 'start-ellipsis', 8, 9, 10, 11, 12, 'end-ellipsis', 20]);
    expect(paginationItems(20, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('moves only within 1..total pages', () => {
    expect(pageWithin(0, 5)).toBeNull();
    expect(pageWithin(6, 5)).toBeNull();
    expect(pageWithin(5, 5)).toBe(5);
  });
});

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
    expect(timeAgo('2026-11-22T01:00:00Z', now)).toBe('today');
    expect(timeAgo('2026-11-21T01:00:00Z', now)).toBe('1 day ago');
    expect(timeAgo('2026-08-01T00:00:00Z', now)).toBe('3 months ago');
    expect(timeAgo('2024-10-01T00:00:00Z', now)).toBe('2 years ago');
  });
});

describe('search errors', () => {
  it('maps what went wrong to the spec message', () => {
    expect(searchErrorMessage('statement timeout')).toBe(SearchMessages.timeout);
    expect(searchErrorMessage('anything', '57014')).toBe(SearchMessages.databaseTimeout);
    expect(searchErrorMessage('relation "x" does not exist')).toBe(SearchMessages.deploying);
    expect(searchErrorMessage('Edge function failed')).toBe(SearchMessages.backup);
    expect(searchErrorMessage('Failed to fetch')).toBe(SearchMessages.connection);
    expect(searchErrorMessage('Please use exact specialty selections')).toBe(
      'Please use exact specialty selections',
    );
    expect(searchErrorMessage('boom')).toBe(SearchMessages.fallback);
  });
});

describe('contacts and email', () => {
  it('keeps a revealed contact for 24 hours', () => {
    expect(isRevealFresh(0, 86_399_999)).toBe(true);
    expect(isRevealFresh(0, 86_400_000)).toBe(false);
  });

  it('composes in three web mail services and the default app', () => {
    const links = composeLinks(['a@x.example', 'b@x.example'], 'Hi there', 'Line 1\nLine 2');
    expect(links.map((l) => l.label)).toEqual(['Gmail', 'Outlook', 'Yahoo Mail', 'Default email app']);
    expect(links[0]!.href).toContain('to=a%40x.example%2Cb%40x.example');
    expect(links[0]!.href).toContain('su=Hi%20there');
    expect(links[3]!.href).toBe(
      'mailto:a%40x.example,b%40x.example?subject=Hi%20there&body=Line%201%0ALine%202',
    );
  });

  it('shows 150 characters of a template body', () => {
    expect(templateExcerpt('x'.repeat(200))).toBe(`${'x'.repeat(150)}…`);
    expect(templateExcerpt('short')).toBe('short');
  });
});

describe('the email generator', () => {
  it('maps generation failures to the spec texts', () => {
    expect(generationErrorMessage('OPENAI API key missing')).toBe(
      'AI service is not properly configured. Please contact support.',
    );
    expect(generationErrorMessage('Job title and job description are required')).toBe(
      'Please fill in both job title and description.',
    );
    expect(generationErrorMessage('Function error: upstream 502')).toBe('Function error: upstream 502');
    expect(generationErrorMessage(undefined)).toBe('Failed to generate email. Please try again.');
  });
});

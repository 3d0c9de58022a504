import { SearchRequest } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  addTag,
  EMPTY_SEARCH,
  hasTermOrFilter,
  invalidFilterMessage,
  newSinceSearchParams,
  removeLastTag,
  SearchMessages,
  savedSearchParamsOf,
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
      state: ['TX'],
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
    expect(state.state).toEqual([]);
    expect(state.page).toBe(1);
    expect(state.sortKey).toBe('relevance');
    expect(state.tab).toBe('results');
    expect(state.companySize).toEqual([]);
    expect(state.city).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('omits tab when it is results, defaults, and upgraded; round-trips the rest', () => {
    const state = fromQuery('specialty=Cardiology&state=TX&page=2&tab=results&upgraded=true');
    const query = new URLSearchParams(searchParamsOf(state)).toString();
    expect(query).toBe('state=TX&specialty=Cardiology&page=2');
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

  it('keeps a saved search\'s "added since" boundary in the URL and the request, not in what Save Search keeps (issue 37)', () => {
    const since = '2026-11-03T14:00:00.000Z';
    const query = new URLSearchParams(
      newSinceSearchParams({ state: ['TX'], specialty: ['Cardiology'] }, since),
    );
    expect(query.toString()).toBe(`state=TX&specialty=Cardiology&addedSince=${encodeURIComponent(since)}`);
    const state = searchStateFromParams(query);
    expect(state.addedSince).toBe(since);
    expect(searchFiltersOf(state)).toMatchObject({ state: ['TX'], addedSince: since });
    expect(SearchRequest.safeParse(searchFiltersOf(state)).success).toBe(true);
    expect(savedSearchParamsOf(state)).not.toHaveProperty('addedSince');
    expect(activeFilterCount(state)).toBe(3);
    expect(hasTermOrFilter({ ...EMPTY_SEARCH, addedSince: since })).toBe(false);
    expect(invalidFilterMessage({ addedSince: 'A date and time, as 2026-11-03T14:00:00Z.' })).toBe(
      'Added since: A date and time, as 2026-11-03T14:00:00Z.',
    );
  });

  it('reads where a license is held as several states and a compact license as on or off (issue 34)', () => {
    const state = fromQuery('licensedIn=tx,OK,ZZ&compactLicense=true&state=NM');
    expect(state).toMatchObject({ licensedIn: ['TX', 'OK'], compactLicense: ['true'], state: ['NM'] });
    expect(fromQuery('compactLicense=yes').compactLicense).toEqual([]);
    const query = new URLSearchParams(searchParamsOf(state)).toString();
    expect(query).toBe('state=NM&licensedIn=TX%2COK&compactLicense=true');
    // The request and a saved search carry them as the API reads them.
    const filters = searchFiltersOf(state);
    expect(filters).toMatchObject({ licensedIn: ['TX', 'OK'], compactLicense: ['true'], state: ['NM'] });
    expect(SearchRequest.parse(filters)).toMatchObject({
      licensedIn: ['TX', 'OK'],
      compactLicense: ['true'],
    });
    expect(searchStateOfFilters(filters)).toEqual({ ...state, page: 1 });
    expect(searchStateOfFilters({ compactLicense: true, licensedIn: 'CA' })).toMatchObject({
      compactLicense: ['true'],
      licensedIn: ['CA'],
    });
    expect(hasTermOrFilter({ ...EMPTY_SEARCH, compactLicense: ['true'] })).toBe(true);
  });

  it('reads years in practice as a range, writes it back as the URL says it and keeps it in a saved search (issue 34)', () => {
    expect(fromQuery('yearsInPractice=5-').yearsInPractice).toEqual({ min: 5, max: null });
    expect(fromQuery('yearsInPractice=-20').yearsInPractice).toEqual({ min: null, max: 20 });
    expect(fromQuery('yearsInPractice=lots').yearsInPractice).toEqual({ min: null, max: null });
    expect(EMPTY_SEARCH.yearsInPractice).toEqual({ min: null, max: null });
    const state = fromQuery('licensedIn=TX&compactLicense=true&yearsInPractice=5-');
    expect(new URLSearchParams(searchParamsOf(state)).toString()).toBe(
      'licensedIn=TX&compactLicense=true&yearsInPractice=5-',
    );
    // The request carries `{ min, max }`, as the API reads it; a saved search gives it back.
    const filters = searchFiltersOf(state);
    expect(filters.yearsInPractice).toEqual({ min: 5, max: null });
    expect(SearchRequest.parse(filters).yearsInPractice).toEqual({ min: 5, max: null });
    expect(searchStateOfFilters(JSON.parse(JSON.stringify(filters)))).toEqual({ ...state, page: 1 });
    expect(searchStateOfFilters({ yearsInPractice: '5-20' }).yearsInPractice).toEqual({ min: 5, max: 20 });
    expect(hasTermOrFilter({ ...EMPTY_SEARCH, yearsInPractice: { min: 5, max: null } })).toBe(true);
    expect(searchFiltersOf(EMPTY_SEARCH)).not.toHaveProperty('yearsInPractice');
  });

  it('keeps a range the API refuses, so its field error is shown rather than the filter vanishing', () => {
    const upsideDown = searchFiltersOf(fromQuery('yearsInPractice=20-5'));
    const tooMany = searchFiltersOf(fromQuery('yearsInPractice=70-'));
    const refused = (filters: object) => {
      const result = SearchRequest.safeParse(filters);
      return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(refused(upsideDown)).toEqual([['yearsInPractice', 'The lowest cannot be above the highest.']]);
    expect(refused(tooMany)).toEqual([['yearsInPractice.min', 'At most 60.']]);
    expect(invalidFilterMessage({ 'yearsInPractice.min': 'At most 60.' })).toBe(
      'Years in practice: At most 60.',
    );
  });

  it('carries boolean Keywords through the URL and the request as typed, and names the field of their error', () => {
    const query = '"charge nurse" OR (icu AND NOT travel)';
    const state = fromQuery(new URLSearchParams({ query }).toString());
    expect(state.query).toBe(query);
    expect(fromQuery(new URLSearchParams(searchParamsOf(state)).toString()).query).toBe(query);
    expect(SearchRequest.parse(searchFiltersOf(state)).query).toBe(query);
    const refused = SearchRequest.safeParse(searchFiltersOf({ ...state, query: 'icu AND' }));
    const errors = Object.fromEntries(refused.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(invalidFilterMessage(errors)).toBe('Keywords: Expected a word after AND at position 4.');
  });

  it('reads several states, "none of" values and the contact flags, and keeps them in a saved search (issue 35)', () => {
    const state = fromQuery(
      'state=tx,CA,ZZ&notState=nm&notSpecialty=Cardiology&notOrganization=HCA&notCredential=LPN,XX&hasEmail=true&hasPhone=yes&emailStatus=valid,bogus',
    );
    expect(state).toMatchObject({
      state: ['TX', 'CA'],
      notState: ['NM'],
      notSpecialty: ['Cardiology'],
      notOrganization: ['HCA'],
      notCredential: ['LPN'],
      hasEmail: ['true'],
      hasPhone: [],
      emailStatus: ['valid'],
    });
    expect(new URLSearchParams(searchParamsOf(state)).toString()).toBe(
      'state=TX%2CCA&hasEmail=true&emailStatus=valid&notState=NM&notCredential=LPN&notOrganization=HCA&notSpecialty=Cardiology',
    );
    const filters = searchFiltersOf(state);
    expect(SearchRequest.parse(filters)).toMatchObject({
      state: ['TX', 'CA'],
      notState: ['NM'],
      notSpecialty: ['Cardiology'],
      notOrganization: ['HCA'],
      notCredential: ['LPN'],
      hasEmail: ['true'],
      emailStatus: ['valid'],
    });
    expect(searchStateOfFilters(JSON.parse(JSON.stringify(filters)))).toEqual({ ...state, page: 1 });
    expect(activeFilterCount(state)).toBe(8);
  });

  it('reads "within N miles of" as near and miles, keeps it in the request and a saved search (issue 35)', () => {
    const state = fromQuery('near=78701&miles=25&sortKey=distance');
    expect(state.near).toEqual({ place: '78701', miles: 25 });
    expect(state.sortKey).toBe('distance');
    expect(new URLSearchParams(searchParamsOf(state)).toString()).toBe(
      'near=78701&miles=25&sortKey=distance',
    );
    // A place without miles takes the default radius; distance without a place is no sort at all.
    expect(fromQuery('near=Austin%2C%20TX').near).toEqual({ place: 'Austin, TX', miles: 50 });
    expect(fromQuery('sortKey=distance').sortKey).toBe('relevance');
    const filters = searchFiltersOf(state);
    expect(filters.near).toEqual({ place: '78701', miles: 25 });
    expect(SearchRequest.parse(filters).near).toEqual({ place: '78701', miles: 25 });
    expect(searchStateOfFilters(JSON.parse(JSON.stringify(filters)))).toEqual({ ...state, page: 1 });
    expect(hasTermOrFilter({ ...EMPTY_SEARCH, near: { place: '78701', miles: 10 } })).toBe(true);
    expect(searchFiltersOf(EMPTY_SEARCH)).not.toHaveProperty('near');
    // A radius out of bounds is kept, so the API's field error shows beside the control.
    const tooFar = SearchRequest.safeParse(searchFiltersOf(fromQuery('near=78701&miles=900')));
    expect(tooFar.success ? [] : tooFar.error.issues.map((i) => i.path.join('.'))).toEqual(['near.miles']);
    expect(invalidFilterMessage({ 'near.place': 'We don\'t know the place "x".' })).toBe(
      'Within: We don\'t know the place "x".',
    );
  });

  it('lets Save Search through only with a term or a filter', () => {
    expect(hasTermOrFilter(EMPTY_SEARCH)).toBe(false);
    expect(hasTermOrFilter({ ...EMPTY_SEARCH, sortKey: 'name' })).toBe(false);
    expect(hasTermOrFilter({ ...EMPTY_SEARCH, query: '  ' })).toBe(false);
    expect(hasTermOrFilter({ ...EMPTY_SEARCH, query: 'icu' })).toBe(true);
    expect(hasTermOrFilter({ ...EMPTY_SEARCH, state: ['TX'] })).toBe(true);
    expect(hasTermOrFilter({ ...EMPTY_SEARCH, notState: ['TX'] })).toBe(true);
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

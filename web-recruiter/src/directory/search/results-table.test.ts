import { SearchRequest } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { milesText } from './near';
import {
  appliedFilters,
  DEFAULT_RESULTS_VIEW,
  moveColumn,
  RESULTS_COLUMNS,
  readResultsViewPreferences,
  TABLE_PAGE_SIZES,
  toggleColumn,
  withoutFilter,
} from './results-table';
import { searchStateFromParams } from './search-screen';

describe('rows per page', () => {
  it('a search asks for 25 rows unless it says otherwise (spec §9)', () =>
    expect(SearchRequest.parse({}).limit).toBe(25));

  it('the table’s 25, 50 and 100 rows are accepted, more is refused', () => {
    for (const limit of TABLE_PAGE_SIZES) expect(SearchRequest.parse({ limit }).limit).toBe(limit);
    expect(SearchRequest.safeParse({ limit: 101 }).success).toBe(false);
  });
});

describe('the results view a user chose', () => {
  it('starts as cards with every column and 25 rows', () => {
    expect(readResultsViewPreferences(null)).toEqual(DEFAULT_RESULTS_VIEW);
    expect(DEFAULT_RESULTS_VIEW).toEqual({ view: 'cards', columns: [...RESULTS_COLUMNS], pageSize: 25 });
  });

  it('reads back what was stored', () => {
    const stored = { view: 'table', columns: ['location', 'name'], pageSize: 100 };
    expect(readResultsViewPreferences(JSON.stringify(stored))).toEqual(stored);
  });

  it('falls back field by field on unreadable data, and always keeps the name', () => {
    expect(readResultsViewPreferences('{not json')).toEqual(DEFAULT_RESULTS_VIEW);
    expect(
      readResultsViewPreferences(
        JSON.stringify({ view: 'grid', columns: ['title', 'salary', 'title'], pageSize: 7 }),
      ),
    ).toEqual({ view: 'cards', columns: ['name', 'title'], pageSize: 25 });
  });

  it('hides and shows columns, a shown one back at its usual place; the name stays', () => {
    const without = toggleColumn(RESULTS_COLUMNS, 'specialty');
    expect(without).not.toContain('specialty');
    expect(toggleColumn(without, 'specialty')).toEqual([...RESULTS_COLUMNS]);
    expect(toggleColumn(RESULTS_COLUMNS, 'name')).toEqual([...RESULTS_COLUMNS]);
  });

  it('moves a column one place, and not past either end', () => {
    expect(moveColumn(['name', 'title', 'location'], 'location', -1)).toEqual(['name', 'location', 'title']);
    expect(moveColumn(['name', 'title'], 'name', -1)).toEqual(['name', 'title']);
    expect(moveColumn(['name', 'title'], 'title', 1)).toEqual(['name', 'title']);
  });
});

describe('applied-filter chips', () => {
  const state = searchStateFromParams(
    new URLSearchParams('query=heart&specialty=Cardiology,Pediatrics&state=TX&companySize=1 to 19'),
  );

  it('one chip per value, labelled by the search-field table', () =>
    expect(appliedFilters(state).map((f) => f.label)).toEqual([
      'Keywords: heart',
      'State: Texas',
      'Specialty: Cardiology',
      'Specialty: Pediatrics',
      'Company size: 1 to 19',
    ]));

  it('names a license state by its name and a compact license by its label alone', () => {
    const licensed = searchStateFromParams(new URLSearchParams('licensedIn=TX,OK&compactLicense=true'));
    const applied = appliedFilters(licensed);
    expect(applied.map((f) => f.label)).toEqual([
      'Licensed in: Texas',
      'Licensed in: Oklahoma',
      'Compact license',
    ]);
    expect(withoutFilter(licensed, applied[0]!)).toEqual({ licensedIn: ['OK'] });
    expect(withoutFilter(licensed, applied[2]!)).toEqual({ compactLicense: [] });
  });

  it('says a range of years in practice as a recruiter reads it, and removes it whole (issue 34)', () => {
    const chipsOf = (query: string) =>
      appliedFilters(searchStateFromParams(new URLSearchParams(query))).map((f) => f.label);
    expect(chipsOf('yearsInPractice=5-')).toEqual(['Years in practice: 5+']);
    expect(chipsOf('yearsInPractice=5-20')).toEqual(['Years in practice: 5–20']);
    expect(chipsOf('yearsInPractice=-20')).toEqual(['Years in practice: up to 20']);
    const ranged = searchStateFromParams(new URLSearchParams('yearsInPractice=5-20&compactLicense=true'));
    const [compact, years] = appliedFilters(ranged);
    expect(compact!.label).toBe('Compact license');
    expect(withoutFilter(ranged, years!)).toEqual({ yearsInPractice: { min: null, max: null } });
  });

  it('says "Within 25 mi of 78701", and removing it takes the distance sort with it (issue 35)', () => {
    const near = searchStateFromParams(new URLSearchParams('near=78701&miles=25&sortKey=distance&state=TX'));
    const applied = appliedFilters(near);
    expect(applied.map((f) => f.label)).toEqual(['State: Texas', 'Within 25 mi of 78701']);
    expect(withoutFilter(near, applied[1]!)).toEqual({ near: null, sortKey: 'relevance' });
    expect(milesText(12.3)).toBe('12.3 mi');
    expect(milesText(0)).toBe('0 mi');
    expect(milesText(1234.5)).toBe('1,234.5 mi');
    expect(milesText(undefined)).toBeNull();
  });

  it('removing a chip removes only its value', () => {
    const [query, texas, cardiology] = appliedFilters(state);
    expect(withoutFilter(state, query!)).toEqual({ query: '' });
    expect(withoutFilter(state, texas!)).toEqual({ state: [] });
    expect(withoutFilter(state, cardiology!)).toEqual({ specialty: ['Pediatrics'] });
  });

  it('shows each "none of" value after its filter, and removes only it (issue 35)', () => {
    const excluding = searchStateFromParams(
      new URLSearchParams(
        'state=TX,CA&notState=NM&notOrganization=HCA,Tenet&emailStatus=valid&hasPhone=true',
      ),
    );
    const chips = appliedFilters(excluding);
    expect(chips.map((f) => f.label)).toEqual([
      'State: Texas',
      'State: California',
      'Not in state: New Mexico',
      'Exclude organizations: HCA',
      'Exclude organizations: Tenet',
      'Has phone',
      'Email status: Valid email',
    ]);
    expect(withoutFilter(excluding, chips[4]!)).toEqual({ notOrganization: ['HCA'] });
    expect(withoutFilter(excluding, chips[2]!)).toEqual({ notState: [] });
  });
});

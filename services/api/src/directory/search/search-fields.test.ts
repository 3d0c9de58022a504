import {
  EXCLUDABLE_FILTERS,
  exclusionOf,
  SEARCH_FIELD_NAMES,
  type SearchField,
  SearchRequest,
  searchField,
} from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { indexedCandidate } from '../../../test/support/indexed-candidate';
import { type IndexedCandidate, SearchIndex } from './search-index';
import { runQuery } from './search-query';
import { toIndexQuery } from './search-request';
import { TEXT_FIELDS } from './search-terms';

const blank = (seq: number): IndexedCandidate =>
  indexedCandidate(seq, { firstName: 'Ana', lastName: 'Smith' });

/**
 * Per field of the search table: a record's value, and what a recruiter may type for it (another
 * case, accents, spelling or part). Typed by the table, so a new field without a case here fails.
 */
const YEAR = new Date().getUTCFullYear();
const CASES: Record<SearchField, { record: Partial<IndexedCandidate>; asked: unknown[] }> = {
  city: { record: { city: 'San José' }, asked: ['San José', 'SAN JOSE', 'san  jose'] },
  state: { record: { state: 'tx' }, asked: ['TX', 'tx'] },
  licensedIn: { record: { licensedIn: ['TX', 'OK'] }, asked: ['TX', 'OK'] },
  compactLicense: { record: { compactLicense: true }, asked: ['true'] },
  title: { record: { title: 'Night Charge Nurse' }, asked: ['Night Charge Nurse', 'charge NURSE'] },
  organization: {
    record: { companyName: 'St. Mary Hospital' },
    asked: ['St. Mary Hospital', 'mary hospital'],
  },
  credential: { record: { credential: ['RN', 'NP'] }, asked: ['NP', 'RN'] },
  specialty: { record: { specialty: 'Registered Nurse' }, asked: ['Nurse', 'RN', 'registered nurse'] },
  skills: { record: { skills: ['Wound Care', 'BLS'] }, asked: ['Wound Care', 'wound care', 'bls'] },
  education: {
    record: { education: [{ school: 'Université de Montréal', degree: 'BSN, MSN' }] },
    // A school, and each of its degrees.
    asked: ['Universite de Montreal', 'BSN', 'msn'],
  },
  yearsInPractice: {
    // Ten years since graduation: any range that holds ten, in the URL's form or as bounds.
    record: { graduationYear: YEAR - 10 },
    asked: ['10-', '5-15', '-10', '10', { min: 10 }, { max: 12 }, { min: 9, max: 11 }],
  },
  affiliation: {
    record: { hospitalAffiliations: [{ ccn: '450068', name: 'Memorial Hermann Hospital' }] },
    asked: ['Memorial Hermann Hospital', 'MEMORIAL  hermann hospital'],
  },
  companySize: { record: { companyEmployees: '5000+' }, asked: ['5000+'] },
  companyRevenue: { record: { companyRevenueRange: '$1B+' }, asked: ['$1B+'] },
  companyIndustry: {
    record: { companyIndustry: 'Hospital & Health Care' },
    asked: ['Hospital & Health Care'],
  },
  hasEmail: { record: { hasEmail: true }, asked: ['true'] },
  hasPhone: { record: { hasPhone: true }, asked: ['true'] },
  emailStatus: { record: { emailStatus: 'valid' }, asked: ['valid'] },
};

describe('the search table', () => {
  it('has a case here for every field', () => {
    expect(Object.keys(CASES).sort()).toEqual([...SEARCH_FIELD_NAMES].sort());
  });

  for (const field of SEARCH_FIELD_NAMES) {
    it(`finds by ${field} what the index holds: the query asks for the terms the index wrote`, () => {
      const index = new SearchIndex();
      index.add(blank(1));
      index.add({ ...blank(2), ...CASES[field].record });
      index.add(blank(3));
      index.reorder();
      for (const asked of CASES[field].asked) {
        const request = SearchRequest.parse({
          [field]: searchField(field).kind === 'range' ? asked : [asked],
        });
        const query = toIndexQuery(request);
        expect(query.groups, `${field} ${JSON.stringify(asked)}`).toHaveLength(1);
        const [group] = query.groups;
        // Some alternative's terms are all in the index, for the record that has the value.
        const held = group!.filter((terms) =>
          terms.every((term) => {
            const list = index.postingsOf(term);
            return list !== undefined && list.length === 1 && list.docs[0] === 1;
          }),
        );
        expect(held.length, `${field} ${JSON.stringify(asked)}: ${JSON.stringify(group)}`).toBeGreaterThan(0);
        const found = runQuery(index, query).docs.map((doc) => index.seqOf(doc));
        expect(found, `${field} ${JSON.stringify(asked)}`).toEqual([2]);
      }
    });
  }

  for (const field of EXCLUDABLE_FILTERS) {
    it(`leaves out by "none of" ${field} whoever its filter would find, and only them (issue 35)`, () => {
      const index = new SearchIndex();
      index.add(blank(1));
      index.add({ ...blank(2), ...CASES[field].record });
      index.add(blank(3));
      index.reorder();
      for (const asked of CASES[field].asked) {
        const query = toIndexQuery(SearchRequest.parse({ [exclusionOf(field)]: [asked] }));
        expect(query.groups).toHaveLength(0);
        const found = runQuery(index, query).docs.map((doc) => index.seqOf(doc));
        expect(found, `${field} ${JSON.stringify(asked)}`).toEqual([1, 3]);
        // With the filter itself: any of A, none of A finds nobody.
        const both = toIndexQuery(SearchRequest.parse({ [field]: [asked], [exclusionOf(field)]: [asked] }));
        expect(runQuery(index, both).count).toBe(0);
      }
    });
  }

  it('matches words in the free-text fields the query also ranks by', () => {
    for (const field of SEARCH_FIELD_NAMES)
      for (const rule of Object.values(searchField(field).terms))
        if (rule.match === 'words') expect(Object.keys(TEXT_FIELDS)).toContain(rule.prefix);
  });

  it('gives every filter a term prefix of its own', () => {
    const prefixes = SEARCH_FIELD_NAMES.flatMap((field) =>
      Object.values(searchField(field).terms).map((rule) => rule.prefix),
    );
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});

describe('years in practice and hospital affiliations', () => {
  const indexOf = (...records: Partial<IndexedCandidate>[]) => {
    const index = new SearchIndex();
    for (const [i, record] of records.entries()) index.add({ ...blank(i + 1), ...record });
    index.reorder();
    return index;
  };
  const found = (index: SearchIndex, body: Record<string, unknown>, year = 2026) =>
    runQuery(index, toIndexQuery(SearchRequest.parse(body), {}, year)).docs.map((doc) => index.seqOf(doc));

  it('counts years since graduation from the searcher’s year: the index keeps the year, which does not age', () => {
    const index = indexOf({ graduationYear: 2016 }, { graduationYear: 2021 }, { graduationYear: null });
    expect(found(index, { yearsInPractice: '5-' })).toEqual([1, 2]);
    expect(found(index, { yearsInPractice: '6-' })).toEqual([1]);
    expect(found(index, { yearsInPractice: { max: 9 } })).toEqual([2]);
    expect(found(index, { yearsInPractice: '11-' })).toEqual([]);
    // The same index a year later: everyone has a year more.
    expect(found(index, { yearsInPractice: '6-' }, 2027)).toEqual([1, 2]);
  });

  it('refuses a range whose lowest is above its highest, or out of the field’s bounds', () => {
    for (const yearsInPractice of ['20-5', { min: -1 }, { max: 61 }, 'five', { min: 2.5 }])
      expect(SearchRequest.safeParse({ yearsInPractice }).success, JSON.stringify(yearsInPractice)).toBe(
        false,
      );
  });

  it('finds a hospital known only by its CCN by that number', () => {
    const index = indexOf({ hospitalAffiliations: [{ ccn: '050454', name: null }] });
    expect(found(index, { affiliation: ['050454'] })).toEqual([1]);
  });
});

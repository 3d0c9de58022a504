import { SEARCH_FIELD_NAMES, type SearchField, SearchRequest, searchField } from '@healthtal/contracts';
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
const CASES: Record<SearchField, { record: Partial<IndexedCandidate>; asked: string[] }> = {
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
  companySize: { record: { companyEmployees: '5000+' }, asked: ['5000+'] },
  companyRevenue: { record: { companyRevenueRange: '$1B+' }, asked: ['$1B+'] },
  companyIndustry: {
    record: { companyIndustry: 'Hospital & Health Care' },
    asked: ['Hospital & Health Care'],
  },
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
        const request = SearchRequest.parse({ [field]: [asked] });
        const query = toIndexQuery(request);
        expect(query.groups, `${field} ${asked}`).toHaveLength(1);
        const [group] = query.groups;
        // Some alternative's terms are all in the index, for the record that has the value.
        const held = group!.filter((terms) =>
          terms.every((term) => {
            const list = index.postingsOf(term);
            return list !== undefined && list.length === 1 && list.docs[0] === 1;
          }),
        );
        expect(held.length, `${field} ${asked}: ${JSON.stringify(group)}`).toBeGreaterThan(0);
        const found = runQuery(index, query).docs.map((doc) => index.seqOf(doc));
        expect(found, `${field} ${asked}`).toEqual([2]);
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

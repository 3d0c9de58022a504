import { SearchRequest } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { indexedCandidate } from '../../../test/support/indexed-candidate';
import { matchReasons, reasonChecksOf } from './match-reasons';
import { SearchIndex } from './search-index';
import { heldBy, runQuery } from './search-query';
import { toIndexQuery } from './search-request';

const YEAR = new Date().getUTCFullYear();
const nurse = indexedCandidate(1, {
  firstName: 'Ana',
  lastName: 'García',
  title: 'ICU Charge Nurse, BSN, RN',
  specialty: 'Registered Nurse',
  companyName: 'St. David Medical Center',
  state: 'TX',
  city: 'Austin',
  skills: ['Telemetry', 'BLS'],
  education: [{ school: 'University of Texas', degree: 'BSN, MSN' }],
  credential: ['BSN', 'RN'],
  licensedIn: ['TX', 'OK'],
  compactLicense: true,
  graduationYear: YEAR - 12,
  hasPhone: true,
  npi: '1851806699',
});
const nurseAlone = new SearchIndex();
nurseAlone.add(nurse);
nurseAlone.reorder();

/** Her reasons for this search, as the index reads them of her (whether or not she matches it all). */
function reasonsOf(body: Record<string, unknown>) {
  const request = SearchRequest.parse(body);
  const checks = reasonChecksOf(request);
  const query = toIndexQuery(request, { reasons: checks.map((check) => check.alternatives) });
  const [held] = heldBy(nurseAlone, query, [0]);
  return matchReasons(request, checks, held!);
}

describe('why this match (issue 35)', () => {
  it('names, of each any-of filter, the values the candidate holds, as the request gave them', () => {
    expect(
      reasonsOf({
        state: ['CA', 'tx'],
        licensedIn: ['OK', 'NM'],
        skills: ['bls', 'ACLS'],
        credential: ['RN'],
      }),
    ).toEqual([
      { field: 'state', label: 'State', values: ['TX'] },
      { field: 'licensedIn', label: 'Licensed in', values: ['OK'] },
      { field: 'credential', label: 'Credential', values: ['RN'] },
      { field: 'skills', label: 'Skills', values: ['bls'] },
    ]);
  });

  it('says a range as asked, a flag by its label, a degree of the education, an organization by its words', () => {
    expect(
      reasonsOf({
        yearsInPractice: '10-',
        compactLicense: true,
        hasPhone: true,
        education: ['MSN'],
        organization: ['david medical'],
      }),
    ).toEqual([
      { field: 'compactLicense', label: 'Compact license', values: ['true'] },
      { field: 'organization', label: 'Organization', values: ['david medical'] },
      { field: 'education', label: 'Education', values: ['MSN'] },
      { field: 'yearsInPractice', label: 'Years in practice', values: ['10+ years'] },
      { field: 'hasPhone', label: 'Has phone', values: ['true'] },
    ]);
  });

  it('names where each keyword was found, the last one typed as a prefix, and an NPI', () => {
    expect(reasonsOf({ query: 'nurse 1851806699 tele' })).toEqual([
      { field: 'query', label: 'nurse', values: ['specialty', 'title'] },
      { field: 'query', label: '1851806699', values: ['NPI'] },
      { field: 'query', label: 'tele', values: ['skills'] },
    ]);
    // Not the last word, a word is a whole word: "tele" is not one of hers.
    expect(reasonsOf({ query: 'tele garcia' })).toEqual([
      { field: 'query', label: 'garcia', values: ['name'] },
    ]);
  });

  it('names the words of boolean Keywords the index looked for: not the operators, not what NOT leaves out', () => {
    expect(reasonsOf({ query: '"charge nurse" AND garcia NOT travel OR tele' })).toEqual([
      { field: 'query', label: 'charge', values: ['title'] },
      { field: 'query', label: 'nurse', values: ['specialty', 'title'] },
      { field: 'query', label: 'garcia', values: ['name'] },
    ]);
  });

  it('gives every result of a search a reason for each of its filters (the index and the reasons agree)', () => {
    const index = new SearchIndex();
    const others = [
      indexedCandidate(2, { state: 'OK', specialty: 'Registered Nurse', skills: ['ACLS'] }),
      indexedCandidate(3, { state: 'CA', specialty: 'Pharmacist', skills: ['BLS'] }),
    ];
    for (const c of [nurse, ...others]) index.add(c);
    index.reorder();
    const request = SearchRequest.parse({ state: ['TX', 'OK'], skills: ['BLS', 'ACLS'], query: 'nurse' });
    const checks = reasonChecksOf(request);
    const { docs, held } = runQuery(
      index,
      toIndexQuery(request, { reasons: checks.map((check) => check.alternatives) }),
    );
    expect(docs.map((doc) => index.seqOf(doc)).sort()).toEqual([1, 2]);
    expect(held).toHaveLength(docs.length);
    for (const found of held!) {
      const fields = matchReasons(request, checks, found).map((r) => r.field);
      expect(fields).toEqual(['state', 'skills', 'query']);
    }
    const bySeq = new Map(docs.map((doc, i) => [index.seqOf(doc), matchReasons(request, checks, held![i]!)]));
    expect(bySeq.get(2)).toEqual([
      { field: 'state', label: 'State', values: ['OK'] },
      { field: 'skills', label: 'Skills', values: ['ACLS'] },
      { field: 'query', label: 'nurse', values: ['specialty'] },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { indexedCandidate } from '../../../test/support/indexed-candidate';
import { type IndexedCandidate, SearchIndex } from './search-index';

let seq = 0;
const candidate = (fields: Partial<IndexedCandidate>): IndexedCandidate => indexedCandidate(++seq, fields);

function indexOf(...candidates: Partial<IndexedCandidate>[]) {
  const index = new SearchIndex();
  for (const c of candidates) index.add(candidate(c));
  index.reorder();
  return index;
}

describe('Filter suggestions', () => {
  it('suggests the values starting with the typed text, most holders first, in their usual spelling', () => {
    const index = indexOf(
      { skills: ['ACLS', 'BLS'] },
      { skills: ['acls'] },
      { skills: ['ACLS', 'Acute Care'] },
      { skills: ['Telemetry'] },
    );
    expect(index.suggest('skills', 'ac', 8)).toEqual([
      { value: 'ACLS', count: 3 },
      { value: 'Acute Care', count: 1 },
    ]);
    expect(index.suggest('skills', 'AC', 1)).toEqual([{ value: 'ACLS', count: 3 }]);
  });

  it('counts removed candidates out', () => {
    const index = indexOf({ city: 'San José' }, { city: 'San Jose' }, { city: 'San Diego' });
    expect(index.suggest('city', 'san j', 8)).toEqual([{ value: 'San José', count: 2 }]);
    index.removeSeq(index.seqOf(0));
    expect(index.suggest('city', 'san', 8)).toEqual([
      { value: 'San Diego', count: 1 },
      { value: 'San José', count: 1 },
    ]);
  });

  it('counts a school and a degree spelled alike once per candidate, as the filter finds either', () => {
    const index = indexOf(
      { education: [{ school: 'Nursing', degree: 'Nursing, BSN' }] },
      { education: [{ school: 'NYU', degree: 'BSN' }] },
    );
    expect(index.suggest('education', 'n', 8)).toEqual([
      { value: 'Nursing', count: 1 },
      { value: 'NYU', count: 1 },
    ]);
    expect(index.suggest('education', 'bs', 8)).toEqual([{ value: 'BSN', count: 2 }]);
  });

  it('suggests whole titles and organizations, and values added after the last sort', () => {
    const index = indexOf({ title: 'Charge Nurse', companyName: 'Mayo Clinic' });
    index.add(candidate({ title: 'Charge Nurse' }));
    index.add(candidate({ title: 'Chief Nurse' }));
    expect(index.suggest('title', 'ch', 8)).toEqual([
      { value: 'Charge Nurse', count: 2 },
      { value: 'Chief Nurse', count: 1 },
    ]);
    expect(index.suggest('organization', 'mayo c', 8)).toEqual([{ value: 'Mayo Clinic', count: 1 }]);
    expect(index.suggest('organization', 'clinic', 8)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { paramsOf } from './saved-search-alerts';
import type { SavedSearchRow } from './saved-searches.queries';

const row = (search_params: unknown): SavedSearchRow =>
  ({
    id: '7d0c7b7e-4a43-4f6b-9c55-0b7e4a1d2f10',
    name: 'ICU in Texas',
    search_params,
    created_at: new Date('2026-11-01T00:00:00Z'),
    last_opened_at: new Date('2026-11-02T00:00:00Z'),
  }) as SavedSearchRow;

describe('a saved search read back', () => {
  it('keeps its filters when its Keywords, saved as plain words, are no longer valid boolean syntax', () => {
    expect(paramsOf(row({ query: 'icu nurse AND', state: ['TX'], specialty: ['Nursing'] }))).toMatchObject({
      state: ['TX'],
      specialty: ['Nursing'],
    });
    expect(paramsOf(row({ query: 'icu nurse AND' }))).not.toHaveProperty('query');
  });

  it('reads boolean Keywords saved today as they were saved', () => {
    expect(paramsOf(row({ query: '(icu OR er) NOT travel', state: ['TX'] }))).toMatchObject({
      query: '(icu OR er) NOT travel',
      state: ['TX'],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, type SearchScreenState } from './search-screen';
import { listEdit, type SearchPatch } from './useSearchState';

const apply = (state: SearchScreenState, change: SearchPatch): SearchScreenState => ({
  ...state,
  ...(typeof change === 'function' ? change(state) : change),
});

describe('a list filter’s pick', () => {
  it('keeps a pick made before the one before it rendered (Texas, then at once Oklahoma)', () => {
    // Both picks are reported against the same rendered list: the URL had not changed yet.
    const rendered = EMPTY_SEARCH.state;
    const texas = listEdit('state', rendered, ['TX']);
    const oklahoma = listEdit('state', rendered, ['OK']);
    expect(apply(apply(EMPTY_SEARCH, texas), oklahoma).state).toEqual(['TX', 'OK']);
  });

  it('removes what the control removed, and only that', () => {
    const before = { ...EMPTY_SEARCH, state: ['TX', 'OK', 'NM'] };
    // The chip of Oklahoma was deleted on a render that did not show New Mexico yet.
    const change = listEdit('state', ['TX', 'OK'], ['TX']);
    expect(apply(before, change).state).toEqual(['TX', 'NM']);
  });

  it('adds a value once, whatever the order of the edits', () => {
    const change = listEdit('specialty', [], ['Cardiology']);
    const twice = apply(apply(EMPTY_SEARCH, change), change);
    expect(twice.specialty).toEqual(['Cardiology']);
  });
});

import { describe, expect, it } from 'vitest';
import { pageOfTyped, pageWithin, paginationItems } from './pagination';

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

  it('goes to a typed page, the last for a number past it, nowhere for anything but a page number', () => {
    expect(pageOfTyped(' 50 ', 60)).toEqual({ page: 50, message: null });
    expect(pageOfTyped('99', 52)).toEqual({
      page: 52,
      message: 'There are 52 pages: page 99 is past the end, so this is the last page.',
    });
    expect(pageOfTyped('2', 1).message).toBe(
      'There is 1 page: page 2 is past the end, so this is the last page.',
    );
    for (const typed of ['0', '-3', '2.5', 'ten', '', '1e3'])
      expect(pageOfTyped(typed, 1200)).toEqual({
        page: null,
        message: 'Enter a page number from 1 to 1,200.',
      });
  });
});

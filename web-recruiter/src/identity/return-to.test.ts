import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_PATH, safeReturnPath } from './return-to';

describe('where sign-in may send the browser (return_to)', () => {
  it('keeps a path of this site', () => {
    expect(safeReturnPath('/search?specialty=Cardiology&page=2')).toBe('/search?specialty=Cardiology&page=2');
  });

  it('falls back to /directory for anything that could lead off the site', () => {
    for (const path of ['//evil.example', '/%5Cevil.example', 'https://evil.example/', '', null])
      expect(safeReturnPath(path)).toBe(DEFAULT_RETURN_PATH);
  });

  it('falls back to the given path', () => {
    expect(safeReturnPath(null, '/search')).toBe('/search');
  });
});

import { describe, expect, it } from 'vitest';
import { classifySearchError, isSlowSearch, slowSearchFailure } from './search-errors';

const pgError = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('the search error log types', () => {
  it('calls PostgreSQL statement timeouts (57014) timeouts, the error that made the first version give up', () =>
    expect(classifySearchError(pgError('canceling statement due to statement timeout', '57014'))).toEqual({
      errorType: 'timeout',
      errorCode: '57014',
      errorMessage: 'canceling statement due to statement timeout',
    }));

  it('calls an aborted search a timeout', () => {
    const aborted = new Error('The operation was aborted');
    aborted.name = 'AbortError';
    expect(classifySearchError(aborted).errorType).toBe('timeout');
  });

  it('calls other PostgreSQL errors database errors, with their SQLSTATE', () =>
    expect(classifySearchError(pgError('relation "x" does not exist', '42P01'))).toMatchObject({
      errorType: 'database_error',
      errorCode: '42P01',
    }));

  it('calls anything else the search throws a function error', () =>
    expect(classifySearchError(new TypeError('index is not ready'))).toEqual({
      errorType: 'function_error',
      errorCode: null,
      errorMessage: 'index is not ready',
    }));

  it('calls a thrown non-error "other", the default type', () =>
    expect(classifySearchError('boom')).toEqual({
      errorType: 'other',
      errorCode: null,
      errorMessage: 'boom',
    }));
});

describe('slow searches', () => {
  it('are those over 2 seconds', () => {
    expect(isSlowSearch(2000)).toBe(false);
    expect(isSlowSearch(2001)).toBe(true);
  });

  it('are logged as timeouts with the time they took', () =>
    expect(slowSearchFailure(2417.4)).toEqual({
      errorType: 'timeout',
      errorCode: 'slow_search',
      errorMessage: 'Search took 2417 ms (over 2000 ms)',
      responseTimeMs: 2417.4,
    }));
});

import { describe, it } from 'vitest';
import { given } from '../shared/decider-spec';
import {
  type RecordSearchFailure,
  type SearchErrorLogEvent,
  SearchErrorLogNotFound,
  searchErrorLogDecider,
} from './search-error-log.decider';

const logId = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const failure = {
  logId,
  userId: '0b7e5a34-2f1d-4c8e-9a6b-5d4c3b2a1f0e',
  userEmail: 'recruiter@example.org',
  errorType: 'timeout' as const,
  errorCode: 'slow_search',
  errorMessage: 'Search took 2417 ms (over 2000 ms)',
  functionName: 'optimized-search',
  responseTimeMs: 2417,
  searchQuery: 'icu nurse',
  searchFilters: { state: ['TX'] },
  searchUrl: '/api/v1/search',
  userAgent: 'Mozilla/5.0',
  ipAddress: '203.0.113.7',
};
const record: RecordSearchFailure = { type: 'RecordSearchFailure', ...failure };
const failed: SearchErrorLogEvent = { type: 'SearchFailed', data: failure };
const deleted: SearchErrorLogEvent = { type: 'SearchErrorLogDeleted', data: { logId, deletedBy: 'admin-1' } };
const remove = { type: 'DeleteSearchErrorLog' as const, logId, deletedBy: 'admin-1' };

describe('Search error log entry', () => {
  it('records a failed search with everything the admin reads', () =>
    given(searchErrorLogDecider, []).when(record).thenEmits([failed]));

  it('is recorded only once when the same failure is recorded again', () =>
    given(searchErrorLogDecider, [failed]).when(record).thenEmits([]));

  it('is deleted by an admin', () =>
    given(searchErrorLogDecider, [failed]).when(remove).thenEmits([deleted]));

  it('cannot be deleted twice', () =>
    given(searchErrorLogDecider, [failed, deleted]).when(remove).thenThrows(SearchErrorLogNotFound));

  it('cannot be deleted when it was never recorded', () =>
    given(searchErrorLogDecider, []).when(remove).thenThrows(SearchErrorLogNotFound));

  it('is not recorded again after it was deleted', () =>
    given(searchErrorLogDecider, [failed, deleted]).when(record).thenEmits([]));
});

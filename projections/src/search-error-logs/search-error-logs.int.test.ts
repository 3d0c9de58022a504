import { describe, expect, it } from 'vitest';
import { minute, readModelDatabase } from '../../test/support/read-model';
import { searchErrorLogsProjection } from './search-error-logs.projection';

const { givenEvents } = readModelDatabase();

const dana = 'be6f7a8b-5c6d-4e7f-8a8b-9c0d1e2f3a01';
const [slow, failed, anonymous, late] = [
  'be6f7a8b-5c6d-4e7f-8a8b-9c0d1e2f3aa1',
  'be6f7a8b-5c6d-4e7f-8a8b-9c0d1e2f3aa2',
  'be6f7a8b-5c6d-4e7f-8a8b-9c0d1e2f3aa3',
  'be6f7a8b-5c6d-4e7f-8a8b-9c0d1e2f3aa4',
];
const searchFailed = (logId: string, userId: string | null) =>
  ({
    type: 'SearchFailed',
    data: {
      logId,
      userId,
      userEmail: userId ? 'dana@clinic.example' : null,
      errorType: 'timeout',
      errorCode: '57014',
      errorMessage: 'canceling statement due to statement timeout',
      functionName: 'search',
      responseTimeMs: 8000,
      searchQuery: 'icu nurse',
      searchFilters: { states: ['TX'] },
      searchUrl: '/search?q=icu+nurse',
      userAgent: 'Mozilla/5.0',
      ipAddress: '203.0.113.7',
    },
    occurredAt: minute(1),
  }) as const;

const personal = 'select id, user_id, user_email, ip_address, user_agent from search_error_logs order by id';

describe('search_error_logs', () => {
  it('logs a failed search with what was searched and who searched it', async () => {
    const model = await givenEvents(searchErrorLogsProjection, [searchFailed(slow, dana)]);

    expect(await model.thenRows('select * from search_error_logs')).toEqual([
      {
        id: slow,
        occurred_at: new Date(minute(1)),
        user_id: dana,
        user_email: 'dana@clinic.example',
        ip_address: '203.0.113.7',
        error_type: 'timeout',
        error_code: '57014',
        edge_function_name: 'search',
        response_time_ms: 8000,
        error_message: 'canceling statement due to statement timeout',
        search_query: 'icu nurse',
        search_url: '/search?q=icu+nurse',
        search_filters: { states: ['TX'] },
        user_agent: 'Mozilla/5.0',
      },
    ]);
  });

  it('removes an entry an admin deleted', async () => {
    const model = await givenEvents(searchErrorLogsProjection, [
      searchFailed(slow, dana),
      searchFailed(failed, dana),
      { type: 'SearchErrorLogDeleted', data: { logId: slow, deletedBy: 'admin' } },
    ]);

    expect(await model.thenRows('select id from search_error_logs')).toEqual([{ id: failed }]);
  });

  it("blanks an erased searcher's email, address and browser, and keeps the rest of the log", async () => {
    const model = await givenEvents(searchErrorLogsProjection, [
      searchFailed(slow, dana),
      searchFailed(anonymous, null),
      { type: 'UserDeleted', data: { userId: dana, deletedBy: 'admin' } },
      { type: 'PersonalDataErased', data: { subjectId: dana } },
      // An anonymous search is erased by its own log id.
      { type: 'PersonalDataErased', data: { subjectId: anonymous } },
      // A search that raced the erasure: its personal fields were never stored.
      searchFailed(late, dana),
    ]);

    expect(await model.thenRows(personal)).toEqual([
      { id: slow, user_id: dana, user_email: null, ip_address: null, user_agent: null },
      { id: anonymous, user_id: null, user_email: null, ip_address: null, user_agent: null },
      { id: late, user_id: dana, user_email: null, ip_address: null, user_agent: null },
    ]);
  });
});

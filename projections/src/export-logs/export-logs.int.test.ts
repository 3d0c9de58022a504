import { describe, expect, it } from 'vitest';
import { minute, readModelDatabase } from '../../test/support/read-model';
import { exportLogsProjection } from './export-logs.projection';

const { givenEvents } = readModelDatabase();

const dana = 'ad5e6f7a-4b5c-4d6e-9f7a-8b9c0d1e2f01';
const lee = 'ad5e6f7a-4b5c-4d6e-9f7a-8b9c0d1e2f02';
const file = { format: 'xlsx', scope: 'list', fileName: 'icu-nurses.xlsx', rowsIntended: 500 } as const;
const started = (userId: string, exportId: string, occurredAt = minute(0)) =>
  ({ type: 'ExportStarted', data: { userId, exportId, ...file }, occurredAt }) as const;
const exported = (
  userId: string,
  exportId: string,
  occurredAt = minute(0),
  { count, outcome }: { count: number; outcome: 'completed' | 'aborted' } = {
    count: 500,
    outcome: 'completed',
  },
) =>
  ({ type: 'CandidatesExported', data: { userId, exportId, ...file, count, outcome }, occurredAt }) as const;
const [first, second, late] = [
  'ad5e6f7a-4b5c-4d6e-9f7a-8b9c0d1e2fa1',
  'ad5e6f7a-4b5c-4d6e-9f7a-8b9c0d1e2fa2',
  'ad5e6f7a-4b5c-4d6e-9f7a-8b9c0d1e2fa3',
];

describe('export_logs', () => {
  it('logs every export from its start, with its date, rows intended and sent, outcome, format, file and scope', async () => {
    const model = await givenEvents(exportLogsProjection, [
      started(dana, first, minute(3)),
      started(dana, first, minute(3)), // delivered twice
      exported(dana, first, minute(4)),
      started(lee, second, minute(5)),
      exported(lee, second, minute(6), { count: 215, outcome: 'aborted' }),
      started(lee, late, minute(7)), // the server stopped mid-file: no end
    ]);

    expect(await model.thenRows('select * from export_logs order by export_date')).toEqual([
      {
        id: first,
        user_id: dana,
        export_date: new Date(minute(3)),
        export_count: 500,
        rows_intended: 500,
        status: 'completed',
        format: 'xlsx',
        file_name: 'icu-nurses.xlsx',
        scope: 'list',
      },
      expect.objectContaining({
        id: second,
        export_date: new Date(minute(5)),
        export_count: 215,
        status: 'aborted',
      }),
      expect.objectContaining({ id: late, export_count: 0, rows_intended: 500, status: 'started' }),
    ]);
  });

  it('logs an export recorded before exports were recorded at their start (no ExportStarted)', async () => {
    const model = await givenEvents(exportLogsProjection, [exported(dana, first, minute(3))]);

    expect(await model.thenRows('select id, export_date, export_count, status from export_logs')).toEqual([
      { id: first, export_date: new Date(minute(3)), export_count: 500, status: 'completed' },
    ]);
  });

  it("removes a deleted user's export history, and an export that raced the deletion leaves no log", async () => {
    const model = await givenEvents(exportLogsProjection, [
      started(dana, first),
      exported(dana, first),
      started(lee, second),
      { type: 'UserDeleted', data: { userId: dana, deletedBy: 'admin' } },
      { type: 'PersonalDataErased', data: { subjectId: dana } },
      started(dana, late),
      exported(dana, late),
    ]);

    expect(await model.thenRows('select id, user_id from export_logs')).toEqual([
      { id: second, user_id: lee },
    ]);
  });
});

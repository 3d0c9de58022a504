import { describe, expect, it } from 'vitest';
import { exportLogsProjection } from '../../src';
import { minute, readModelDatabase } from '../support/read-model';

const { givenEvents } = readModelDatabase();

const dana = 'ad5e6f7a-4b5c-4d6e-9f7a-8b9c0d1e2f01';
const lee = 'ad5e6f7a-4b5c-4d6e-9f7a-8b9c0d1e2f02';
const exported = (userId: string, exportId: string, occurredAt = minute(0)) =>
  ({
    type: 'CandidatesExported',
    data: { userId, exportId, format: 'xlsx', count: 120, scope: 'list', fileName: 'icu-nurses.xlsx' },
    occurredAt,
  }) as const;
const [first, second, late] = [
  'ad5e6f7a-4b5c-4d6e-9f7a-8b9c0d1e2fa1',
  'ad5e6f7a-4b5c-4d6e-9f7a-8b9c0d1e2fa2',
  'ad5e6f7a-4b5c-4d6e-9f7a-8b9c0d1e2fa3',
];

describe('export_logs', () => {
  it('logs every export with its date, size, format, file and scope', async () => {
    const model = await givenEvents(exportLogsProjection, [
      exported(dana, first, minute(3)),
      exported(dana, first, minute(3)), // delivered twice
    ]);

    expect(await model.thenRows('select * from export_logs')).toEqual([
      {
        id: first,
        user_id: dana,
        export_date: new Date(minute(3)),
        export_count: 120,
        format: 'xlsx',
        file_name: 'icu-nurses.xlsx',
        scope: 'list',
      },
    ]);
  });

  it("removes a deleted user's export history, and an export that raced the deletion leaves no log", async () => {
    const model = await givenEvents(exportLogsProjection, [
      exported(dana, first),
      exported(lee, second),
      { type: 'UserDeleted', data: { userId: dana, deletedBy: 'admin' } },
      { type: 'PersonalDataErased', data: { subjectId: dana } },
      exported(dana, late),
    ]);

    expect(await model.thenRows('select id, user_id from export_logs')).toEqual([
      { id: second, user_id: lee },
    ]);
  });
});

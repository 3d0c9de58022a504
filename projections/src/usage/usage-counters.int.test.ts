import { describe, expect, it } from 'vitest';
import { readModelDatabase } from '../../test/support/read-model';
import { usageProjection } from './usage.projection';

const { givenEvents } = readModelDatabase();

const dana = '9c4d5e6f-3a4b-4c5d-8e6f-7a8b9c0d1e01';
const lee = '9c4d5e6f-3a4b-4c5d-8e6f-7a8b9c0d1e02';
const candidate = '9c4d5e6f-3a4b-4c5d-8e6f-7a8b9c0d1ec1';
const revealed = (userId: string, occurredAt: string) =>
  ({
    type: 'ContactRevealed',
    data: { userId, candidateId: candidate, viaDemoGrant: false },
    occurredAt,
  }) as const;
const exported = (userId: string, count: number, occurredAt: string) =>
  ({
    type: 'CandidatesExported',
    data: {
      userId,
      exportId: crypto.randomUUID(),
      format: 'csv',
      count,
      rowsIntended: count,
      outcome: 'completed',
      scope: 'search',
      fileName: 'nurses.csv',
    },
    occurredAt,
  }) as const;

const counters =
  'select user_id, day::text, reveals, exports, exported_rows from usage_counters order by user_id, day';

describe('usage_counters', () => {
  it("counts each user's reveals, exports and exported rows per UTC day", async () => {
    const model = await givenEvents(usageProjection, [
      revealed(dana, '2026-03-02T09:00:00.000Z'),
      revealed(dana, '2026-03-02T23:59:00.000Z'),
      exported(dana, 40, '2026-03-02T12:00:00.000Z'),
      exported(dana, 25, '2026-03-02T13:00:00.000Z'),
      // 01:00 UTC is the next day, wherever the user was.
      revealed(dana, '2026-03-03T01:00:00.000Z'),
    ]);

    expect(await model.thenRows(counters)).toEqual([
      { user_id: dana, day: '2026-03-02', reveals: 2, exports: 2, exported_rows: 65 },
      { user_id: dana, day: '2026-03-03', reveals: 1, exports: 0, exported_rows: 0 },
    ]);
  });

  it("drops a deleted user's counters, and use that raced the deletion counts for nobody", async () => {
    const model = await givenEvents(usageProjection, [
      revealed(dana, '2026-03-02T09:00:00.000Z'),
      revealed(lee, '2026-03-02T09:05:00.000Z'),
      { type: 'UserDeleted', data: { userId: dana, deletedBy: 'admin' } },
      { type: 'PersonalDataErased', data: { subjectId: dana } },
      revealed(dana, '2026-03-02T10:00:00.000Z'),
      exported(dana, 10, '2026-03-02T10:01:00.000Z'),
    ]);

    expect(await model.thenRows(counters)).toEqual([
      { user_id: lee, day: '2026-03-02', reveals: 1, exports: 0, exported_rows: 0 },
    ]);
  });
});

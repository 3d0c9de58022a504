import { describe, expect, it } from 'vitest';
import { minute, readModelDatabase } from '../../test/support/read-model';
import { activityProjection } from './activity.projection';

const { givenEvents } = readModelDatabase();

const [dana, lee] = ['c5d04b5c-2d3e-4f4a-9b5c-6d7e8f9a0b01', 'c5d04b5c-2d3e-4f4a-9b5c-6d7e8f9a0b02'];
const [maria, james] = ['c5d04b5c-2d3e-4f4a-9b5c-6d7e8f9a0bc1', 'c5d04b5c-2d3e-4f4a-9b5c-6d7e8f9a0bc2'];
const exportId = 'c5d04b5c-2d3e-4f4a-9b5c-6d7e8f9a0be1';
const revealed = (userId: string, candidateId: string, occurredAt = minute(1)) =>
  ({ type: 'ContactRevealed', data: { userId, candidateId, viaDemoGrant: true }, occurredAt }) as const;
const file = {
  exportId,
  format: 'csv',
  scope: 'selection',
  fileName: 'picked.csv',
  rowsIntended: 20,
} as const;
const started = (userId: string) =>
  ({ type: 'ExportStarted', data: { userId, ...file }, occurredAt: minute(2) }) as const;
const exported = (userId: string) =>
  ({
    type: 'CandidatesExported',
    data: { userId, ...file, count: 12, outcome: 'aborted' },
    occurredAt: minute(3),
  }) as const;

const activity = 'select user_id, kind, candidate_id from user_activity order by occurred_at, kind';

describe('user_activity', () => {
  it("lists a user's reveals, one row each, and exports, one row each from its start", async () => {
    const model = await givenEvents(activityProjection, [
      revealed(dana, maria),
      started(dana),
      exported(dana),
    ]);

    expect(
      await model.thenRows(
        `select user_id, kind, occurred_at, candidate_id, via_demo_grant, export_id, export_count,
           rows_intended, status, format, file_name, scope from user_activity order by occurred_at`,
      ),
    ).toEqual([
      {
        user_id: dana,
        kind: 'reveal',
        occurred_at: new Date(minute(1)),
        candidate_id: maria,
        via_demo_grant: true,
        export_id: null,
        export_count: null,
        rows_intended: null,
        status: null,
        format: null,
        file_name: null,
        scope: null,
      },
      {
        user_id: dana,
        kind: 'export',
        occurred_at: new Date(minute(2)),
        candidate_id: null,
        via_demo_grant: null,
        export_id: exportId,
        export_count: 12,
        rows_intended: 20,
        status: 'aborted',
        format: 'csv',
        file_name: 'picked.csv',
        scope: 'selection',
      },
    ]);
  });

  it('keeps the reveals of an erased candidate without saying whom they were of', async () => {
    const model = await givenEvents(activityProjection, [
      revealed(dana, maria, minute(1)),
      revealed(dana, james, minute(2)),
      { type: 'PersonalDataErased', data: { subjectId: maria } },
      revealed(lee, maria, minute(4)),
    ]);

    expect(await model.thenRows(activity)).toEqual([
      { user_id: dana, kind: 'reveal', candidate_id: null },
      { user_id: dana, kind: 'reveal', candidate_id: james },
      { user_id: lee, kind: 'reveal', candidate_id: null },
    ]);
  });

  it("drops a deleted user's history, and a reveal or export that raced the deletion leaves no row", async () => {
    const model = await givenEvents(activityProjection, [
      revealed(dana, maria, minute(1)),
      revealed(lee, james, minute(1)),
      { type: 'UserDeleted', data: { userId: dana, deletedBy: 'admin' } },
      { type: 'PersonalDataErased', data: { subjectId: dana } },
      revealed(dana, james, minute(5)),
      started(dana),
      exported(dana),
    ]);

    expect(await model.thenRows(activity)).toEqual([{ user_id: lee, kind: 'reveal', candidate_id: james }]);
  });
});

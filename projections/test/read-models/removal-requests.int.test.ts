import { describe, expect, it } from 'vitest';
import { removalRequestsProjection } from '../../src';
import { minute, readModelDatabase } from '../support/read-model';

const { givenEvents } = readModelDatabase();

const removal = 'd08b9c0d-7e8f-4a9b-8c0d-1e2f3a4b5c01';
const requested = {
  type: 'RemovalRequested',
  data: {
    removalId: removal,
    email: 'maria@mail.example',
    emailHash: 'eh1',
    tokenHash: 'th1',
    expiresAt: '2026-03-03T09:00:00.000Z',
  },
  occurredAt: minute(0),
} as const;

describe('removal_requests', () => {
  it('shows an open request with the address to answer and when it expires', async () => {
    const model = await givenEvents(removalRequestsProjection, [requested]);

    expect(await model.thenRows('select * from removal_requests')).toEqual([
      {
        id: removal,
        email: 'maria@mail.example',
        requested_at: new Date(minute(0)),
        expires_at: new Date('2026-03-03T09:00:00.000Z'),
        confirmed_at: null,
        erased_count: 0,
      },
    ]);
  });

  it('forgets the address once the removal is confirmed, and counts what was erased', async () => {
    const model = await givenEvents(removalRequestsProjection, [
      requested,
      {
        type: 'RemovalConfirmed',
        data: {
          removalId: removal,
          erased: [
            { subjectId: 'd08b9c0d-7e8f-4a9b-8c0d-1e2f3a4b5ca1', streamId: 'candidate-a1' },
            { subjectId: 'd08b9c0d-7e8f-4a9b-8c0d-1e2f3a4b5ca2', streamId: 'resume-a2' },
          ],
          suppressed: [{ kind: 'email', hash: 'eh1' }],
        },
        occurredAt: minute(20),
      },
    ]);

    expect(
      await model.thenRows('select id, email, confirmed_at, erased_count from removal_requests'),
    ).toEqual([{ id: removal, email: null, confirmed_at: new Date(minute(20)), erased_count: 2 }]);
  });
});

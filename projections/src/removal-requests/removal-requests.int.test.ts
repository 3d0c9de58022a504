import { describe, expect, it } from 'vitest';
import { minute, readModelDatabase } from '../../test/support/read-model';
import { removalRequestsProjection } from './removal-requests.projection';

const { givenEvents } = readModelDatabase();

const removal = 'd08b9c0d-7e8f-4a9b-8c0d-1e2f3a4b5c01';
const requestedFor = (removalId: string, emailHash: string, at: number) =>
  ({
    type: 'RemovalRequested',
    data: {
      removalId,
      email: 'maria@mail.example',
      emailHash,
      tokenHash: `th-${removalId}`,
      expiresAt: '2026-03-03T09:00:00.000Z',
    },
    occurredAt: minute(at),
  }) as const;
const requested = requestedFor(removal, 'eh1', 0);
const confirmed = {
  type: 'RemovalConfirmed',
  data: {
    removalId: removal,
    erased: [
      { subjectId: 'd08b9c0d-7e8f-4a9b-8c0d-1e2f3a4b5ca1', streamId: 'candidate-a1' },
      { subjectId: 'd08b9c0d-7e8f-4a9b-8c0d-1e2f3a4b5ca2', streamId: 'resume-a2' },
    ],
    suppressed: [
      { kind: 'email', hash: 'eh1' },
      { kind: 'email', hash: 'eh-work' },
      { kind: 'phone', hash: 'ph1' },
    ],
  },
  occurredAt: minute(20),
} as const;

describe('removal_requests', () => {
  it('shows an open request with when it was made and expires, never the address', async () => {
    const model = await givenEvents(removalRequestsProjection, [requested]);

    expect(await model.thenRows('select * from removal_requests')).toEqual([
      {
        id: removal,
        email_hash: 'eh1',
        requested_at: new Date(minute(0)),
        expires_at: new Date('2026-03-03T09:00:00.000Z'),
        confirmed_at: null,
        erased_count: 0,
      },
    ]);
  });

  it('counts what a confirmation erased', async () => {
    const model = await givenEvents(removalRequestsProjection, [requested, confirmed]);

    expect(await model.thenRows('select id, confirmed_at, erased_count from removal_requests')).toEqual([
      { id: removal, confirmed_at: new Date(minute(20)), erased_count: 2 },
    ]);
  });

  it('answers every request for an address the confirmation erased, and no other', async () => {
    const byWorkAddress = 'd08b9c0d-7e8f-4a9b-8c0d-1e2f3a4b5c02';
    const someoneElse = 'd08b9c0d-7e8f-4a9b-8c0d-1e2f3a4b5c03';
    const model = await givenEvents(removalRequestsProjection, [
      requestedFor(byWorkAddress, 'eh-work', 0),
      requestedFor(someoneElse, 'eh-other', 1),
      requestedFor(removal, 'eh1', 2),
      confirmed,
    ]);

    expect(
      await model.thenRows(
        'select id, confirmed_at, erased_count from removal_requests order by requested_at',
      ),
    ).toEqual([
      { id: byWorkAddress, confirmed_at: new Date(minute(20)), erased_count: 0 },
      { id: someoneElse, confirmed_at: null, erased_count: 0 },
      { id: removal, confirmed_at: new Date(minute(20)), erased_count: 2 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { minute, readModelDatabase } from '../../test/support/read-model';
import { refundRequestsProjection } from './refund-requests.projection';

const { givenEvents } = readModelDatabase();

const [dana, lee] = ['e19c0d1e-8f9a-4b0c-9d1e-2f3a4b5c6d01', 'e19c0d1e-8f9a-4b0c-9d1e-2f3a4b5c6d02'];
const requested = (userId: string, reason?: string, occurredAt = minute(0)) =>
  ({ type: 'RefundRequested', data: { userId, ...(reason ? { reason } : {}) }, occurredAt }) as const;
const ref = (userId: string) => ({ userId, subscriptionId: 'sub_1', sourceEventId: 'evt_1' });

describe('refund_requests', () => {
  it('shows a request as pending with the customer’s reason', async () => {
    const model = await givenEvents(refundRequestsProjection, [requested(dana, '  Not what I needed  ')]);

    expect(await model.thenRows('select * from refund_requests')).toEqual([
      {
        id: dana,
        status: 'pending',
        reason: 'Not what I needed',
        requested_at: new Date(minute(0)),
        decided_at: null,
        decided_by: null,
        rejection_reason: null,
        refunded_amount: null,
        refunded_at: null,
      },
    ]);
  });

  it('records an approval and the refund that follows it', async () => {
    const model = await givenEvents(refundRequestsProjection, [
      requested(dana),
      { type: 'RefundApproved', data: { userId: dana, approvedBy: 'admin' }, occurredAt: minute(3) },
      {
        type: 'SubscriptionRefunded',
        data: { ...ref(dana), amount: 4900, refundedBy: 'admin' },
        occurredAt: minute(4),
      },
    ]);

    expect(
      await model.thenRows(
        'select status, decided_at, decided_by, refunded_amount, refunded_at from refund_requests',
      ),
    ).toEqual([
      {
        status: 'approved',
        decided_at: new Date(minute(3)),
        decided_by: 'admin',
        refunded_amount: 4900,
        refunded_at: new Date(minute(4)),
      },
    ]);
  });

  it('opens a rejected request again when the customer asks anew', async () => {
    const rejected = [
      requested(dana, 'Too expensive'),
      { type: 'RefundRejected', data: { userId: dana, rejectedBy: 'admin', reason: 'Past 30 days' } },
    ] as const;
    const once = await givenEvents(refundRequestsProjection, rejected);
    const again = await givenEvents(refundRequestsProjection, [
      ...rejected,
      requested(dana, 'Please', minute(9)),
    ]);

    const columns = 'select status, reason, requested_at, decided_by, rejection_reason from refund_requests';
    expect(await once.thenRows(columns)).toEqual([
      {
        status: 'rejected',
        reason: 'Too expensive',
        requested_at: new Date(minute(0)),
        decided_by: 'admin',
        rejection_reason: 'Past 30 days',
      },
    ]);
    expect(await again.thenRows(columns)).toEqual([
      {
        status: 'pending',
        reason: 'Please',
        requested_at: new Date(minute(9)),
        decided_by: null,
        rejection_reason: null,
      },
    ]);
  });

  it("drops a deleted customer's request, and a request that raced the deletion adds no row", async () => {
    const model = await givenEvents(refundRequestsProjection, [
      requested(dana, 'Not for me'),
      requested(lee),
      { type: 'UserDeleted', data: { userId: dana, deletedBy: 'admin' } },
      { type: 'PersonalDataErased', data: { subjectId: dana } },
      requested(dana, 'Again'),
    ]);

    expect(await model.thenRows('select id, reason from refund_requests')).toEqual([
      { id: lee, reason: null },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { minute, readModelDatabase } from '../../test/support/read-model';
import { subscriptionsProjection } from './subscriptions.projection';

const { givenEvents } = readModelDatabase();

const dana = '7a2b3c4d-1e2f-4a3b-8c4d-5e6f7a8b9c01';
const lee = '7a2b3c4d-1e2f-4a3b-8c4d-5e6f7a8b9c02';
const ref = (userId: string) => ({
  userId,
  subscriptionId: `sub_${userId.slice(-2)}`,
  sourceEventId: 'evt_1',
});
const activated = (userId: string) =>
  ({
    type: 'SubscriptionActivated',
    data: {
      ...ref(userId),
      customerId: `cus_${userId.slice(-2)}`,
      priceId: 'price_monthly',
      tier: 'basic',
      currentPeriodEnd: '2026-04-02T09:00:00.000Z',
      simulated: false,
    },
    occurredAt: minute(0),
  }) as const;

const columns = 'user_id, status, price_id, tier, current_period_end, refunded_at, updated_at';

describe('subscriptions', () => {
  it('follows a subscription through a plan change, a failed payment and a renewal', async () => {
    const model = await givenEvents(subscriptionsProjection, [
      activated(dana),
      {
        type: 'SubscriptionPlanChanged',
        data: { ...ref(dana), priceId: 'price_annual', tier: 'premium' },
        occurredAt: minute(1),
      },
      { type: 'PaymentFailed', data: { ...ref(dana), invoiceId: 'in_1', attempt: 1 }, occurredAt: minute(2) },
    ]);
    expect(await model.thenRows(`select ${columns} from subscriptions`)).toEqual([
      {
        user_id: dana,
        status: 'past_due',
        price_id: 'price_annual',
        tier: 'premium',
        current_period_end: new Date('2026-04-02T09:00:00.000Z'),
        refunded_at: null,
        updated_at: new Date(minute(2)),
      },
    ]);

    const renewed = await givenEvents(subscriptionsProjection, [
      activated(dana),
      { type: 'PaymentFailed', data: { ...ref(dana), invoiceId: 'in_1', attempt: 1 } },
      {
        type: 'SubscriptionRenewed',
        data: { ...ref(dana), invoiceId: 'in_1', currentPeriodEnd: '2026-05-02T09:00:00.000Z' },
      },
    ]);
    expect(await renewed.thenRows('select status, current_period_end from subscriptions')).toEqual([
      { status: 'active', current_period_end: new Date('2026-05-02T09:00:00.000Z') },
    ]);
  });

  it('keeps a canceled subscription until its end, and a refund ends it at once', async () => {
    const model = await givenEvents(subscriptionsProjection, [
      activated(dana),
      { type: 'SubscriptionCanceled', data: { ...ref(dana), endsAt: '2026-04-02T09:00:00.000Z' } },
      activated(lee),
      {
        type: 'SubscriptionRefunded',
        data: { ...ref(lee), amount: 4900, refundedBy: 'admin' },
        occurredAt: minute(9),
      },
    ]);

    expect(
      await model.thenRows(
        'select user_id, status, first_purchased_at, refunded_at from subscriptions order by user_id',
      ),
    ).toEqual([
      { user_id: dana, status: 'canceled', first_purchased_at: new Date(minute(0)), refunded_at: null },
      {
        user_id: lee,
        status: 'expired',
        first_purchased_at: new Date(minute(0)),
        refunded_at: new Date(minute(9)),
      },
    ]);
  });

  it("drops a deleted user's subscription, and a checkout that raced the deletion subscribes nobody", async () => {
    const model = await givenEvents(subscriptionsProjection, [
      activated(dana),
      activated(lee),
      { type: 'UserDeleted', data: { userId: dana, deletedBy: 'admin' } },
      { type: 'PersonalDataErased', data: { subjectId: dana } },
      activated(dana),
    ]);

    expect(await model.thenRows('select user_id, status from subscriptions')).toEqual([
      { user_id: lee, status: 'active' },
    ]);
  });
});

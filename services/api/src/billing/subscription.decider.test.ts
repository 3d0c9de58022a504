import type { UserId } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../shared/decider-spec';
import {
  AlreadyOnPlan,
  AlreadySubscribed,
  hasCurrentSubscription,
  NoRunningSubscription,
  NothingToRefund,
  PlanChangedMeanwhile,
  RefundAlreadyGiven,
  type SubscriptionCommand,
  type SubscriptionEvent,
  subscriptionDecider,
} from './subscription.decider';

const userId = '6f1c2b9e-4d3a-4c8b-9a7e-2b1d0c9e8f7a' as UserId;
const decider = subscriptionDecider(userId);
const subscriptionId = 'sub_1Annual';
const periodEnd = new Date('2026-02-01T00:00:00.000Z');
const nextPeriodEnd = new Date('2027-02-01T00:00:00.000Z');
const ref = (sourceEventId: string, sub = subscriptionId) => ({ userId, subscriptionId: sub, sourceEventId });

const activate = (
  sourceEventId = 'evt_checkout',
  sub = subscriptionId,
  refuseWhileSubscribedAt?: Date,
): SubscriptionCommand => ({
  type: 'Activate',
  sourceEventId,
  subscriptionId: sub,
  customerId: 'cus_1',
  priceId: 'price_annual',
  currentPeriodEnd: periodEnd,
  simulated: false,
  ...(refuseWhileSubscribedAt ? { refuseWhileSubscribedAt } : {}),
});
const activated = (sourceEventId = 'evt_checkout', sub = subscriptionId): SubscriptionEvent => ({
  type: 'SubscriptionActivated',
  data: {
    ...ref(sourceEventId, sub),
    customerId: 'cus_1',
    priceId: 'price_annual',
    tier: 'premium',
    currentPeriodEnd: periodEnd.toISOString(),
    simulated: false,
  },
});
const renew = (sourceEventId: string, end = nextPeriodEnd, sub = subscriptionId): SubscriptionCommand => ({
  type: 'Renew',
  sourceEventId,
  subscriptionId: sub,
  invoiceId: 'in_2',
  currentPeriodEnd: end,
});
const renewed = (sourceEventId: string, end = nextPeriodEnd): SubscriptionEvent => ({
  type: 'SubscriptionRenewed',
  data: { ...ref(sourceEventId), invoiceId: 'in_2', currentPeriodEnd: end.toISOString() },
});
const cancel = (sourceEventId: string, endsAt = periodEnd): SubscriptionCommand => ({
  type: 'Cancel',
  sourceEventId,
  subscriptionId,
  endsAt,
});
const canceled = (sourceEventId: string, endsAt = periodEnd): SubscriptionEvent => ({
  type: 'SubscriptionCanceled',
  data: { ...ref(sourceEventId), endsAt: endsAt.toISOString() },
});
const expire = (sourceEventId: string, sub = subscriptionId): SubscriptionCommand => ({
  type: 'Expire',
  sourceEventId,
  subscriptionId: sub,
});
const expired = (sourceEventId: string): SubscriptionEvent => ({
  type: 'SubscriptionExpired',
  data: ref(sourceEventId),
});
const failPayment = (sourceEventId: string): SubscriptionCommand => ({
  type: 'RecordPaymentFailure',
  sourceEventId,
  subscriptionId,
  invoiceId: 'in_2',
  attempt: 1,
});
const paymentFailed = (sourceEventId: string): SubscriptionEvent => ({
  type: 'PaymentFailed',
  data: { ...ref(sourceEventId), invoiceId: 'in_2', attempt: 1 },
});
const refund = (sourceEventId: string, sub = subscriptionId): SubscriptionCommand => ({
  type: 'Refund',
  sourceEventId,
  subscriptionId: sub,
  amount: 299_500,
  refundedBy: 'admin@healthtal.test',
});
const refunded = (sourceEventId: string): SubscriptionEvent => ({
  type: 'SubscriptionRefunded',
  data: { ...ref(sourceEventId), amount: 299_500, refundedBy: 'admin@healthtal.test' },
});
const startCheckout = (now: Date, checkoutSessionId = 'cs_1'): SubscriptionCommand => ({
  type: 'StartCheckout',
  checkoutSessionId,
  priceId: 'price_monthly',
  simulated: false,
  now,
});
const checkoutStarted = (checkoutSessionId = 'cs_1'): SubscriptionEvent => ({
  type: 'CheckoutStarted',
  data: { userId, checkoutSessionId, priceId: 'price_monthly', simulated: false },
});

const before = (date: Date) => new Date(date.getTime() - 86_400_000);
const after = (date: Date) => new Date(date.getTime() + 86_400_000);

describe('Subscription: checkout', () => {
  it('starts a checkout for a user without a subscription', () =>
    given(decider, [])
      .when(startCheckout(before(periodEnd)))
      .thenEmits([checkoutStarted()]));

  it('refuses a second checkout while a subscription is current (one user per subscription)', () =>
    given(decider, [activated()])
      .when(startCheckout(before(periodEnd)))
      .thenThrows(AlreadySubscribed));

  it('refuses a checkout while a canceled subscription still runs to the end of its period', () =>
    given(decider, [activated(), canceled('evt_c')])
      .when(startCheckout(before(periodEnd)))
      .thenThrows(AlreadySubscribed));

  it('lets a user whose subscription has ended subscribe again', () =>
    given(decider, [activated(), expired('evt_x')])
      .when(startCheckout(before(periodEnd), 'cs_2'))
      .thenEmits([checkoutStarted('cs_2')]));

  it('lets a user subscribe again once a canceled subscription has run out', () =>
    given(decider, [activated(), canceled('evt_c')])
      .when(startCheckout(after(periodEnd), 'cs_2'))
      .thenEmits([checkoutStarted('cs_2')]));

  it('records the same checkout session once', () =>
    given(decider, [checkoutStarted()])
      .when(startCheckout(before(periodEnd)))
      .thenEmits([]));
});

describe('Subscription: activation', () => {
  it('activates the plan that was paid for, with its tier', () =>
    given(decider, [checkoutStarted()]).when(activate()).thenEmits([activated()]));

  it('appends nothing when Stripe delivers the same event again', () =>
    given(decider, [activated()]).when(activate()).thenEmits([]));

  it('appends nothing when another event tells about the same subscription again', () =>
    given(decider, [activated()]).when(activate('evt_async_payment')).thenEmits([]));

  it('activates a new subscription after the old one expired', () =>
    given(decider, [activated(), expired('evt_x')])
      .when(activate('evt_new', 'sub_2'))
      .thenEmits([activated('evt_new', 'sub_2')]));

  it('replaces the current subscription with a second one Stripe says was paid (two tabs)', () =>
    given(decider, [activated()])
      .when(activate('evt_new', 'sub_2'))
      .thenEmits([activated('evt_new', 'sub_2')]));

  it('refuses a simulator completion while another subscription is current (two tabs at once)', () =>
    given(decider, [activated()])
      .when(activate('sim_cs_2', 'sim_sub_cs_2', before(periodEnd)))
      .thenThrows(AlreadySubscribed));

  it('lets a simulator completion through once the current subscription has ended', () =>
    given(decider, [activated(), expired('evt_x')])
      .when(activate('evt_new', 'sub_2', before(periodEnd)))
      .thenEmits([activated('evt_new', 'sub_2')]));
});

describe('Subscription: renewal', () => {
  it('renews for the next paid period', () =>
    given(decider, [activated()])
      .when(renew('evt_r'))
      .thenEmits([renewed('evt_r')]));

  it('records a renewal once however often Stripe delivers it', () =>
    given(decider, [activated(), renewed('evt_r')])
      .when(renew('evt_r'))
      .thenEmits([]));

  it('ignores a renewal that does not move the paid period forward', () =>
    given(decider, [activated()]).when(renew('evt_old', periodEnd)).thenEmits([]));

  it('brings a past-due subscription back to active when the retried payment succeeds', () =>
    given(decider, [activated(), paymentFailed('evt_f')])
      .when(renew('evt_paid', periodEnd))
      .thenEmits([renewed('evt_paid', periodEnd)]));

  it('resumes a canceled subscription whose cancellation was taken back', () =>
    given(decider, [activated(), canceled('evt_c')])
      .when(renew('evt_resume', periodEnd))
      .thenEmits([renewed('evt_resume', periodEnd)]));

  it('does not revive an expired subscription (a late invoice after the deletion)', () =>
    given(decider, [activated(), expired('evt_x')])
      .when(renew('evt_late'))
      .thenEmits([]));

  it('ignores renewals of a subscription that is not the user’s current one', () =>
    given(decider, [activated()])
      .when(renew('evt_r', nextPeriodEnd, 'sub_other'))
      .thenEmits([]));

  it('ignores a renewal before any activation', () => given(decider, []).when(renew('evt_r')).thenEmits([]));
});

describe('Subscription: plan change, cancellation, expiry, failed payment', () => {
  it('changes the plan and its tier', () =>
    given(decider, [activated()])
      .when({ type: 'ChangePlan', sourceEventId: 'evt_p', subscriptionId, priceId: 'price_monthly' })
      .thenEmits([
        {
          type: 'SubscriptionPlanChanged',
          data: { ...ref('evt_p'), priceId: 'price_monthly', tier: 'basic' },
        },
      ]));

  it('starts the new plan’s period when the biller says the change started one', () =>
    given(decider, [activated()])
      .when({
        type: 'ChangePlan',
        sourceEventId: 'evt_p',
        subscriptionId,
        priceId: 'price_monthly',
        currentPeriodEnd: nextPeriodEnd,
      })
      .thenEmits([
        {
          type: 'SubscriptionPlanChanged',
          data: {
            ...ref('evt_p'),
            priceId: 'price_monthly',
            tier: 'basic',
            currentPeriodEnd: nextPeriodEnd.toISOString(),
          },
        },
      ]));

  it('records no payment failure of an invoice already paid, however late its webhook decides', () =>
    given(decider, [activated(), renewed('evt_r')])
      .when(failPayment('evt_f'))
      .thenEmits([]));

  it('appends nothing when the plan did not change', () =>
    given(decider, [activated()])
      .when({ type: 'ChangePlan', sourceEventId: 'evt_p', subscriptionId, priceId: 'price_annual' })
      .thenEmits([]));

  it('cancels until the end of the paid period', () =>
    given(decider, [activated()])
      .when(cancel('evt_c'))
      .thenEmits([canceled('evt_c')]));

  it('records the same cancellation once, whichever event repeats it', () =>
    given(decider, [activated(), canceled('evt_c')])
      .when(cancel('evt_c2'))
      .thenEmits([]));

  it('moves the end when a scheduled cancellation becomes immediate', () => {
    const now = before(periodEnd);
    given(decider, [activated(), canceled('evt_c')])
      .when(cancel('evt_now', now))
      .thenEmits([canceled('evt_now', now)]);
  });

  it('records one Stripe event’s plan change and cancellation both', () =>
    given(decider, [
      activated(),
      {
        type: 'SubscriptionPlanChanged',
        data: { ...ref('evt_both'), priceId: 'price_monthly', tier: 'basic' },
      },
    ])
      .when(cancel('evt_both'))
      .thenEmits([canceled('evt_both')]));

  it('expires the subscription: the user is back on the free tier', () =>
    given(decider, [activated(), canceled('evt_c')])
      .when(expire('evt_x'))
      .thenEmits([expired('evt_x')]));

  it('expires only once', () =>
    given(decider, [activated(), expired('evt_x')])
      .when(expire('evt_x2'))
      .thenEmits([]));

  it('ignores the expiry of an older subscription', () =>
    given(decider, [activated('evt_new', 'sub_2')])
      .when(expire('evt_x', subscriptionId))
      .thenEmits([]));

  it('marks the subscription past due when a payment fails', () =>
    given(decider, [activated()])
      .when(failPayment('evt_f'))
      .thenEmits([paymentFailed('evt_f')]));

  it('records a failed payment once', () =>
    given(decider, [activated(), paymentFailed('evt_f')])
      .when(failPayment('evt_f'))
      .thenEmits([]));

  it('counts a failed payment of a subscription canceled at period end, which still runs', () =>
    given(decider, [activated(), canceled('evt_c')])
      .when(failPayment('evt_f'))
      .thenEmits([paymentFailed('evt_f')]));

  it('ignores a failed payment of an expired subscription', () =>
    given(decider, [activated(), expired('evt_x')])
      .when(failPayment('evt_f'))
      .thenEmits([]));
});

describe('Subscription: refund', () => {
  it('refunds the subscription, which ends it', () =>
    given(decider, [activated()])
      .when(refund('ref_1'))
      .thenEmits([refunded('ref_1')]));

  it('refunds once per customer, even after subscribing again', () =>
    given(decider, [activated(), refunded('ref_1'), activated('evt_new', 'sub_2')])
      .when(refund('ref_2', 'sub_2'))
      .thenThrows(RefundAlreadyGiven));

  it('appends nothing when the same refund is told again', () =>
    given(decider, [activated(), refunded('ref_1')])
      .when(refund('ref_1'))
      .thenEmits([]));

  it('has nothing to refund without a subscription', () =>
    given(decider, []).when(refund('ref_1')).thenThrows(NothingToRefund));
});

describe('hasCurrentSubscription', () => {
  const fold = (events: SubscriptionEvent[]) => events.reduce(decider.evolve, decider.initialState);

  it('is true while active or past due, and while canceled until the period ends', () => {
    expect(hasCurrentSubscription(fold([activated()]), after(periodEnd))).toBe(true);
    expect(hasCurrentSubscription(fold([activated(), paymentFailed('f')]), after(periodEnd))).toBe(true);
    expect(hasCurrentSubscription(fold([activated(), canceled('c')]), before(periodEnd))).toBe(true);
    expect(hasCurrentSubscription(fold([activated(), canceled('c')]), after(periodEnd))).toBe(false);
  });

  it('is false when there is none, it expired, or it was refunded', () => {
    expect(hasCurrentSubscription(fold([]), periodEnd)).toBe(false);
    expect(hasCurrentSubscription(fold([activated(), expired('x')]), before(periodEnd))).toBe(false);
    expect(hasCurrentSubscription(fold([activated(), refunded('r')]), before(periodEnd))).toBe(false);
  });
});

describe('Subscription: an admin’s plan change from the console (issue 37, finding 14)', () => {
  const byAdmin = (priceId: 'price_monthly' | 'price_annual', from: 'price_monthly' | 'price_annual') =>
    ({
      type: 'ChangePlan',
      sourceEventId: 'admin_1',
      subscriptionId,
      priceId,
      admin: { by: 'admin-1', reason: 'Customer asked by phone', from },
    }) as const;

  it('records who changed the plan and why', () =>
    given(decider, [activated()])
      .when(byAdmin('price_monthly', 'price_annual'))
      .thenEmits([
        {
          type: 'SubscriptionPlanChanged',
          data: {
            ...ref('admin_1'),
            priceId: 'price_monthly',
            tier: 'basic',
            changedBy: 'admin-1',
            reason: 'Customer asked by phone',
          },
        },
      ]));

  it('tells the second of two admins that the plan changed meanwhile', () =>
    given(decider, [
      activated(),
      { type: 'SubscriptionPlanChanged', data: { ...ref('evt_p'), priceId: 'price_monthly', tier: 'basic' } },
    ])
      .when(byAdmin('price_monthly', 'price_annual'))
      .thenThrows(PlanChangedMeanwhile));

  it('refuses a change to the plan the subscription is on', () =>
    given(decider, [activated()]).when(byAdmin('price_annual', 'price_annual')).thenThrows(AlreadyOnPlan));

  it('refuses a user without a running subscription: a plan starts with a checkout', () => {
    given(decider, []).when(byAdmin('price_monthly', 'price_annual')).thenThrows(NoRunningSubscription);
    given(decider, [activated(), { type: 'SubscriptionExpired', data: ref('evt_x') }])
      .when(byAdmin('price_monthly', 'price_annual'))
      .thenThrows(NoRunningSubscription);
  });
});

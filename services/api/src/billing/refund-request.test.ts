import type { RefundEligibility, UserId } from '@healthtal/contracts';
import { describe, it } from 'vitest';
import { given } from '../shared/decider-spec';
import {
  NoRefundRequest,
  RefundAlreadyDecided,
  RefundAlreadyRequested,
  RefundNotEligible,
} from './refund-request';
import {
  type SubscriptionCommand,
  type SubscriptionEvent,
  subscriptionDecider,
} from './subscription.decider';

const userId = '6f1c2b9e-4d3a-4c8b-9a7e-2b1d0c9e8f7a' as UserId;
const decider = subscriptionDecider(userId);
const admin = 'a1b2c3d4-0000-4000-8000-000000000001';

const activated: SubscriptionEvent = {
  type: 'SubscriptionActivated',
  data: {
    userId,
    subscriptionId: 'sub_1',
    sourceEventId: 'evt_1',
    customerId: 'cus_1',
    priceId: 'price_annual',
    tier: 'premium',
    currentPeriodEnd: '2027-02-01T00:00:00.000Z',
    simulated: false,
  },
};
const eligible: RefundEligibility = {
  eligible: true,
  reasons: [],
  purchasedAt: '2026-02-01T00:00:00.000Z',
  refundableUntil: '2026-03-03T00:00:00.000Z',
  request: null,
};
const notEligible: RefundEligibility = {
  ...eligible,
  eligible: false,
  reasons: ['An export was made from this account, and a CSV or mass export voids the guarantee.'],
};

const request = (eligibility = eligible, reason?: string): SubscriptionCommand => ({
  type: 'RequestRefund',
  eligibility,
  ...(reason ? { reason } : {}),
});
const approve = (exportsMade = 0): SubscriptionCommand => ({
  type: 'ApproveRefund',
  approvedBy: admin,
  exportsMade,
});
const reject: SubscriptionCommand = {
  type: 'RejectRefund',
  rejectedBy: admin,
  reason: 'An export was made.',
};

const requested = (reason?: string): SubscriptionEvent => ({
  type: 'RefundRequested',
  data: { userId, ...(reason ? { reason } : {}) },
});
const approved: SubscriptionEvent = { type: 'RefundApproved', data: { userId, approvedBy: admin } };
const rejected: SubscriptionEvent = {
  type: 'RefundRejected',
  data: { userId, rejectedBy: admin, reason: 'An export was made.' },
};
const refunded: SubscriptionEvent = {
  type: 'SubscriptionRefunded',
  data: { userId, subscriptionId: 'sub_1', sourceEventId: 're_1', amount: 299_500, refundedBy: admin },
};

describe('Refund request: the customer asks', () => {
  it('records an eligible request, with the reason the customer gave', () =>
    given(decider, [activated])
      .when(request(eligible, '  Not the right fit for our team  '))
      .thenEmits([requested('Not the right fit for our team')]));

  it('refuses a customer the guarantee does not cover, saying why', () =>
    given(decider, [activated]).when(request(notEligible)).thenThrows(RefundNotEligible));

  it('refuses a second request while the first is reviewed', () =>
    given(decider, [activated, requested()]).when(request()).thenThrows(RefundAlreadyRequested));

  it('refuses a new request once one was decided: the guarantee is once per customer', () =>
    given(decider, [activated, requested(), rejected]).when(request()).thenThrows(RefundAlreadyDecided));
});

describe('Refund request: an admin decides', () => {
  it('approves a pending request', () =>
    given(decider, [activated, requested()]).when(approve()).thenEmits([approved]));

  it('rejects a pending request with a reason', () =>
    given(decider, [activated, requested()]).when(reject).thenEmits([rejected]));

  it('lets an approval cut off before the refund finish (nothing new to record)', () =>
    given(decider, [activated, requested(), approved]).when(approve()).thenEmits([]));

  it('decides once: no approval after a rejection, no rejection after an approval', () => {
    given(decider, [activated, requested(), rejected]).when(approve()).thenThrows(RefundAlreadyDecided);
    given(decider, [activated, requested(), approved]).when(reject).thenThrows(RefundAlreadyDecided);
    given(decider, [activated, requested(), approved, refunded])
      .when(approve())
      .thenThrows(RefundAlreadyDecided);
  });

  it('refuses to approve when an export was made since the request', () =>
    given(decider, [activated, requested()]).when(approve(1)).thenThrows(RefundNotEligible));

  it('has nothing to decide when the customer never asked', () => {
    given(decider, [activated]).when(approve()).thenThrows(NoRefundRequest);
    given(decider, [activated]).when(reject).thenThrows(NoRefundRequest);
  });
});

import type { UserId } from '@healthtal/contracts';
import type { RecordedEvent } from '@healthtal/eventstore';
import { describe, expect, it } from 'vitest';
import { given } from '../shared/decider-spec';
import { ExportClosedByRefund, exportsMadeOf } from './export-start';
import { refundEligibility } from './refund-eligibility';
import {
  type SubscriptionCommand,
  type SubscriptionEvent,
  subscriptionDecider,
} from './subscription.decider';

const userId = '6f1c2b9e-4d3a-4c8b-9a7e-2b1d0c9e8f7a' as UserId;
const decider = subscriptionDecider(userId);
const admin = 'a1b2c3d4-0000-4000-8000-000000000001';
const now = new Date('2026-02-10T00:00:00.000Z');
const exportId = '0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d';

const activated = (subscriptionId = 'sub_1'): SubscriptionEvent => ({
  type: 'SubscriptionActivated',
  data: {
    userId,
    subscriptionId,
    sourceEventId: `evt_${subscriptionId}`,
    customerId: 'cus_1',
    priceId: 'price_annual',
    tier: 'premium',
    currentPeriodEnd: '2027-02-01T00:00:00.000Z',
    simulated: false,
  },
});
const file = {
  exportId,
  format: 'csv',
  scope: 'search',
  fileName: 'nurses.csv',
  rowsIntended: 10_000,
} as const;
const startExport: SubscriptionCommand = { type: 'StartExport', started: file, now };
const exportStarted: SubscriptionEvent = { type: 'ExportStarted', data: { userId, ...file } };
const requested: SubscriptionEvent = { type: 'RefundRequested', data: { userId } };
const approved: SubscriptionEvent = { type: 'RefundApproved', data: { userId, approvedBy: admin } };
const expired: SubscriptionEvent = {
  type: 'SubscriptionExpired',
  data: { userId, subscriptionId: 'sub_1', sourceEventId: 're_1' },
};
const refunded: SubscriptionEvent = {
  type: 'SubscriptionRefunded',
  data: { userId, subscriptionId: 'sub_1', sourceEventId: 're_1', amount: 299_500, refundedBy: admin },
};

describe('Export start, decided with the money-back guarantee', () => {
  it('records the export and the rows it means to send before its first byte', () =>
    given(decider, [activated()]).when(startExport).thenEmits([exportStarted]));

  it('starts while a refund request is reviewed: the export voids the guarantee', () =>
    given(decider, [activated(), requested]).when(startExport).thenEmits([exportStarted]));

  it('refuses once the refund is approved, before the money is back and after', () => {
    given(decider, [activated(), requested, approved]).when(startExport).thenThrows(ExportClosedByRefund);
    given(decider, [activated(), requested, approved, expired, refunded])
      .when(startExport)
      .thenThrows(ExportClosedByRefund);
  });

  it('starts for a customer who subscribed again after the refund', () =>
    given(decider, [activated(), requested, approved, expired, refunded, activated('sub_2')])
      .when(startExport)
      .thenEmits([exportStarted]));
});

const recorded = (event: SubscriptionEvent, occurredAt = '2026-02-01T00:00:00.000Z') =>
  ({ ...event, metadata: { occurredAt } }) as unknown as RecordedEvent;

describe('Exports made on the account', () => {
  it('counts an export once, whether its start, its end or both are recorded', () => {
    const ended = recorded({
      type: 'CandidatesExported',
      data: { ...exportStarted.data, count: 9, outcome: 'aborted' },
    } as never);
    const legacy = recorded({
      type: 'CandidatesExported',
      data: { ...exportStarted.data, exportId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f' },
    } as never);
    expect(exportsMadeOf([recorded(exportStarted)], [ended])).toBe(1);
    expect(exportsMadeOf([recorded(exportStarted)], [ended, legacy])).toBe(2);
  });

  it('makes a started export void the guarantee, finished or not', () => {
    const eligibility = refundEligibility(userId, [recorded(activated()), recorded(exportStarted)], [], now);
    expect(eligibility.eligible).toBe(false);
    expect(eligibility.reasons).toEqual([
      'An export was made from this account, and a CSV or mass export voids the guarantee.',
    ]);
  });
});

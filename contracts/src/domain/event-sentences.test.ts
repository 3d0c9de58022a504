import { describe, expect, it } from 'vitest';
import { HealthTalEvent } from '../events';
import { EVENT_SENTENCES, type EventNames, eventSentence } from './event-sentences';

const names: EventNames = {
  actor: 'Admin Kim (kim@healthtal.example)',
  user: (id) =>
    ({ anna: 'Anna Lee (anna@x.com)', kim: 'Admin Kim', bo: 'Bo' })[id as 'anna'] ?? 'a deleted user',
  candidate: (id) => (id === 'sam' ? 'Dr. Sam Ortiz' : 'a removed candidate'),
};

describe('event history as sentences (issue 37, finding 15)', () => {
  it('has a sentence for every event type HealthTal writes, and none for a type it does not', () => {
    const types = HealthTalEvent.options.map((schema) => schema.shape.type.value).sort();
    expect(Object.keys(EVENT_SENTENCES).sort()).toEqual(types);
  });

  it('names the people instead of their ids', () => {
    expect(
      eventSentence('ContactRevealed', { userId: 'anna', candidateId: 'sam', viaDemoGrant: false }, names),
    ).toBe("Anna Lee (anna@x.com) revealed Dr. Sam Ortiz's contact details");
    expect(
      eventSentence(
        'SubscriptionPlanChanged',
        {
          userId: 'bo',
          subscriptionId: 'sub_1',
          sourceEventId: 'admin_1',
          priceId: 'price_annual',
          tier: 'premium',
          changedBy: 'kim',
          reason: 'Agreed by phone',
        },
        names,
      ),
    ).toBe('Admin Kim changed Bo\'s plan to Annual: reason "Agreed by phone"');
    expect(
      eventSentence(
        'DemoAccessGranted',
        {
          userId: 'bo',
          grantId: 'g',
          featureType: 'full_access',
          expiresAt: '2026-12-08T10:00:00.000Z',
          maxUses: 5,
          notes: 'Conference lead',
          grantedBy: 'kim',
        },
        names,
      ),
    ).toBe('Admin Kim gave Bo demo access until 2026-12-08, 5 uses (Conference lead)');
    expect(eventSentence('UserDeleted', { userId: 'gone', deletedBy: 'kim' }, names)).toBe(
      'Admin Kim deleted the account of a deleted user',
    );
  });

  it('names a type it does not know rather than dropping it', () => {
    expect(eventSentence('SomethingNew', {}, names)).toBe('Admin Kim (kim@healthtal.example): SomethingNew');
  });
});

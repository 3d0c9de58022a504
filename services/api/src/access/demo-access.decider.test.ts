import type { DemoGrantId, UserId } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../shared/decider-spec';
import {
  type DemoAccessEvent,
  type DemoAccessState,
  type DemoGrant,
  demoAccessDecider,
  demoGrantIsValid,
  type GrantDemoAccess,
  NoValidDemoGrant,
  type RecordDemoUse,
} from './demo-access.decider';

const userId = '0b7c1a52-3d4e-4f60-8a9b-1c2d3e4f5a6b' as UserId;
const grantId = '6a1f0c3e-2b4d-4e5f-9a8b-7c6d5e4f3a2b' as DemoGrantId;
const otherGrantId = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b' as DemoGrantId;
const adminId = 'a0a0a0a0-b1b1-4c2c-8d3d-e4e4e4e4e4e4';
const now = new Date('2025-06-01T12:00:00.000Z');
const hoursLater = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

const grant = (change: Partial<GrantDemoAccess> = {}): GrantDemoAccess => ({
  type: 'GrantDemoAccess',
  userId,
  grantId,
  featureType: 'full_access',
  duration: '1d',
  grantedBy: adminId,
  at: now,
  ...change,
});
const granted = (
  change: Partial<Extract<DemoAccessEvent, { type: 'DemoAccessGranted' }>['data']> = {},
): DemoAccessEvent => ({
  type: 'DemoAccessGranted',
  data: {
    userId,
    grantId,
    featureType: 'full_access',
    expiresAt: hoursLater(24).toISOString(),
    maxUses: null,
    notes: null,
    grantedBy: adminId,
    ...change,
  },
});
const revoked: DemoAccessEvent = { type: 'DemoAccessRevoked', data: { userId, revokedBy: adminId } };
const used = (id: DemoGrantId = grantId): DemoAccessEvent => ({
  type: 'DemoAccessUsed',
  data: { userId, grantId: id, featureType: 'full_access' },
});
const use = (at = now, feature = 'contact_reveal'): RecordDemoUse => ({
  type: 'RecordDemoUse',
  userId,
  feature,
  at,
});

describe('Granting demo access', () => {
  it.each([
    ['1h', hoursLater(1).toISOString()],
    ['1d', hoursLater(24).toISOString()],
    ['1w', hoursLater(24 * 7).toISOString()],
    ['30d', hoursLater(24 * 30).toISOString()],
    ['indefinite', null],
  ] as const)('a %s grant expires %s counted from when the admin granted it', (duration, expiresAt) =>
    given(demoAccessDecider, [])
      .when(grant({ duration }))
      .thenEmits([granted({ expiresAt })]),
  );

  it('keeps the notes and the cap on uses the admin gave', () =>
    given(demoAccessDecider, [])
      .when(grant({ notes: 'Acme trial, ask for Sam', maxUses: 25 }))
      .thenEmits([granted({ notes: 'Acme trial, ask for Sam', maxUses: 25 })]));

  it('grants once when the same request is retried', () =>
    given(demoAccessDecider, [granted()]).when(grant()).thenEmits([]));

  it('adds a second grant beside the first', () =>
    given(demoAccessDecider, [granted()])
      .when(grant({ grantId: otherGrantId, duration: 'indefinite' }))
      .thenEmits([granted({ grantId: otherGrantId, expiresAt: null })]));
});

describe('Revoking demo access', () => {
  it('revokes every grant the user holds', () =>
    given(demoAccessDecider, [granted(), granted({ grantId: otherGrantId })])
      .when({ type: 'RevokeDemoAccess', userId, revokedBy: adminId })
      .thenEmits([revoked]));

  it('does nothing when nothing is left to revoke', () => {
    given(demoAccessDecider, []).when({ type: 'RevokeDemoAccess', userId, revokedBy: adminId }).thenEmits([]);
    given(demoAccessDecider, [granted(), revoked])
      .when({ type: 'RevokeDemoAccess', userId, revokedBy: adminId })
      .thenEmits([]);
  });

  it('revokes one grant by its id and leaves the others usable', () => {
    const revokeOne = { type: 'RevokeDemoAccess', userId, grantId, revokedBy: adminId } as const;
    const revokedOne: DemoAccessEvent = {
      type: 'DemoAccessRevoked',
      data: { userId, grantId, revokedBy: adminId },
    };
    const both = [granted(), granted({ grantId: otherGrantId })];
    given(demoAccessDecider, both).when(revokeOne).thenEmits([revokedOne]);
    given(demoAccessDecider, [...both, revokedOne])
      .when(revokeOne)
      .thenEmits([]);
    given(demoAccessDecider, [...both, revokedOne])
      .when(use())
      .thenEmits([
        { type: 'DemoAccessUsed', data: { userId, grantId: otherGrantId, featureType: 'full_access' } },
      ]);
  });

  it('lets an admin grant again after revoking', () =>
    given(demoAccessDecider, [granted(), revoked])
      .when(grant({ grantId: otherGrantId }))
      .thenEmits([granted({ grantId: otherGrantId })]));
});

describe('Using demo access', () => {
  it('counts a use against a valid full_access grant, whatever the feature', () =>
    given(demoAccessDecider, [granted()]).when(use()).thenEmits([used()]));

  it('refuses a use when the user never had a grant', () =>
    given(demoAccessDecider, []).when(use()).thenThrows(NoValidDemoGrant));

  it('refuses a use after the grant was revoked', () =>
    given(demoAccessDecider, [granted(), revoked]).when(use()).thenThrows(NoValidDemoGrant));

  it('refuses a use once the grant has expired, and at the very moment it expires', () => {
    given(demoAccessDecider, [granted()])
      .when(use(hoursLater(25)))
      .thenThrows(NoValidDemoGrant);
    given(demoAccessDecider, [granted()])
      .when(use(hoursLater(24)))
      .thenThrows(NoValidDemoGrant);
  });

  it('allows an indefinite grant any time later', () =>
    given(demoAccessDecider, [granted({ expiresAt: null })])
      .when(use(hoursLater(24 * 365 * 5)))
      .thenEmits([used()]));

  it('refuses a use once the uses are spent', () => {
    given(demoAccessDecider, [granted({ maxUses: 2 }), used()])
      .when(use())
      .thenEmits([used()]);
    given(demoAccessDecider, [granted({ maxUses: 2 }), used(), used()])
      .when(use())
      .thenThrows(NoValidDemoGrant);
  });

  it('uses the grant that lapses first and keeps the open-ended one', () =>
    given(demoAccessDecider, [
      granted({ expiresAt: null }),
      granted({ grantId: otherGrantId, expiresAt: hoursLater(1).toISOString() }),
    ])
      .when(use())
      .thenEmits([used(otherGrantId)]));

  it('falls back to another grant when the first is used up', () =>
    given(demoAccessDecider, [
      granted({ maxUses: 1 }),
      used(),
      granted({ grantId: otherGrantId, expiresAt: null }),
    ])
      .when(use())
      .thenEmits([used(otherGrantId)]));

  it.each([
    ['none', []],
    ['revoked', [granted(), revoked]],
    ['expired', [granted({ expiresAt: hoursLater(-1).toISOString() })]],
    ['used_up', [granted({ maxUses: 1 }), used()]],
  ] as const)('says why no grant is valid: %s', (reason, history) => {
    const state = (history as readonly DemoAccessEvent[]).reduce(
      demoAccessDecider.evolve,
      demoAccessDecider.initialState,
    );
    expect(() => demoAccessDecider.decide(use(), state)).toThrow(
      expect.objectContaining({ reason, status: 403 }) as unknown as Error,
    );
  });
});

describe('The validity rule', () => {
  const base: DemoGrant = {
    grantId,
    featureType: 'full_access',
    expiresAt: hoursLater(1),
    maxUses: 3,
    usesCount: 2,
    active: true,
  };
  const valid = (change: Partial<DemoGrant>, at = now, feature?: string) =>
    demoGrantIsValid({ ...base, ...change }, at, feature);

  it('holds for an active, unexpired grant with uses left', () => expect(valid({})).toBe(true));
  it('fails when inactive, expired or used up', () => {
    expect(valid({ active: false })).toBe(false);
    expect(valid({}, hoursLater(2))).toBe(false);
    expect(valid({ usesCount: 3 })).toBe(false);
  });
  it('ignores the use count when uses are not capped', () =>
    expect(valid({ maxUses: null, usesCount: 1_000 })).toBe(true));
  it('covers any feature with full_access', () => expect(valid({}, now, 'export')).toBe(true));

  it('folds a history into the grants it describes', () => {
    const state: DemoAccessState = [granted({ maxUses: 3 }), used(), used()].reduce(
      demoAccessDecider.evolve,
      demoAccessDecider.initialState,
    );
    expect(state.grants).toEqual([{ ...base, expiresAt: hoursLater(24) }]);
  });
});

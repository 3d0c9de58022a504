import {
  type AccessEvent,
  DEMO_DURATION_MS,
  type DEMO_DURATIONS,
  type DEMO_FEATURES,
  type DemoGrantId,
  type UserId,
} from '@healthtal/contracts';
import type { Decider } from '../shared/command-handler';
import { DomainError } from '../shared/domain-error';

export type DemoFeature = (typeof DEMO_FEATURES)[number];
export type DemoDuration = (typeof DEMO_DURATIONS)[number];

/** One grant as the decider remembers it. `active` turns false when an admin revokes. */
export type DemoGrant = {
  grantId: DemoGrantId;
  featureType: DemoFeature;
  /** null: indefinite. */
  expiresAt: Date | null;
  maxUses: number | null;
  usesCount: number;
  active: boolean;
};

/** Every grant a user was ever given, in the order they were given. */
export type DemoAccessState = { readonly grants: readonly DemoGrant[] };

export type GrantDemoAccess = {
  type: 'GrantDemoAccess';
  userId: UserId;
  grantId: DemoGrantId;
  featureType: DemoFeature;
  duration: DemoDuration;
  maxUses?: number;
  notes?: string;
  grantedBy: string;
  /** When the admin granted it: the expiry counts from here. */
  at: Date;
};
/** Revokes one grant (`grantId`: the console's delete of a grant row) or, without it, all of them. */
export type RevokeDemoAccess = {
  type: 'RevokeDemoAccess';
  userId: UserId;
  grantId?: DemoGrantId;
  revokedBy: string;
};
/**
 * A demo user used a feature under a grant (a contact reveal, …). `feature` is what they used; a
 * full_access grant covers every feature.
 */
export type RecordDemoUse = { type: 'RecordDemoUse'; userId: UserId; feature: string; at: Date };

export type DemoAccessCommand = GrantDemoAccess | RevokeDemoAccess | RecordDemoUse;
export type DemoAccessEvent = AccessEvent;

/** Why there is nothing to use: the user never had a grant, or every grant was revoked, expired or used up. */
export class NoValidDemoGrant extends DomainError {
  readonly status = 403;
  readonly title = 'No valid demo access';
  constructor(readonly reason: 'none' | 'revoked' | 'expired' | 'used_up') {
    super(
      {
        none: 'This account holds no demo access.',
        revoked: 'Demo access was revoked.',
        expired: 'Demo access has expired.',
        used_up: 'Demo access has no uses left.',
      }[reason],
    );
  }
}

/**
 * The spec's validity rule (recruiter-directory §5, admin-intake-outreach §4): the grant covers the
 * feature (same feature or full_access), is active, has not expired, and has uses left when capped.
 * The read models apply the same rule in SQL (identity/access-profile.ts, VALID_GRANT).
 */
export const demoGrantIsValid = (grant: DemoGrant, at: Date, feature = 'full_access'): boolean =>
  (grant.featureType === feature || grant.featureType === 'full_access') &&
  grant.active &&
  (grant.expiresAt === null || grant.expiresAt > at) &&
  (grant.maxUses === null || grant.usesCount < grant.maxUses);

export const expiryOf = (duration: DemoDuration, at: Date): Date | null => {
  const ms = DEMO_DURATION_MS[duration];
  return ms === null ? null : new Date(at.getTime() + ms);
};

/** The grant a use is counted against: the one that lapses first, so open-ended grants last longest. */
function grantToUse(state: DemoAccessState, command: RecordDemoUse): DemoGrant {
  const valid = state.grants.filter((grant) => demoGrantIsValid(grant, command.at, command.feature));
  if (valid.length === 0) throw new NoValidDemoGrant(whyNoneValid(state, command.at));
  const lapse = (grant: DemoGrant) => grant.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return valid.reduce((best, grant) => (lapse(grant) < lapse(best) ? grant : best));
}

function whyNoneValid(state: DemoAccessState, at: Date): NoValidDemoGrant['reason'] {
  const active = state.grants.filter((grant) => grant.active);
  if (state.grants.length === 0) return 'none';
  if (active.length === 0) return 'revoked';
  return active.some((grant) => grant.expiresAt !== null && grant.expiresAt <= at) ? 'expired' : 'used_up';
}

const evolve = (state: DemoAccessState, event: DemoAccessEvent): DemoAccessState => {
  switch (event.type) {
    case 'DemoAccessGranted': {
      const { grantId, featureType, expiresAt, maxUses } = event.data;
      const grant: DemoGrant = {
        grantId,
        featureType,
        expiresAt: expiresAt === null ? null : new Date(expiresAt),
        maxUses,
        usesCount: 0,
        active: true,
      };
      return { grants: [...state.grants, grant] };
    }
    case 'DemoAccessRevoked': {
      const { grantId } = event.data;
      return {
        grants: state.grants.map((grant) =>
          grantId === undefined || grant.grantId === grantId ? { ...grant, active: false } : grant,
        ),
      };
    }
    case 'DemoAccessUsed':
      return {
        grants: state.grants.map((grant) =>
          grant.grantId === event.data.grantId ? { ...grant, usesCount: grant.usesCount + 1 } : grant,
        ),
      };
  }
};

/** A user's demo access (stream `demo-<userId>`): grants, revoking them all, and counting uses. */
export const demoAccessDecider: Decider<DemoAccessCommand, DemoAccessState, DemoAccessEvent> = {
  initialState: { grants: [] },
  evolve,
  decide: (command, state) => {
    switch (command.type) {
      case 'GrantDemoAccess': {
        // A retried request carries the same grant id: it was granted already.
        if (state.grants.some((grant) => grant.grantId === command.grantId)) return [];
        const expiresAt = expiryOf(command.duration, command.at);
        return [
          {
            type: 'DemoAccessGranted',
            data: {
              userId: command.userId,
              grantId: command.grantId,
              featureType: command.featureType,
              expiresAt: expiresAt?.toISOString() ?? null,
              maxUses: command.maxUses ?? null,
              notes: command.notes ?? null,
              grantedBy: command.grantedBy,
            },
          },
        ];
      }
      case 'RevokeDemoAccess': {
        const { userId, grantId, revokedBy } = command;
        const revocable = state.grants.filter(
          (grant) => grant.active && (grantId === undefined || grant.grantId === grantId),
        );
        if (revocable.length === 0) return [];
        return [{ type: 'DemoAccessRevoked', data: { userId, ...(grantId ? { grantId } : {}), revokedBy } }];
      }
      case 'RecordDemoUse': {
        const grant = grantToUse(state, command);
        return [
          {
            type: 'DemoAccessUsed',
            data: { userId: command.userId, grantId: grant.grantId, featureType: grant.featureType },
          },
        ];
      }
    }
  },
};

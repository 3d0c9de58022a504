import { z } from 'zod';
import { DemoGrantId, UserId } from '../domain/ids';
import { event } from './envelope';

/** The only feature the console offers is full access (admin-intake-outreach, grant dialog). */
export const DEMO_FEATURES = ['full_access'] as const;
export const DemoFeature = z.enum(DEMO_FEATURES);

export const DemoAccessGranted = event(
  'DemoAccessGranted',
  z.object({
    userId: UserId,
    grantId: DemoGrantId,
    featureType: DemoFeature,
    /** null: indefinite. */
    expiresAt: z.iso.datetime().nullable(),
    maxUses: z.number().int().positive().nullable(),
    notes: z.string().nullable(),
    grantedBy: z.string(),
  }),
);
/** Revokes the one grant named, or every grant the user holds when none is. */
export const DemoAccessRevoked = event(
  'DemoAccessRevoked',
  z.object({ userId: UserId, grantId: DemoGrantId.optional(), revokedBy: z.string() }),
);
export const DemoAccessUsed = event(
  'DemoAccessUsed',
  z.object({ userId: UserId, grantId: DemoGrantId, featureType: DemoFeature }),
);

export const AccessEvent = z.discriminatedUnion('type', [
  DemoAccessGranted,
  DemoAccessRevoked,
  DemoAccessUsed,
]);
export type AccessEvent = z.infer<typeof AccessEvent>;

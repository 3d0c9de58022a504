import { z } from 'zod';
import { DemoFeature } from '../events/access';

export const DEMO_DURATIONS = ['indefinite', '1h', '1d', '1w', '30d'] as const;
export const DemoDuration = z.enum(DEMO_DURATIONS);
export const DEMO_DURATION_MS: Record<(typeof DEMO_DURATIONS)[number], number | null> = {
  indefinite: null,
  '1h': 3_600_000,
  '1d': 86_400_000,
  '1w': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

export const GrantDemoAccessRequest = z.strictObject({
  userId: z.uuid(),
  featureType: DemoFeature.default('full_access'),
  duration: DemoDuration,
  notes: z.string().trim().max(500).optional(),
  maxUses: z.number().int().positive().max(1_000_000).optional(),
});
export type GrantDemoAccessRequest = z.infer<typeof GrantDemoAccessRequest>;

/** A row of the console's Users table (admin-intake-outreach, User Management). */
export const AdminUserRow = z.object({
  id: z.uuid(),
  email: z.string(),
  signupDate: z.iso.datetime(),
  lastSignInAt: z.iso.datetime().nullable(),
  emailVerified: z.boolean(),
  subscriptionStatus: z.string().nullable(),
  subscriptionPlan: z.string().nullable(),
  /** What the Subscription column shows: the plan name when active, Trial when trialing, else Free. */
  subscriptionLabel: z.string(),
  source: z.string().nullable(),
  phone: z.string().nullable(),
  totalExports: z.number().int(),
  isAdmin: z.boolean(),
  isDemo: z.boolean(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const AdminUserStats = z.object({
  totalUsers: z.number().int(),
  activeSubscriptions: z.number().int(),
  paidSubscriptions: z.number().int(),
  totalExports: z.number().int(),
});
export type AdminUserStats = z.infer<typeof AdminUserStats>;

export const DemoGrantRow = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  user_email: z.string(),
  featureType: DemoFeature,
  active: z.boolean(),
  expires_at: z.iso.datetime().nullable(),
  maxUses: z.number().int().nullable(),
  usesCount: z.number().int(),
  notes: z.string().nullable(),
  grantedAt: z.iso.datetime(),
});
export type DemoGrantRow = z.infer<typeof DemoGrantRow>;

/** One line of a user's audit trail, straight from the events. */
export const UserHistoryEntry = z.object({
  position: z.string(),
  stream: z.string(),
  type: z.string(),
  occurredAt: z.iso.datetime(),
  actor: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type UserHistoryEntry = z.infer<typeof UserHistoryEntry>;

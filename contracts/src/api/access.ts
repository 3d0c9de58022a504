import { z } from 'zod';
import { DemoFeature } from '../events/access';
import { AdminIdFilter } from './admin';

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

/** A row of the console's demo grants (User Management's grant dialog and its revocations). */
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

/**
 * The demo grants list's `filter`: `userId`, one user's grants (react-admin's getManyReference);
 * `q`, the user's email contains it; `active`, valid now or not; `id`, react-admin's getMany.
 */
export const DemoGrantFilter = z.object({
  userId: z.uuid().optional(),
  id: AdminIdFilter(z.uuid()).optional(),
  q: z.string().max(320).optional(),
  active: z.boolean().optional(),
});
export type DemoGrantFilter = z.infer<typeof DemoGrantFilter>;

import {
  CAPABILITIES,
  type MeResponse,
  NotificationPreferences,
  ProfileRequest,
  type SubscriptionInfo,
} from '@healthtal/contracts';
import type { UsersTable } from '@healthtal/projections';
import type { Request } from 'express';
import type pg from 'pg';
import { DEFAULT_REVEAL_QUOTAS, revealQuotaLimitOf, revealQuotaOf } from '../directory/reveal-quota';
import type { RouteRegistrar } from '../http/routes';
import { parseBody } from '../http/validate';
import type { ApiSettings } from '../settings';
import { commandContext } from '../shared/idempotency';
import { type AccessProfile, capabilitiesOf, demoFlagsOf, planOf, VALID_GRANT } from './access-profile';
import { changeUser } from './accounts';
import type { Identity } from './identity';

type UserRow = Pick<UsersTable, 'name' | 'bio' | 'phone' | 'created_at' | 'notifications'>;

const profileOf = (req: Request): AccessProfile => req.accessProfile!;

export function subscriptionInfoOf(profile: AccessProfile): SubscriptionInfo {
  const plan = profile.subscribed && !profile.isAdmin ? planOf(profile) : null;
  return {
    subscribed: profile.subscribed,
    tier: profile.tier,
    plan_name: profile.isAdmin && !plan ? 'Admin' : (plan?.name ?? null),
    price_amount: plan ? plan.priceAmount / 100 : null,
    currency: plan?.currency ?? null,
    billing_interval: plan?.billingInterval ?? null,
    status: profile.subscription?.status ?? null,
    current_period_end: profile.subscription?.currentPeriodEnd.toISOString() ?? null,
  };
}

async function me(pool: pg.Pool, settings: ApiSettings, profile: AccessProfile): Promise<MeResponse> {
  const { rows } = await pool.query<UserRow>(
    'select name, bio, phone, created_at, notifications from users where id = $1',
    [profile.userId],
  );
  const user = rows[0]!;
  return {
    user: {
      id: profile.userId,
      email: profile.email,
      emailVerified: profile.emailVerified,
      name: user.name,
      bio: user.bio,
      phone: user.phone,
      createdAt: user.created_at.toISOString(),
    },
    roles: [...(profile.isAdmin ? (['admin'] as const) : []), ...(profile.isDemo ? (['demo'] as const) : [])],
    capabilities: CAPABILITIES.filter((capability) => capabilitiesOf(profile).has(capability)),
    tier: profile.tier,
    subscription: subscriptionInfoOf(profile),
    demo: {
      isDemo: profile.isDemo,
      flags: demoFlagsOf(profile),
      hasFullAccessGrant: profile.hasFullAccessGrant,
      fullAccessUntil: profile.hasFullAccessGrant ? await fullAccessUntil(pool, profile.userId) : null,
    },
    notifications: NotificationPreferences.parse(user.notifications),
    revealQuota: await revealQuotaOf(
      pool,
      profile.userId,
      revealQuotaLimitOf(profile, settings.revealQuotas ?? DEFAULT_REVEAL_QUOTAS),
      new Date(),
    ),
  };
}

/** The end of the user's full access: the latest valid full_access grant's expiry, null if one never ends. */
async function fullAccessUntil(pool: pg.Pool, userId: string): Promise<string | null> {
  const { rows } = await pool.query<{ indefinite: boolean | null; until: Date | null }>(
    `select bool_or(g.expires_at is null) as indefinite, max(g.expires_at) as until
     from users u join demo_grants g on ${VALID_GRANT} and g.feature_type = 'full_access' where u.id = $1`,
    [userId],
  );
  const { indefinite, until } = rows[0] ?? { indefinite: null, until: null };
  return indefinite || !until ? null : until.toISOString();
}

export function meRoutes(routes: RouteRegistrar, identity: Identity) {
  routes.route('GET /api/v1/me', async (req, res) => {
    res.json(await me(identity.pool, identity.settings, profileOf(req)));
  });

  routes.route('PUT /api/v1/me/profile', async (req, res) => {
    const form = parseBody(ProfileRequest, req);
    await changeUser(
      identity,
      profileOf(req).userId,
      { type: 'UpdateProfile', ...form },
      commandContext(req),
    );
    res.json(form);
  });

  routes.route('PUT /api/v1/me/notifications', async (req, res) => {
    const preferences = parseBody(NotificationPreferences, req);
    await changeUser(
      identity,
      profileOf(req).userId,
      { type: 'ChangeNotificationPreferences', preferences },
      commandContext(req),
    );
    res.json(preferences);
  });
}

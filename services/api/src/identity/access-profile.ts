import { type DemoFlags, meetsTier, PLANS, type PriceId, type Tier } from '@healthtal/contracts';
import type { LeftJoined, SubscriptionsTable, UsersTable } from '@healthtal/projections';
import type pg from 'pg';
import { type Capability, may, type PolicyRoute, type Principal } from '../policy';
import type { ApiSettings } from '../settings';
import { activeFamily } from './session-tokens';

/** What the server knows about a signed-in caller, from the read models, on every request. */
export type AccessProfile = {
  userId: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  isDemo: boolean;
  /** Paid and current (admins count as subscribed). */
  subscribed: boolean;
  tier: Tier;
  subscription: {
    status: string;
    priceId: PriceId;
    currentPeriodEnd: Date;
  } | null;
  hasDemoGrant: boolean;
  hasFullAccessGrant: boolean;
};

type Row = Pick<UsersTable, 'id' | 'email' | 'email_verified' | 'admin_granted'> &
  LeftJoined<Pick<SubscriptionsTable, 'status' | 'tier' | 'price_id' | 'current_period_end'>> & {
    // computed: whether a valid grant (of full access) exists
    has_grant: boolean;
    has_full_access: boolean;
  };

/**
 * The spec's demo grant validity rule over the read models (`demo_grants g` for `users u`); the
 * access decider applies the same rule to a user's stream (access/demo-access.decider.ts).
 */
export const VALID_GRANT = `g.user_id = u.id and g.active and (g.expires_at is null or g.expires_at > now())
  and (g.max_uses is null or g.uses_count < g.max_uses)`;

const profileQuery = (session: string) =>
  `select u.id, u.email, u.email_verified, u.admin_granted, s.status, s.tier, s.price_id, s.current_period_end,
     exists (select 1 from demo_grants g where ${VALID_GRANT}) as has_grant,
     exists (select 1 from demo_grants g where ${VALID_GRANT} and g.feature_type = 'full_access') as has_full_access,
     ${session} as session_active
   from users u left join subscriptions s on s.user_id = u.id where u.id = $1`;
/** Prepared once per connection: every request with a bearer token asks it. */
const PROFILE = { name: 'access-profile', text: profileQuery('true') };
const PROFILE_IN_SESSION = { name: 'access-profile-in-session', text: profileQuery(activeFamily('$2')) };

/**
 * The caller's profile; null when the account is gone, or when `sessionId` is given and that sign-in
 * has ended (signed out, or its refresh tokens revoked): one query for what every request checks.
 */
export async function loadAccessProfile(
  pool: pg.Pool,
  settings: ApiSettings,
  userId: string,
  sessionId?: string,
): Promise<AccessProfile | null> {
  const { rows } = await pool.query<Row & { session_active: boolean }>(
    sessionId === undefined
      ? { ...PROFILE, values: [userId] }
      : { ...PROFILE_IN_SESSION, values: [userId, sessionId] },
  );
  const row = rows[0];
  if (!row || row.email === null || !row.session_active) return null;
  return toProfile(row, settings);
}

/**
 * A subscription counts while Stripe still considers it paid: active, past due (Stripe is
 * retrying), or canceled until the end of the paid period.
 */
function isCurrent(row: Pick<Row, 'status' | 'tier' | 'current_period_end'>, now = new Date()): boolean {
  if (!row.status || !row.tier || row.tier === 'free') return false;
  if (row.status === 'active' || row.status === 'past_due') return true;
  return row.status === 'canceled' && row.current_period_end !== null && row.current_period_end > now;
}

/** isCurrent over `subscriptions s`, for counting in SQL (the console's Paid Subscriptions). */
export const CURRENT_SUBSCRIPTION = `(s.tier <> 'free' and (s.status in ('active', 'past_due')
  or (s.status = 'canceled' and s.current_period_end > now())))`;

export type RoleFacts = Pick<
  Row,
  'admin_granted' | 'status' | 'tier' | 'current_period_end' | 'has_grant'
> & {
  email: string;
};

/** The designated demo account (DEMO_ACCOUNT_EMAIL): shared, so its password is not its users' to change. */
export const isDesignatedDemoAccount = (email: string, settings: ApiSettings): boolean =>
  settings.demoAccountEmail !== null && email.toLowerCase() === settings.demoAccountEmail;

/** Admin, paid and demo, decided once: for each request here, and for the console's Users table. */
export function rolesOf(
  row: RoleFacts,
  settings: ApiSettings,
): { isAdmin: boolean; paid: boolean; isDemo: boolean } {
  const email = row.email.toLowerCase();
  const isAdmin = row.admin_granted || settings.adminEmails.includes(email);
  const paid = isCurrent(row);
  // The spec's rule: the designated account, or not subscribed with a valid grant. Subscribers and
  // admins are never demo.
  const isDemo = !isAdmin && !paid && (isDesignatedDemoAccount(email, settings) || row.has_grant);
  return { isAdmin, paid, isDemo };
}

function toProfile(row: Row, settings: ApiSettings): AccessProfile {
  const email = row.email!;
  const { isAdmin, paid, isDemo } = rolesOf({ ...row, email }, settings);
  return {
    userId: row.id,
    email,
    emailVerified: row.email_verified,
    isAdmin,
    isDemo,
    subscribed: paid || isAdmin,
    tier: isAdmin ? 'premium' : paid ? row.tier! : 'free',
    subscription:
      row.status && row.price_id && row.current_period_end
        ? { status: row.status, priceId: row.price_id, currentPeriodEnd: row.current_period_end }
        : null,
    hasDemoGrant: row.has_grant,
    hasFullAccessGrant: row.has_full_access,
  };
}

/**
 * Capabilities of a signed-in caller (see the policy table). Demo users pass the paywall (basic)
 * but are refused `not-demo` routes; a full_access grant lets them see contacts.
 */
export function capabilitiesOf(profile: AccessProfile): Set<Capability> {
  const capabilities = new Set<Capability>(['signed-in']);
  if (profile.isAdmin) capabilities.add('admin');
  if (!profile.isDemo) capabilities.add('not-demo');
  if (profile.subscribed || profile.isDemo) capabilities.add('basic');
  if (profile.isAdmin || (profile.subscribed && meetsTier('premium', profile.tier)))
    capabilities.add('premium');
  if ((profile.subscribed && !profile.isDemo) || (profile.isDemo && profile.hasFullAccessGrant)) {
    capabilities.add('contacts');
  }
  return capabilities;
}

/** The caller as the policy table sees it: the same principal a route's authorization checks. */
export const principalOf = (profile: AccessProfile, sessionId?: string): Principal => ({
  kind: 'user',
  userId: profile.userId,
  capabilities: capabilitiesOf(profile),
  ...(sessionId === undefined ? {} : { sessionId }),
});

/**
 * The route each of the first version's feature flags stands for. A flag is whether the policy table
 * lets the caller call its route, so /me never promises what the route then refuses with a 403.
 */
export const FLAG_ROUTES = {
  canCreateLists: 'POST /api/v1/lists',
  canSaveLists: 'PATCH /api/v1/lists/:id',
  canExport: 'POST /api/v1/exports',
  canViewContactInfo: 'POST /api/v1/candidates/:id/reveal',
  canSaveCandidates: 'POST /api/v1/lists/:id/members',
} as const satisfies Record<keyof DemoFlags, PolicyRoute>;

/** The feature flags /me reports, each asked of the policy table (see FLAG_ROUTES). */
export function demoFlagsOf(profile: AccessProfile): DemoFlags {
  const principal = principalOf(profile);
  const flags = Object.entries(FLAG_ROUTES).map(([flag, route]) => [flag, may(principal, route)]);
  return Object.fromEntries(flags) as DemoFlags;
}

export const planOf = (profile: AccessProfile) =>
  profile.subscription ? PLANS[profile.subscription.priceId] : null;

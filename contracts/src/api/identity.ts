import { z } from 'zod';
import { AuthMessages } from '../domain/messages';
import { PRICE_IDS, TIERS } from '../domain/plans';
import { AdminIdFilter } from './admin';

export const PASSWORD_MIN = 6;
/** argon2 hashes any length; a ceiling keeps one request from costing seconds. */
export const PASSWORD_MAX = 200;

const Email = z
  .string({ error: AuthMessages.emailRequired })
  .trim()
  .min(1, AuthMessages.emailRequired)
  .max(254, AuthMessages.invalidEmail)
  .pipe(z.email(AuthMessages.invalidEmail))
  .transform((email) => email.toLowerCase());

const NewPassword = z
  .string({ error: AuthMessages.passwordRequired })
  .min(PASSWORD_MIN, AuthMessages.passwordTooShort)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long.`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((text) => (text ? text : undefined));

/** Sign-up (recruiter-directory §5): email, password twice, optional source, required phone, terms. */
export const SignupRequest = z
  .strictObject({
    email: Email,
    password: NewPassword,
    confirmPassword: z.string({ error: AuthMessages.passwordsDoNotMatch }),
    source: optionalText(200),
    phone: z.string({ error: AuthMessages.phoneRequired }).trim().min(1, AuthMessages.phoneRequired).max(40),
    acceptTerms: z.literal(true, { error: AuthMessages.termsRequired }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: AuthMessages.passwordsDoNotMatch,
  });
export type SignupRequest = z.infer<typeof SignupRequest>;

export const LoginRequest = z.strictObject({
  email: z.string({ error: AuthMessages.emailRequired }).trim().min(1, AuthMessages.emailRequired).max(254),
  password: z
    .string({ error: AuthMessages.passwordRequired })
    .min(1, AuthMessages.passwordRequired)
    .max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const EmailRequest = z.strictObject({ email: Email });
export type EmailRequest = z.infer<typeof EmailRequest>;

const Token = z.string().trim().min(16).max(200);
export const VerifyEmailRequest = z.strictObject({ token: Token });
export const ResetPasswordRequest = z
  .strictObject({ token: Token, password: NewPassword, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: AuthMessages.passwordsDoNotMatch,
  });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const SessionUser = z.object({ id: z.uuid(), email: z.string() });
/** A signed-in session: a short-lived access token (the refresh token travels in an httpOnly cookie). */
export const AuthSession = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresAt: z.iso.datetime(),
  user: SessionUser,
});
export type AuthSession = z.infer<typeof AuthSession>;

export { SESSION_MARKER_COOKIE, SESSION_REFRESH_LOCK } from './session-marker';

export const SignupResponse = z.object({ user: SessionUser, verificationRequired: z.literal(true) });
export type SignupResponse = z.infer<typeof SignupResponse>;

export const ProfileRequest = z.strictObject({
  name: z.string().trim().max(120, 'Name must be at most 120 characters.'),
  bio: z.string().trim().max(2000, 'Bio must be at most 2000 characters.'),
});
export type ProfileRequest = z.infer<typeof ProfileRequest>;

export const NotificationPreferences = z.strictObject({
  marketing: z.boolean(),
  newFeatures: z.boolean(),
  securityAlerts: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  marketing: true,
  newFeatures: true,
  securityAlerts: true,
};

export const ROLES = ['admin', 'demo'] as const;
export const CAPABILITIES = ['signed-in', 'basic', 'premium', 'not-demo', 'contacts', 'admin'] as const;
export type Capability = (typeof CAPABILITIES)[number];
export const DemoFlags = z.object({
  canCreateLists: z.boolean(),
  canSaveLists: z.boolean(),
  canExport: z.boolean(),
  canViewContactInfo: z.boolean(),
  canSaveCandidates: z.boolean(),
});
export type DemoFlags = z.infer<typeof DemoFlags>;

/** Subscription info as the first version's get_my_subscription returned it. */
export const SubscriptionInfo = z.object({
  subscribed: z.boolean(),
  tier: z.enum(TIERS),
  plan_name: z.string().nullable(),
  price_amount: z.number().nullable(),
  currency: z.string().nullable(),
  billing_interval: z.string().nullable(),
  status: z.string().nullable(),
  current_period_end: z.iso.datetime().nullable(),
});
export type SubscriptionInfo = z.infer<typeof SubscriptionInfo>;

/** Everything the web apps need about the caller, in one call. */
/** Today's contact reveals (UTC day): null `limit` means no daily quota applies (demo grants count their own uses). */
export const RevealQuota = z.object({
  limit: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
  resetsAt: z.iso.datetime(),
  /** Reveals given back today because the email they showed bounced (added to what is left). */
  credited: z.number().int(),
});
export type RevealQuota = z.infer<typeof RevealQuota>;

export const MeResponse = z.object({
  user: z.object({
    id: z.uuid(),
    email: z.string(),
    emailVerified: z.boolean(),
    name: z.string(),
    bio: z.string(),
    phone: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
  roles: z.array(z.enum(ROLES)),
  /** What the server lets this user do (the policy table's capabilities); the web apps gate on them. */
  capabilities: z.array(z.enum(CAPABILITIES)),
  tier: z.enum(TIERS),
  subscription: SubscriptionInfo,
  demo: z.object({
    isDemo: z.boolean(),
    flags: DemoFlags,
    hasFullAccessGrant: z.boolean(),
    /** When the latest valid full_access grant ends; null when it never does, or there is none. */
    fullAccessUntil: z.iso.datetime().nullable(),
  }),
  notifications: NotificationPreferences,
  revealQuota: RevealQuota,
});
export type MeResponse = z.infer<typeof MeResponse>;

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

/**
 * The Users list's plan filter: what the Subscription column shows (an active subscription's plan,
 * Trial, otherwise Free), by the plan's price id.
 */
export const ADMIN_USER_PLANS = ['free', 'trial', ...PRICE_IDS] as const;
export const AdminUserPlan = z.enum(ADMIN_USER_PLANS);
export type AdminUserPlan = z.infer<typeof AdminUserPlan>;

/**
 * The Users list's `filter`: `q`, the email contains it (the search box); `plan`, the Subscription
 * column shows that plan; `id`, react-admin's getMany.
 */
export const AdminUserFilter = z.object({
  q: z.string().max(320).optional(),
  plan: AdminUserPlan.optional(),
  id: AdminIdFilter(z.uuid()).optional(),
});
export type AdminUserFilter = z.infer<typeof AdminUserFilter>;

export const AdminUserStats = z.object({
  totalUsers: z.number().int(),
  activeSubscriptions: z.number().int(),
  paidSubscriptions: z.number().int(),
  totalExports: z.number().int(),
});
export type AdminUserStats = z.infer<typeof AdminUserStats>;

/**
 * One line of a user's audit trail, straight from the events: what happened as a sentence with the
 * people's names (EVENT_SENTENCES), and the raw event beside it for auditors.
 */
export const UserHistoryEntry = z.object({
  position: z.string(),
  stream: z.string(),
  type: z.string(),
  occurredAt: z.iso.datetime(),
  actor: z.string().nullable(),
  /** Who `actor` is, by name: "Anna Lee (anna@x.com)", or "HealthTal" when nobody signed in caused it. */
  actorName: z.string(),
  sentence: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type UserHistoryEntry = z.infer<typeof UserHistoryEntry>;

/**
 * An admin moves a user's running subscription to another plan (the console's Change Plan). `from`:
 * the plan the admin saw, so of two admins changing one user at once the second is told (409), not
 * silently overwritten. The reason is kept on the event, for auditors.
 */
export const AdminPlanChangeRequest = z.strictObject({
  priceId: z.enum(PRICE_IDS, { error: 'Choose Monthly or Annual.' }),
  from: z.enum(PRICE_IDS, { error: 'Say which plan the user is on now.' }),
  reason: z
    .string({ error: 'Say why the plan changes; the reason is kept with the change.' })
    .trim()
    .min(1, 'Say why the plan changes; the reason is kept with the change.')
    .max(500, 'Keep the reason under 500 characters.'),
});
export type AdminPlanChangeRequest = z.infer<typeof AdminPlanChangeRequest>;

export const AdminPlanChangeResult = z.object({
  id: z.uuid(),
  priceId: z.enum(PRICE_IDS),
  message: z.string(),
});
export type AdminPlanChangeResult = z.infer<typeof AdminPlanChangeResult>;

/** What an admin's Resend Verification or Send Password Reset did: a mail to the account's address. */
export const AdminUserMailResult = z.object({ id: z.uuid(), sentTo: z.string(), message: z.string() });
export type AdminUserMailResult = z.infer<typeof AdminUserMailResult>;

import {
  ADMIN_USER_PLANS,
  type AdminUserPlan,
  type AdminUserRow,
  type DemoGrantRow,
  PLANS,
  RemovalLimits,
  ResumeMessages,
  SiteSettingLimits,
  SiteSettingMessages,
} from '@healthtal/contracts';

/**
 * Display rules of the admin console (admin-intake-outreach §2, §8, §9): pure functions, so the
 * console and its tests agree on what "1.5s", "N/A" or "Bulk approve partially failed" mean.
 */

/** Admin-only screens show this to everyone else (§2 Resume Submissions, §6). */
export const ACCESS_DENIED = {
  title: 'Access Denied',
  text: 'You do not have permission to view this page.',
} as const;

/** The console's toasts and empty states, word for word from the error catalogue (§8). */
export const AdminConsoleMessages = {
  error: 'Error',
  failedToLoadUsers: 'Failed to load users',
  networkError: 'Network Connection Error',
  deleteUserFallback: 'There was a problem deleting the user.',
  errorLoadingSubmissions: 'Error Loading Submissions',
  couldNotLoadSubmissions: 'Could not load resume submissions.',
  actionFailed: 'Action Failed',
  noSubmissionsOnPage: 'No submissions on this page. Try another page.',
  failedToLoadLogs: 'Failed to load logs',
  failedToDeleteLog: 'Failed to delete log',
  logDeleted: 'Log deleted',
  noLogsFound: 'No error logs found for the selected filters.',
  anonymous: 'Anonymous',
} as const;

export type ResumeAction = 'approve' | 'reject';
export const actionFailedText = (action: ResumeAction) => `Could not ${action} the resume.`;
/** "Bulk approve successful" or "Bulk approve partially failed" (ResumeMessages), with the counts beneath. */
export function bulkOutcome(
  action: ResumeAction,
  succeeded: number,
  failed: number,
): { title: string; text: string; severity: 'success' | 'warning' | 'error' } {
  const done = action === 'approve' ? 'approved' : 'rejected';
  if (failed === 0)
    return {
      title: ResumeMessages.bulkSucceeded(action),
      text: `${succeeded} ${done}.`,
      severity: 'success',
    };
  return {
    title: ResumeMessages.bulkPartiallyFailed(action),
    text: `${succeeded} ${done}, ${failed} failed.`,
    severity: succeeded === 0 ? 'error' : 'warning',
  };
}

export const selectionCounter = (selected: number, total: number) => `${selected} selected of ${total}`;
export const showingUsers = (shown: number, total: number) => `Showing ${shown} of ${total} users`;

/** The resume list's page size (§9). */
export const RESUME_PAGE_SIZE = 25;

const pacific = (seconds: boolean) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  });
const PACIFIC = pacific(false);
const PACIFIC_SECONDS = pacific(true);

/**
 * Every time in the console is US Pacific (§9: the logs), labelled "PT" whether daylight saving is
 * on or not, e.g. "Nov 24, 2026, 6:31 AM PT"; the logs keep the seconds.
 */
export function formatPacificTime(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  return `${(seconds ? PACIFIC_SECONDS : PACIFIC).format(new Date(iso))} PT`;
}

const PACIFIC_DATE = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** The day in US Pacific time, for columns that show a date only, e.g. "Nov 24, 2026". */
export const formatPacificDate = (iso: string): string => PACIFIC_DATE.format(new Date(iso));

/** Under a second in ms, otherwise seconds with one decimal, N/A when unknown (§9). */
export function formatResponseTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return 'N/A';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  return `${(ms / 1000).toFixed(1)}s`;
}

export type BadgeVariant = 'secondary' | 'destructive' | 'outline';

/** timeout and function_error secondary; database_error and edge_error destructive; others outline (§8). */
export function errorTypeBadge(errorType: string): BadgeVariant {
  if (errorType === 'timeout' || errorType === 'function_error') return 'secondary';
  if (errorType === 'database_error' || errorType === 'edge_error') return 'destructive';
  return 'outline';
}

const DAY_MS = 86_400_000;

/** Whole days since `iso` ("today" for under a day): how long a request has waited. */
export function ageLabel(iso: string, now: Date = new Date()): string {
  const days = Math.floor((now.getTime() - new Date(iso).getTime()) / DAY_MS);
  if (days <= 0) return 'today';
  return days === 1 ? '1 day' : `${days} days`;
}

/** Removal requests are answered within 30 days (§9): the console flags those in their last week. */
export function removalUrgency(iso: string, now: Date = new Date()): 'ok' | 'due-soon' | 'overdue' {
  const days = (now.getTime() - new Date(iso).getTime()) / DAY_MS;
  if (days >= RemovalLimits.answerWithinDays) return 'overdue';
  return days >= RemovalLimits.answerWithinDays - 7 ? 'due-soon' : 'ok';
}

/** The grant dialog's Access Duration choices, in the spec's order (§2), keyed as the API takes them. */
export const DEMO_DURATION_CHOICES = [
  { id: 'indefinite', name: 'Indefinite' },
  { id: '1h', name: '1 Hour' },
  { id: '1d', name: '1 Day' },
  { id: '1w', name: '1 Week' },
  { id: '30d', name: '1 Month' },
] as const;

/** Recommended image sizes shown on the settings cards (§9); keys are the site setting keys. */
export const RECOMMENDED_IMAGE_SIZES: Record<string, string> = {
  favicon_url: '32x32 or 64x64',
  seo_image_url: '1200x630',
  social_facebook_image: '1200x630',
  social_twitter_image: '1200x675',
  social_linkedin_image: '1200x627',
};

/** The console's first check of a chosen file (§5); the server sniffs the bytes whatever the browser says. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return SiteSettingMessages.invalidFileType;
  if (file.size > SiteSettingLimits.imageMaxBytes) return SiteSettingMessages.fileTooLarge;
  return null;
}

/** The Users screen's plan filter, as the Subscription column names each plan. */
export const USER_PLAN_CHOICES = ADMIN_USER_PLANS.map((id: AdminUserPlan) => ({
  id,
  name: id === 'free' ? 'Free' : id === 'trial' ? 'Trial' : PLANS[id].name,
}));

// A spreadsheet runs a cell that starts with = + - @ (or a tab or CR) as a formula: such text is kept
// as text with a leading apostrophe. Quotes double; a cell with a comma, quote or line break is quoted.
const csvText = (value: string | number | boolean | null) => {
  const text = value === null ? '' : String(value);
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The Users screen's export: the columns it shows, times in US Pacific as on screen. */
export function usersCsv(rows: readonly AdminUserRow[]): string {
  const header = [
    'Email',
    'Signup Date',
    'Last Sign In',
    'Subscription',
    'Status',
    'Email Verified',
    'Source',
    'Phone',
    'Exported Contacts',
    'Admin',
    'Demo',
  ];
  const lines = rows.map((row) =>
    [
      row.email,
      formatPacificTime(row.signupDate),
      row.lastSignInAt ? formatPacificTime(row.lastSignInAt) : 'Never',
      row.subscriptionLabel,
      row.subscriptionStatus,
      row.emailVerified ? 'yes' : 'no',
      row.source,
      row.phone,
      row.totalExports,
      row.isAdmin ? 'yes' : 'no',
      row.isDemo ? 'yes' : 'no',
    ].map(csvText),
  );
  return [header, ...lines].map((cells) => cells.join(',')).join('\r\n');
}

/**
 * Whether a demo grant still counts (admin-intake-outreach §4), and if not why: `active` is the API's
 * validity, so an inactive grant is expired, used up, or (otherwise) revoked.
 */
export function demoGrantStatus(
  grant: Pick<DemoGrantRow, 'active' | 'expires_at' | 'maxUses' | 'usesCount'>,
  now: Date = new Date(),
): 'Active' | 'Expired' | 'Used up' | 'Revoked' {
  if (grant.active) return 'Active';
  if (grant.expires_at !== null && new Date(grant.expires_at) <= now) return 'Expired';
  if (grant.maxUses !== null && grant.usesCount >= grant.maxUses) return 'Used up';
  return 'Revoked';
}

/** "3 of 5" uses left, or "Unlimited" without a cap (the spec's grants have none; the API allows one). */
export const usesLeft = ({ maxUses, usesCount }: Pick<DemoGrantRow, 'maxUses' | 'usesCount'>) =>
  maxUses === null ? `Unlimited (${usesCount} used)` : `${Math.max(0, maxUses - usesCount)} of ${maxUses}`;

/** Account Settings' tabs, each reachable by link (`/account?tab=activity`). */
export const ACCOUNT_TABS = ['profile', 'activity', 'exports', 'notifications', 'testing'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** Where a customer sees their own reveals and exports (the compliance page links here). */
export const ACCOUNT_ACTIVITY_PATH = '/account?tab=activity';

export const accountTabOf = (value: string | null): AccountTab =>
  ACCOUNT_TABS.includes(value as AccountTab) ? (value as AccountTab) : 'profile';

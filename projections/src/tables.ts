/**
 * The row type of every read-model table, declared once beside the `createSql` that creates it and
 * shared with the API's queries (`import type`), column for column as node-postgres returns them:
 * timestamptz and date as Date, bigint as a string, jsonb parsed.
 */
export type { ContactMessagesTable } from './contact-messages/contact-messages.projection';
export type { DemoGrantsTable } from './demo-grants/demo-grants.projection';
export type {
  DirectoryCandidatesTable,
  DirectoryContactsTable,
  DirectoryMetaTable,
  DirectoryRemovedTable,
  SpecialtyCountsTable,
} from './directory/directory.projection';
export type { ExportLogsTable } from './export-logs/export-logs.projection';
export type { EmailTemplatesTable } from './outreach/email-templates.projection';
export type { RefundRequestsTable } from './refund-requests/refund-requests.projection';
export type { RemovalRequestsTable } from './removal-requests/removal-requests.projection';
export type { ResumeSubmissionsTable } from './resume-submissions/resume-submissions.projection';
export type { SearchErrorLogsTable } from './search-error-logs/search-error-logs.projection';
export type { SiteSettingsTable } from './site-settings/site-settings.projection';
export type { SubscriptionsTable } from './subscriptions/subscriptions.projection';
export type { UsageCountersTable } from './usage/usage.projection';
export type { UsersTable } from './users/users.projection';
export type { UserActivityTable } from './workspace/activity.projection';
export type { ListMembersTable, ListsTable, SavedSearchesTable } from './workspace/workspace.projection';

/** A table's columns read through a `left join`: each may be null when no row matched. */
export type LeftJoined<T> = { [K in keyof T]: T[K] | null };

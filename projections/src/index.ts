import { contactMessagesProjection } from './contact-messages/contact-messages.projection';
import { demoGrantsProjection } from './demo-grants/demo-grants.projection';
import { directoryProjection } from './directory/directory.projection';
import { exportLogsProjection } from './export-logs/export-logs.projection';
import { emailTemplatesProjection } from './outreach/email-templates.projection';
import { refundRequestsProjection } from './refund-requests/refund-requests.projection';
import { removalRequestsProjection } from './removal-requests/removal-requests.projection';
import { resumeSubmissionsProjection } from './resume-submissions/resume-submissions.projection';
import type { Projection } from './runtime';
import { searchErrorLogsProjection } from './search-error-logs/search-error-logs.projection';
import { siteSettingsProjection } from './site-settings/site-settings.projection';
import { subscriptionsProjection } from './subscriptions/subscriptions.projection';
import { usageProjection } from './usage/usage.projection';
import { usersProjection } from './users/users.projection';
import { activityProjection } from './workspace/activity.projection';
import { workspaceProjection } from './workspace/workspace.projection';

export * from './runtime';
export type * from './tables';
export {
  activityProjection,
  contactMessagesProjection,
  demoGrantsProjection,
  directoryProjection,
  emailTemplatesProjection,
  exportLogsProjection,
  refundRequestsProjection,
  removalRequestsProjection,
  resumeSubmissionsProjection,
  searchErrorLogsProjection,
  siteSettingsProjection,
  subscriptionsProjection,
  usageProjection,
  usersProjection,
  workspaceProjection,
};

/** Every read model the product runs; `healthtal start` installs and tails each. */
export const projections: readonly Projection[] = [
  contactMessagesProjection,
  usersProjection,
  subscriptionsProjection,
  demoGrantsProjection,
  directoryProjection,
  usageProjection,
  exportLogsProjection,
  searchErrorLogsProjection,
  resumeSubmissionsProjection,
  removalRequestsProjection,
  refundRequestsProjection,
  workspaceProjection,
  activityProjection,
  emailTemplatesProjection,
  siteSettingsProjection,
];

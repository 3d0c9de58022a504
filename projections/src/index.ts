import { contactMessagesProjection } from './contact-messages/contact-messages.projection';
import { demoGrantsProjection } from './demo-grants/demo-grants.projection';
import { directoryProjection } from './directory/directory.projection';
import { exportLogsProjection } from './export-logs/export-logs.projection';
import type { Projection } from './runtime';
import { searchErrorLogsProjection } from './search-error-logs/search-error-logs.projection';
import { subscriptionsProjection } from './subscriptions/subscriptions.projection';
import { usageProjection } from './usage/usage.projection';
import { usersProjection } from './users/users.projection';

export * from './runtime';
export {
  contactMessagesProjection,
  demoGrantsProjection,
  directoryProjection,
  exportLogsProjection,
  searchErrorLogsProjection,
  subscriptionsProjection,
  usageProjection,
  usersProjection,
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
];

import { contactMessagesProjection } from './contact-messages/contact-messages.projection';
import { demoGrantsProjection } from './demo-grants/demo-grants.projection';
import { directoryProjection } from './directory/directory.projection';
import type { Projection } from './runtime';
import { subscriptionsProjection } from './subscriptions/subscriptions.projection';
import { usersProjection } from './users/users.projection';

export * from './runtime';
export { contactMessagesProjection, demoGrantsProjection, directoryProjection, subscriptionsProjection, usersProjection };

/** Every read model the product runs; `healthtal start` installs and tails each. */
export const projections: readonly Projection[] = [
  contactMessagesProjection,
  usersProjection,
  subscriptionsProjection,
  demoGrantsProjection,
  directoryProjection,
];

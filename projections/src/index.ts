import { contactMessagesProjection } from './contact-messages/contact-messages.projection';
import type { Projection } from './runtime';

export * from './runtime';
export { contactMessagesProjection };

/** Every read model the product runs; `healthtal start` installs and tails each. */
export const projections: readonly Projection[] = [contactMessagesProjection];

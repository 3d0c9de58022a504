import { streamName, type UserId } from '@healthtal/contracts';
import type { EventStore } from '@healthtal/eventstore';
import { type CommandContext, handleCommand } from '../shared/command-handler';
import {
  type SubscriptionCommand,
  type SubscriptionEvent,
  type SubscriptionState,
  subscriptionDecider,
} from './subscription.decider';

export const subscriptionStream = (userId: UserId) => streamName('subscription', userId);

/** The user's subscription as the events tell it (not the read model, which may lag behind). */
export async function loadSubscription(store: EventStore, userId: UserId): Promise<SubscriptionState> {
  const decider = subscriptionDecider(userId);
  const history = await store.readStream(subscriptionStream(userId));
  return history.reduce((s, e) => decider.evolve(s, e as unknown as SubscriptionEvent), decider.initialState);
}

export function changeSubscription(
  store: EventStore,
  userId: UserId,
  command: SubscriptionCommand,
  context: CommandContext,
) {
  return handleCommand(store, subscriptionStream(userId), subscriptionDecider(userId), command, context);
}

/**
 * The context of a command told by Stripe or the simulator: its id follows from the source event,
 * so a redelivery derives the same event ids and the store ignores them (besides the decider).
 */
export const sourcedContext = (
  userId: UserId,
  command: SubscriptionCommand,
  correlationId: string,
): CommandContext => ({
  commandId: `${sourceOf(command)}/${command.type}`,
  correlationId,
  userId,
  now: new Date(),
});

/** Commands told by Stripe or the simulator name their source; a customer's or admin's do not. */
const sourceOf = (command: SubscriptionCommand) =>
  'sourceEventId' in command
    ? command.sourceEventId
    : 'checkoutSessionId' in command
      ? command.checkoutSessionId
      : unsourced(command.type);

const unsourced = (type: string): never => {
  throw new Error(`${type} is not told by a billing source`);
};

import { type DemoGrantId, streamName, type UserId } from '@healthtal/contracts';
import type { EventStore } from '@healthtal/eventstore';
import { type CommandContext, handleCommand } from '../shared/command-handler';
import {
  type DemoAccessCommand,
  type DemoAccessState,
  demoAccessDecider,
  type GrantDemoAccess,
} from './demo-access.decider';

export const demoAccessStream = (userId: string) => streamName('demo', userId);

const changeDemoAccess = (
  store: EventStore,
  userId: string,
  command: DemoAccessCommand,
  context: CommandContext,
) => handleCommand(store, demoAccessStream(userId), demoAccessDecider, command, context);

/** A user's grants, folded from their stream (no read-model lag). */
export async function loadDemoAccess(store: EventStore, userId: string): Promise<DemoAccessState> {
  const events = await store.readStream(demoAccessStream(userId));
  return events.reduce(
    (state, e) => demoAccessDecider.evolve(state, e as never),
    demoAccessDecider.initialState,
  );
}

export async function grantDemoAccess(
  store: EventStore,
  grant: Omit<GrantDemoAccess, 'type' | 'at'>,
  context: CommandContext,
) {
  const { events } = await changeDemoAccess(
    store,
    grant.userId,
    { type: 'GrantDemoAccess', ...grant, at: context.now },
    context,
  );
  return events;
}

/** Revokes every grant the user holds; answers how many were still active. */
export async function revokeDemoAccess(
  store: EventStore,
  userId: UserId,
  revokedBy: string,
  context: CommandContext,
): Promise<number> {
  const before = await loadDemoAccess(store, userId);
  const { events } = await changeDemoAccess(
    store,
    userId,
    { type: 'RevokeDemoAccess', userId, revokedBy },
    context,
  );
  return events.length === 0 ? 0 : before.grants.filter((grant) => grant.active).length;
}

/** Revokes one grant; answers whether it was still active. */
export async function revokeDemoGrant(
  store: EventStore,
  userId: UserId,
  grantId: DemoGrantId,
  revokedBy: string,
  context: CommandContext,
): Promise<boolean> {
  const { events } = await changeDemoAccess(
    store,
    userId,
    { type: 'RevokeDemoAccess', userId, grantId, revokedBy },
    context,
  );
  return events.length > 0;
}

/**
 * Counts one use of a demo feature (a contact reveal, …) against the user's grant that lapses
 * first. Throws NoValidDemoGrant (403) when no grant is active, unexpired and has uses left, so a
 * caller that reveals only after this resolves never reveals without a grant. Concurrent uses of
 * the last remaining use are serialised by the stream version: only one of them succeeds.
 */
export async function recordDemoUse(
  store: EventStore,
  userId: UserId,
  feature: string,
  context: CommandContext,
): Promise<{ grantId: DemoGrantId }> {
  const { events } = await changeDemoAccess(
    store,
    userId,
    { type: 'RecordDemoUse', userId, feature, at: context.now },
    context,
  );
  const used = events[0] as Extract<(typeof events)[number], { type: 'DemoAccessUsed' }>;
  return { grantId: used.data.grantId };
}

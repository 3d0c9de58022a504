import type { DomainEvent } from '@healthtal/contracts';
import {
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  WrongExpectedVersion,
} from '@healthtal/eventstore';
import { uuidFromName } from './ids';

/** An aggregate's behaviour: fold its events into state, decide what a command adds. Pure. */
export type Decider<Command, State, Event extends DomainEvent> = {
  readonly initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
};

/** Who asked and when: the part of a command that is not business data. */
export type CommandContext = {
  /** Stable across retries of the same request (derived from its Idempotency-Key when there is one). */
  readonly commandId: string;
  readonly correlationId: string;
  readonly userId?: string;
  readonly now: Date;
};

const MAX_ATTEMPTS = 3;

/**
 * Load → fold → decide → append with the version that was read. A concurrent writer makes the
 * append fail with WrongExpectedVersion; the command is then decided again on the new state, a few
 * times, before the conflict reaches the caller. Event ids come from the command id, so a retried
 * command re-appends the same ids and the store ignores them.
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  context: CommandContext,
): Promise<{ events: Event[]; state: State }> {
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(streamId);
    const state = history.reduce((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state };
    const expectedVersion: ExpectedVersion = history.length === 0 ? 'noStream' : history.length - 1;
    try {
      await store.append(streamId, toEnvelopes(streamId, events, context), { expectedVersion });
      return { events, state: events.reduce(decider.evolve, state) };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/**
 * One command may write to several streams; the stream is part of each event id. Exported for logs
 * appended without a decider (a user's reveal history), which need the same ids and metadata.
 */
export function toEnvelopes(streamId: string, events: DomainEvent[], context: CommandContext): NewEvent[] {
  return events.map((event, index) => ({
    type: event.type,
    data: event.data,
    metadata: {
      eventId: uuidFromName(`${context.commandId}/${streamId}/${index}`),
      occurredAt: context.now.toISOString(),
      ...(context.userId ? { userId: context.userId } : {}),
      correlationId: context.correlationId,
      causationId: context.commandId,
      schemaVersion: 1,
    },
  }));
}

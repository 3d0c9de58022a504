import type { DomainEvent } from '@healthtal/contracts';
import {
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersion,
} from '@healthtal/eventstore';
import { uuidFromName } from './ids';
import { streamQueue } from './stream-queue';
import { activeTraceparent } from './trace-context';

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

/** Attempts before a version conflict reaches the caller (a 409), and the backoff between them. */
export const CONFLICT_RETRY = { attempts: 12, baseDelayMs: 2, maxDelayMs: 100 } as const;

/**
 * Runs `attempt` until it does not fail with a version conflict, a bounded number of times with
 * jittered exponential backoff ("full jitter": a random wait up to base·2ⁿ, capped), so writers that
 * collided do not collide again in step. Deciders are pure, so deciding again on the new state is
 * always safe: commands that commute (adding and removing list members) all succeed, and a command
 * the new state refuses gets the decider's own error instead of a conflict.
 */
export async function retryOnConflict<T>(attempt: (attemptNumber: number) => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || n >= CONFLICT_RETRY.attempts) throw error;
      const ceiling = Math.min(CONFLICT_RETRY.baseDelayMs * 2 ** n, CONFLICT_RETRY.maxDelayMs);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}

/** The state of an aggregate and the version to expect when appending to it. */
export async function loadAggregate<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, State, Event>, 'evolve' | 'initialState'>,
): Promise<{ state: State; expectedVersion: ExpectedVersion; history: RecordedEvent[] }> {
  const history = await store.readStream(streamId);
  const state = history.reduce((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState);
  return { state, expectedVersion: history.length === 0 ? 'noStream' : history.length - 1, history };
}

/**
 * Load → fold → decide → append with the version that was read. Commands on one stream from this
 * process queue behind each other (no conflict to retry at all); a writer in another process makes
 * the append fail with WrongExpectedVersion, and the command is decided again on the new state
 * (retryOnConflict). Event ids come from the command id, so a retried command re-appends the same
 * ids and the store ignores them.
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  context: CommandContext,
): Promise<{ events: Event[]; state: State }> {
  return streamQueue.run([streamId], () =>
    retryOnConflict(async () => {
      const { state, expectedVersion, history } = await loadAggregate(store, streamId, decider);
      // This very command ran before (a retry with the same Idempotency-Key after a lost answer or
      // a crash): answer what it did then, not what deciding again on the new state would say.
      const already = history.filter((event) => event.metadata.causationId === context.commandId);
      if (already.length > 0) return { events: already as unknown as Event[], state };
      const events = decider.decide(command, state);
      if (events.length === 0) return { events, state };
      await store.append(streamId, toEnvelopes(streamId, events, context), { expectedVersion });
      return { events, state: events.reduce(decider.evolve, state) };
    }),
  );
}

/**
 * One command whose events go to several streams in one atomic write (an email claim and the
 * account it belongs to). `decide` reads what it needs and answers each stream's events with the
 * version it read; a conflict on any stream decides the whole command again.
 */
export async function handleMultiStreamCommand<T>(
  store: EventStore,
  streamIds: readonly string[],
  decide: () => Promise<{
    appends: { streamId: string; events: DomainEvent[]; expectedVersion: ExpectedVersion }[];
    result: T;
  }>,
  context: CommandContext,
): Promise<T> {
  return streamQueue.run(streamIds, () =>
    retryOnConflict(async () => {
      const { appends, result } = await decide();
      const writes = appends.filter((append) => append.events.length > 0);
      if (writes.length > 0) {
        await store.appendToStreams(
          writes.map(({ streamId, events, expectedVersion }) => ({
            streamId,
            events: toEnvelopes(streamId, events, context),
            expectedVersion,
          })),
        );
      }
      return result;
    }),
  );
}

/**
 * One command may write to several streams; the stream is part of each event id. Exported for logs
 * appended without a decider (a user's reveal history), which need the same ids and metadata.
 */
export function toEnvelopes(streamId: string, events: DomainEvent[], context: CommandContext): NewEvent[] {
  const traceparent = activeTraceparent();
  return events.map((event, index) => ({
    type: event.type,
    data: event.data,
    metadata: {
      eventId: uuidFromName(`${context.commandId}/${streamId}/${index}`),
      occurredAt: context.now.toISOString(),
      ...(context.userId ? { userId: context.userId } : {}),
      correlationId: context.correlationId,
      causationId: context.commandId,
      ...(traceparent ? { traceparent } : {}),
    },
  }));
}

import type { EventMetadata } from '@healthtal/contracts';
import {
  type AppendStreamState,
  type CurrentStreamState,
  eventTypeFilter,
  excludeSystemEvents,
  type Filter,
  jsonEvent,
  NO_STREAM,
  type Position,
  type ReadPosition,
  ANY as STATE_ANY,
  START as STATE_START,
} from '@kurrent/kurrentdb-client';
import type { AllPosition, ExpectedVersion, ValidEvent } from '../event-store';
import { NO_STREAM as OUR_NO_STREAM, START } from '../event-store';

/**
 * Pure translations between our port and the KurrentDB client: no I/O here, so every rule has a
 * unit test that runs without a server (services/eventstore/test/kurrentdb-mapping.test.ts).
 */

/** Our expected version as the client's stream state. A version of -1 is our spelling of "no stream". */
export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return STATE_ANY;
  if (expected === 'noStream' || expected === OUR_NO_STREAM) return NO_STREAM;
  return BigInt(expected);
}

/** The stream version a WrongExpectedVersion reports: -1 when the stream does not exist. */
export function fromCurrentState(actual: CurrentStreamState | undefined): number {
  return typeof actual === 'bigint' ? Number(actual) : OUR_NO_STREAM;
}

/**
 * KurrentDB's log positions are our positions, field for field: `commit` orders transactions,
 * `prepare` the events inside one. They are bigints there; 2^53 bytes of log is 9 PB, so a number
 * holds them exactly.
 */
export const fromLogPosition = (position: Position): AllPosition => ({
  commit: Number(position.commit),
  prepare: Number(position.prepare),
});

/** Servers before 22.6 gave events read from a stream no position, or this placeholder. */
const UNKNOWN_POSITION = 2n ** 64n - 1n;

/** An event's position when the server told it, else null. */
export function knownPosition(position: Position | undefined): AllPosition | null {
  if (!position || position.commit === UNKNOWN_POSITION) return null;
  return fromLogPosition(position);
}

export function toReadPosition(position: AllPosition): ReadPosition {
  if (position.commit < 0 || position.prepare < 0) return STATE_START;
  return { commit: BigInt(position.commit), prepare: BigInt(position.prepare) };
}

export const isStart = (position: AllPosition) =>
  position.commit === START.commit && position.prepare === START.prepare;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An exact-match regex over event types, for the server-side filter. */
export const typesRegex = (types: readonly string[]) =>
  `^(?:${[...new Set(types)].map(escapeRegex).join('|')})$`;

/**
 * The server-side filter for reads and subscriptions of `$all`: only the given types, or, without
 * types, everything but the server's own `$`-prefixed events (stats, metadata, scavenges). The
 * checkpoint interval makes a filtered subscription report progress through long runs of events it
 * skips, which keeps the lag watchdog from mistaking a quiet filter for a dropped subscription.
 */
export function allFilter(types: readonly string[] | undefined): Filter {
  return types ? eventTypeFilter({ regex: typesRegex(types), checkpointInterval: 1 }) : excludeSystemEvents();
}

/**
 * Our metadata as stored on a KurrentDB event. Multi-stream appends only take string values, so
 * every field is written as a string and read back through `decodeMetadata`.
 */
export function encodeMetadata(metadata: EventMetadata): Record<string, string> {
  return {
    eventId: metadata.eventId,
    occurredAt: metadata.occurredAt,
    ...(metadata.userId !== undefined ? { userId: metadata.userId } : {}),
    correlationId: metadata.correlationId,
    causationId: metadata.causationId,
    ...(metadata.traceparent !== undefined ? { traceparent: metadata.traceparent } : {}),
    schemaVersion: String(metadata.schemaVersion),
  };
}

/**
 * Our metadata from what the server returns: only our own fields are kept (the server may add
 * `$`-prefixed properties of its own), and the schema version becomes a number again.
 */
export function decodeMetadata(raw: unknown, eventId: string): EventMetadata {
  const stored = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof stored[name] === 'string' ? (stored[name] as string) : undefined);
  const userId = text('userId');
  const traceparent = text('traceparent');
  return {
    eventId: text('eventId') ?? eventId,
    occurredAt: text('occurredAt') ?? '',
    ...(userId !== undefined ? { userId } : {}),
    correlationId: text('correlationId') ?? '',
    causationId: text('causationId') ?? '',
    ...(traceparent !== undefined ? { traceparent } : {}),
    schemaVersion: Number(stored.schemaVersion ?? 1),
  };
}

/**
 * An event as the client writes it. The KurrentDB event id is our event id, which handleCommand
 * derives from the command id: a retried command carries the same ids, and the server's
 * idempotency check (plus ours, see KurrentDBEventStore.append) makes the retry a no-op.
 */
export const toEventData = (event: ValidEvent) =>
  jsonEvent({
    id: event.metadata.eventId,
    type: event.type,
    data: event.data as Record<string, unknown>,
    metadata: encodeMetadata(event.metadata),
  });

/** How a batch of event ids relates to what a stream holds already. */
export type StoredIds = 'none' | 'all' | 'some';
export function classifyStoredIds(ids: readonly string[], stored: ReadonlySet<string>): StoredIds {
  const found = ids.filter((id) => stored.has(id)).length;
  if (found === 0) return 'none';
  return found === ids.length ? 'all' : 'some';
}

/**
 * When the server recorded an event, the same through every read path: the Rust bridge that serves
 * reads gives the server's `created` in whole seconds, the gRPC subscription in milliseconds, so
 * both are cut to the second (a live projection and its rebuild, the relay and a replay `until`
 * then agree).
 */
export const recordedAtOf = (created: Date) => new Date(Math.floor(created.getTime() / 1000) * 1000);

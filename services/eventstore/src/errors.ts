import type { ExpectedVersion } from './event-store';

/** Base of every error the event store throws on purpose; callers switch on `code`. */
export abstract class EventStoreError extends Error {
  abstract readonly code: string;
}

export class WrongExpectedVersion extends EventStoreError {
  readonly code = 'WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
  }
}

export class InvalidStreamName extends EventStoreError {
  readonly code = 'INVALID_STREAM_NAME';
  constructor(readonly streamId: string) {
    super(`"${streamId.slice(0, 80)}" is not a stream name: use <kind>-<id>`);
  }
}

export class UnknownEventType extends EventStoreError {
  readonly code = 'UNKNOWN_EVENT_TYPE';
  constructor(readonly type: string) {
    super(`No schema is registered for event type "${type.slice(0, 80)}"`);
  }
}

export type SchemaIssue = { path: string; message: string };

export class InvalidEventData extends EventStoreError {
  readonly code = 'INVALID_EVENT_DATA';
  constructor(
    readonly type: string,
    readonly issues: SchemaIssue[],
  ) {
    super(
      `${type} does not match its schema: ${issues.map((i) => `${i.path || '(root)'} ${i.message}`).join('; ')}`,
    );
  }
}

/** Some, but not all, of an append's event ids are stored already: a retry that is not a retry. */
export class DuplicateEventId extends EventStoreError {
  readonly code = 'DUPLICATE_EVENT_ID';
  constructor(readonly streamId: string) {
    super(`Some event ids of this append to ${streamId} are already stored with other appends`);
  }
}

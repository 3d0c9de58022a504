import type { EventMetadata, NewEventMetadata } from '@healthtal/contracts';

/**
 * A position in `$all`. `commit` orders transactions, `prepare` orders events inside one.
 * Comparing (commit, prepare) pairs gives the one order every reader of `$all` sees; an event that
 * becomes visible later always sorts after everything already read.
 */
export type AllPosition = { readonly commit: number; readonly prepare: number };
export const START: AllPosition = Object.freeze({ commit: -1, prepare: -1 });

export const comparePositions = (a: AllPosition, b: AllPosition): number =>
  a.commit !== b.commit ? Math.sign(a.commit - b.commit) : Math.sign(a.prepare - b.prepare);
export const isAfter = (a: AllPosition, b: AllPosition) => comparePositions(a, b) > 0;
export const formatPosition = (p: AllPosition) => `${p.commit}/${p.prepare}`;

/** `any`: no check; `noStream`: the stream must not exist; a number: the stream's last position. */
export type ExpectedVersion = 'any' | 'noStream' | number;
/** Refuses a numeric expected version that is not a stream position (or -1, no stream). */
export function assertExpectedVersion(expected: ExpectedVersion): void {
  if (typeof expected === 'number' && (!Number.isInteger(expected) || expected < -1)) {
    throw new RangeError(`expectedVersion must be an integer >= -1, got ${expected}`);
  }
}

/** The version of a stream that has no events. */
export const NO_STREAM = -1;

/**
 * An event as a writer appends it. Its metadata has no schema version: the store stamps the type's
 * current one (EventRegistry.validate), the version of the schema the data is checked against.
 */
export type NewEvent = { type: string; data: unknown; metadata: NewEventMetadata };
/** An event the registry checked: metadata stamped with the version of its type it is written in. */
export type ValidEvent = { type: string; data: unknown; metadata: EventMetadata };

export type RecordedEvent<Type extends string = string, Data = unknown> = {
  readonly streamId: string;
  /** 0-based position inside the stream. */
  readonly streamPosition: number;
  readonly position: AllPosition;
  readonly type: Type;
  readonly data: Data;
  /** As written: `schemaVersion` is the version the data was stored in, `data` is upcast to the current one. */
  readonly metadata: EventMetadata;
  readonly recordedAt: Date;
};

export type AppendResult = {
  /** The stream's version after the append: pass it as the next expectedVersion. */
  readonly nextExpectedVersion: number;
  /** False when every event id was already stored and nothing was written. */
  readonly appended: boolean;
  /** Position of the last event written; null when nothing was written. */
  readonly position: AllPosition | null;
};

export type ReadStreamOptions = { from?: number; limit?: number };
export type ReadAllOptions = {
  /** Exclusive: the position of the last event the reader already has. Omit to read from the start. */
  fromPosition?: AllPosition;
  limit?: number;
  /**
   * Only these event types. Positions stay those of `$all`, so a reader that only cares about a few
   * types skips the rest without reading (or decrypting) them.
   */
  types?: readonly string[];
};

export type CountEventsOptions = {
  /** Exclusive, like readAll's fromPosition. */
  after: AllPosition;
  types?: readonly string[];
  /** Counting stops here. */
  limit: number;
};

export type SubscribeOptions = {
  /** Exclusive, like readAll's fromPosition. */
  fromPosition?: AllPosition;
  batchSize?: number;
  /** Only these event types (see ReadAllOptions.types); `caughtUp` then waits for the last of them. */
  types?: readonly string[];
  /** Called with each batch in `$all` order; the next batch is read only after it resolves. */
  onEvents: (events: RecordedEvent[]) => Promise<void>;
  /** A failing handler is retried with backoff; each failure is reported here. */
  onError?: (error: unknown) => void;
};

export interface Subscription {
  /** Resolves when the subscription has handled every event committed before this was called. */
  caughtUp(): Promise<void>;
  /** Stops reading; resolves after the batch in flight is handled. */
  stop(): Promise<void>;
}

export type NewStream = { streamId: string; events: NewEvent[] };

/** One stream's part of a multi-stream append. */
export type StreamAppend = { streamId: string; events: NewEvent[]; expectedVersion: ExpectedVersion };

export type MultiStreamAppendResult = {
  /** False when every event id was already stored (a retry) and nothing was written. */
  readonly appended: boolean;
  /** Position of the last event written; null when nothing was written. */
  readonly position: AllPosition | null;
};

export interface EventStore {
  /**
   * Starts many new streams at once (imports): one round trip, one transaction. A stream that
   * exists already is left as it is and reported in `existing`, so a batch retried after a crash
   * appends nothing twice.
   */
  createStreams(streams: NewStream[]): Promise<{ created: number; existing: string[] }>;
  append(
    streamId: string,
    events: NewEvent[],
    options?: { expectedVersion?: ExpectedVersion },
  ): Promise<AppendResult>;
  /**
   * Appends to several streams as one atomic write: every stream's expected version is checked and
   * either all events are written or none (WrongExpectedVersion names the first stream that did not
   * match). Invariants that span streams (an email claim and the account it belongs to) hold under
   * any interleaving this way. A retry whose event ids are all stored writes nothing; one whose ids
   * are partly stored is refused (DuplicateEventId).
   */
  appendToStreams(appends: StreamAppend[]): Promise<MultiStreamAppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * The position of the newest event readers of `$all` can see, or START when there is none. With
   * `settle`, first waits (a few seconds at most) for the writes already in flight to end, so the
   * head includes everything committed before the call even while other transactions are open.
   */
  headPosition(options?: { settle?: boolean; types?: readonly string[] }): Promise<AllPosition>;
  /**
   * How many events (of these types) readers of `$all` can see after `after`, counting up to
   * `limit`: a projector's lag, without reading or decrypting the events.
   */
  countEvents(options: CountEventsOptions): Promise<number>;
  subscribe(options: SubscribeOptions): Subscription;
  /**
   * After a subject's key was erased: removes from the stream's stored events about erased subjects
   * the personal values an older version of their type kept in the clear (ADR 0044), which readers
   * already get as null. Only those values change; an event whose personal fields are all sealed is
   * never rewritten (without the key they are nothing). Returns how many events were rewritten. An
   * adapter whose events cannot be rewritten (KurrentDB) rewrites none and says so with 0.
   */
  purgeErasedPersonalData(streamId: string): Promise<number>;
  close(): Promise<void>;
}

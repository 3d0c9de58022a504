/**
 * The in-memory transaction log of the KurrentDB double: streams, revisions, expected-revision
 * checks, idempotent writes, `$all` positions, soft deletes and tombstones, as KurrentDB documents
 * them (see docs/adr/0020-kurrentdb-wire-double.md for the source of each rule). No gRPC here.
 */

/** A log position: `commit` is the transaction's, `prepare` the event's own. */
export type LogPosition = { readonly commit: bigint; readonly prepare: bigint };

export type LogRecord = {
  readonly streamId: string;
  readonly revision: bigint;
  readonly position: LogPosition;
  readonly id: string;
  readonly type: string;
  readonly contentType: string;
  readonly data: Uint8Array;
  readonly metadata: Uint8Array;
  /** .NET ticks (100 ns) since the Unix epoch, as the server's `created` property. */
  readonly created: bigint;
};

export type ProposedEvent = Pick<LogRecord, 'id' | 'type' | 'contentType' | 'data' | 'metadata'>;

/** any, no_stream, stream_exists, or the exact revision of the stream's last event. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

/** The state of a stream a conflict reports: its last revision, or absent. */
export type CurrentRevision = bigint | 'no_stream';

export class WrongExpectedRevision extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly current: CurrentRevision,
  ) {
    super(`Wrong expected revision on ${streamId}: expected ${expected}, current ${current}`);
  }
}

/** Appending to, reading or deleting a tombstoned stream. */
export class StreamTombstoned extends Error {
  constructor(readonly streamId: string) {
    super(`${streamId} is tombstoned`);
  }
}

export type WriteResult = {
  /** The stream's last revision after the write. */
  readonly revision: bigint;
  /** The write's position; null when every event id was already there and nothing was written. */
  readonly position: LogPosition | null;
  readonly records: readonly LogRecord[];
};

type StreamState = {
  records: LogRecord[];
  /** Revisions before this are soft-deleted (the server's `$tb` metadata). */
  truncateBefore: bigint;
  tombstoned: boolean;
};

/** What a tombstoned stream's last event is numbered: long.MaxValue, as the server writes it. */
export const TOMBSTONE_REVISION = 2n ** 63n - 1n;
const TICKS_AT_UNIX_EPOCH_PER_MS = 10_000n;
/** Bytes a record takes in the log apart from its payloads; positions are byte offsets. */
const RECORD_OVERHEAD = 78n;

export class TransactionLog {
  readonly records: LogRecord[] = [];
  private readonly streams = new Map<string, StreamState>();
  private nextPosition = 0n;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {
    // A fresh server has written its epoch before any client connects: `$all` never starts with ours.
    this.write([
      {
        streamId: '$epoch-information',
        events: [systemEvent('$epoch-information', { epochNumber: 0 })],
        expected: 'any',
      },
    ]);
  }

  /** Called after every write (subscriptions wake up on it). */
  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get head(): LogPosition | null {
    return this.records[this.records.length - 1]?.position ?? null;
  }

  isTombstoned(streamId: string) {
    return this.streams.get(streamId)?.tombstoned ?? false;
  }

  /** The stream's live events (soft-deleted ones hidden); null when the stream does not exist. */
  readStream(streamId: string): LogRecord[] | null {
    const stream = this.streams.get(streamId);
    if (!stream) return null;
    if (stream.tombstoned) throw new StreamTombstoned(streamId);
    const live = stream.records.filter((record) => record.revision >= stream.truncateBefore);
    return live.length > 0 ? live : null;
  }

  /**
   * One atomic write to one or more streams: every expectation is checked (and every idempotent
   * retry recognised) before anything is written; then all the events are written in one
   * transaction, sharing its commit position.
   */
  write(appends: { streamId: string; events: ProposedEvent[]; expected: ExpectedRevision }[]): WriteResult[] {
    const plans = appends.map(({ streamId, events, expected }) => this.plan(streamId, events, expected));
    const transaction = this.nextPosition;
    const created = BigInt(this.now()) * TICKS_AT_UNIX_EPOCH_PER_MS;
    const results = plans.map((plan): WriteResult => {
      if (plan.kind === 'idempotent') return { revision: plan.revision, position: null, records: [] };
      const stream = this.stream(plan.streamId);
      let revision = plan.current === 'no_stream' ? stream.truncateBefore - 1n : plan.current;
      const records = plan.events.map((event) => {
        revision += 1n;
        return this.record(plan.streamId, revision, transaction, created, event);
      });
      stream.records.push(...records);
      return { revision, position: records[0]?.position ?? null, records };
    });
    if (results.some((result) => result.records.length > 0)) this.notify();
    return results;
  }

  /** Soft delete: the stream reads as absent; a later append recreates it, numbering on. */
  softDelete(streamId: string, expected: ExpectedRevision): LogPosition {
    const current = this.currentRevision(streamId);
    checkExpected(streamId, expected, current);
    const stream = this.stream(streamId);
    const last = stream.records[stream.records.length - 1]?.revision ?? -1n;
    stream.truncateBefore = last + 1n;
    const [result] = this.write([
      {
        streamId: `$$${streamId}`,
        events: [systemEvent('$metadata', { $tb: Number(stream.truncateBefore) })],
        expected: 'any',
      },
    ]);
    return result!.position!;
  }

  /** Tombstone (hard delete): the stream is gone for good; a `$streamDeleted` event marks it in `$all`. */
  tombstone(streamId: string, expected: ExpectedRevision): LogPosition {
    const current = this.currentRevision(streamId);
    checkExpected(streamId, expected, current);
    const stream = this.stream(streamId);
    const position = this.nextPosition;
    const marker = this.record(streamId, TOMBSTONE_REVISION, position, BigInt(this.now()) * 10_000n, {
      ...systemEvent('$streamDeleted', {}),
    });
    stream.records.push(marker);
    stream.tombstoned = true;
    this.notify();
    return marker.position;
  }

  /** The last revision of a live stream, or no_stream (never written, or soft-deleted). */
  currentRevision(streamId: string): CurrentRevision {
    const stream = this.streams.get(streamId);
    if (!stream) return 'no_stream';
    if (stream.tombstoned) throw new StreamTombstoned(streamId);
    const last = stream.records[stream.records.length - 1];
    return last && last.revision >= stream.truncateBefore ? last.revision : 'no_stream';
  }

  private plan(streamId: string, events: ProposedEvent[], expected: ExpectedRevision) {
    const current = this.currentRevision(streamId);
    const retry = this.idempotentRetry(streamId, events, expected, current);
    if (retry !== null) return { kind: 'idempotent' as const, streamId, revision: retry };
    checkExpected(streamId, expected, current);
    return { kind: 'write' as const, streamId, events, current };
  }

  /**
   * The server's idempotency check. With an exact (or no_stream) expectation, the events right
   * after the expected revision are compared with the proposed ids: all equal means a retry, whose
   * answer is success without a write; some equal is a conflict. With any (or stream_exists) the
   * first id is looked up in the stream and the following ones compared the same way.
   */
  private idempotentRetry(
    streamId: string,
    events: ProposedEvent[],
    expected: ExpectedRevision,
    current: CurrentRevision,
  ): bigint | null {
    const stored = this.readStream(streamId) ?? [];
    if (events.length === 0 || stored.length === 0) return null;
    let start: number;
    if (typeof expected === 'bigint' || expected === 'no_stream') {
      const after = expected === 'no_stream' ? -1n : expected;
      if (current === 'no_stream' || current <= after) return null;
      start = stored.findIndex((record) => record.revision === after + 1n);
    } else {
      start = stored.findIndex((record) => record.id === events[0]!.id);
    }
    if (start < 0) return null;
    const window = stored.slice(start, start + events.length);
    const matching = window.filter((record, i) => record.id === events[i]!.id).length;
    if (matching === events.length) return window[window.length - 1]!.revision;
    if (matching > 0) throw new WrongExpectedRevision(streamId, expected, current);
    return null;
  }

  private stream(streamId: string): StreamState {
    let stream = this.streams.get(streamId);
    if (!stream) {
      stream = { records: [], truncateBefore: 0n, tombstoned: false };
      this.streams.set(streamId, stream);
    }
    return stream;
  }

  private record(
    streamId: string,
    revision: bigint,
    transaction: bigint,
    created: bigint,
    event: ProposedEvent,
  ): LogRecord {
    const prepare = this.nextPosition;
    const size =
      RECORD_OVERHEAD +
      BigInt(streamId.length + event.type.length + event.data.length + event.metadata.length);
    this.nextPosition += size;
    const record: LogRecord = {
      ...event,
      streamId,
      revision,
      position: { commit: transaction, prepare },
      created,
    };
    this.records.push(record);
    return record;
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }
}

export function checkExpected(streamId: string, expected: ExpectedRevision, current: CurrentRevision) {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === 'no_stream') ||
    (expected === 'stream_exists' && current !== 'no_stream') ||
    (typeof expected === 'bigint' && current === expected);
  if (!ok) throw new WrongExpectedRevision(streamId, expected, current);
}

export const comparePositions = (a: LogPosition, b: LogPosition) =>
  a.commit !== b.commit
    ? a.commit < b.commit
      ? -1
      : 1
    : a.prepare < b.prepare
      ? -1
      : a.prepare > b.prepare
        ? 1
        : 0;

function systemEvent(type: string, data: object): ProposedEvent {
  return {
    id: crypto.randomUUID(),
    type,
    contentType: 'application/json',
    data: Buffer.from(JSON.stringify(data)),
    metadata: new Uint8Array(),
  };
}

/** Records periodically written by the server itself (`$statsCollected`), which clients must skip. */
export function writeStatsEvent(log: TransactionLog, node: string) {
  log.write([
    {
      streamId: `$stats-${node}`,
      events: [systemEvent('$statsCollected', { 'proc-id': process.pid })],
      expected: 'any',
    },
  ]);
}

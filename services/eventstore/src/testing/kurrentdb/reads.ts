import { randomUUID } from 'node:crypto';
import { Metadata, type ServerWritableStream, status } from '@grpc/grpc-js';
import {
  comparePositions,
  type LogPosition,
  type LogRecord,
  StreamTombstoned,
  type TransactionLog,
} from './log';
import {
  googleTimestamp,
  type ReadReq,
  type ReadReqOptions,
  type ReadResp,
  streamIdentifier,
  streamName,
  toUuid,
  v1Streams,
} from './protocol';

const { ReadReq: Req, ReadResp: Resp } = v1Streams;
type ReadCall = ServerWritableStream<ReadReq, ReadResp>;

/** How the server answers a read of a stream that was tombstoned (exception metadata the clients map). */
export function streamDeletedError(streamId: string) {
  const metadata = new Metadata();
  metadata.set('exception', 'stream-deleted');
  metadata.set('stream-name', streamId);
  return { code: status.FAILED_PRECONDITION, details: `Event stream '${streamId}' is deleted.`, metadata };
}

/** A recorded event as `ReadResp.event`, its id in the form the reader asked for. */
export function eventMessage(record: LogRecord, options: ReadReqOptions): ReadResp {
  const recorded = new Resp.ReadEvent.RecordedEvent()
    .setId(toUuid(record.id, options.getUuidOption()?.hasStructured() ?? false))
    .setStreamIdentifier(streamIdentifier(record.streamId))
    .setStreamRevision(record.revision.toString())
    .setPreparePosition(record.position.prepare.toString())
    .setCommitPosition(record.position.commit.toString())
    .setCustomMetadata(record.metadata)
    .setData(record.data);
  recorded
    .getMetadataMap()
    .set('type', record.type)
    .set('content-type', record.contentType)
    .set('created', record.created.toString());
  const event = new Resp.ReadEvent().setEvent(recorded).setCommitPosition(record.position.commit.toString());
  return new Resp().setEvent(event);
}

/** The server-side filter of a `$all` read or subscription; null when there is none. */
export function recordFilter(options: ReadReqOptions): ((record: LogRecord) => boolean) | null {
  if (!options.hasFilter()) return null;
  const filter = options.getFilter()!;
  const onType = filter.hasEventType();
  const expression = onType ? filter.getEventType()! : filter.getStreamIdentifier()!;
  const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : null;
  const prefixes = expression.getPrefixList();
  return (record) => {
    const subject = onType ? record.type : record.streamId;
    if (regex) return regex.test(subject);
    return prefixes.some((prefix) => subject.startsWith(prefix));
  };
}

const toLogPosition = (position: { getCommitPosition(): string; getPreparePosition(): string }) => ({
  commit: BigInt(position.getCommitPosition()),
  prepare: BigInt(position.getPreparePosition()),
});

/** `Streams.Read` without a subscription: a stream or `$all`, forwards or backwards, up to `count`. */
export function readOnce(log: TransactionLog, call: ReadCall) {
  const options = call.request.getOptions()!;
  const backwards = options.getReadDirection() === Req.Options.ReadDirection.BACKWARDS;
  const count = BigInt(options.getCount() || '0');
  let records: LogRecord[];
  if (options.hasStream()) {
    const stream = options.getStream()!;
    const streamId = streamName(stream.getStreamIdentifier());
    let stored: LogRecord[] | null;
    try {
      stored = log.readStream(streamId);
    } catch (error) {
      if (error instanceof StreamTombstoned)
        return call.emit('error', Object.assign(new Error(), streamDeletedError(streamId)));
      throw error;
    }
    if (!stored) {
      call.write(
        new Resp().setStreamNotFound(
          new Resp.StreamNotFound().setStreamIdentifier(streamIdentifier(streamId)),
        ),
      );
      return call.end();
    }
    // From the start: revision 0; from the end: past the last one. Forwards from the end reads
    // nothing, backwards from the start reads the first event only.
    const last = stored[stored.length - 1]!.revision;
    const from = stream.hasRevision() ? BigInt(stream.getRevision()) : stream.hasEnd() ? last + 1n : 0n;
    records = backwards
      ? stored.filter((r) => r.revision <= from).reverse()
      : stored.filter((r) => r.revision >= from);
  } else {
    const all = options.getAll()!;
    // Forwards from a position includes the event there; backwards reads what lies before it.
    const head = log.records[log.records.length - 1]?.position;
    const end = head ? { commit: head.commit + 1n, prepare: head.prepare + 1n } : { commit: 0n, prepare: 0n };
    const from = all.hasPosition()
      ? toLogPosition(all.getPosition()!)
      : all.hasEnd()
        ? end
        : { commit: -1n, prepare: -1n };
    const matches = recordFilter(options);
    records = log.records.filter(
      (r) =>
        (backwards ? comparePositions(r.position, from) < 0 : comparePositions(r.position, from) >= 0) &&
        (matches?.(r) ?? true),
    );
    if (backwards) records.reverse();
  }
  for (const record of records.slice(0, Number(count))) call.write(eventMessage(record, options));
  call.end();
}

export type SubscriptionSettings = {
  /** Events a live subscriber may lag behind before the server sends FellBehind and catches up again. */
  liveBufferSize: number;
  /** A slow server: each subscription event is sent this long after the previous one. */
  eventDelayMs: number;
  /** The filter's search window when the client does not set one (`count`): the server's default. */
  defaultSearchWindow: number;
};

/**
 * A catch-up subscription: confirmation, the history after the start position (exclusive), a
 * CaughtUp, then live events. A filtered subscription sends a checkpoint every
 * `checkpointIntervalMultiplier × window` events it looked at, and one when it catches up.
 */
export class SubscriptionPump {
  private cursor: number;
  private caughtUp = false;
  private wedged = false;
  private ended = false;
  private wake: (() => void) | null = null;
  private readonly unlisten: () => void;
  private readonly options: ReadReqOptions;
  private readonly matches: ((record: LogRecord) => boolean) | null;
  private readonly checkpointEvery: number;

  constructor(
    private readonly log: TransactionLog,
    private readonly call: ReadCall,
    private readonly settings: SubscriptionSettings,
    onEnd: () => void,
  ) {
    this.options = call.request.getOptions()!;
    this.matches = recordFilter(this.options);
    const filter = this.options.getFilter();
    const window = filter?.hasMax() ? filter.getMax() : settings.defaultSearchWindow;
    this.checkpointEvery = Math.max(1, (filter?.getCheckpointintervalmultiplier() ?? 1) * window);
    this.cursor = this.startIndex();
    this.unlisten = log.onWrite(() => this.wake?.());
    const end = () => {
      this.ended = true;
      this.unlisten();
      this.wake?.();
      onEnd();
    };
    call.on('cancelled', end);
    call.on('close', end);
    call.on('error', end);
  }

  /** A stream that stays open and never says anything again (a dead peer behind a proxy). */
  wedge() {
    this.wedged = true;
    this.wake?.();
  }

  async run(): Promise<void> {
    this.call.write(
      new v1Streams.ReadResp().setConfirmation(
        new v1Streams.ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID()),
      ),
    );
    let scanned = 0;
    while (!this.ended && !this.wedged) {
      if (this.caughtUp && this.log.records.length - this.cursor > this.settings.liveBufferSize) {
        this.caughtUp = false;
        this.call.write(new v1Streams.ReadResp().setFellBehind(this.progress(new Resp.FellBehind())));
      }
      const record = this.log.records[this.cursor];
      if (!record) {
        if (!this.caughtUp) {
          this.caughtUp = true;
          if (this.matches && this.cursor > 0) this.checkpoint(this.log.records[this.cursor - 1]!.position);
          this.call.write(new v1Streams.ReadResp().setCaughtUp(this.progress(new Resp.CaughtUp())));
        }
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        continue;
      }
      this.cursor++;
      if (this.matches && !this.matches(record)) {
        if (++scanned >= this.checkpointEvery) {
          scanned = 0;
          this.checkpoint(record.position);
        }
      } else {
        scanned = 0;
        if (this.settings.eventDelayMs > 0)
          await new Promise((r) => setTimeout(r, this.settings.eventDelayMs));
        if (this.ended || this.wedged) return;
        if (!this.call.write(eventMessage(record, this.options))) await this.drained();
      }
    }
  }

  private startIndex(): number {
    const all = this.options.getAll()!;
    if (all.hasEnd()) return this.log.records.length;
    if (!all.hasPosition()) return 0;
    const from = toLogPosition(all.getPosition()!);
    const index = this.log.records.findIndex((r) => comparePositions(r.position, from) > 0);
    return index < 0 ? this.log.records.length : index;
  }

  /** CaughtUp and FellBehind carry when and where (the last position looked at). */
  private progress<M extends InstanceType<typeof Resp.CaughtUp> | InstanceType<typeof Resp.FellBehind>>(
    message: M,
  ): M {
    const last = this.log.records[this.cursor - 1]?.position ?? { commit: 0n, prepare: 0n };
    message.setTimestamp(googleTimestamp.Timestamp.fromDate(new Date()));
    message.setPosition(
      new Resp.Position()
        .setCommitPosition(last.commit.toString())
        .setPreparePosition(last.prepare.toString()),
    );
    return message;
  }

  private checkpoint(position: LogPosition) {
    const checkpoint = new v1Streams.ReadResp.Checkpoint()
      .setCommitPosition(position.commit.toString())
      .setPreparePosition(position.prepare.toString());
    this.call.write(new v1Streams.ReadResp().setCheckpoint(checkpoint));
  }

  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.call.off('drain', done);
        this.wake = null;
        resolve();
      };
      this.call.once('drain', done);
      this.wake = done;
    });
  }
}

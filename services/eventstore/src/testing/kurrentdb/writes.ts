import {
  type handleBidiStreamingCall,
  type handleClientStreamingCall,
  type handleUnaryCall,
  Metadata,
  status,
} from '@grpc/grpc-js';
import {
  type CurrentRevision,
  type ExpectedRevision,
  type LogPosition,
  type ProposedEvent,
  StreamTombstoned,
  type TransactionLog,
  WrongExpectedRevision,
} from './log';
import {
  type AppendReq,
  type AppendResp,
  type BatchAppendReq,
  type BatchAppendResp,
  type DeleteReq,
  type DeleteResp,
  fromUuid,
  googleAny,
  googleEmpty,
  streamIdentifier,
  streamName,
  type TombstoneReq,
  type TombstoneResp,
  v1Shared,
  v1Status,
  v1Streams,
} from './protocol';
import { streamDeletedError } from './reads';

type Expectation = {
  hasRevision(): boolean;
  getRevision(): string;
  hasNoStream(): boolean;
  hasStreamExists(): boolean;
};

/** v1 messages spell the expectation as a oneof of revision / no_stream / any / stream_exists. */
function expectedOf(options: Expectation): ExpectedRevision {
  if (options.hasRevision()) return BigInt(options.getRevision());
  if (options.hasNoStream()) return 'no_stream';
  if (options.hasStreamExists()) return 'stream_exists';
  return 'any';
}

type ProposedMessage = {
  getId(): InstanceType<typeof v1Shared.UUID> | undefined;
  getMetadataMap(): { get(key: string): string | undefined };
  getCustomMetadata_asU8(): Uint8Array;
  getData_asU8(): Uint8Array;
};

const proposed = (message: ProposedMessage): ProposedEvent => ({
  id: fromUuid(message.getId()) ?? crypto.randomUUID(),
  type: message.getMetadataMap().get('type') ?? '',
  contentType: message.getMetadataMap().get('content-type') ?? 'application/octet-stream',
  data: message.getData_asU8(),
  metadata: message.getCustomMetadata_asU8(),
});

/** Larger than the server's MaxAppendSize (bytes of the proposed events). */
class AppendTooLarge extends Error {
  constructor(
    readonly size: number,
    readonly maxSize: number,
  ) {
    super(`Maximum Append Size of ${maxSize} Exceeded (${size} bytes).`);
  }
}

export const grpcError = (code: status, details: string, metadata = new Metadata()) =>
  Object.assign(new Error(details), { code, details, metadata });

/** `Streams.Append`: options first, then the events; a conflict is an answer, not an error. */
export const append =
  (log: TransactionLog, maxAppendSize: number): handleClientStreamingCall<AppendReq, AppendResp> =>
  (call, callback) => {
    let options: InstanceType<typeof v1Streams.AppendReq.Options> | undefined;
    const events: ProposedEvent[] = [];
    let size = 0;
    call.on('data', (request: AppendReq) => {
      if (request.hasOptions()) options = request.getOptions();
      else {
        size += request.getProposedMessage()!.serializeBinary().length;
        events.push(proposed(request.getProposedMessage()!));
      }
    });
    call.on('end', () => {
      const streamId = streamName(options?.getStreamIdentifier());
      if (size > maxAppendSize) {
        const metadata = new Metadata();
        metadata.set('exception', 'maximum-append-size-exceeded');
        metadata.set('maximum-append-size', String(maxAppendSize));
        return callback(
          grpcError(status.INVALID_ARGUMENT, `Maximum Append Size of ${maxAppendSize} Exceeded.`, metadata),
        );
      }
      const expected = options ? expectedOf(options) : 'any';
      const response = new v1Streams.AppendResp();
      try {
        const [result] = log.write([{ streamId, events, expected }]);
        const success = new v1Streams.AppendResp.Success().setCurrentRevision(result!.revision.toString());
        if (result!.position) success.setPosition(appendPosition(result!.position));
        else success.setNoPosition(new v1Shared.Empty());
        callback(null, response.setSuccess(success));
      } catch (error) {
        if (error instanceof WrongExpectedRevision) {
          const wrong = new v1Streams.AppendResp.WrongExpectedVersion();
          if (error.current === 'no_stream') wrong.setCurrentNoStream(new googleEmpty.Empty());
          else wrong.setCurrentRevision(error.current.toString());
          if (typeof expected === 'bigint') wrong.setExpectedRevision(expected.toString());
          else if (expected === 'no_stream') wrong.setExpectedNoStream(new googleEmpty.Empty());
          else if (expected === 'stream_exists') wrong.setExpectedStreamExists(new googleEmpty.Empty());
          else wrong.setExpectedAny(new googleEmpty.Empty());
          return callback(null, response.setWrongExpectedVersion(wrong));
        }
        callback(writeError(error, streamId));
      }
    });
  };

const appendPosition = (position: LogPosition) =>
  new v1Streams.AppendResp.Position()
    .setCommitPosition(position.commit.toString())
    .setPreparePosition(position.prepare.toString());

function writeError(error: unknown, streamId: string) {
  if (error instanceof StreamTombstoned) {
    const { code, details, metadata } = streamDeletedError(streamId);
    return grpcError(code, details, metadata);
  }
  return grpcError(status.INTERNAL, String(error));
}

/**
 * `Streams.BatchAppend`: one long-lived bidirectional stream; each append is a run of requests
 * sharing a correlation id, the first carrying the options, the last `is_final`. Failures are a
 * google.rpc.Status in the response, its detail the v1 shared error message.
 */
export const batchAppend =
  (log: TransactionLog, maxAppendSize: number): handleBidiStreamingCall<BatchAppendReq, BatchAppendResp> =>
  (call) => {
    type Pending = {
      options: InstanceType<typeof v1Streams.BatchAppendReq.Options>;
      events: ProposedEvent[];
      size: number;
    };
    const pending = new Map<string, Pending>();
    call.on('data', (request: BatchAppendReq) => {
      const correlation = fromUuid(request.getCorrelationId())!;
      const entry = pending.get(correlation) ?? { options: request.getOptions()!, events: [], size: 0 };
      pending.set(correlation, entry);
      for (const message of request.getProposedMessagesList()) {
        entry.size += message.serializeBinary().length;
        entry.events.push(proposed(message));
      }
      if (!request.getIsFinal()) return;
      pending.delete(correlation);
      const streamId = streamName(entry.options.getStreamIdentifier());
      const expected = batchExpected(entry.options);
      const response = new v1Streams.BatchAppendResp()
        .setCorrelationId(request.getCorrelationId())
        .setStreamIdentifier(streamIdentifier(streamId));
      try {
        if (entry.size > maxAppendSize) throw new AppendTooLarge(entry.size, maxAppendSize);
        const [result] = log.write([{ streamId, events: entry.events, expected }]);
        const success = new v1Streams.BatchAppendResp.Success().setCurrentRevision(
          result!.revision.toString(),
        );
        if (result!.position) {
          success.setPosition(
            new v1Shared.AllStreamPosition()
              .setCommitPosition(result!.position.commit.toString())
              .setPreparePosition(result!.position.prepare.toString()),
          );
        } else success.setNoPosition(new googleEmpty.Empty());
        call.write(response.setSuccess(success));
      } catch (error) {
        call.write(response.setError(batchError(error, streamId, expected)));
      }
    });
    call.on('end', () => call.end());
  };

function batchExpected(options: InstanceType<typeof v1Streams.BatchAppendReq.Options>): ExpectedRevision {
  if (options.hasStreamPosition()) return BigInt(options.getStreamPosition());
  if (options.hasNoStream()) return 'no_stream';
  if (options.hasStreamExists()) return 'stream_exists';
  return 'any';
}

function batchError(error: unknown, streamId: string, expected: ExpectedRevision) {
  const detail = new googleAny.Any();
  const rpcStatus = new v1Status.Status();
  if (error instanceof WrongExpectedRevision) {
    detail.pack(
      wrongExpectedVersion(error.current, expected).serializeBinary(),
      'event_store.client.WrongExpectedVersion',
    );
    return rpcStatus.setCode(9).setMessage(error.message).setDetails(detail);
  }
  if (error instanceof StreamTombstoned) {
    const deleted = new v1Shared.StreamDeleted().setStreamIdentifier(streamIdentifier(streamId));
    detail.pack(deleted.serializeBinary(), 'event_store.client.StreamDeleted');
    return rpcStatus.setCode(9).setMessage(error.message).setDetails(detail);
  }
  if (error instanceof AppendTooLarge) {
    const exceeded = new v1Shared.MaximumAppendSizeExceeded().setMaxappendsize(error.maxSize);
    detail.pack(exceeded.serializeBinary(), 'event_store.client.MaximumAppendSizeExceeded');
    return rpcStatus.setCode(3).setMessage(error.message).setDetails(detail);
  }
  detail.pack(new v1Shared.Unknown().serializeBinary(), 'event_store.client.Unknown');
  return rpcStatus.setCode(2).setMessage(String(error)).setDetails(detail);
}

function wrongExpectedVersion(current: CurrentRevision, expected: ExpectedRevision) {
  const wrong = new v1Shared.WrongExpectedVersion();
  if (current === 'no_stream') wrong.setCurrentNoStream(new googleEmpty.Empty());
  else wrong.setCurrentStreamRevision(current.toString());
  if (typeof expected === 'bigint') wrong.setExpectedStreamPosition(expected.toString());
  else if (expected === 'no_stream') wrong.setExpectedNoStream(new googleEmpty.Empty());
  else if (expected === 'stream_exists') wrong.setExpectedStreamExists(new googleEmpty.Empty());
  else wrong.setExpectedAny(new googleEmpty.Empty());
  return wrong;
}

/** `Streams.Delete` (soft) and `Streams.Tombstone` (hard): an expectation check, then the marker. */
export const deleteStream =
  (
    log: TransactionLog,
    hard: boolean,
  ): handleUnaryCall<DeleteReq | TombstoneReq, DeleteResp | TombstoneResp> =>
  (call, callback) => {
    const options = call.request.getOptions()!;
    const streamId = streamName(options.getStreamIdentifier());
    try {
      const position = hard
        ? log.tombstone(streamId, expectedOf(options))
        : log.softDelete(streamId, expectedOf(options));
      const Response = hard ? v1Streams.TombstoneResp : v1Streams.DeleteResp;
      const at = new Response.Position()
        .setCommitPosition(position.commit.toString())
        .setPreparePosition(position.prepare.toString());
      callback(null, new Response().setPosition(at));
    } catch (error) {
      if (error instanceof WrongExpectedRevision) {
        const metadata = new Metadata();
        metadata.set('exception', 'wrong-expected-version');
        metadata.set('stream-name', streamId);
        metadata.set('expected-version', String(expectedOf(options)));
        if (error.current !== 'no_stream') metadata.set('actual-version', error.current.toString());
        return callback(grpcError(status.FAILED_PRECONDITION, error.message, metadata));
      }
      callback(writeError(error, streamId));
    }
  };

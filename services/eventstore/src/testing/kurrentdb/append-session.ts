import { type handleClientStreamingCall, Metadata, status } from '@grpc/grpc-js';
import {
  type ExpectedRevision,
  type LogPosition,
  type ProposedEvent,
  StreamTombstoned,
  type TransactionLog,
  WrongExpectedRevision,
} from './log';
import {
  type AppendRequest,
  type AppendSessionResponse,
  googleAny,
  v1Status,
  v2Errors,
  v2Streams,
} from './protocol';
import { grpcError } from './writes';

/** v2 messages spell it as a number: -1 no stream, -2 any (also when absent), -4 exists. */
function expectedFromNumber(value: string | undefined): ExpectedRevision {
  switch (value) {
    case undefined:
    case '-2':
      return 'any';
    case '-1':
      return 'no_stream';
    case '-4':
      return 'stream_exists';
    default:
      return BigInt(value);
  }
}

/**
 * v2 `StreamsService.AppendSession` (KurrentDB 25.1+): one AppendRequest per stream, committed
 * together when the client completes. Errors are gRPC statuses with a typed detail in
 * `grpc-status-details-bin`, as the client's convertToCommandError reads them.
 */
export const appendSession =
  (
    log: TransactionLog,
    maxAppendSize: number,
  ): handleClientStreamingCall<AppendRequest, AppendSessionResponse> =>
  (call, callback) => {
    const requests: AppendRequest[] = [];
    call.on('data', (request: AppendRequest) => requests.push(request));
    call.on('end', () => {
      const size = requests.reduce(
        (sum, request) =>
          sum + request.getRecordsList().reduce((n, record) => n + record.serializeBinary().length, 0),
        0,
      );
      if (size > maxAppendSize) {
        const detail = new v2Errors.AppendTransactionSizeExceededErrorDetails()
          .setSize(size)
          .setMaxSize(maxAppendSize);
        return callback(
          v2Error(
            status.ABORTED,
            'AppendTransactionSizeExceededErrorDetails',
            detail,
            'Append transaction size exceeded',
          ),
        );
      }
      const seen = new Set<string>();
      for (const request of requests) {
        if (seen.has(request.getStream())) {
          const detail = new v2Errors.StreamAlreadyInAppendSessionErrorDetails().setStream(
            request.getStream(),
          );
          return callback(
            v2Error(
              status.ABORTED,
              'StreamAlreadyInAppendSessionErrorDetails',
              detail,
              'Stream already in append session',
            ),
          );
        }
        seen.add(request.getStream());
      }
      if (requests.length === 0)
        return callback(
          grpcError(status.FAILED_PRECONDITION, 'An append session must have at least one request'),
        );
      try {
        const results = log.write(
          requests.map((request) => ({
            streamId: request.getStream(),
            expected: expectedFromNumber(
              request.hasExpectedRevision() ? request.getExpectedRevision() : undefined,
            ),
            events: request.getRecordsList().map(recordToEvent),
          })),
        );
        const response = new v2Streams.AppendSessionResponse();
        let last: LogPosition | null = null;
        results.forEach((result, i) => {
          const output = new v2Streams.AppendResponse()
            .setStream(requests[i]!.getStream())
            .setStreamRevision(result.revision.toString());
          const position = result.records[result.records.length - 1]?.position;
          if (position) {
            output.setPosition(position.commit.toString());
            last = position;
          }
          response.addOutput(output);
        });
        callback(null, response.setPosition((last as LogPosition | null)?.commit.toString() ?? '-1'));
      } catch (error) {
        if (error instanceof WrongExpectedRevision) {
          const detail = new v2Errors.StreamRevisionConflictErrorDetails()
            .setStream(error.streamId)
            .setExpectedRevision(v2Number(error.expected))
            .setActualRevision(error.current === 'no_stream' ? '-1' : error.current.toString());
          return callback(
            v2Error(status.FAILED_PRECONDITION, 'StreamRevisionConflictErrorDetails', detail, error.message),
          );
        }
        if (error instanceof StreamTombstoned) {
          const detail = new v2Errors.StreamTombstonedErrorDetails().setStream(error.streamId);
          return callback(
            v2Error(status.FAILED_PRECONDITION, 'StreamTombstonedErrorDetails', detail, error.message),
          );
        }
        callback(grpcError(status.INTERNAL, String(error)));
      }
    });
  };

const v2Number = (expected: ExpectedRevision) =>
  expected === 'any'
    ? '-2'
    : expected === 'no_stream'
      ? '-1'
      : expected === 'stream_exists'
        ? '-4'
        : expected.toString();

/** Properties become the event's JSON metadata; the schema name its type. */
function recordToEvent(record: InstanceType<typeof v2Streams.AppendRecord>): ProposedEvent {
  const properties: Record<string, unknown> = {};
  record.getPropertiesMap().forEach((value, key) => {
    properties[key] = value.toJavaScript();
  });
  const json = record.getSchema()?.getFormat() === v2Streams.SchemaFormat.SCHEMA_FORMAT_JSON;
  return {
    id: record.getRecordId() || crypto.randomUUID(),
    type: record.getSchema()?.getName() ?? '',
    contentType: json ? 'application/json' : 'application/octet-stream',
    data: record.getData_asU8(),
    metadata: Object.keys(properties).length > 0 ? Buffer.from(JSON.stringify(properties)) : new Uint8Array(),
  };
}

function v2Error(
  code: status,
  detailName: string,
  detail: { serializeBinary(): Uint8Array },
  message: string,
) {
  const any = new googleAny.Any();
  any.pack(detail.serializeBinary(), `kurrentdb.protocol.v2.streams.errors.${detailName}`);
  const rpcStatus = new v1Status.Status().setCode(Number(code)).setMessage(message).setDetails(any);
  const metadata = new Metadata();
  metadata.set('grpc-status-details-bin', Buffer.from(rpcStatus.serializeBinary()));
  return grpcError(code, message, metadata);
}

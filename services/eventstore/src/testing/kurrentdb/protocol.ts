import { createRequire } from 'node:module';

/**
 * The KurrentDB wire protocol as `@kurrent/kurrentdb-client` itself ships it: the service
 * definitions and message classes generated from KurrentDB's .proto files. The double serves these
 * exact definitions, so a field the client reads but the double never sets shows up as a failing
 * test, not as a difference between two hand-written copies of the protocol.
 */
const require = createRequire(import.meta.url);
const generated = '@kurrent/kurrentdb-client/generated/kurrentdb/protocols';

export const v1Streams = require(
  `${generated}/v1/streams_pb`,
) as typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb');
export const v1StreamsGrpc = require(
  `${generated}/v1/streams_grpc_pb`,
) as typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb');
export const v1Shared = require(
  `${generated}/v1/shared_pb`,
) as typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb');
export const v1Status = require(
  `${generated}/v1/status_pb`,
) as typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/status_pb');
export const v1Features = require(
  `${generated}/v1/serverfeatures_pb`,
) as typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_pb');
export const v1FeaturesGrpc = require(
  `${generated}/v1/serverfeatures_grpc_pb`,
) as typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_grpc_pb');
export const v2Streams = require(
  `${generated}/v2/streams/streams_pb`,
) as typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/streams_pb');
export const v2StreamsGrpc = require(
  `${generated}/v2/streams/streams_grpc_pb`,
) as typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/streams_grpc_pb');
export const v2Errors = require(
  `${generated}/v2/streams/errors_pb`,
) as typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/errors_pb');
export const googleAny =
  require('google-protobuf/google/protobuf/any_pb') as typeof import('google-protobuf/google/protobuf/any_pb');
export const googleEmpty =
  require('google-protobuf/google/protobuf/empty_pb') as typeof import('google-protobuf/google/protobuf/empty_pb');
export const googleTimestamp =
  require('google-protobuf/google/protobuf/timestamp_pb') as typeof import('google-protobuf/google/protobuf/timestamp_pb');

export type ReadReq = InstanceType<typeof v1Streams.ReadReq>;
export type ReadResp = InstanceType<typeof v1Streams.ReadResp>;
export type ReadReqOptions = InstanceType<typeof v1Streams.ReadReq.Options>;
export type AppendReq = InstanceType<typeof v1Streams.AppendReq>;
export type AppendResp = InstanceType<typeof v1Streams.AppendResp>;
export type BatchAppendReq = InstanceType<typeof v1Streams.BatchAppendReq>;
export type BatchAppendResp = InstanceType<typeof v1Streams.BatchAppendResp>;
export type DeleteReq = InstanceType<typeof v1Streams.DeleteReq>;
export type DeleteResp = InstanceType<typeof v1Streams.DeleteResp>;
export type TombstoneReq = InstanceType<typeof v1Streams.TombstoneReq>;
export type TombstoneResp = InstanceType<typeof v1Streams.TombstoneResp>;
export type AppendRequest = InstanceType<typeof v2Streams.AppendRequest>;
export type AppendSessionResponse = InstanceType<typeof v2Streams.AppendSessionResponse>;
export type Uuid = InstanceType<typeof v1Shared.UUID>;

/** A UUID as the reader asked for it: the string form, or the two 64-bit halves the .NET server uses. */
export function toUuid(id: string, structured: boolean): Uuid {
  const uuid = new v1Shared.UUID();
  if (!structured) return uuid.setString(id);
  const hex = id.replaceAll('-', '');
  const signed = (half: string) => BigInt.asIntN(64, BigInt(`0x${half}`)).toString(10);
  const halves = new v1Shared.UUID.Structured()
    .setMostSignificantBits(signed(hex.slice(0, 16)))
    .setLeastSignificantBits(signed(hex.slice(16)));
  return uuid.setStructured(halves);
}

export function fromUuid(uuid: Uuid | undefined): string | undefined {
  if (!uuid) return undefined;
  if (!uuid.hasStructured()) return uuid.getString();
  const half = (bits: string) => BigInt.asUintN(64, BigInt(bits)).toString(16).padStart(16, '0');
  const hex =
    half(uuid.getStructured()!.getMostSignificantBits()) +
    half(uuid.getStructured()!.getLeastSignificantBits());
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const streamIdentifier = (streamId: string) =>
  new v1Shared.StreamIdentifier().setStreamName(Buffer.from(streamId, 'utf8'));

export const streamName = (identifier: InstanceType<typeof v1Shared.StreamIdentifier> | undefined) =>
  Buffer.from(identifier?.getStreamName_asU8() ?? new Uint8Array()).toString('utf8');

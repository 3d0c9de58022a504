import type { EventMetadata } from '@healthtal/contracts';
import type { AllPosition, RecordedEvent } from '@healthtal/eventstore';
import { formatPosition } from '@healthtal/eventstore';
import type { KafkaMessage, Message } from 'kafkajs';

/** The topic every event of `$all` is published to (override with KAFKA_TOPIC). */
export const DEFAULT_TOPIC = 'healthtal.events.v1';

/**
 * Headers a consumer can route and deduplicate on without parsing the value. `previous` is the
 * position of the event published just before this one in `$all` order: a consumer whose
 * checkpoint is behind it knows it missed events (topic retention, a recreated topic) and fetches
 * them from the store.
 */
export const HEADERS = {
  type: 'ht-type',
  eventId: 'ht-event-id',
  position: 'ht-position',
  previous: 'ht-previous',
  /** The W3C trace context of the command that appended it, when it was traced (docs/adr/0066). */
  traceparent: 'traceparent',
} as const;

/** The value: the event as the store returns it, personal fields sealed (see sealed-personal-data.ts). */
type WireEvent = {
  streamId: string;
  streamPosition: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recordedAt: string;
};

export type PublishedEvent = { event: RecordedEvent; previous: AllPosition };

export function toMessage({ event, previous }: PublishedEvent): Message {
  const value: WireEvent = {
    streamId: event.streamId,
    streamPosition: event.streamPosition,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.recordedAt.toISOString(),
  };
  return {
    // One stream, one key, one partition: a stream's events stay in order whatever the partition count.
    key: event.streamId,
    value: JSON.stringify(value),
    headers: {
      [HEADERS.type]: event.type,
      [HEADERS.eventId]: event.metadata.eventId,
      [HEADERS.position]: formatPosition(event.position),
      [HEADERS.previous]: formatPosition(previous),
      ...(event.metadata.traceparent ? { [HEADERS.traceparent]: event.metadata.traceparent } : {}),
    },
  };
}

export function fromMessage(message: KafkaMessage): PublishedEvent {
  const value = JSON.parse(String(message.value)) as WireEvent;
  return {
    event: {
      streamId: value.streamId,
      streamPosition: value.streamPosition,
      position: parsePosition(header(message, HEADERS.position)),
      type: value.type,
      data: value.data,
      metadata: value.metadata,
      recordedAt: new Date(value.recordedAt),
    },
    previous: parsePosition(header(message, HEADERS.previous)),
  };
}

function header(message: KafkaMessage, name: string): string {
  const value = message.headers?.[name];
  if (value === undefined) throw new Error(`Kafka message at offset ${message.offset} has no ${name} header`);
  return String(value);
}

export function parsePosition(text: string): AllPosition {
  const [commit, prepare] = text.split('/').map(Number);
  if (!Number.isSafeInteger(commit) || !Number.isSafeInteger(prepare))
    throw new Error(`Not a $all position: ${text}`);
  return { commit: commit!, prepare: prepare! };
}

import {
  type EventDefinition,
  type EventMetadata,
  NewEventMetadata,
  type PersonalDataSpec,
  StreamName,
  TRACEPARENT,
} from '@healthtal/contracts';
import type { z } from 'zod';
import { InvalidEventData, InvalidStreamName, UnknownEventType } from './errors';
import type { NewEvent, ValidEvent } from './event-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const text = (value: unknown) => typeof value === 'string' && value.length > 0;

/**
 * The common case of NewEventMetadata, checked by hand and stamped with `schemaVersion`: appends are
 * the hot path and this costs a tenth of the schema. Anything unusual goes through the schema, which
 * also words the errors.
 */
function plainMetadata(metadata: unknown, schemaVersion: number): EventMetadata | null {
  const m = metadata as Record<string, unknown> | null;
  if (
    typeof m !== 'object' ||
    m === null ||
    typeof m.eventId !== 'string' ||
    !UUID.test(m.eventId) ||
    typeof m.occurredAt !== 'string' ||
    !ISO_UTC.test(m.occurredAt) ||
    !text(m.correlationId) ||
    !text(m.causationId) ||
    (m.userId !== undefined && !text(m.userId)) ||
    (m.traceparent !== undefined && (typeof m.traceparent !== 'string' || !TRACEPARENT.test(m.traceparent)))
  ) {
    return null;
  }
  return {
    eventId: m.eventId,
    occurredAt: m.occurredAt,
    ...(m.userId !== undefined ? { userId: m.userId as string } : {}),
    correlationId: m.correlationId as string,
    causationId: m.causationId as string,
    ...(m.traceparent !== undefined ? { traceparent: m.traceparent as string } : {}),
    schemaVersion,
  };
}

/** The data part of an event schema made with `event()`, so appends parse the data alone. */
const dataSchemaOf = (definition: EventDefinition): z.ZodType =>
  (definition.schema as unknown as { shape: { data: z.ZodType } }).shape.data;

/**
 * What the store knows about event types: the schema appends are checked against and the upcasters
 * applied on read. Every adapter validates with it before writing anything.
 */
export class EventRegistry {
  constructor(private readonly definitions: Readonly<Record<string, EventDefinition>>) {}

  assertStreamName(streamId: string): void {
    if (!StreamName.safeParse(streamId).success) throw new InvalidStreamName(streamId);
  }

  /**
   * Checks type, data and metadata; returns the parsed event, so stored data is exactly the schema's
   * output, stamped with the type's current schema version: the version of the schema it passed.
   * This is the one place a version is written; every adapter calls it before writing anything.
   */
  validate(event: NewEvent): ValidEvent {
    const definition = this.definitions[event.type];
    if (!definition) throw new UnknownEventType(event.type);
    const parsed = dataSchemaOf(definition).safeParse(event.data);
    if (!parsed.success) {
      throw new InvalidEventData(
        event.type,
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
    }
    return {
      type: event.type,
      data: parsed.data,
      metadata: this.validMetadata(event, definition.currentVersion),
    };
  }

  private validMetadata(event: NewEvent, schemaVersion: number): EventMetadata {
    const plain = plainMetadata(event.metadata, schemaVersion);
    if (plain) return plain;
    const metadata = NewEventMetadata.safeParse(event.metadata);
    if (metadata.success) return { ...metadata.data, schemaVersion };
    throw new InvalidEventData(
      event.type,
      metadata.error.issues.map((issue) => ({
        path: `metadata.${issue.path.join('.')}`,
        message: issue.message,
      })),
    );
  }

  personalDataOf(type: string): PersonalDataSpec | undefined {
    return this.definitions[type]?.personalData;
  }

  /** The fields a type's data keeps by position at rest (stored-data.ts), if any. */
  storedFieldsOf(type: string): readonly string[] | undefined {
    return this.definitions[type]?.storedFields;
  }

  /**
   * Current shape of data stored with `schemaVersion` (each upcaster from that version up runs in
   * turn); data at the current version, and unknown types, pass through untouched.
   */
  upcast(type: string, data: unknown, schemaVersion: number): unknown {
    const definition = this.definitions[type];
    if (!definition?.upcasters) return data;
    let current = data;
    for (let version = schemaVersion; version < definition.currentVersion; version++) {
      const step = definition.upcasters[version];
      if (step) current = step(current);
    }
    return current;
  }
}

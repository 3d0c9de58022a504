import { type EventDefinition, EventMetadata, type PersonalDataSpec, StreamName } from '@healthtal/contracts';
import { InvalidEventData, InvalidStreamName, UnknownEventType } from './errors';
import type { NewEvent } from './event-store';

/**
 * What the store knows about event types: the schema appends are checked against and the upcasters
 * applied on read. Every adapter validates with it before writing anything.
 */
export class EventRegistry {
  constructor(private readonly definitions: Readonly<Record<string, EventDefinition>>) {}

  assertStreamName(streamId: string): void {
    if (!StreamName.safeParse(streamId).success) throw new InvalidStreamName(streamId);
  }

  /** Checks type, data and metadata; returns the parsed event so stored data is exactly the schema's output. */
  validate(event: NewEvent): NewEvent {
    const definition = this.definitions[event.type];
    if (!definition) throw new UnknownEventType(event.type);
    const parsed = definition.schema.safeParse({ type: event.type, data: event.data });
    if (!parsed.success) {
      throw new InvalidEventData(
        event.type,
        parsed.error.issues.map((issue) => ({ path: issue.path.slice(1).join('.'), message: issue.message })),
      );
    }
    const metadata = EventMetadata.safeParse(event.metadata);
    if (!metadata.success) {
      throw new InvalidEventData(
        event.type,
        metadata.error.issues.map((issue) => ({
          path: `metadata.${issue.path.join('.')}`,
          message: issue.message,
        })),
      );
    }
    return { type: event.type, data: parsed.data.data, metadata: metadata.data };
  }

  personalDataOf(type: string): PersonalDataSpec | undefined {
    return this.definitions[type]?.personalData;
  }

  /** Current shape of data written with `schemaVersion`; unknown types pass through untouched. */
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

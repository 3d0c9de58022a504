import { z } from 'zod';

/** W3C Trace Context version 00: `00-<trace id>-<span id>-<flags>`, lower-case hex. */
export const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** Who and what caused an event; added by the command handler, never by a decider. */
export const EventMetadata = z.object({
  eventId: z.uuid(),
  occurredAt: z.iso.datetime(),
  userId: z.string().min(1).optional(),
  correlationId: z.string().min(1),
  causationId: z.string().min(1),
  /**
   * The W3C trace context (`traceparent`) of the request whose command appended it, when tracing is
   * on: the relay and the projectors link their spans to it, so a trace follows a command to its
   * read models (docs/adr/0066-traces-across-the-event-log.md). Never part of the event's meaning.
   */
  traceparent: z.string().regex(TRACEPARENT).optional(),
  schemaVersion: z.number().int().positive(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/**
 * Metadata as a writer gives it: everything but the schema version, which the event store stamps
 * from the type's definition (EventRegistry.validate) as it checks the data against the current
 * schema. A writer cannot stamp the wrong version: data that passes is in the current shape.
 */
export const NewEventMetadata = EventMetadata.omit({ schemaVersion: true });
export type NewEventMetadata = z.infer<typeof NewEventMetadata>;

/**
 * Upcasters turn an older stored shape of an event's data into the current one on read.
 * Keyed by the version the data was written with; each returns the next version's shape.
 */
export type Upcasters = Record<number, (data: unknown) => unknown>;

/**
 * How a type's data changed shape: the version written now and how each older version reads. A
 * type declared without it is at version 1. Bump `current` with every change of shape, and add the
 * upcaster from the version before; an old event is upcast on read, never rewritten.
 */
export type EventVersions = { readonly current: number; readonly upcasters: Upcasters };

/**
 * Declares one event: a past-tense type name, the schema of its data and, once its shape has
 * changed, its versions. The result is a zod object `{ type, data }` (so contexts can build
 * discriminated unions of them) that carries its versions, read by `versionsOf`.
 */
export const event = <const Type extends string, Data extends z.ZodType>(
  type: Type,
  data: Data,
  versions?: EventVersions,
) => {
  const schema = z.object({ type: z.literal(type), data });
  if (versions) declaredVersions.set(schema, checkedVersions(type, versions));
  return schema;
};

const declaredVersions = new WeakMap<z.ZodType, EventVersions>();
const FIRST_VERSION: EventVersions = { current: 1, upcasters: {} };

/** The versions an event schema made with `event()` was declared with; version 1 without any. */
export const versionsOf = (schema: z.ZodType): EventVersions => declaredVersions.get(schema) ?? FIRST_VERSION;

function checkedVersions(type: string, versions: EventVersions): EventVersions {
  if (!Number.isInteger(versions.current) || versions.current < 1)
    throw new Error(`${type}: a version is a whole number from 1, not ${versions.current}`);
  for (let version = 1; version < versions.current; version++)
    if (!versions.upcasters[version])
      throw new Error(
        `${type} is at version ${versions.current}: it needs an upcaster from version ${version}`,
      );
  return versions;
}

/** A domain event as a decider returns it: type and data, no metadata yet. */
export type DomainEvent<Type extends string = string, Data = unknown> = { type: Type; data: Data };

/** An event with its metadata, as it is appended to a stream. */
export type EventEnvelope<E extends DomainEvent = DomainEvent> = E & { metadata: EventMetadata };

/**
 * Fields of an event's data that hold a person's data (names, emails, phones, password hashes). The
 * event store encrypts them with a key of their own per `subject` (a user or candidate id); erasing
 * that person deletes the key, and every stored copy reads back as null from then on.
 */
export type PersonalDataSpec = {
  readonly subject: (data: never) => string;
  /** Append only: a stored envelope names the fields it holds by their position here. */
  readonly fields: readonly string[];
};

export type EventDefinition = {
  readonly schema: z.ZodType<DomainEvent>;
  readonly currentVersion: number;
  readonly upcasters?: Upcasters;
  readonly personalData?: PersonalDataSpec;
  /**
   * Fields stored by position rather than by name (a type written millions of times: the names
   * were a quarter of its bytes at rest). Append only: a stored event names its fields by their
   * position here. See services/eventstore/src/stored-data.ts.
   */
  readonly storedFields?: readonly string[];
};

import { z } from 'zod';

/** Who and what caused an event; added by the command handler, never by a decider. */
export const EventMetadata = z.object({
  eventId: z.uuid(),
  occurredAt: z.iso.datetime(),
  userId: z.string().min(1).optional(),
  correlationId: z.string().min(1),
  causationId: z.string().min(1),
  schemaVersion: z.number().int().positive(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/**
 * Declares one event: a past-tense type name and the schema of its data.
 * The result is a zod object `{ type, data }`, so contexts can build discriminated unions of them.
 */
export const event = <const Type extends string, Data extends z.ZodType>(type: Type, data: Data) =>
  z.object({ type: z.literal(type), data });

/** A domain event as a decider returns it: type and data, no metadata yet. */
export type DomainEvent<Type extends string = string, Data = unknown> = { type: Type; data: Data };

/** An event with its metadata, as it is appended to a stream. */
export type EventEnvelope<E extends DomainEvent = DomainEvent> = E & { metadata: EventMetadata };

/**
 * Upcasters turn an older stored shape of an event's data into the current one on read.
 * Keyed by the version the data was written with; each returns the next version's shape.
 */
export type Upcasters = Record<number, (data: unknown) => unknown>;

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

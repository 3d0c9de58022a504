import { z } from 'zod';
import type { EventDefinition } from './envelope';
import { IntakeEvent } from './intake';

export * from './envelope';
export * from './intake';

/** Every event HealthTal writes. Each bounded context adds its union here. */
export const HealthTalEvent = z.discriminatedUnion('type', [...IntakeEvent.options]);
export type HealthTalEvent = z.infer<typeof HealthTalEvent>;
export type HealthTalEventType = HealthTalEvent['type'];

/**
 * The registry the event store validates appends against and upcasts reads with.
 * A type missing here cannot be appended.
 */
export const eventDefinitions: Readonly<Record<string, EventDefinition>> = Object.fromEntries(
  HealthTalEvent.options.map((schema) => [schema.shape.type.value, { schema, currentVersion: 1 }]),
);

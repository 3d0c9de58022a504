import { randomUUID } from 'node:crypto';
import { type EventDefinition, event } from '@healthtal/contracts';
import { expect } from 'vitest';
import { z } from 'zod';
import type { AllPosition, EventStore, NewEvent, RecordedEvent } from '../event-store';
import { isAfter } from '../event-store';
import { EventRegistry } from '../registry';

/** The events the contract suite writes; adapters are built with this registry. */
export const contractDefinitions = {
  PersonRegistered: {
    schema: event(
      'PersonRegistered',
      z.object({ personId: z.string(), email: z.string(), name: z.string(), plan: z.string() }),
    ),
    currentVersion: 1,
    personalData: { subject: (data: { personId: string }) => data.personId, fields: ['email', 'name'] },
  },
  CounterIncremented: {
    schema: event('CounterIncremented', z.object({ by: z.number().int() })),
    currentVersion: 1,
  },
  NoteWritten: {
    schema: event('NoteWritten', z.object({ text: z.string().max(100), words: z.number().int() })),
    currentVersion: 2,
    // Version 1 had no word count.
    upcasters: {
      1: (data) => ({
        ...(data as { text: string }),
        words: (data as { text: string }).text.split(' ').length,
      }),
    },
  },
} satisfies Record<string, EventDefinition>;
export const contractRegistry = new EventRegistry(contractDefinitions);

/** The contract's events as yesterday's code knew them: NoteWritten at version 1, without a word count. */
export const yesterdaysContractRegistry = new EventRegistry({
  ...contractDefinitions,
  NoteWritten: { schema: event('NoteWritten', z.object({ text: z.string().max(100) })), currentVersion: 1 },
});

export const incremented = (by = 1, overrides: Partial<NewEvent['metadata']> = {}): NewEvent => ({
  type: 'CounterIncremented',
  data: { by },
  metadata: {
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    correlationId: 'contract',
    causationId: 'contract',
    ...overrides,
  },
});

export const streamOf = () => `counter-${randomUUID()}`;
export const positionsOf = (events: RecordedEvent[]) => events.map((e) => e.position);
export const expectStrictlyIncreasing = (positions: AllPosition[]) => {
  for (let i = 1; i < positions.length; i++) expect(isAfter(positions[i]!, positions[i - 1]!)).toBe(true);
};

export type ContractHarness = {
  store: EventStore;
  /** Another adapter over the same storage with another registry (yesterday's code); the caller closes it. */
  storeWith(registry: EventRegistry): EventStore;
  /** Deletes the subject's personal data key (crypto-shredding). */
  erasePersonalData(subject: string): Promise<void>;
  teardown(): Promise<void>;
};
